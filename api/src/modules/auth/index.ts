import { scheduleSweeps } from '../../jobs/sweeps.ts';
import { mailSender } from '../../mail/mail-sender.ts';
import type { ApiModule } from '../module.ts';
import { ensureFirstAdmin } from './accounts/first-admin.ts';
import { AuthChallenge } from './challenges/challenge.entity.ts';
import { purgeExpiredChallenges } from './challenges/challenges.service.ts';
import { googleHandlers } from './google/routes.ts';
import { AccountMail } from './mail/account-mail.ts';
import { PasskeyCredential } from './passkeys/passkey.entity.ts';
import { passkeyHandlers } from './passkeys/routes.ts';
import { AccountLink } from './reset/account-link.entity.ts';
import { purgeExpiredLinks } from './reset/links.service.ts';
import { recoveryHandlers } from './reset/routes.ts';
import { authHandlers } from './routes.ts';
import { secondFactorGuard } from './second-factor/guard.ts';
import { RecoveryCode } from './second-factor/recovery-code.entity.ts';
import { secondFactorHandlers } from './second-factor/routes.ts';
import { TotpFactor } from './second-factor/totp-factor.entity.ts';
import { Session } from './session/session.entity.ts';
import { sessionResolver } from './session/session.resolver.ts';
import { purgeExpiredSessions } from './session/session.service.ts';
import { sessionHandlers } from './sessions/routes.ts';

export { createUser, UserConflictError } from './accounts/create-user.ts';
export { randomPassword, upsertAdmin } from './accounts/first-admin.ts';
export { assertSameSiteRequest, isUnsafeMethod } from './csrf/csrf.ts';
export { hashPassword } from './password/hash-slot.ts';
export { NO_PASSWORD, passwords } from './password/password.ts';
export { Session } from './session/session.entity.ts';
export { findSessionExpiry, touchSessionsSeen } from './session/session.repository.ts';
export { createSession, destroyUserSessions, hashSessionId } from './session/session.service.ts';
export { SessionCache } from './session/session-cache.ts';
export { readSessionCookie, SESSION_COOKIE } from './session/session-cookie.ts';

/**
 * Sign-up, password, passkey and Google sign-in, second factors and step-up checks, sessions (cookie `sid`), password
 * changes and resets, verified emails.
 */
export const authModule: ApiModule = {
  name: 'auth',
  entities: [Session, AccountLink, AuthChallenge, TotpFactor, RecoveryCode, PasskeyCredential],
  handlers: {
    ...authHandlers,
    ...googleHandlers,
    ...sessionHandlers,
    ...recoveryHandlers,
    ...secondFactorHandlers,
    ...passkeyHandlers,
  },
  routeGuards: [secondFactorGuard],
  principalResolvers: [sessionResolver],
  onStart: async (context) => {
    await ensureFirstAdmin(context);
    await purgeExpiredSessions(context.em, null, context.config.sessions);
  },
  process: async ({ jobs, logger, orm, config, services }) => {
    const mail = new AccountMail(jobs, mailSender(config.mail, logger), logger);
    services.accountMail = mail;
    if (!config.mail.smtpUrl)
      logger.info({ outbox: config.mail.outboxDir }, 'no SMTP_URL: account mail goes to the outbox folder and this log');
    return {
      start: async () => {
        await mail.start();
        // Sessions of users who never come back, and mailed links nobody used.
        await scheduleSweeps(jobs, logger, [
          { name: 'sweep-expired-sessions', cron: '17 * * * *', run: () => purgeExpiredSessions(orm.em.fork(), null, config.sessions) },
          { name: 'sweep-expired-account-links', cron: '23 * * * *', run: () => purgeExpiredLinks(orm.em.fork()) },
          { name: 'sweep-expired-auth-challenges', cron: '29 * * * *', run: () => purgeExpiredChallenges(orm.em.fork()) },
        ]);
      },
      stop: async () => mail.stop(),
    };
  },
};
