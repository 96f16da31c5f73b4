// API tests: unit tests beside the code and HTTP tests against the real app on PostgreSQL (DATABASE_URL) or PGlite.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Every file starts its own server on its own database, so files need no fresh module graph each: evaluating the
    // app's ~600 modules once per worker instead of once per file saves about two thirds of the project's CPU.
    isolate: false,
    // Three files at once: the project waits on PostgreSQL, timers and servers about half the time, so two files left a
    // core idle (446 s with two, 320 s with four on 2 cores, which then left none).
    maxWorkers: 3,
    // Each file starts its own server and database; PGlite needs a moment to boot, and CI runs every project
    // at once on 2 cores. Time limits here only catch hangs: speed is measured by the bench scripts.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
