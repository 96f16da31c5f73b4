// The cluster test: real `node api/src/server.ts` processes as compose.yaml runs them, on PostgreSQL (DATABASE_URL's
// server, else 127.0.0.1:5432) and an S3 server started by the test.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cluster',
    include: ['*.test.ts'],
    root: import.meta.dirname,
    environment: 'node',
    // After the others, one file at a time: each runs several server processes.
    fileParallelism: false,
    sequence: { groupOrder: 2 },
    // Process start-up, a worker restart and a minute-long schedule; these only catch hangs.
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
