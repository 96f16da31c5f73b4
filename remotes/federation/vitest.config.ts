// Unit tests of the federation build steps of ours: the remotes' container (remoteEntry.js), in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'federation', root: import.meta.dirname, include: ['*.test.ts'], environment: 'node' },
});
