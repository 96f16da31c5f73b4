import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'scripts', include: ['*.test.ts', 'bench/**/*.test.ts', 'mock/**/*.test.ts'], root: import.meta.dirname },
});
