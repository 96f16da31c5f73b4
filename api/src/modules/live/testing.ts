// A small server-sent events client for tests and the load script: reads `GET /api/events` with fetch.

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
    ended: Promise.resolve(),
    async next(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
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
  if (hasData) client.events.push(event);
}
