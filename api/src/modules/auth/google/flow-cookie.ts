// The short-lived cookie carrying state, nonce and PKCE verifier from /url to /callback.
// Signed with an HMAC keyed from SECRET_KEY, so the browser can hold it but cannot change it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../http/context.ts';
import { setCookie } from '../session/session-cookie.ts';

export const GOOGLE_FLOW_COOKIE = 'g_oauth';
/** Sent only to the Google routes. */
export const GOOGLE_FLOW_PATH = '/api/auth/google';
/** Ten minutes to choose an account on Google's page. */
export const GOOGLE_FLOW_TTL_MS = 10 * 60 * 1000;

export interface GoogleFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

interface SignedFlow extends GoogleFlow {
  /** Expiry, ms since the epoch. */
  exp: number;
}

/** A key for this purpose only, derived from the process secret. */
function flowKey(secretKey: string): Buffer {
  return createHmac('sha256', secretKey).update('google-oauth-flow-cookie/v1').digest();
}

/** `<payload>.<mac>`, both base64url. */
export function sealFlow(flow: GoogleFlow, secretKey: string, now = Date.now()): string {
  const signed: SignedFlow = { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier, exp: now + GOOGLE_FLOW_TTL_MS };
  const payload = Buffer.from(JSON.stringify(signed)).toString('base64url');
  const mac = createHmac('sha256', flowKey(secretKey)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** The flow when the value is untampered and unexpired; otherwise undefined. */
export function openFlow(value: string | undefined, secretKey: string, now = Date.now()): GoogleFlow | undefined {
  const [payload, mac, extra] = (value ?? '').split('.');
  if (!payload || !mac || extra !== undefined) return undefined;
  const expected = createHmac('sha256', flowKey(secretKey)).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<SignedFlow>;
    if (typeof flow.exp !== 'number' || flow.exp <= now) return undefined;
    if (typeof flow.state !== 'string' || typeof flow.nonce !== 'string' || typeof flow.codeVerifier !== 'string') return undefined;
    return { state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier };
  } catch {
    return undefined;
  }
}

export function setFlowCookie(ctx: AppContext, flow: GoogleFlow): void {
  setCookie(ctx, GOOGLE_FLOW_COOKIE, sealFlow(flow, ctx.services.config.secretKey), {
    maxAge: GOOGLE_FLOW_TTL_MS / 1000,
    path: GOOGLE_FLOW_PATH,
  });
}

export function readFlowCookie(ctx: AppContext): GoogleFlow | undefined {
  return openFlow(ctx.cookies.get(GOOGLE_FLOW_COOKIE), ctx.services.config.secretKey);
}

/** One use only: cleared on every callback, success or not. */
export function clearFlowCookie(ctx: AppContext): void {
  setCookie(ctx, GOOGLE_FLOW_COOKIE, '', { maxAge: 0, path: GOOGLE_FLOW_PATH });
}
