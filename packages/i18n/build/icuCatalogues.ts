import { createRequire } from 'node:module';
import type * as core from '@messageformat/core';
import type * as coreModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';

// CommonJS modules whose typings declare a default export: required, they are the class and the function.
const require = createRequire(import.meta.url);
const MessageFormat: typeof core.default.default = require('@messageformat/core');
const compileModule: typeof coreModule.default.default = require('@messageformat/core/lib/compile-module.js');

/** A catalogue module: `catalog/<domain>/<language>.ts`. */
const CATALOGUE = /[\\/]packages[\\/]i18n[\\/]src[\\/]catalog[\\/]\w+[\\/](\w+)\.ts$/;
/** An ICU argument with a type (`{count, plural, ...}`, `{n, number}`); a bare `{name}` needs no compiling. */
const TYPED_ARGUMENT = /\{\s*\w+\s*,/;

/**
 * Compiles the catalogues' ICU messages at build time (plural and select forms) into small functions, so a
 * page carries no ICU parser, only @messageformat/runtime's few helpers, and only with a catalogue that has
 * such a message. Plain messages stay strings and `{name}` placeholders are filled by `interpolate`.
 * A message that does not parse fails the build.
 */
export function icuCatalogues(): Plugin {
  return {
    name: 'icu-catalogues',
    // After TypeScript is stripped: the module is then plain `export default { ... }`.
    enforce: 'post',
    async transform(code, id) {
      const match = CATALOGUE.exec(id.split('?')[0] ?? id);
      if (!match?.[1]) return null;
      const messages = await evaluate(code);
      const icu = Object.fromEntries(Object.entries(messages).filter(([, text]) => TYPED_ARGUMENT.test(text)));
      if (Object.keys(icu).length === 0) return null;
      const plain = Object.entries(messages)
        .filter(([key]) => !(key in icu))
        .map(([key, text]) => `  ${JSON.stringify(key)}: ${JSON.stringify(text)},`);
      const compiled = compileModule(new MessageFormat(match[1]), icu);
      return { code: compiled.replace('export default {', () => `export default {\n${plain.join('\n')}`), map: null };
    },
  };
}

/** The catalogue's table: the module is data only (no imports once types are stripped). */
async function evaluate(code: string): Promise<Record<string, string>> {
  const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
  const module: { default: Record<string, string> } = await import(url);
  return module.default;
}
