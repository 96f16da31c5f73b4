// Browser tests: the real API in-process serving the built UI, driven by the system Chromium.
// Build the UI first (`pnpm build`); run with `pnpm exec vitest run --project e2e`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    // One browser and one server per file, on ports of their own: two files at once, after the API and unit tests
    // (group 0) and before the clusters (group 2). Every wait polls for a state, so a busier machine only waits longer.
    maxWorkers: 2,
    // The files share nothing but the modules they import (each starts its own server and browser): a worker imports the
    // API and Playwright once, not once per file.
    isolate: false,
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Remote pages load over the network; give polled assertions room.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
