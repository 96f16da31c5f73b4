/**
 * A local stand-in for the Telegram Bot API `sendMessage` (provider docs). It records calls, checks HTML
 * parse mode the way Telegram does (only supported tags, only &lt; &gt; &amp; &quot; and numeric entities,
 * 4096 characters after parsing) and can be told to fail with 400/401/403/429.
 *
 *   const tg = await startFakeTelegram();
 *   await sendTelegramMessage({ botToken: tg.botToken, chatId: tg.chatId, text, baseUrl: tg.url });
 *   tg.messages[0].plainText
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTelegramOptions = {
  /** The token the fake accepts; others get 401. Default `123456:FAKE-bot-token`. */
  botToken?: string;
  /** Chats the bot may write to; others get 400 "chat not found". Default `['-1001234567890']`. */
  chatIds?: Array<string | number>;
};

export type FakeTelegramCall = { token: string; method: string; body: Record<string, unknown>; status: number; response: unknown };

export type FakeTelegramMessage = {
  messageId: number;
  chatId: string;
  /** The `text` as sent (HTML). */
  text: string;
  /** What a reader sees: tags removed, entities decoded. */
  plainText: string;
  parseMode: string | undefined;
  body: Record<string, unknown>;
};

export type FakeTelegramFailure = { status: 400 | 401 | 403 | 429 | 500; description?: string; retryAfter?: number };

export type FakeTelegram = {
  url: string;
  botToken: string;
  /** The first allowed chat id. */
  chatId: string;
  close(): Promise<void>;
  /** Every request, including failed ones. */
  calls: FakeTelegramCall[];
  /** Messages that were accepted. */
  messages: FakeTelegramMessage[];
  /** The next `times` sendMessage calls fail as given. */
  failNext(failure: FakeTelegramFailure, times?: number): void;
};

