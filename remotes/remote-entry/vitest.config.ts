// Unit tests of the remotes' container (remoteEntry.js), in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'remote-entry', root: import.meta.dirname, include: ['*.test.ts'], environment: 'node' },
});
