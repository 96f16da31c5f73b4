// Health and UI configuration.
import type { systemRoutes } from '@app/contract';
import type { HandlersFor } from '../../http/bind.ts';

export const systemHandlers = {
  /** Up when the database answers a trivial query. */
  async getHealth(ctx) {
    await ctx.state.em.execute('select 1');
    return { status: 200, body: { status: 'ok', uptimeSeconds: Math.round(process.uptime() * 10) / 10 } };
  },

  /** Where the host loads each remote from, as configured (defaults to this origin). */
  async getRemoteManifest(ctx) {
    return { status: 200, body: { remotes: ctx.services.config.remotes } };
  },
} satisfies HandlersFor<typeof systemRoutes>;
