// Unit tests of the studio remote: pure logic beside the code, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'studio', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
