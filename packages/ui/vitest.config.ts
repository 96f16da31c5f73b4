// Unit tests of @app/ui: pure logic beside the code, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'ui', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
