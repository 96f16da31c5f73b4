// Creates an administrator, or promotes an existing user and sets the password, on the configured database
// (DATABASE_URL, else the embedded one in DATA_DIR). Without a password, a random one is generated and printed.
// Usage: node api/scripts/create-admin.ts <username> [password]
import { loadConfig } from '../src/config.ts';
import { createOrm, databaseTarget, migrate } from '../src/db/orm.ts';
import { randomPassword, upsertAdmin } from '../src/modules/auth/index.ts';
import { entities } from '../src/modules/index.ts';

const [username, given] = process.argv.slice(2);
if (!username) {
  console.error('Usage: node api/scripts/create-admin.ts <username> [password]');
  process.exit(2);
}
const password = given ?? randomPassword();
const config = loadConfig();
const orm = await createOrm(databaseTarget(config), { entities });
try {
  await migrate(orm);
  const result = await upsertAdmin(orm.em.fork(), username, password);
  const what = { created: 'Created admin', updated: 'Updated admin (promoted, enabled, password set)', unchanged: 'Admin already set up' }[
    result
  ];
  console.log(given ? `${what}: username ${username}` : `${what}: username ${username}, password ${password}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await orm.close(true);
}
