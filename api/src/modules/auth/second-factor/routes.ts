// The account's second factor: its overview, the authenticator app and recovery codes, finishing a sign-in with it,
// step-up checks, and the admins' rule. Adding or removing a factor is a security event (audit log, same transaction)
// mailed to a verified email.
import type { accountSecurityRoutes } from '@app/contract';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import QRCode from 'qrcode';
import { conflict, invalidField, unauthorized } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { acting, recordAudit } from '../../audit/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { User, UserRepository, usernameKey } from '../../users/index.ts';
import { authLimiters, countFailedSignIn, refuseSpentSignIn } from '../auth-limits.ts';
import { assertSameSiteRequest } from '../csrf/csrf.ts';
import { queueSecurityAlert } from '../mail/alerts.ts';
import { PasskeyCredential } from '../passkeys/passkey.entity.ts';
import { presentPasskey } from '../passkeys/presenter.ts';
import { type AssertionKind, verifyAssertion } from '../passkeys/webauthn.ts';
import { verifyPassword } from '../password/hash-slot.ts';
import { accountDisabled } from '../problems.ts';
import { Session } from '../session/session.entity.ts';
import { hashSessionId } from '../session/session.service.ts';
import { readSessionCookie } from '../session/session-cookie.ts';
import { finishSignIn } from '../sign-in/finish-sign-in.ts';
import { checkCode, hasSecondFactor, secondFactorsOf } from './factors.service.ts';
import { finishPendingSignIn, pendingSignInUser } from './pending-sign-in.ts';
import { adminsMustUseSecondFactor, stepUpUntil } from './policy.ts';
import { codeInvalid, signInExpired } from './problems.ts';
import { issueRecoveryCodes } from './recovery-codes.ts';
import { afterFactorRemoved } from './removal.ts';
import { matchTotp, newTotpSecret, totpUri } from './totp.ts';
import { TotpFactor } from './totp-factor.entity.ts';

const TOO_MANY_LOGINS = 'Too many sign-in attempts. Try again later.';

/** A code or a passkey answer, checked in `tx`; the method that passed, or null. */
async function checkFactor(
  ctx: AppContext,
  tx: Parameters<typeof checkCode>[0],
  userId: string,
  answer: { code?: string; passkey?: unknown },
  kind: AssertionKind,
): Promise<'totp' | 'recovery_code' | 'passkey' | null> {
  if (answer.code) return checkCode(tx, userId, answer.code);
  if (answer.passkey)
    return (await verifyAssertion(ctx, tx, kind, answer.passkey as AuthenticationResponseJSON, userId)) ? 'passkey' : null;
  return null;
}

/** Marks this session checked now (the step-up calls then go through for 10 minutes). */
async function markChecked(ctx: AppContext, tx: Parameters<typeof checkCode>[0]): Promise<Date> {
  const sid = readSessionCookie(ctx);
  if (!sid) throw unauthorized();
  const now = new Date();
  await tx.nativeUpdate(Session, { idHash: hashSessionId(sid) }, { verifiedAt: now });
  return now;
}

