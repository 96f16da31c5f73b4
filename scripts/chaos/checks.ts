// The verdict: the invariants the run must keep, each checked against the database, the bucket and the journal.
import pg from 'pg';
import type { BucketListing } from './bucket-listing.ts';
import type { Call, Journal } from './journal.ts';
import type { WebhookReceiver } from './receiver.ts';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

export interface Evidence {
  databaseUrl: string;
  publicUrl: string;
  journal: Journal;
  receiver: WebhookReceiver;
  approvedOrders: { user: string; orderId: string }[];
  /** The bucket's object names, and the folders that could not be listed. */
  bucket: BucketListing;
  /** How long after a fault's end a 5xx still counts as its own (the run's recovery bound). */
  recoveryMs: number;
}

const sample = (items: unknown[]) =>
  `${items
    .slice(0, 3)
    .map((item) => JSON.stringify(item))
    .join('; ')}${items.length > 3 ? ` (+${items.length - 3})` : ''}`;

function check(name: string, failures: unknown[], passed: string): Check {
  return { name, ok: failures.length === 0, detail: failures.length ? `${failures.length} bad: ${sample(failures)}` : passed };
}

/**
 * No answer, or a server failure. Not a load shed: 503 `studio_busy` refuses a task at once with `Retry-After`
 * and charges nothing (the product's answer to more work than it can start in time; counted in the table).
 */
const failed = (call: Call) => call.status === 0 || (call.status >= 500 && call.problem !== 'studio_busy');

export async function runChecks(evidence: Evidence): Promise<Check[]> {
  const { journal } = evidence;
  const sql = new pg.Client({ connectionString: evidence.databaseUrl });
  await sql.connect();
  try {
    const checks: Check[] = [];
    const { rows: tasks } = await sql.query<{ task_id: string; status: string; usage: number; refunds: number }>(
      `select i.task_id, i.status,
              count(*) filter (where t.type = 'usage')::int as usage, count(*) filter (where t.type = 'refund')::int as refunds
         from image_tasks i left join transactions t on t.image_task_id = i.id group by i.id`,
    );
    const badTasks = tasks.filter(
      (task) =>
        !(task.usage === 1 && ((task.status === 'completed' && task.refunds === 0) || (task.status === 'failed' && task.refunds === 1))),
    );
    const completed = tasks.filter((task) => task.status === 'completed').length;
    checks.push(
      check(
        'tasks end completed, or failed with one refund',
        badTasks,
        `${tasks.length} tasks: ${completed} completed, ${tasks.length - completed} failed and refunded`,
      ),
    );

    const { rows: drift } = await sql.query(
      `select u.username, u.credits, coalesce(sum(t.amount), 0)::int as ledger from users u left join transactions t on t.user_id = u.id
        group by u.id having u.credits <> coalesce(sum(t.amount), 0)`,
    );
    const negative = journal.balances.filter((seen) => seen.credits < 0);
    checks.push(check('balance = sum of ledger, never negative', [...drift, ...negative], `${journal.balances.length} balances observed`));

    const { rows: purchases } = await sql.query<{ id: string; status: string; grants: number }>(
      `select o.id, o.status, count(t.id)::int as grants from orders o left join transactions t on t.order_id = o.id and t.type = 'purchase' group by o.id`,
    );
    const byOrder = new Map(purchases.map((order) => [order.id, order]));
    const badPurchases = [
      ...purchases.filter((order) => order.grants !== (order.status === 'paid' ? 1 : 0)),
      ...evidence.approvedOrders.filter((approved) => byOrder.get(approved.orderId)?.grants !== 1),
    ];
    checks.push(check('every purchase granted exactly once', badPurchases, `${evidence.approvedOrders.length} purchases approved`));

    const taskByKey = new Map<string, Set<string>>();
    for (const submission of journal.submissions) {
      const seen = taskByKey.get(`${submission.user}/${submission.key}`) ?? new Set();
      seen.add(submission.taskId);
      taskByKey.set(`${submission.user}/${submission.key}`, seen);
    }
    const { rows: keyCharges } = await sql.query(
      `select k.key, count(distinct i.id)::int as tasks from idempotency_keys k
         join image_tasks i on i.user_id = k.user_id and k.response_body like '%' || i.task_id || '%' group by k.id having count(distinct i.id) > 1`,
    );
    const doubled = [...[...taskByKey].filter(([, ids]) => ids.size > 1).map(([key]) => key), ...keyCharges];
    checks.push(check('no Idempotency-Key charged twice', doubled, `${taskByKey.size} keys accepted`));

    const { rows: deliveries } = await sql.query<{ id: string; state: string }>(`select id, state from webhook_deliveries`);
    const known = new Set(deliveries.map((delivery) => delivery.id));
    // `skipped`: an event that can no longer happen (`completed` of a failed task), never sent.
    const undelivered = deliveries.filter(
      (delivery) => delivery.state !== 'skipped' && !evidence.receiver.attempts.get(delivery.id)?.includes(200),
    );
    const strangers = [...evidence.receiver.attempts.keys()].filter((id) => !known.has(id));
    const retried = [...evidence.receiver.attempts.values()].filter((attempts) => attempts.length > 1).length;
    checks.push(
      check(
        'every webhook delivered, same webhook-id',
        [...undelivered, ...strangers],
        `${deliveries.length} deliveries, ${retried} after a retry`,
      ),
    );

    checks.push(await storedObjectsCheck(sql, evidence));

    // Replayed provider callbacks harm nothing: their window excuses no failure.
    const harmful = journal.faults.filter((fault) => fault.kind !== 'provider-callbacks');
    const inWindow = (at: number) =>
      harmful.some((fault) => at >= fault.startedAt && at <= (fault.endedAt || Date.now()) + evidence.recoveryMs);
    const stray = journal.calls.filter((call) => failed(call) && !inWindow(call.startedAt) && !inWindow(call.endedAt));
    checks.push(check('5xx only inside fault windows', stray, `${journal.calls.length} requests`));

    const rolling = journal.faults.filter((fault) => fault.kind === 'rolling-restart');
    const rollingFailures = journal.calls.filter(
      (call) => failed(call) && rolling.some((fault) => call.endedAt >= fault.startedAt && call.startedAt <= fault.endedAt),
    );
    checks.push(check('rolling restart: 0 failed requests', rollingFailures, rolling.length ? 'none failed' : 'no rolling restart'));

    const slow = journal.faults.filter(
      (fault) => fault.recoveredAt === undefined || fault.recoveredAt - fault.endedAt > evidence.recoveryMs,
    );
    checks.push(
      check(
        `recovery ≤ ${evidence.recoveryMs / 1000} s after each fault`,
        slow.map((fault) => fault.kind),
        `${journal.faults.length} faults`,
      ),
    );

    const lost = journal.streamBreaks.filter((broken) => broken.reconnectedAt === undefined);
    checks.push(check('live streams reconnected', lost, `${journal.streamBreaks.length} breaks, all back`));

    const stillReady = journal.readinessWhileDatabaseDown.filter((probe) => probe.status !== 503);
    checks.push(
      check('/readyz 503 while the database is away', stillReady, `${journal.readinessWhileDatabaseDown.length} processes asked`),
    );

    const signedOut = journal.calls.filter((call) => call.signedIn && call.status === 401);
    checks.push(check('nobody signed out by a fault', signedOut, 'no 401 on a session'));
    return checks;
  } finally {
    await sql.end();
  }
}

