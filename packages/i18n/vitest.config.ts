// Unit tests of @app/i18n: pure logic beside the code, in Node, with the catalogues compiled as the build does.
import { defineConfig } from 'vitest/config';
import { icuCatalogues } from './build/icuCatalogues.ts';

export default defineConfig({
  plugins: [icuCatalogues()],
  test: { name: 'i18n', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
