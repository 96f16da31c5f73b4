// CI drift check: fails when the committed spec, client types or SDK types differ from a fresh emit.
import { readFileSync } from 'node:fs';
import { sdkTypesFile, sdkTypesText, specFile, specText, typesFile, typesText } from './generated.ts';

const spec = specText();
const stale: string[] = [];
if (readFileSync(specFile, 'utf8') !== spec) stale.push('openapi/openapi.json');
if (readFileSync(typesFile, 'utf8') !== (await typesText(spec))) stale.push('packages/api-client/src/generated/schema.d.ts');
if (readFileSync(sdkTypesFile, 'utf8') !== (await sdkTypesText(spec))) stale.push('packages/sdk/src/generated/schema.ts');
if (stale.length) {
  console.error(`Generated files are stale: ${stale.join(', ')}. Run \`pnpm emit\` and commit the result.`);
  process.exit(1);
}
console.log('generated files match the contract');
