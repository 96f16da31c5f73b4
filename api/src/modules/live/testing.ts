// A small server-sent events client for tests and the load script: reads `GET /api/events` with fetch, and checks
// every event it receives against the contract's schema of its name (no field missing, none extra).
import { LIVE_EVENT_NAMES, LiveBalanceEvent, type LiveEventName, LiveTaskEvent } from '@app/contract';
import { z } from 'zod';

/** Each event name's `data`, exactly as the contract defines it. */
const EVENT_SCHEMAS: Record<LiveEventName, z.ZodType> = {
  task: z.strictObject(LiveTaskEvent.shape),
  balance: z.strictObject(LiveBalanceEvent.shape),
  reset: z.strictObject({}),
};

export interface ReceivedEvent {
  id?: string;
  event: string;
  data: string;
  /** When the event was parsed (performance.now()). */
  at: number;
}

export interface EventClient {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  /** Events whose name or data the contract does not define, with why (`next` fails once there is one). */
  invalid: { event: ReceivedEvent; problem: string }[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** Waits for an event matching `match` (already received or coming), up to `timeoutMs`. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** The id of the last event with one (for Last-Event-ID). */
  lastEventId(): string | undefined;
  close(): void;
}

/** Opens the stream with a session cookie; resolves once the headers arrived. */
export async function openEvents(baseUrl: string, cookie: string | undefined, lastEventId?: string): Promise<EventClient> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' };
  if (cookie) headers.cookie = cookie;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: abort.signal });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const client: EventClient = {
    status: response.status,
    headers: response.headers,
    events,
    comments: 0,
    invalid: [],
    ended: Promise.resolve(),
    async next(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [invalid] = client.invalid;
        if (invalid) {
          throw new Error(
            `${client.invalid.length} event(s) not as the contract defines them; first: ${invalid.problem} in ${invalid.event.data}`,
          );
        }
        const found = events.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms (got ${JSON.stringify(events)})`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    lastEventId: () => events.findLast((event) => event.id)?.id,
    close: () => abort.abort(),
  };
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel();
    return client;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  client.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          parseBlock(buffer.slice(0, end), client);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        for (const wake of waiters) wake();
        waiters.clear();
      }
    } catch {
      // Aborted by close().
    }
    for (const wake of waiters) wake();
  })();
  return client;
}

function parseBlock(block: string, client: EventClient): void {
  const event: ReceivedEvent = { event: 'message', data: '', at: performance.now() };
  let hasData = false;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      client.comments++;
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'data') {
      event.data = hasData ? `${event.data}\n${value}` : value;
      hasData = true;
    }
  }
  if (!hasData) return;
  client.events.push(event);
  const problem = contractProblem(event);
  if (problem) client.invalid.push({ event, problem });
}

/** Why an event is not what the contract says its name carries, or undefined when it is. */
function contractProblem(event: ReceivedEvent): string | undefined {
  if (!(LIVE_EVENT_NAMES as readonly string[]).includes(event.event)) return `unknown event name ${event.event}`;
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return 'data is not JSON';
  }
  const parsed = EVENT_SCHEMAS[event.event as LiveEventName].safeParse(data);
  return parsed.success ? undefined : z.prettifyError(parsed.error);
}
