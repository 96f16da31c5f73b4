// A sign-in whose password was right, waiting for its second factor: a random id in a short httpOnly cookie, its hash
// in `auth_challenges` (5 minutes, used once). No session exists until the second factor is given.
import { randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { AppContext } from '../../../http/context.ts';
import { consumeChallenge, peekChallenge, storeChallenge } from '../challenges/challenges.service.ts';
import { setCookie } from '../session/session-cookie.ts';

const COOKIE = 'sfa';
const TTL_MS = 5 * 60_000;
const PATH = '/api/auth';
const SHAPE = /^[A-Za-z0-9_-]{43}$/;

function cookieOf(ctx: AppContext): string | undefined {
  const value = ctx.cookies.get(COOKIE);
  return value && SHAPE.test(value) ? value : undefined;
}

/** Starts the wait for the account's second factor. */
export async function startPendingSignIn(ctx: AppContext, userId: string): Promise<void> {
  const value = randomBytes(32).toString('base64url');
  await storeChallenge(ctx.state.em, 'sign_in', value, userId, TTL_MS);
  setCookie(ctx, COOKIE, value, { maxAge: TTL_MS / 1000, path: PATH, sameSite: 'Strict' });
}

/** The account of this browser's pending sign-in, while it lasts. */
export async function pendingSignInUser(ctx: AppContext): Promise<string | undefined> {
  const value = cookieOf(ctx);
  return value ? ((await peekChallenge(ctx.state.em, 'sign_in', value)) ?? undefined) : undefined;
}

/** Ends the pending sign-in (it succeeded): the cookie is cleared and the challenge used up (in `tx`). */
export async function finishPendingSignIn(ctx: AppContext, tx: SqlEntityManager): Promise<boolean> {
  const value = cookieOf(ctx);
  setCookie(ctx, COOKIE, '', { maxAge: 0, path: PATH, sameSite: 'Strict' });
  return value ? (await consumeChallenge(tx, 'sign_in', value)) !== undefined : false;
}
