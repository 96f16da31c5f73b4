// The provider misbehaving with its callbacks, as KIE may: each recent task's callback sent again, twice, in
// reverse order and signed like the real ones (through the proxy, as the provider reaches the public origin).
import { createHmac } from 'node:crypto';
import pg from 'pg';
import type { Journal } from './journal.ts';
import type { Random } from './random.ts';

export async function replayProviderCallbacks(
  databaseUrl: string,
  publicUrl: string,
  hmacKey: string,
  random: Random,
  journal: Journal,
): Promise<{ tasks: number; failures: number }> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const { rows } = await sql
    .query<{ provider_task_id: string; status: string }>(
      `select provider_task_id, status from image_tasks where provider_task_id is not null order by created_at desc limit 12`,
    )
    .finally(() => sql.end());
  let failures = 0;
  // Newest first: the callbacks arrive out of the order their tasks ended; some twice at once.
  for (const row of rows) {
    const times = random.int(2, 3);
    const sends = Array.from({ length: times }, async () => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', hmacKey).update(`${row.provider_task_id}.${timestamp}`).digest('base64');
      const state = row.status === 'completed' ? 'success' : row.status === 'failed' ? 'fail' : 'generating';
      const startedAt = Date.now();
      const response = await fetch(`${publicUrl}/api/kie/callback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signature },
        body: JSON.stringify({ code: 200, msg: 'success', data: { taskId: row.provider_task_id, state } }),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => undefined);
      if (response?.status !== 200) failures++;
      // Journaled like the users' calls: a healthy app answers these, so a 5xx here is never excused.
      journal.calls.push({
        user: 'provider',
        method: 'POST',
        path: '/api/kie/callback',
        startedAt,
        endedAt: Date.now(),
        status: response?.status ?? 0,
        signedIn: false,
      });
      await response?.arrayBuffer();
    });
    await Promise.all(sends);
  }
  return { tasks: rows.length, failures };
}
