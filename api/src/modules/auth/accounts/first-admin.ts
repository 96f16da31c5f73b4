// The first administrator: from ADMIN_USERNAME/ADMIN_PASSWORD, from the create-admin script, or, on the
// embedded default start with neither, a generated `admin` whose password is printed once.
import { randomBytes } from 'node:crypto';
import { Password, Username } from '@app/contract';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { StartContext } from '../../module.ts';
import { User, UserRepository, usernameKey } from '../../users/index.ts';
import { passwords } from '../password/password.ts';
import { destroyUserSessions } from '../session/session.service.ts';
import { createUser } from './create-user.ts';

export type AdminUpsert = 'created' | 'updated' | 'unchanged';

/** A password for a generated admin: 96 random bits, URL-safe. */
export function randomPassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Makes `username` an active administrator with `password`: creates the account, or promotes (and
 * re-enables) an existing one and sets its password. A changed password ends the account's sessions.
 * Throws on a username or password the sign-up form would refuse.
 */
export async function upsertAdmin(em: SqlEntityManager, username: string, password: string): Promise<AdminUpsert> {
  const name = Username.safeParse(username);
  if (!name.success) throw new Error(`Invalid admin username: ${name.error.issues[0]?.message}`);
  const pass = Password.safeParse(password);
  if (!pass.success) throw new Error(`Invalid admin password: ${pass.error.issues[0]?.message}`);

  const user = await new UserRepository(em).findWithPasswordHash({ usernameKey: usernameKey(name.data) });
  if (!user) {
    await createUser(em, { username: name.data, passwordHash: await passwords.hash(password), isAdmin: true });
    return 'created';
  }
  const samePassword = await passwords.verify(user.passwordHash, password);
  if (samePassword && user.isAdmin && user.isActive) return 'unchanged';
  const passwordHash = samePassword ? undefined : await passwords.hash(password);
  await em.transactional(async (tx) => {
    await tx.nativeUpdate(User, { id: user.id }, { isAdmin: true, isActive: true, ...(passwordHash && { passwordHash }) });
    if (passwordHash) await destroyUserSessions(tx, user.id);
  });
  return 'updated';
}

/** `admin`, or `admin_<n>` if someone already took that name without being an admin. */
async function freeAdminName(repo: UserRepository): Promise<string> {
  if (!(await repo.isUsernameTaken('admin'))) return 'admin';
  for (let n = 2; ; n += 1) if (!(await repo.isUsernameTaken(`admin_${n}`))) return `admin_${n}`;
}

/**
 * Runs at every start. With ADMIN_USERNAME/ADMIN_PASSWORD set, upserts that admin. Otherwise, only on
 * the embedded database on disk (no DATABASE_URL) and only while no admin exists, creates one with a
 * random password and prints it: once, because on later starts an admin exists.
 */
export async function ensureFirstAdmin(context: StartContext, print: (line: string) => void = console.log): Promise<void> {
  const { em, config, logger, database } = context;
  if (config.admin) {
    const result = await upsertAdmin(em, config.admin.username, config.admin.password);
    logger.info({ username: config.admin.username, result }, 'admin account from ADMIN_USERNAME');
    return;
  }
  if (database.kind !== 'pglite') return;
  const repo = new UserRepository(em);
  if (await repo.hasAdmin()) return;
  const username = await freeAdminName(repo);
  const password = randomPassword();
  await upsertAdmin(em, username, password);
  logger.info({ username }, 'first admin created with a generated password');
  print(
    [
      '',
      '  ------------------------------------------------------------------',
      `  Sign in as admin: username ${username}, password ${password}`,
      '  (shown only this once; change it under My Account)',
      '  ------------------------------------------------------------------',
      '',
    ].join('\n'),
  );
}
