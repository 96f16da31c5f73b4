// Registration, password sign-in, sign-out, the current user and password changes.
import type {
  changePassword as changePasswordRoute,
  getCurrentUser as getCurrentUserRoute,
  loginUser as loginUserRoute,
  logoutUser as logoutUserRoute,
  registerUser as registerUserRoute,
} from '@app/contract';
import { invalidField, unauthorized } from '../../errors.ts';
import type { HandlersFor } from '../../http/bind.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { acting, recordAudit, requestOrigin } from '../audit/index.ts';
import { presentCurrentUser, USERNAME_MAX, User, UserRepository, usernameKey } from '../users/index.ts';
import { createUser, UserConflictError } from './accounts/create-user.ts';
import { authLimiters, countFailedSignIn, refuseSpentSignIn } from './auth-limits.ts';
import { assertSameSiteRequest } from './csrf/csrf.ts';
import { queueSecurityAlert } from './mail/alerts.ts';
import { clientWaits, hashPassword, verifyPassword } from './password/hash-slot.ts';
import { passwords } from './password/password.ts';
import { accountDisabled, invalidCredentials, usernameTaken } from './problems.ts';
import { queueVerificationOfNewEmail } from './reset/routes.ts';
import { hasSecondFactor, methodsOf, secondFactorsOf } from './second-factor/factors.service.ts';
import { startPendingSignIn } from './second-factor/pending-sign-in.ts';
import { createSession, destroySession, destroyUserSessions } from './session/session.service.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session/session-cookie.ts';
import { finishSignIn } from './sign-in/finish-sign-in.ts';

const TOO_MANY_LOGINS = 'Too many sign-in attempts. Try again later.';

export const authHandlers = {
  async registerUser(ctx, { body }) {
    // No session yet, but a forged cross-site sign-up is still refused.
    assertSameSiteRequest(ctx);
    await enforceRateLimit(authLimiters(ctx.services).registerByIp, ctx.ip, 'Too many sign-ups from this network. Try again later.');
    if (usernameKey(body.username).length > USERNAME_MAX) throw invalidField('username', 'Username must be at most 50 characters');
    const repo = new UserRepository(ctx.state.em);
    if (await repo.isUsernameTaken(body.username)) throw usernameTaken();
    const passwordHash = await hashPassword(body.password, clientWaits(ctx));
    try {
      const user = await createUser(ctx.state.em, { username: body.username, passwordHash, email: body.email });
      // An address given at sign-up is checked by a mailed link before it may receive resets and alerts.
      const email = user.email;
      if (email)
        await ctx.state.em.transactional((tx) => queueVerificationOfNewEmail(ctx, tx, { id: user.id, username: user.username, email }));
      // Registration does not sign in: the page switches to sign-in mode.
      return { status: 201, body: { message: 'Account created. Sign in to continue.', user: presentCurrentUser(user) } };
    } catch (error) {
      // Lost a race for the same name.
      if (error instanceof UserConflictError) throw usernameTaken();
      throw error;
    }
  },

  async loginUser(ctx, { body }) {
    // Refuses login CSRF (signing a victim into the attacker's account) from foreign pages.
    assertSameSiteRequest(ctx);
    const limiters = authLimiters(ctx.services);
    const key = usernameKey(body.username);
    await refuseSpentSignIn(limiters, key, ctx.ip, TOO_MANY_LOGINS);
    const user = await new UserRepository(ctx.state.em).findWithPasswordHash({ usernameKey: key });
    // An unknown user still costs one hash, so the answer time does not reveal which names exist.
    const valid = await verifyPassword(user?.passwordHash, body.password, clientWaits(ctx));
    if (!user || !valid) {
      await countFailedSignIn(limiters, key, ctx.ip);
      throw invalidCredentials();
    }
    if (!user.isActive) throw accountDisabled();
    if (passwords.needsRehash(user.passwordHash)) {
      await ctx.state.em.nativeUpdate(User, { id: user.id }, { passwordHash: await hashPassword(body.password) });
    }
    // An account with a second factor gets no session yet: the factor is asked for next.
    const factors = await secondFactorsOf(ctx.state.em, user.id);
    if (hasSecondFactor(factors)) {
      await startPendingSignIn(ctx, user.id);
      return {
        status: 202,
        body: { message: 'Enter your second factor to finish signing in', secondFactor: { methods: methodsOf(factors) } },
      };
    }
    return finishSignIn(ctx, user);
  },

  async logoutUser(ctx) {
    const sid = readSessionCookie(ctx);
    if (sid) await destroySession(ctx.state.em, sid);
    clearSessionCookie(ctx);
    return { status: 204, body: undefined };
  },

  async getCurrentUser(ctx, { caller }) {
    const user = caller ? await new UserRepository(ctx.state.em).findById(caller.id) : null;
    return { status: 200, body: { user: user?.isActive ? presentCurrentUser(user) : null } };
  },

  async changePassword(ctx, { body, caller }) {
    // Guessing the current password through this route counts against the same budget as logins.
    await enforceRateLimit(authLimiters(ctx.services).passwordChangesByUser, usernameKey(caller.username), TOO_MANY_LOGINS);
    const { em } = ctx.state;
    const user = await new UserRepository(em).findWithPasswordHash({ id: caller.id });
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw invalidField('currentPassword', 'Current password is incorrect');
    }
    const passwordHash = await hashPassword(body.newPassword);
    // New hash, every session ended, a fresh one for this browser: all or nothing.
    const sid = await em.transactional(async (tx) => {
      await tx.nativeUpdate(User, { id: user.id }, { passwordHash });
      await destroyUserSessions(tx, user.id);
      await recordAudit(tx, { action: 'password.changed', by: acting(ctx, caller), subject: caller, details: {} });
      await queueSecurityAlert(ctx, tx, user.id, 'password_changed');
      return createSession(tx, user.id, ctx.services.config.sessions, new Date(), requestOrigin(ctx));
    });
    setSessionCookie(ctx, sid);
    return { status: 200, body: { message: 'Password changed' } };
  },
} satisfies HandlersFor<
  readonly [typeof registerUserRoute, typeof loginUserRoute, typeof logoutUserRoute, typeof getCurrentUserRoute, typeof changePasswordRoute]
>;
