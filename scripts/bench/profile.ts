// Loads one row of `pnpm bench` on the full stack while this process runs the server, for a CPU profile of it:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/bench/profile.ts healthz|pricing|tasks|tasks-br|304   (SECONDS=10)
// The load comes from autocannon in a child process, so the profile holds only the server (and its database client).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createUser, signIn, startTestServer } from '@app/api/testing';
import { BROWSER_ENCODINGS, benchServer, studioUser, taskListPath } from './studio-user.ts';

const target = process.argv[2] ?? 'healthz';
const stack = await startTestServer(benchServer);
const cookie = await studioUser(stack, { createUser, signIn });
const tasks = `${stack.url}${taskListPath}`;
const etag = (await fetch(tasks, { headers: { cookie } })).headers.get('etag') ?? '';
const targets: Record<string, string[]> = {
  healthz: [`${stack.url}/healthz`],
  pricing: [`${stack.url}/api/pricing/current`],
  tasks: ['-H', `cookie=${cookie}`, tasks],
  'tasks-br': ['-H', `cookie=${cookie}`, '-H', `accept-encoding=${BROWSER_ENCODINGS}`, tasks],
  '304': ['-H', `cookie=${cookie}`, '-H', `if-none-match=${etag}`, tasks],
};
const args = targets[target];
if (!args) throw new Error(`unknown target ${target}; one of ${Object.keys(targets).join(', ')}`);
const scripts = join(import.meta.dirname, '..');
const load = spawn(join(scripts, 'node_modules/.bin/autocannon'), ['-c', '50', '-d', process.env.SECONDS ?? '10', ...args], {
  stdio: 'inherit',
});
await new Promise((resolve) => load.once('exit', resolve));
await stack.close();
// Exiting writes the profile.
process.exit(0);
