// The writes (POST, PUT, PATCH, DELETE) this tab has sent and not yet heard back from. A write can change the session
// (a password change answers with a new session cookie), so what a request heard meanwhile may concern the old one.

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const pending = new Set<Promise<unknown>>();

/** Sends `request` with `send`, counting it while it is a write in flight. */
export function trackWrite(request: Request, send: (request: Request) => Promise<Response>): Promise<Response> {
  const answer = send(request);
  if (READS.has(request.method.toUpperCase())) return answer;
  const settled = answer.then(
    () => undefined,
    () => undefined,
  );
  pending.add(settled);
  settled.then(() => pending.delete(settled));
  return answer;
}

/** Resolves once every write in flight now has its answer (or failed); undefined when none is in flight. */
export function writesSettled(): Promise<void> | undefined {
  if (!pending.size) return undefined;
  return Promise.all(pending).then(() => undefined);
}
