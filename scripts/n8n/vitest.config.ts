import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'n8n', include: ['*.test.ts'], root: import.meta.dirname, testTimeout: 120_000, hookTimeout: 60_000 },
});
