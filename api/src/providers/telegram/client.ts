import { z } from 'zod';

export const TELEGRAM_BASE_URL = 'https://api.telegram.org';

export type SendTelegramMessageInput = {
  botToken: string;
  /** Integer chat id (groups are negative) or `@channelusername`. */
  chatId: string | number;
  /** HTML-formatted text (parse_mode HTML); escape user data with `escapeHtml`. 1-4096 characters after parsing. */
  text: string;
  /** Overrides `https://api.telegram.org` (tests point this at the fake server). */
  baseUrl?: string;
  /** Per-request timeout; default 10 s. */
  timeoutMs?: number;
  disableNotification?: boolean;
};

export type SendTelegramMessageResult = { ok: true; messageId: number };

export class TelegramApiError extends Error {
  override readonly name = 'TelegramApiError';
  /** HTTP status, or 0 when no response arrived (network failure or timeout). */
  readonly status: number;
  /** Telegram's `error_code` (normally equal to the HTTP status), or 0 without a response. */
  readonly errorCode: number;
  readonly description: string;
  /** Seconds to wait before retrying, from `parameters.retry_after` on 429. */
  readonly retryAfter: number | undefined;
  /** Set when a group became a supergroup; send to this chat id instead. */
  readonly migrateToChatId: number | undefined;

  constructor(args: {
    status: number;
    errorCode: number;
    description: string;
    retryAfter?: number | undefined;
    migrateToChatId?: number | undefined;
    cause?: unknown;
  }) {
    // The bot token is part of the URL: never put the URL into messages.
    super(
      `Telegram sendMessage failed (${args.errorCode || 'no response'}): ${args.description}`,
      args.cause === undefined ? undefined : { cause: args.cause },
    );
    this.status = args.status;
    this.errorCode = args.errorCode;
    this.description = args.description;
    this.retryAfter = args.retryAfter;
    this.migrateToChatId = args.migrateToChatId;
  }
}

const ApiResponse = z.union([
  z.object({ ok: z.literal(true), result: z.object({ message_id: z.number().int() }) }),
  z.object({
    ok: z.literal(false),
    error_code: z.number().int().optional(),
    description: z.string().optional(),
    parameters: z.object({ retry_after: z.number().optional(), migrate_to_chat_id: z.number().optional() }).optional(),
  }),
]);

/**
 * `POST {base}/bot<token>/sendMessage` with a JSON body, parse_mode HTML and link previews disabled.
 * Throws `TelegramApiError` (with `errorCode`, `description`, `retryAfter`) on any failure.
 */
export async function sendTelegramMessage(input: SendTelegramMessageInput): Promise<SendTelegramMessageResult> {
  if (!input.botToken) throw new TelegramApiError({ status: 0, errorCode: 0, description: 'bot token is not configured' });
  const base = (input.baseUrl ?? TELEGRAM_BASE_URL).replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetch(`${base}/bot${input.botToken}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        chat_id: input.chatId,
        text: input.text,
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(input.disableNotification ? { disable_notification: true } : {}),
      }),
      signal: AbortSignal.timeout(input.timeoutMs ?? 10_000),
    });
  } catch (cause) {
    const timeout = cause instanceof DOMException && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    const code = (cause as { cause?: { code?: unknown } } | null)?.cause?.code;
    const description = timeout ? 'request timed out' : `network error${typeof code === 'string' ? ` ${code}` : ''}`;
    throw new TelegramApiError({ status: 0, errorCode: 0, description });
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }
  const parsed = ApiResponse.safeParse(json);
  if (parsed.success && parsed.data.ok === true && res.ok) return { ok: true, messageId: parsed.data.result.message_id };
  const failure = parsed.success && parsed.data.ok === false ? parsed.data : undefined;
  throw new TelegramApiError({
    status: res.status,
    errorCode: failure?.error_code ?? res.status,
    description: failure?.description ?? `unexpected response (HTTP ${res.status})`,
    retryAfter: failure?.parameters?.retry_after,
    migrateToChatId: failure?.parameters?.migrate_to_chat_id,
  });
}
