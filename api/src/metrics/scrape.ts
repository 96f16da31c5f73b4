// GET /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN (404 when no token is set, so
// nothing about the service is public by default).
import { timingSafeEqual } from 'node:crypto';
import { notFound, unauthorized } from '../errors.ts';
import type { AppRouter } from '../http/bind.ts';
import type { AppContext } from '../http/context.ts';
import type { Jobs } from '../jobs/boss.ts';
import { jobQueueAge, jobQueueDepth, ledgerCredits, registry } from './registry.ts';

/** The ledger's credits charged and refunded for tasks; handed in by the app, since metrics import no module. */
export type TaskCreditsReader = (em: AppContext['state']['em']) => Promise<{ charged: string | null; refunded: string | null } | undefined>;

function allowed(ctx: AppContext, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Reads the shared state into the gauges: queue depth and age from pg-boss, credits from the ledger. */
async function refreshSharedGauges(ctx: AppContext, jobs: Jobs | undefined, taskCredits: TaskCreditsReader): Promise<void> {
  const em = ctx.state.em;
  const credits = await taskCredits(em);
  ledgerCredits.set({ kind: 'charged' }, Number(credits?.charged ?? 0));
  ledgerCredits.set({ kind: 'refunded' }, Number(credits?.refunded ?? 0));
  if (!jobs) return;
  jobQueueDepth.reset();
  jobQueueAge.reset();
  for (const queue of await jobs.boss.getQueues()) {
    jobQueueDepth.set({ queue: queue.name, state: 'queued' }, queue.queuedCount);
    jobQueueDepth.set({ queue: queue.name, state: 'active' }, queue.activeCount);
    jobQueueDepth.set({ queue: queue.name, state: 'failed' }, queue.failedCount);
    jobQueueAge.set({ queue: queue.name }, 0);
  }
  const ages = await em.execute<{ name: string; age: string }[]>(
    `select "name", extract(epoch from now() - min("created_on")) as "age" from "pgboss"."job"
      where "state" in ('created', 'retry') and "start_after" <= now() group by "name"`,
  );
  for (const { name, age } of ages) jobQueueAge.set({ queue: name }, Math.max(0, Number(age)));
}

/** Registers GET /metrics. */
export function registerMetrics(router: AppRouter, taskCredits: TaskCreditsReader): void {
  router.get('/metrics', async (ctx) => {
    const token = ctx.services.config.metricsToken;
    if (!token) throw notFound();
    if (!allowed(ctx, token)) throw unauthorized('Send the metrics token as a Bearer token.');
    await refreshSharedGauges(ctx, ctx.services.jobs, taskCredits);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
}
