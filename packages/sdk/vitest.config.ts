// SDK tests: the built-from-source client against the real app in process (PostgreSQL when DATABASE_URL is set).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sdk',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // Time limits only catch hangs (CI runs every project at once on 2 cores).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
