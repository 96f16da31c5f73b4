import { scheduleSweeps } from '../../jobs/sweeps.ts';
import type { ApiModule } from '../module.ts';
import { ensureFirstAdmin } from './first-admin.ts';
import { googleHandlers } from './google/routes.ts';
import { authHandlers } from './routes.ts';
import { Session } from './session.entity.ts';
import { sessionFromMemory, sessionResolver } from './session.resolver.ts';
import { purgeExpiredSessions } from './session.service.ts';
import { sessionHandlers } from './sessions/routes.ts';

export { createUser, UserConflictError } from './create-user.ts';
export { assertSameSiteRequest, isUnsafeMethod } from './csrf.ts';
export { randomPassword, upsertAdmin } from './first-admin.ts';
export { hashPassword } from './hash-slot.ts';
export { NO_PASSWORD, passwords } from './password.ts';
export { Session } from './session.entity.ts';
export { findSessionExpiry, touchSessionsSeen } from './session.repository.ts';
export { createSession, destroyUserSessions, hashSessionId } from './session.service.ts';
export { SessionCache } from './session-cache.ts';
export { readSessionCookie, SESSION_COOKIE } from './session-cookie.ts';

/** Sign-up, password and Google sign-in, sessions (cookie `sid`) and password changes. */
export const authModule: ApiModule = {
  name: 'auth',
  entities: [Session],
  handlers: { ...authHandlers, ...googleHandlers, ...sessionHandlers },
  principalResolvers: [sessionResolver],
  memoryPrincipalResolvers: [sessionFromMemory],
  onStart: async (context) => {
    await ensureFirstAdmin(context);
    await purgeExpiredSessions(context.em, null, context.config.sessions);
  },
  process: async ({ jobs, logger, orm, config }) => ({
    // Sessions of users who never come back.
    start: () =>
      scheduleSweeps(jobs, logger, [
        { name: 'sweep-expired-sessions', cron: '17 * * * *', run: () => purgeExpiredSessions(orm.em.fork(), null, config.sessions) },
      ]),
  }),
};
