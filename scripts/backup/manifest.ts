// The manifest of a backup folder (`manifest.json`): what was copied, from where, and every checksum a restore
// verifies before it trusts a byte.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileEntry } from './files.ts';

export const MANIFEST = 'manifest.json';
export const DUMP = 'database.dump';
/** Stored files sit under this folder of the backup, at their storage keys. */
export const FILES = 'files';

export interface Manifest {
  format: 'image-studio-backup/1';
  /** When the dump started and when the last file was copied (ISO 8601). */
  startedAt: string;
  finishedAt: string;
  database: { name: string; file: typeof DUMP; bytes: number; sha256: string; migrations: string[] };
  storage: { backend: 'local'; folder: string } | { backend: 's3'; bucket: string; prefix: string; endpoint?: string };
  files: { count: number; bytes: number; entries: FileEntry[] };
}

export async function readManifest(backupDir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(backupDir, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== 'image-studio-backup/1')
    throw new Error(`${backupDir} is not a backup of this app (format ${String(manifest.format)})`);
  return manifest;
}
