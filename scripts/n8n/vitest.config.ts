import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'n8n',
    include: ['*.test.ts'],
    root: import.meta.dirname,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // After the others, one file at a time: each starts an n8n engine.
    fileParallelism: false,
    sequence: { groupOrder: 2 },
  },
});