const ALLOWED_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'tg-spoiler',
  'span',
  'blockquote',
  'tg-emoji',
]);
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** Parses Telegram HTML into plain text, or returns the error description Telegram would give. */
export function parseTelegramHtml(html: string): { ok: true; text: string } | { ok: false; error: string } {
  let text = '';
  const stack: string[] = [];
  let i = 0;
  while (i < html.length) {
    const ch = html[i];
    if (ch === '<') {
      const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z-]+(?:="[^"<>]*")?)*)\s*>/.exec(html.slice(i));
      if (!m) return { ok: false, error: `Bad Request: can't parse entities: Unexpected end of name token at byte offset ${i}` };
      const [whole, closing, rawName] = m;
      const name = (rawName ?? '').toLowerCase();
      if (!ALLOWED_TAGS.has(name))
        return { ok: false, error: `Bad Request: can't parse entities: Unsupported start tag "${name}" at byte offset ${i}` };
      if (closing) {
        if (stack.pop() !== name)
          return { ok: false, error: `Bad Request: can't parse entities: Unmatched end tag at byte offset ${i}, expected "</${name}>"` };
      } else {
        stack.push(name);
      }
      i += whole.length;
    } else if (ch === '>') {
      return { ok: false, error: `Bad Request: can't parse entities: Unexpected end tag at byte offset ${i}` };
    } else if (ch === '&') {
      const m = /^&(?:([a-zA-Z]+)|#(\d+)|#x([0-9a-fA-F]+));/.exec(html.slice(i));
      if (!m) return { ok: false, error: `Bad Request: can't parse entities: Unsupported HTML entity at byte offset ${i}` };
      if (m[1] !== undefined) {
        const named = NAMED_ENTITIES[m[1]];
        if (named === undefined) return { ok: false, error: `Bad Request: can't parse entities: Unsupported HTML entity "&${m[1]};"` };
        text += named;
      } else {
        text += String.fromCodePoint(m[2] !== undefined ? Number(m[2]) : Number.parseInt(m[3] ?? '0', 16));
      }
      i += m[0].length;
    } else {
      text += ch;
      i++;
    }
  }
  if (stack.length > 0)
    return { ok: false, error: `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "${stack.at(-1)}"` };
  return { ok: true, text };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeTelegram(options: FakeTelegramOptions = {}): Promise<FakeTelegram> {
  const botToken = options.botToken ?? '123456:FAKE-bot-token';
  const chatIds = (options.chatIds ?? ['-1001234567890']).map(String);
  const calls: FakeTelegramCall[] = [];
  const messages: FakeTelegramMessage[] = [];
  const failures: FakeTelegramFailure[] = [];
  let nextMessageId = 1;

  const reply = (res: ServerResponse, call: Omit<FakeTelegramCall, 'status' | 'response'>, status: number, response: unknown) => {
    calls.push({ ...call, status, response });
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(response));
  };
  const fail = (status: number, description: string, parameters?: Record<string, unknown>) => ({
    ok: false,
    error_code: status,
    description,
    ...(parameters ? { parameters } : {}),
  });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(req);
      const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      let body: Record<string, unknown> = Object.fromEntries(url.searchParams);
      if (raw) {
        try {
          body = String(req.headers['content-type']).includes('json')
            ? (JSON.parse(raw) as Record<string, unknown>)
            : Object.fromEntries(new URLSearchParams(raw));
        } catch {
          return reply(res, { token: m?.[1] ?? '', method: m?.[2] ?? '', body: {} }, 400, fail(400, 'Bad Request: invalid JSON'));
        }
      }
      const call = { token: m?.[1] ?? '', method: (m?.[2] ?? '').toLowerCase(), body };
      if (!m || m[1] !== botToken) return reply(res, call, m ? 401 : 404, m ? fail(401, 'Unauthorized') : fail(404, 'Not Found'));
      if (call.method !== 'sendmessage') return reply(res, call, 404, fail(404, 'Not Found: method not found'));

      const injected = failures.shift();
      if (injected) {
        const defaults: Record<number, string> = {
          400: 'Bad Request: chat not found',
          401: 'Unauthorized',
          403: 'Forbidden: bot was blocked by the user',
          429: `Too Many Requests: retry after ${injected.retryAfter ?? 5}`,
          500: 'Internal Server Error',
        };
        const params = injected.status === 429 ? { retry_after: injected.retryAfter ?? 5 } : undefined;
        return reply(
          res,
          call,
          injected.status,
          fail(injected.status, injected.description ?? defaults[injected.status] ?? 'Error', params),
        );
      }

      const chatId = body.chat_id === undefined ? '' : String(body.chat_id);
      if (!chatId) return reply(res, call, 400, fail(400, 'Bad Request: chat_id is empty'));
      if (!chatIds.includes(chatId)) return reply(res, call, 400, fail(400, 'Bad Request: chat not found'));
      const text = typeof body.text === 'string' ? body.text : '';
      const parseMode = typeof body.parse_mode === 'string' ? body.parse_mode : undefined;
      let plainText = text;
      if (parseMode?.toLowerCase() === 'html') {
        const parsed = parseTelegramHtml(text);
        if (!parsed.ok) return reply(res, call, 400, fail(400, parsed.error));
        plainText = parsed.text;
      }
      if (plainText.trim().length === 0) return reply(res, call, 400, fail(400, 'Bad Request: message text is empty'));
      if (plainText.length > 4096) return reply(res, call, 400, fail(400, 'Bad Request: message is too long'));

      const messageId = nextMessageId++;
      messages.push({ messageId, chatId, text, plainText, parseMode, body });
      return reply(res, call, 200, {
        ok: true,
        result: {
          message_id: messageId,
          from: { id: Number(botToken.split(':')[0]) || 1, is_bot: true, first_name: 'Fake Bot', username: 'fake_bot' },
          chat: { id: Number(chatId) || chatId, type: chatId.startsWith('-100') ? 'supergroup' : 'private' },
          date: Math.floor(Date.now() / 1000),
          text: plainText,
        },
      });
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    botToken,
    chatId: chatIds[0] ?? '',
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
    calls,
    messages,
    failNext: (failure, times = 1) => {
      for (let n = 0; n < times; n++) failures.push(failure);
    },
  };
}
