// Generates a migration from the difference between the entities and the committed schema snapshot.
// Usage: node api/scripts/migration-create.ts [name]   (then review and commit api/migrations/)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createOrm, MIGRATIONS_DIR, migrate } from '../src/db/orm.ts';
import { entities } from '../src/modules/index.ts';

const name = process.argv[2];
// A scratch in-memory database brought up to date with the committed migrations, so the diff is
// right even if the snapshot is missing.
const orm = await createOrm({ kind: 'pglite-memory' }, { entities });
try {
  await migrate(orm);
  const result = await orm.migrator.create(undefined, false, false, name);
  if (!result.fileName) {
    console.log('No changes: the entities match the migrations.');
  } else {
    const file = join(MIGRATIONS_DIR, result.fileName);
    // Keep generated files in the repository's style so `biome check` stays clean.
    spawnSync('biome', ['check', '--write', MIGRATIONS_DIR], { stdio: 'inherit' });
    console.log(`Created ${file}\n\n${result.diff.up.join('\n')}`);
  }
} finally {
  await orm.close(true);
}