/** Stored objects all referenced by a task or an upload, and everything referenced present. */
async function storedObjectsCheck(sql: pg.Client, evidence: Evidence): Promise<Check> {
  const name = 'stored objects all referenced, referenced all present';
  const objectNames = evidence.bucket.names;
  const { rows: references } = await sql.query<{ url: string }>(
    `select unnest(result_urls || array[thumbnail_url, hd_image_url]) as url from image_tasks
       union select key from uploads union select thumbnail_key from uploads`,
  );
  const prefix = `${evidence.publicUrl}/files/`;
  const keys = references.flatMap(({ url }) =>
    !url ? [] : url.startsWith(prefix) ? [url.slice(prefix.length)] : url.includes('://') ? [] : [url],
  );
  // A result's thumbnail is found by its key (`results/a/0.png` -> `thumbs/results/a/0.webp`).
  const referenced = new Set([
    ...keys,
    ...keys
      .filter((key) => !key.startsWith('thumbs/') && !key.startsWith('uploads/'))
      .map((key) => `thumbs/${key.replace(/\.[a-z]+$/i, '')}.webp`),
  ]);
  // The providers' own files: the sandbox's jobs and results, the KIE fake's results (KIE's file host, in
  // production); our references to them are checked, their own leftovers are not ours.
  // The thumbnail of a fake's result kept in our bucket is left when its task fails (the failed task no longer
  // names the result): an artefact of publishing the fake's files in our bucket, which KIE does not do.
  const isProviders = (key: string) =>
    key.startsWith('sandbox/') || key.startsWith('results/sbx_') || key.startsWith('provider/') || key.startsWith('thumbs/provider/');
  const stored = new Set(objectNames.filter((key) => !isProviders(key)));
  const everything = new Set(objectNames);
  const missing = [...referenced].filter((key) => !everything.has(key));
  const unreferenced = [...stored].filter((key) => !referenced.has(key));
  return check(
    name,
    [
      ...evidence.bucket.unreadable.map((folder) => `unlistable ${folder}`),
      ...missing.map((key) => `missing ${key}`),
      ...unreferenced.map((key) => `unreferenced ${key}`),
    ],
    `${stored.size} objects`,
  );
}
