// Google sign-in: status, start (authorization URL) and the callback Google redirects to.
import type { completeGoogleAuth as completeRoute, getGoogleAuthStatus as statusRoute, getGoogleAuthUrl as urlRoute } from '@app/contract';
import type { HandlersFor } from '../../../http/bind.ts';
import type { AppContext } from '../../../http/context.ts';
import { GoogleAuthError, type GoogleAuthErrorCode } from '../../../providers/google/index.ts';
import { AdminSettingsRepository } from '../../settings/index.ts';
import { googleDisabled, googleUnavailable } from '../problems.ts';
import { startSignedInSession } from '../sign-in/sign-in.ts';
import { clearFlowCookie, readFlowCookie, setFlowCookie } from './flow-cookie.ts';
import { signInWithGoogle } from './google-account.ts';
import { googleAuthFor } from './google-client.ts';
import { googleClientSettings } from './google-settings.ts';

/** What the sign-in page shows for each way the Google round trip can fail. */
const FAILURE_MESSAGES: Record<GoogleAuthErrorCode, string> = {
  access_denied: 'Google sign-in was cancelled.',
  invalid_callback: 'Google sign-in could not be verified. Please try again.',
  token_exchange_failed: 'Google sign-in could not be completed. Please try again.',
  invalid_id_token: 'Google sign-in could not be verified. Please try again.',
  provider_unavailable: 'Google could not be reached. Please try again later.',
};

async function currentGoogleSettings(ctx: AppContext) {
  return googleClientSettings(await new AdminSettingsRepository(ctx.state.em).get());
}

/** 302 back to the sign-in page; the page shows a toast and cleans the address. */
function backToLogin(ctx: AppContext, params: Record<string, string>) {
  const query = Object.entries(params).map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  ctx.set('Location', `/login?${query.join('&')}`);
  return { status: 302 as const, body: undefined };
}

export const googleHandlers = {
  async getGoogleAuthStatus(ctx) {
    return { status: 200, body: { enabled: (await currentGoogleSettings(ctx)) !== undefined } };
  },

  async getGoogleAuthUrl(ctx) {
    const settings = await currentGoogleSettings(ctx);
    if (!settings) throw googleDisabled();
    try {
      const { authUrl, state, nonce, codeVerifier } = await googleAuthFor(settings, ctx.services.config.googleIssuer).start();
      setFlowCookie(ctx, { state, nonce, codeVerifier });
      return { status: 200, body: { authUrl } };
    } catch (error) {
      if (!(error instanceof GoogleAuthError)) throw error;
      ctx.services.logger.warn({ err: error, reqId: ctx.state.requestId }, 'google sign-in could not start');
      throw googleUnavailable();
    }
  },

  async completeGoogleAuth(ctx) {
    const flow = readFlowCookie(ctx);
    clearFlowCookie(ctx);
    const fail = (message: string) => backToLogin(ctx, { auth: 'error', message });
    const settings = await currentGoogleSettings(ctx);
    if (!settings) return fail('Google sign-in is not enabled.');
    if (!flow) return fail('Google sign-in expired or was started in another browser. Please try again.');
    try {
      const identity = await googleAuthFor(settings, ctx.services.config.googleIssuer).finish({
        currentUrl: ctx.originalUrl,
        ...flow,
      });
      const result = await signInWithGoogle(ctx.state.em, identity);
      if (result.outcome === 'disabled') return fail('Account is disabled');
      await startSignedInSession(ctx, result.user);
      ctx.services.logger.info({ userId: result.user.id, outcome: result.outcome, reqId: ctx.state.requestId }, 'google sign-in');
      return backToLogin(ctx, { auth: 'success', user: JSON.stringify({ username: result.user.username }) });
    } catch (error) {
      if (error instanceof GoogleAuthError) {
        ctx.services.logger.info({ code: error.code, reqId: ctx.state.requestId, err: error }, 'google sign-in refused');
        return fail(FAILURE_MESSAGES[error.code]);
      }
      ctx.services.logger.error({ err: error, reqId: ctx.state.requestId }, 'google sign-in failed');
      return fail('Google sign-in failed. Please try again.');
    }
  },
} satisfies HandlersFor<readonly [typeof statusRoute, typeof urlRoute, typeof completeRoute]>;
