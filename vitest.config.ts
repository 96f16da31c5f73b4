import { defineConfig } from 'vitest/config';

// One run over every project so the suite ends with one summary. The tests mostly wait (on PostgreSQL, a browser, a
// server's answer), so two files run at once even on 2 cores (three of the API's). Projects run in groups (`sequence.groupOrder`): the API
// and unit tests first, then the browser tests, then the ones that start whole clusters and n8n, one file at a time.
export default defineConfig({
  test: {
    maxWorkers: 2,
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
