// Passkeys: adding, naming and removing them from My Account, and signing in with one alone (discoverable).
import type { accountPasskeyRoutes } from '@app/contract';
import { PASSKEYS_MAX } from '@app/contract';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { conflict, HttpProblem, notFound, unauthorized } from '../../../errors.ts';
import type { HandlersFor } from '../../../http/bind.ts';
import { enforceRateLimit, refuseWhenSpent } from '../../../http/rate-limit.ts';
import { acting, recordAudit } from '../../audit/index.ts';
import { authLimiters } from '../auth-limits.ts';
import { assertSameSiteRequest } from '../csrf/csrf.ts';
import { queueSecurityAlert } from '../mail/alerts.ts';
import { accountDisabled } from '../problems.ts';
import { pendingSignInUser } from '../second-factor/pending-sign-in.ts';
import { signInExpired } from '../second-factor/problems.ts';
import { afterFactorRemoved } from '../second-factor/removal.ts';
import { finishSignIn } from '../sign-in/finish-sign-in.ts';
import { PasskeyCredential } from './passkey.entity.ts';
import { presentPasskey } from './presenter.ts';
import { authenticationOptions, registrationOptions, verifyAssertion, verifyRegistration } from './webauthn.ts';

const TOO_MANY_LOGINS = 'Too many sign-in attempts. Try again later.';

const passkeyInvalid = (status: 400 | 401) =>
  new HttpProblem({
    status,
    code: 'passkey_invalid',
    title: 'Passkey not accepted',
    detail: 'This passkey was not accepted: it may have been removed from the account, or the request expired. Try again.',
    ...(status === 400 && { errors: [{ pointer: '/body/response', detail: 'The passkey could not be verified.' }] }),
  });

export const passkeyHandlers = {
  async getPasskeyRegistrationOptions(ctx, { caller }) {
    if ((await ctx.state.em.count(PasskeyCredential, { user: caller.id })) >= PASSKEYS_MAX)
      throw conflict(`You already have ${PASSKEYS_MAX} passkeys. Remove one first.`);
    return { status: 200, body: await registrationOptions(ctx, caller) };
  },

  async registerPasskey(ctx, { body, caller }) {
    const created = await ctx.state.em.transactional(async (tx) => {
      const info = await verifyRegistration(ctx, tx, caller.id, body.response as RegistrationResponseJSON);
      if (!info) return null;
      const passkey = tx.create(PasskeyCredential, {
        user: caller.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: info.credential.transports ?? body.response.response.transports ?? [],
        backedUp: info.credentialBackedUp,
        name: body.name,
        createdAt: new Date(),
        lastUsedAt: null,
      });
      await tx.flush();
      await recordAudit(tx, { action: 'passkey.added', by: acting(ctx, caller), subject: caller, details: { name: body.name } });
      await queueSecurityAlert(ctx, tx, caller.id, 'second_factor_added');
      return passkey;
    });
    if (!created) throw passkeyInvalid(400);
    return { status: 201, body: presentPasskey(created) };
  },

  async renamePasskey(ctx, { params, body, caller }) {
    const passkey = await ctx.state.em.findOne(PasskeyCredential, { id: params.id, user: caller.id });
    if (!passkey) throw notFound('No such passkey.');
    passkey.name = body.name;
    await ctx.state.em.flush();
    return { status: 200, body: presentPasskey(passkey) };
  },

  async deletePasskey(ctx, { params, caller }) {
    const removed = await ctx.state.em.transactional(async (tx) => {
      const passkey = await tx.findOne(PasskeyCredential, { id: params.id, user: caller.id });
      if (!passkey) return false;
      await tx.nativeDelete(PasskeyCredential, { id: passkey.id });
      await afterFactorRemoved(ctx, tx, caller.id, 'this passkey');
      await recordAudit(tx, { action: 'passkey.removed', by: acting(ctx, caller), subject: caller, details: { name: passkey.name } });
      await queueSecurityAlert(ctx, tx, caller.id, 'second_factor_removed');
      return true;
    });
    if (!removed) throw notFound('No such passkey.');
    return { status: 204, body: undefined };
  },

  async getPasskeyAuthenticationOptions(ctx, { body, caller }) {
    assertSameSiteRequest(ctx);
    if (body.purpose === 'sign_in') {
      await enforceRateLimit(authLimiters(ctx.services).registerByIp, ctx.ip, TOO_MANY_LOGINS);
      return { status: 200, body: await authenticationOptions(ctx, 'passkey_sign_in', null) };
    }
    if (body.purpose === 'second_factor') {
      const userId = await pendingSignInUser(ctx);
      if (!userId) throw signInExpired();
      return { status: 200, body: await authenticationOptions(ctx, 'passkey_second_factor', userId) };
    }
    if (!caller?.isActive) throw unauthorized();
    return { status: 200, body: await authenticationOptions(ctx, 'passkey_step_up', caller.id) };
  },

  async signInWithPasskey(ctx, { body }) {
    assertSameSiteRequest(ctx);
    const limiters = authLimiters(ctx.services);
    await refuseWhenSpent(limiters.loginFailuresByIp, ctx.ip, TOO_MANY_LOGINS);
    const passkey = await ctx.state.em.transactional((tx) =>
      verifyAssertion(ctx, tx, 'passkey_sign_in', body.passkey as AuthenticationResponseJSON, null),
    );
    if (!passkey) {
      await limiters.loginFailuresByIp.consume(ctx.ip);
      throw passkeyInvalid(401);
    }
    const user = passkey.user;
    if (!user.isActive) throw accountDisabled();
    return finishSignIn(ctx, user);
  },
} satisfies HandlersFor<typeof accountPasskeyRoutes>;
