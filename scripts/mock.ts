// Serves a Prism mock of openapi/openapi.json so the UI can run without the API:
//   pnpm mock            -> http://127.0.0.1:4010 (answers from the spec's examples)
// Prism also validates every request against the spec and answers 422 for bad ones.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const spec = fileURLToPath(new URL('../openapi/openapi.json', import.meta.url));
// Prism is a dependency of this scripts package, so its bin is here whatever the caller's PATH.
const prismBin = fileURLToPath(new URL('./node_modules/.bin/prism', import.meta.url));
const port = process.env.MOCK_PORT ?? '4010';
const prism = spawn(prismBin, ['mock', spec, '-p', port, '-h', '127.0.0.1'], { stdio: 'inherit' });
prism.on('exit', (code) => process.exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => prism.kill(signal));
