/** Telegram's limit for `text` (counted after entity parsing; we keep the raw HTML under it, which is stricter). */
export const TELEGRAM_MAX_TEXT = 4096;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes `&`, `<`, `>` and `"` for Telegram's HTML parse mode (the only named entities it accepts). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
}

/**
 * Escapes `value` and cuts it (on a character boundary, never inside an entity) so the escaped result
 * is at most `max` characters, ending with `…` when cut.
 */
export function escapeAndTruncate(value: string, max: number): string {
  const escaped = escapeHtml(value);
  if (escaped.length <= max) return escaped;
  let out = '';
  for (const ch of value) {
    const piece = ESCAPES[ch] ?? ch;
    if (out.length + piece.length > max - 1) break;
    out += piece;
  }
  return `${out}…`;
}

export type PurchaseCompletedEvent = {
  type: 'purchase.completed';
  username: string;
  email?: string | null;
  credits: number;
  /** Decimal string, e.g. `"10.00"`. */
  amount: string;
  currency: string;
  provider: 'creem' | 'paypal' | (string & {});
  orderId: string;
  packageName?: string | null;
};

export type GenerationFailedEvent = {
  type: 'generation.failed';
  username: string;
  taskId: string;
  /** e.g. `text-to-image`, `edit`, `upscale`. */
  operation: string;
  error: string;
  prompt?: string | null;
  refundedCredits?: number | null;
};

export type ProviderLowCreditsEvent = {
  type: 'provider.low_credits';
  accountName: string;
  remainingCredits: number;
  threshold: number;
};

export type OperatorEvent = PurchaseCompletedEvent | GenerationFailedEvent | ProviderLowCreditsEvent;

const line = (label: string, value: string, max = 200) => `<b>${label}:</b> ${escapeAndTruncate(value, max)}`;
const num = (n: number) => (Number.isFinite(n) ? String(n) : '?');

export function purchaseCompletedMessage(e: Omit<PurchaseCompletedEvent, 'type'>): string {
  return [
    '💰 <b>Purchase completed</b>',
    line('User', e.username),
    ...(e.email ? [line('Email', e.email)] : []),
    ...(e.packageName ? [line('Package', e.packageName)] : []),
    `<b>Credits:</b> ${num(e.credits)}`,
    line('Amount', `${e.amount} ${e.currency}`, 60),
    line('Provider', e.provider, 40),
    line('Order', e.orderId, 140),
  ].join('\n');
}

export function generationFailedMessage(e: Omit<GenerationFailedEvent, 'type'>): string {
  return [
    '⚠️ <b>Generation failed</b>',
    line('User', e.username),
    line('Task', e.taskId, 140),
    line('Operation', e.operation, 60),
    ...(e.refundedCredits ? [`<b>Refunded credits:</b> ${num(e.refundedCredits)}`] : []),
    line('Error', e.error, 1500),
    ...(e.prompt ? [line('Prompt', e.prompt, 1500)] : []),
  ].join('\n');
}

export function providerLowCreditsMessage(e: Omit<ProviderLowCreditsEvent, 'type'>): string {
  return [
    '🔋 <b>Provider account low on credits</b>',
    line('Account', e.accountName),
    `<b>Remaining:</b> ${num(e.remainingCredits)} (threshold ${num(e.threshold)})`,
  ].join('\n');
}

export function testMessage(): string {
  return '✅ <b>Test message</b>\nTelegram notifications are configured correctly.';
}

/** Renders any operator event; every user-provided value is escaped and the result stays under 4096 characters. */
export function buildOperatorMessage(event: OperatorEvent): string {
  switch (event.type) {
    case 'purchase.completed':
      return purchaseCompletedMessage(event);
    case 'generation.failed':
      return generationFailedMessage(event);
    case 'provider.low_credits':
      return providerLowCreditsMessage(event);
  }
}
