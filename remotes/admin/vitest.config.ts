// Unit tests of the admin remote: pure logic beside the code, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'admin', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
