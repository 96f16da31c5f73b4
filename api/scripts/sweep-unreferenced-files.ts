// Runs the unreferenced-files sweep now (it also runs hourly in the workers): deletes stored files under uploads/,
// results/ and thumbs/ that no row names and that are older than STUDIO_UNREFERENCED_FILES_GRACE_SECONDS (default
// an hour). With the app's environment (DATABASE_URL, STORAGE/S3_*, FILES_DIR); prints the keys it deleted.
// Usage: node api/scripts/sweep-unreferenced-files.ts
import { loadConfig } from '../src/config.ts';
import { createOrm, databaseTarget } from '../src/db/orm.ts';
import { entities } from '../src/modules/index.ts';
import { deleteUnreferencedFiles } from '../src/modules/studio/index.ts';
import { createFileStorage } from '../src/storage/create.ts';

const config = loadConfig();
const orm = await createOrm(databaseTarget(config), { entities });
// Public URLs are not made here; a placeholder origin serves when PUBLIC_URL is unset.
const storage = createFileStorage({
  storage: config.storage,
  filesDir: config.studio.filesDir,
  publicBaseUrl: config.publicUrl ?? 'http://localhost',
});
try {
  const deleted = await deleteUnreferencedFiles(orm.em.fork(), storage, { graceMs: config.studio.unreferencedFilesGraceMs });
  for (const key of deleted) console.log(`deleted ${key}`);
  console.log(`${deleted.length} unreferenced files deleted`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  storage.close?.();
  await orm.close(true);
}
