// The short chaos run: the cluster on its own PostgreSQL, a few users and every kind of fault once, on a fixed seed.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'chaos',
    include: ['*.test.ts'],
    root: import.meta.dirname,
    environment: 'node',
    // After the others, one file at a time: it runs a cluster of processes and times their recovery.
    fileParallelism: false,
    sequence: { groupOrder: 2 },
    // Start-up, a minute of faults and the drain (a stuck task waits for its time limit and a sweep).
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
