// Forgot password and verified emails: single-use links mailed to the account.
import type { accountRecoveryRoutes } from '@app/contract';
import { HttpProblem } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { appOrigin } from '../../../http/origin.ts';
import { enforceRateLimit } from '../../../http/rate-limit.ts';
import { acting, recordAudit, requestOrigin } from '../../audit/index.ts';
import { User, UserRepository } from '../../users/index.ts';
import { authLimiters } from '../auth-limits.ts';
import { assertSameSiteRequest } from '../csrf/csrf.ts';
import { accountMailOf, mailLanguage } from '../mail/account-mail.ts';
import { queueSecurityAlert } from '../mail/alerts.ts';
import { emailVerificationMail, passwordResetMail } from '../mail/messages.ts';
import { hashPassword } from '../password/hash-slot.ts';
import { destroyUserSessions } from '../session/session.service.ts';
import { consumeLink, createLink } from './links.service.ts';

const ACCEPTED_RESET = 'If an account has this verified email, a link to reset its password is on its way.';
const TOO_MANY = 'Too many requests. Try again later.';

const linkInvalid = () =>
  new HttpProblem({
    status: 400,
    code: 'link_invalid',
    title: 'Link not valid',
    detail: 'This link was already used, has expired or was replaced by a newer one. Ask for a new one.',
    errors: [{ pointer: '/body/token', detail: 'This link was already used, has expired or was replaced by a newer one.' }],
  });

const noEmail = () =>
  new HttpProblem({ status: 409, code: 'no_email', title: 'No email address', detail: 'Add an email address to your account first.' });

/** Where a mailed link opens: a page of the sign-in remote, on the public origin. */
const pageLink = (ctx: AppContext, page: 'reset-password' | 'verify-email', token: string) =>
  `${appOrigin(ctx).replace(/\/+$/, '')}/login/${page}?token=${token}`;

export const recoveryHandlers = {
  async requestPasswordReset(ctx, { body }) {
    assertSameSiteRequest(ctx);
    await enforceRateLimit(authLimiters(ctx.services).resetRequestsByIp, ctx.ip, TOO_MANY);
    const mail = accountMailOf(ctx);
    const language = mailLanguage(ctx);
    await ctx.state.em.transactional(async (tx) => {
      // Usually one account; each one with this verified address gets its own link.
      for (const user of await new UserRepository(tx).findVerifiedByEmail(body.email)) {
        const token = await createLink(tx, user.id, 'password_reset', user.email ?? body.email);
        await mail.queue(tx, passwordResetMail(language, user.email ?? body.email, user.username, pageLink(ctx, 'reset-password', token)));
      }
    });
    return { status: 202, body: { message: ACCEPTED_RESET } };
  },

  async resetPassword(ctx, { body }) {
    assertSameSiteRequest(ctx);
    await enforceRateLimit(authLimiters(ctx.services).resetRequestsByIp, ctx.ip, TOO_MANY);
    // Hashed before the link is looked at, so a dead link costs the same time as a live one.
    const passwordHash = await hashPassword(body.newPassword);
    const origin = requestOrigin(ctx);
    await ctx.state.em.transactional(async (tx) => {
      const link = await consumeLink(tx, body.token, 'password_reset');
      const user = link && (await tx.findOne(User, { id: link.userId }));
      if (!user?.isActive) throw linkInvalid();
      await tx.nativeUpdate(User, { id: user.id }, { passwordHash });
      await destroyUserSessions(tx, user.id);
      const party = { id: user.id, username: user.username };
      await recordAudit(tx, { action: 'password.reset', by: { ...origin, ...party }, subject: party });
      await queueSecurityAlert(ctx, tx, user.id, 'password_reset');
    });
    return { status: 200, body: { message: 'Password changed. Sign in with the new password.' } };
  },

  async requestEmailVerification(ctx, { caller }) {
    await enforceRateLimit(authLimiters(ctx.services).verificationMailsByUser, caller.id, TOO_MANY);
    const user = await new UserRepository(ctx.state.em).findById(caller.id);
    if (!user?.email) throw noEmail();
    const email = user.email;
    if (user.emailVerifiedAt) return { status: 202, body: { message: 'This email is already verified.' } };
    await ctx.state.em.transactional(async (tx) => {
      const token = await createLink(tx, user.id, 'email_verification', email);
      await accountMailOf(ctx).queue(
        tx,
        emailVerificationMail(mailLanguage(ctx), email, user.username, pageLink(ctx, 'verify-email', token)),
      );
    });
    return { status: 202, body: { message: `A link to verify ${email} is on its way.` } };
  },

  async verifyEmail(ctx, { body }) {
    assertSameSiteRequest(ctx);
    await ctx.state.em.transactional(async (tx) => {
      const link = await consumeLink(tx, body.token, 'email_verification');
      const user = link && (await tx.findOne(User, { id: link.userId }));
      // A link for an address the account no longer has proves nothing about the new one.
      if (!link || !user?.email || user.email.toLowerCase() !== link.email.toLowerCase()) throw linkInvalid();
      await tx.nativeUpdate(User, { id: user.id }, { emailVerifiedAt: new Date() });
      const party = { id: user.id, username: user.username };
      await recordAudit(tx, { action: 'email.verified', by: acting(ctx, party), subject: party, details: { email: user.email } });
    });
    return { status: 200, body: { message: 'Email verified.' } };
  },
} satisfies HandlersFor<typeof accountRecoveryRoutes>;

/** Queues the address check of a new account's email, in the transaction that created it. */
export async function queueVerificationOfNewEmail(
  ctx: AppContext,
  tx: Parameters<typeof createLink>[0],
  user: { id: string; username: string; email: string },
): Promise<void> {
  const token = await createLink(tx, user.id, 'email_verification', user.email);
  await accountMailOf(ctx).queue(
    tx,
    emailVerificationMail(mailLanguage(ctx), user.email, user.username, pageLink(ctx, 'verify-email', token)),
  );
}
