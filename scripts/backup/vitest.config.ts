// Backups and the restore drill on PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432): pg_dump and
// pg_restore come from the machine's PostgreSQL client tools.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'backup',
    include: ['*.test.ts'],
    root: import.meta.dirname,
    environment: 'node',
    // After the others, one file at a time: the drill times pg_dump and pg_restore.
    fileParallelism: false,
    sequence: { groupOrder: 2 },
    // The drill takes a few seconds; these only catch hangs.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
