// A browser tab's live stream (`GET /api/events`): read until the server ends it or the connection breaks, then
// reconnect with Last-Event-ID, as EventSource does. Each break and its reconnect go to the journal.
import type { Journal } from './journal.ts';

export function followLiveStream(base: string, cookie: string, user: string, journal: Journal, stop: AbortSignal): Promise<void> {
  let lastEventId: string | undefined;
  let broken: Journal['streamBreaks'][number] | undefined;
  const once = async () => {
    const response = await fetch(`${base}/api/events`, {
      headers: { cookie, accept: 'text/event-stream', ...(lastEventId && { 'last-event-id': lastEventId }) },
      signal: stop,
    });
    journal.calls.push({
      user,
      method: 'GET',
      path: '/api/events',
      startedAt: Date.now(),
      endedAt: Date.now(),
      status: response.status,
      signedIn: true,
    });
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel();
      return;
    }
    if (broken) broken.reconnectedAt = Date.now();
    broken = undefined;
    const decoder = new TextDecoder();
    let buffered = '';
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const bytes = read.value;
      buffered += decoder.decode(bytes, { stream: true });
      for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
        const id = /^id: (.*)$/m.exec(buffered.slice(0, end))?.[1];
        if (id) lastEventId = id;
        buffered = buffered.slice(end + 2);
      }
    }
  };
  return (async () => {
    while (!stop.aborted) {
      await once().catch(() => undefined);
      if (stop.aborted) break;
      broken ??= { user, at: Date.now() };
      if (!journal.streamBreaks.includes(broken)) journal.streamBreaks.push(broken);
      // EventSource's default retry pause.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    // A break the run's end cut short of its reconnect (within the recovery time) says nothing about the cluster.
    if (broken && broken.reconnectedAt === undefined && Date.now() - broken.at < 10_000)
      journal.streamBreaks.splice(journal.streamBreaks.indexOf(broken), 1);
  })();
}
