// Unit tests of the host shell: pure logic beside the code, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'host', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
