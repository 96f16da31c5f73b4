// Unit tests of @app/i18n: pure logic beside the code, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'i18n', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
