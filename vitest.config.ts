import { defineConfig } from 'vitest/config';

// One run over every project so the suite ends with one summary.
export default defineConfig({
  test: {
    projects: [
      'api/vitest.config.ts',
      'packages/*/vitest.config.ts',
      'shells/*/vitest.config.ts',
      'remotes/*/vitest.config.ts',
      'scripts/vitest.config.ts',
      'scripts/*/vitest.config.ts',
    ],
  },
});
