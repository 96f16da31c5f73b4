// The end of every sign-in that proved who is there (a password alone, a password and a second factor, a passkey).
import type { AppContext } from '../../../http/context.ts';
import { presentCurrentUser, type User, usernameKey } from '../../users/index.ts';
import { authLimiters, rememberSignIn } from '../auth-limits.ts';
import { startSignedInSession } from './sign-in.ts';

/** Clears the account's failures from this address, starts the session and answers the signed-in user. */
export async function finishSignIn(ctx: AppContext, user: User) {
  await rememberSignIn(authLimiters(ctx.services), usernameKey(user.username), ctx.ip);
  await startSignedInSession(ctx, user);
  return { status: 200 as const, body: { message: 'Signed in', user: presentCurrentUser(user) } };
}
