// Emits openapi/openapi.json from the zod contract and regenerates the client and SDK types from it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { sdkTypesFile, sdkTypesText, specFile, specText, typesFile, typesText } from './generated.ts';

const spec = specText();
writeFileSync(specFile, spec);
for (const [file, text] of [
  [typesFile, await typesText(spec)],
  [sdkTypesFile, await sdkTypesText(spec)],
] as const) {
  mkdirSync(new URL('.', file), { recursive: true });
  writeFileSync(file, text);
}
console.log('emitted openapi/openapi.json, packages/api-client/src/generated/schema.d.ts and packages/sdk/src/generated/schema.ts');
