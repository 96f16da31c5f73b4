// Unit tests of @app/api-client: the logic beside the generated client, in Node.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'api-client', root: import.meta.dirname, include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
});
