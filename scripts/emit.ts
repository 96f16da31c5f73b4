// Emits openapi/openapi.json from the zod contract and regenerates the client types from it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { specFile, specText, typesFile, typesText } from './generated.ts';

const spec = specText();
writeFileSync(specFile, spec);
mkdirSync(new URL('.', typesFile), { recursive: true });
writeFileSync(typesFile, await typesText(spec));
console.log('emitted openapi/openapi.json and packages/api-client/src/generated/schema.d.ts');
