// Health and UI configuration.
import type { systemRoutes } from '@app/contract';
import { HttpProblem } from '../../errors.ts';
import type { HandlersFor } from '../../http/bind.ts';
import { databaseProbe } from './database-probe.ts';
import { checkReadiness } from './readiness.ts';

const health = () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime() * 10) / 10 });

export const systemHandlers = {
  /** Up when the database answered a trivial query sent at most a second before the request came, or after it. */
  async getHealth(ctx) {
    await databaseProbe(ctx.services.orm).check();
    return { status: 200, body: health() };
  },

  /** Ready when the database answers, every migration is applied and the file storage can be used. */
  async getReadiness(ctx) {
    ctx.set('Cache-Control', 'no-store');
    // A stopping process finishes what it has but takes nothing new.
    const outcome = ctx.services.lifecycle?.draining
      ? ({ ready: false, failed: ['shutdown'], reasons: ['shutdown: the process is stopping'] } as const)
      : await checkReadiness(ctx.state.em, ctx.services.orm, ctx.services.studio.storage);
    if (!outcome.ready) {
      // The reasons may name hosts and buckets: they go to the log, the answer only names the checks.
      ctx.services.logger.warn({ reasons: outcome.reasons }, 'not ready');
      throw new HttpProblem({
        status: 503,
        code: 'unavailable',
        title: 'Service unavailable',
        detail: `Not ready: ${outcome.failed.join(', ')}.`,
        retryable: true,
        headers: { 'Retry-After': '5' },
      });
    }
    return { status: 200, body: outcome.body };
  },

  /** Where the host loads each remote from, as configured (defaults to this origin). */
  async getRemoteManifest(ctx) {
    return { status: 200, body: { remotes: ctx.services.config.remotes } };
  },
} satisfies HandlersFor<typeof systemRoutes>;