export const secondFactorHandlers = {
  async getAccountSecurity(ctx, { caller }) {
    const { em } = ctx.state;
    const user = await new UserRepository(em).findById(caller.id);
    if (!user) throw unauthorized();
    const factors = await secondFactorsOf(em, caller.id);
    const passkeys = await em.find(PasskeyCredential, { user: caller.id }, { orderBy: { createdAt: 'asc' } });
    const sid = readSessionCookie(ctx);
    const session = sid ? await em.findOne(Session, { idHash: hashSessionId(sid) }) : null;
    const required = user.isAdmin && !hasSecondFactor(factors) && (await adminsMustUseSecondFactor(em, ctx.services.config)).value;
    return {
      status: 200,
      body: {
        email: user.email ?? null,
        emailVerified: Boolean(user.email && user.emailVerifiedAt),
        totpEnabled: factors.totp,
        recoveryCodesLeft: factors.recoveryCodesLeft,
        passkeys: passkeys.map(presentPasskey),
        secondFactor: hasSecondFactor(factors),
        secondFactorRequired: required,
        stepUpUntil: stepUpUntil(session?.verifiedAt)?.toISOString() ?? null,
      },
    };
  },

  async completeSecondFactorSignIn(ctx, { body }) {
    assertSameSiteRequest(ctx);
    const userId = await pendingSignInUser(ctx);
    if (!userId) throw signInExpired();
    const user = await ctx.state.em.findOne(User, { id: userId });
    if (!user) throw signInExpired();
    const limiters = authLimiters(ctx.services);
    const key = usernameKey(user.username);
    await refuseSpentSignIn(limiters, key, ctx.ip, TOO_MANY_LOGINS);
    const passed = await ctx.state.em.transactional(async (tx) => {
      const method = await checkFactor(ctx, tx, user.id, body, 'passkey_second_factor');
      if (!method || !(await finishPendingSignIn(ctx, tx))) return null;
      if (method === 'recovery_code') {
        const party = { id: user.id, username: user.username };
        await recordAudit(tx, { action: 'second_factor.recovery_code_used', by: acting(ctx, party), subject: party });
      }
      return method;
    });
    if (!passed) {
      await countFailedSignIn(limiters, key, ctx.ip);
      throw codeInvalid(401);
    }
    if (!user.isActive) throw accountDisabled();
    return finishSignIn(ctx, user);
  },

  async stepUp(ctx, { body, caller }) {
    const limiters = authLimiters(ctx.services);
    const key = usernameKey(caller.username);
    await refuseSpentSignIn(limiters, key, ctx.ip, TOO_MANY_LOGINS);
    const factors = await secondFactorsOf(ctx.state.em, caller.id);
    let until: Date | null = null;
    if (hasSecondFactor(factors)) {
      // An account with a second factor confirms with it: its password alone is what a thief may have.
      until = await ctx.state.em.transactional(async (tx) => {
        const method = await checkFactor(ctx, tx, caller.id, body, 'passkey_step_up');
        if (!method) return null;
        if (method === 'recovery_code')
          await recordAudit(tx, { action: 'second_factor.recovery_code_used', by: acting(ctx, caller), subject: caller });
        return stepUpUntil(await markChecked(ctx, tx));
      });
    } else if (body.password) {
      const user = await new UserRepository(ctx.state.em).findWithPasswordHash({ id: caller.id });
      if (await verifyPassword(user?.passwordHash, body.password)) until = stepUpUntil(await markChecked(ctx, ctx.state.em));
    }
    if (!until) {
      await countFailedSignIn(limiters, key, ctx.ip);
      // A wrong password is a field of the form (worded like any other), not a wrong code.
      throw hasSecondFactor(factors) ? codeInvalid(400) : invalidField('password', 'That password is not right.');
    }
    return { status: 200, body: { message: 'Confirmed', stepUpUntil: until.toISOString() } };
  },

  async startTotpSetup(ctx, { caller }) {
    const { em } = ctx.state;
    const existing = await em.findOne(TotpFactor, { user: caller.id });
    if (existing?.enabledAt) throw conflict('An authenticator app is already set up. Remove it first.');
    const secret = newTotpSecret();
    if (existing) {
      existing.secret = secret;
      existing.lastStep = null;
    } else {
      em.create(TotpFactor, { user: caller.id, secret, enabledAt: null, lastStep: null, createdAt: new Date() });
    }
    await em.flush();
    const otpauthUri = totpUri(secret, caller.username);
    const qrCodeSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { status: 200, body: { secret, otpauthUri, qrCodeSvg } };
  },

  async enableTotp(ctx, { body, caller }) {
    const codes = await ctx.state.em.transactional(async (tx) => {
      const factor = await tx.findOne(TotpFactor, { user: caller.id });
      if (!factor || factor.enabledAt) throw conflict(factor ? 'An authenticator app is already set up.' : 'Start the set-up first.');
      const step = await matchTotp(factor.secret ?? '', body.code, null);
      if (step === null) throw codeInvalid(400, 'That code is not right. Enter the code your authenticator app shows now.');
      factor.enabledAt = new Date();
      factor.lastStep = step;
      await tx.flush();
      const issued = await issueRecoveryCodes(tx, caller.id);
      await recordAudit(tx, { action: 'second_factor.totp_enabled', by: acting(ctx, caller), subject: caller });
      await recordAudit(tx, {
        action: 'second_factor.recovery_codes_created',
        by: acting(ctx, caller),
        subject: caller,
        details: { count: issued.length },
      });
      await queueSecurityAlert(ctx, tx, caller.id, 'second_factor_added');
      return issued;
    });
    return { status: 200, body: { message: 'Authenticator app set up', recoveryCodes: codes } };
  },

  async disableTotp(ctx, { caller }) {
    await ctx.state.em.transactional(async (tx) => {
      const removed = await tx.nativeDelete(TotpFactor, { user: caller.id, enabledAt: { $ne: null } });
      if (!removed) return;
      await afterFactorRemoved(ctx, tx, caller.id, 'the authenticator app');
      await recordAudit(tx, { action: 'second_factor.totp_disabled', by: acting(ctx, caller), subject: caller });
      await queueSecurityAlert(ctx, tx, caller.id, 'second_factor_removed');
    });
    return { status: 204, body: undefined };
  },

  async regenerateRecoveryCodes(ctx, { caller }) {
    const codes = await ctx.state.em.transactional(async (tx) => {
      if (!hasSecondFactor(await secondFactorsOf(tx, caller.id))) throw conflict('Set up a second factor first.');
      const issued = await issueRecoveryCodes(tx, caller.id);
      await recordAudit(tx, {
        action: 'second_factor.recovery_codes_created',
        by: acting(ctx, caller),
        subject: caller,
        details: { count: issued.length },
      });
      return issued;
    });
    return { status: 200, body: { message: 'New recovery codes', recoveryCodes: codes } };
  },

  async getAdminSecuritySettings(ctx) {
    const rule = await adminsMustUseSecondFactor(ctx.state.em, ctx.services.config);
    return { status: 200, body: { adminsRequireSecondFactor: rule.value, isDefault: rule.isDefault } };
  },

  async updateAdminSecuritySettings(ctx, { body, caller }) {
    const rule = await ctx.state.em.transactional(async (tx) => {
      const before = await adminsMustUseSecondFactor(tx, ctx.services.config);
      if (body.adminsRequireSecondFactor && !hasSecondFactor(await secondFactorsOf(tx, caller.id)))
        throw conflict('Set up your own second factor before requiring one of every admin.');
      const settings = await new AdminSettingsRepository(tx).get();
      settings.adminsRequireSecondFactor = body.adminsRequireSecondFactor;
      await tx.flush();
      const details = { adminsRequireSecondFactor: { before: before.value, after: body.adminsRequireSecondFactor } };
      await recordAudit(tx, { action: 'security_settings.changed', by: acting(ctx, caller), details });
      return body.adminsRequireSecondFactor;
    });
    return { status: 200, body: { adminsRequireSecondFactor: rule, isDefault: false } };
  },
} satisfies HandlersFor<typeof accountSecurityRoutes>;
