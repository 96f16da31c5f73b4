// The provider misbehaving with its callbacks, as KIE may: the callbacks of recent tasks sent again, two or three
// at once, newest first (out of the order the tasks ended), in KIE's format and signed like the real ones.

import type { FakeKieServer } from '@app/api/testing/kie';
import pg from 'pg';
import type { Journal } from './journal.ts';
import type { Random } from './random.ts';

export async function replayProviderCallbacks(
  databaseUrl: string,
  kie: FakeKieServer,
  random: Random,
  journal: Journal,
): Promise<{ tasks: number; failures: number }> {
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const { rows } = await sql
    .query<{ provider_task_id: string }>(
      `select provider_task_id from image_tasks where provider = 'kie' and provider_task_id is not null order by created_at desc limit 12`,
    )
    .finally(() => sql.end());
  let failures = 0;
  for (const row of rows) {
    if (!kie.tasks.has(row.provider_task_id)) continue;
    const sends = Array.from({ length: random.int(2, 3) }, async () => {
      const startedAt = Date.now();
      const sent = await kie.sendCallback(row.provider_task_id);
      const status = typeof sent.outcome === 'number' ? sent.outcome : 0;
      if (status !== 200) failures++;
      // Journaled like the users' calls: a healthy app answers these, so a 5xx here is never excused.
      journal.calls.push({
        user: 'provider',
        method: 'POST',
        path: '/api/kie/callback',
        startedAt,
        endedAt: Date.now(),
        status,
        signedIn: false,
      });
    });
    await Promise.all(sends);
  }
  return { tasks: rows.length, failures };
}
