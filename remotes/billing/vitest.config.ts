// Unit tests of the billing remote: pure logic beside the code, in Node, with the catalogues compiled as the
// build does (its counts are plural messages).
import { defineConfig } from 'vitest/config';
import { icuCatalogues } from '../../packages/i18n/build/icuCatalogues.ts';

export default defineConfig({
  plugins: [icuCatalogues()],
  test: { name: 'billing', root: import.meta.dirname, include: ['src/**/*.test.ts'], environment: 'node' },
});
