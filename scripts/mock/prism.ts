// Serves a Prism mock of openapi/openapi.json so the UI can run without the API:
//   pnpm mock            -> http://127.0.0.1:4010 (answers from the spec's examples)
// Prism also validates every request against the spec and answers 422 for bad ones.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const spec = fileURLToPath(new URL('../../openapi/openapi.json', import.meta.url));
// Prism is a dependency of this scripts package, so its bin is here whatever the caller's PATH.
const prismBin = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));

/** Starts Prism on `port`; `quiet` keeps its request log off the terminal (for tests). */
export function spawnPrism(port: number, quiet = false): ChildProcess {
  return spawn(prismBin, ['mock', spec, '-p', String(port), '-h', '127.0.0.1'], { stdio: quiet ? 'ignore' : 'inherit' });
}

/** Resolves once Prism answers (it takes a few seconds to read the spec). */
export async function prismReady(port: number, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const up = await fetch(`http://127.0.0.1:${port}/api/pricing/current`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the Prism mock did not start on port ${port}`);
}

if (import.meta.main) {
  const prism = spawnPrism(Number(process.env.MOCK_PORT ?? '4010'));
  prism.on('exit', (code) => process.exit(code ?? 0));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => prism.kill(signal));
}
