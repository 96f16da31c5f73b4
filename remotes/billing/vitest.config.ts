// Unit tests of the billing remote: pure logic beside the code, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'billing', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
