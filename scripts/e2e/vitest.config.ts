// Browser tests: the real API in-process serving the built UI, driven by the system Chromium.
// Build the UI first (`pnpm build`); run with `pnpm exec vitest run --project e2e`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    // One browser and one server per file; files run one after another so ports and CPU stay calm.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Remote pages load over the network; give polled assertions room.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
