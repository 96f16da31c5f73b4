// The one place a route's declared role is enforced, and the typed caller it lets through.
import type { Role } from '@app/contract';
import { forbidden, unauthorized } from '../errors.ts';
import type { AppState, Principal } from './context.ts';

/** A signed-in, active browser user (session cookie): the caller of a `user` route. */
export type SignedInUser = Principal & { isActive: true };

/** A signed-in, active admin: the caller of an `admin` route. */
export type Admin = SignedInUser & { isAdmin: true };

/** The active owner of the request's bearer API token: the caller of a `token` route. */
export type TokenOwner = Principal & { isActive: true };

/** Who each role lets through; an `anonymous` route still sees the session user when there is one. */
export interface CallerByRole {
  anonymous: Principal | undefined;
  user: SignedInUser;
  admin: Admin;
  token: TokenOwner;
}

/** The caller a route's role guarantees its handler. */
export type CallerOf<R extends Role> = CallerByRole[R];

type Credentials = Pick<AppState, 'user' | 'tokenUser'>;

const isActive = (principal: Principal | undefined): principal is SignedInUser => principal?.isActive === true;
const isAdmin = (user: SignedInUser): user is Admin => user.isAdmin;

const admitters: { [R in Role]: (state: Credentials) => CallerOf<R> } = {
  anonymous: (state) => state.user,
  user: (state) => {
    if (!isActive(state.user)) throw unauthorized();
    return state.user;
  },
  admin: (state) => {
    const user = admitters.user(state);
    if (!isAdmin(user)) throw forbidden('Admin access required.');
    return user;
  },
  token: (state) => {
    if (!isActive(state.tokenUser)) throw unauthorized('A valid API token is required (Authorization: Bearer ...).');
    return state.tokenUser;
  },
};

/**
 * Returns the caller a role lets through, or throws the problem the request gets instead:
 * 401 when not signed in (or inactive, or without a valid token), 403 when signed in but not allowed.
 */
export function admit<R extends Role>(role: R, state: Credentials): CallerOf<R> {
  return admitters[role](state);
}
