// `pnpm chaos [--seconds 120] [--users 8] [--seed 1]`: the cluster under simulated users and scheduled faults;
// prints the table and exits non-zero when a check failed.
import { parseArgs } from 'node:util';
import { runChaos } from './chaos.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '120' },
    users: { type: 'string', default: '8' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
  },
});
const options = { seconds: Number(values.seconds), users: Number(values.users), seed: Number(values.seed) };
for (const [name, value] of Object.entries(options))
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
console.log(`chaos: seed ${options.seed}, ${options.users} users, ${options.seconds} s`);
const result = await runChaos({ ...options, log: (line) => console.log(`  ${line}`) });
console.log(`\n${result.report}\n\n(seed ${options.seed}, ${(result.durationMs / 1000).toFixed(0)} s in all)`);
process.exit(result.ok ? 0 : 1);
