import { describe, expect, it } from 'vitest';
import { parseTelegramHtml } from '../../../test/fakes/telegram-server.ts';
import {
  buildOperatorMessage,
  escapeAndTruncate,
  escapeHtml,
  generationFailedMessage,
  providerLowCreditsMessage,
  purchaseCompletedMessage,
  TELEGRAM_MAX_TEXT,
} from './messages.ts';

const evil = '<script>alert("x")</script>&amp;"';

/** Asserts the message is valid Telegram HTML and returns what the reader sees. */
function rendered(html: string): string {
  const parsed = parseTelegramHtml(html);
  if (!parsed.ok) throw new Error(parsed.error);
  expect(html.length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
  return parsed.text;
}

describe('escapeHtml', () => {
  it('escapes &, <, > and "', () => {
    expect(escapeHtml('<script>&"')).toBe('&lt;script&gt;&amp;&quot;');
    expect(escapeHtml("it's fine")).toBe("it's fine");
  });

  it('escapes an existing entity again so it shows literally', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});

describe('escapeAndTruncate', () => {
  it('never cuts inside an entity and ends with an ellipsis', () => {
    const out = escapeAndTruncate('&&&&&&&&&&', 12); // each & is 5 characters escaped
    expect(out).toBe('&amp;&amp;…');
    expect(out.length).toBeLessThanOrEqual(12);
    expect(escapeAndTruncate('short', 12)).toBe('short');
  });

  it('does not split a surrogate pair', () => {
    const out = escapeAndTruncate('😀😀😀😀', 6);
    expect(out).toBe('😀😀…');
  });
});

describe('operator messages', () => {
  it('purchase completed: escapes every user value', () => {
    const html = purchaseCompletedMessage({
      username: evil,
      email: `a${evil}@x.test`,
      credits: 500,
      amount: '10.00',
      currency: 'USD',
      provider: 'paypal',
      orderId: `ord-${evil}`,
      packageName: evil,
    });
    expect(html).not.toContain('<script>');
    const text = rendered(html);
    expect(text).toContain(`User: ${evil}`);
    expect(text).toContain(`Package: ${evil}`);
    expect(text).toContain('Credits: 500');
    expect(text).toContain('Amount: 10.00 USD');
  });

  it('generation failed: escapes and bounds huge error and prompt texts', () => {
    const html = generationFailedMessage({
      username: 'ann',
      taskId: 't-1',
      operation: 'edit',
      error: `${evil} `.repeat(2000),
      prompt: '"'.repeat(10_000),
      refundedCredits: 3,
    });
    const text = rendered(html);
    expect(html.length).toBeLessThan(TELEGRAM_MAX_TEXT);
    expect(text).toContain('Refunded credits: 3');
    expect(text).toMatch(/Error: <script>alert\("x"\)<\/script>&amp;"/);
    expect(text).toMatch(/Prompt: "+…$/);
  });

  it('provider low on credits', () => {
    const text = rendered(providerLowCreditsMessage({ accountName: `KIE <main> & "backup"`, remainingCredits: 120, threshold: 400 }));
    expect(text).toContain('Account: KIE <main> & "backup"');
    expect(text).toContain('Remaining: 120 (threshold 400)');
  });

  it('buildOperatorMessage dispatches on the event type', () => {
    expect(buildOperatorMessage({ type: 'provider.low_credits', accountName: 'a', remainingCredits: 1, threshold: 2 })).toContain(
      'low on credits',
    );
    expect(buildOperatorMessage({ type: 'generation.failed', username: 'u', taskId: 't', operation: 'upscale', error: 'boom' })).toContain(
      'Generation failed',
    );
  });
});
