// Unit tests of the account remote: pure logic beside the code, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'account', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
