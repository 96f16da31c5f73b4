import type { ApiModule } from '../module.ts';
import { User } from './user.entity.ts';

export { presentAdminUser, presentCurrentUser, toPrincipal } from './presenter.ts';
export { User } from './user.entity.ts';
export { UserRepository } from './user.repository.ts';
export { USERNAME_MAX, usernameKey } from './username.ts';

/** People who sign in. Routes live in the auth and tokens modules; this module owns the table. */
export const usersModule: ApiModule = { name: 'users', entities: [User] };
