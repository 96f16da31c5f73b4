// Tests of @app/contract: the emitted document, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'contract', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
