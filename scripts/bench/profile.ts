// Loads one row of `pnpm bench` on the full stack while this process runs the server, for a CPU profile of it:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/bench/profile.ts healthz|pricing|tasks|304   (SECONDS=10)
// The load comes from autocannon in a child process, so the profile holds only the server (and its database client).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createUser, signIn, startTestServer } from '@app/api/testing';

const target = process.argv[2] ?? 'healthz';
const stack = await startTestServer({ config: { logLevel: 'silent', isProduction: true } });
const user = await createUser(stack, { credits: 0 });
await stack.orm.em.fork().execute(
  `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "generation_type", "aspect_ratio", "status",
     "result_urls", "credits_used", "created_via", "created_at", "updated_at", "completed_at", "deadline_at")
   select gen_random_uuid(), ?, 'tsk_bench' || lpad(n::text, 18, '0'), 'bench prompt ' || n, 'nano_banana', 'text_to_image', '1:1',
          'completed', array['http://127.0.0.1/files/results/tsk_bench/' || n || '.png'], 2, 'web',
          now() - n * interval '2 hours', now(), now(), now()
     from generate_series(1, 50) as n`,
  [user.id],
);
const cookie = await signIn(stack, user);
const tasks = `${stack.url}/api/image-tasks?page=1&limit=16&days=7`;
const etag = (await fetch(tasks, { headers: { cookie } })).headers.get('etag') ?? '';
const targets: Record<string, string[]> = {
  healthz: [`${stack.url}/healthz`],
  pricing: [`${stack.url}/api/pricing/current`],
  tasks: ['-H', `cookie=${cookie}`, tasks],
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
