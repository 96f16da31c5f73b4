// Where the built UI lives; the tests serve these folders and never build them themselves.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '@app/contract/constants';

const repo = fileURLToPath(new URL('../../../', import.meta.url));

export const HOST_DIST = `${repo}shells/host/dist`;
export const remoteDist = (name: string) => `${repo}remotes/${name}/dist`;
export const REMOTES = REMOTE_NAMES;

/** Fails fast with the fix when the UI has not been built. */
export function assertUiBuilt(): void {
  const missing = [`${HOST_DIST}/index.html`, ...REMOTES.map((name) => `${remoteDist(name)}/remoteEntry.js`)].filter(
    (file) => !existsSync(file),
  );
  if (missing.length) throw new Error(`The UI is not built (missing ${missing.join(', ')}). Run \`pnpm build\` first.`);
}
