// CI check: openapi/openapi.json against the spec of the last release (openapi/released.json), with Optic's breaking
// change rules (its libraries, run in-process: offline, no telemetry). A break passes only when
// openapi/accepted-breaks.json lists it with the reason it is intended; an entry that no longer matches a break fails
// too, so the list stays the truth about what changed since the release.
//
//   node scripts/openapi-breaks.ts             # the check (scripts/test.sh runs it)
//   node scripts/openapi-breaks.ts --release   # cutting a release: the current spec becomes the baseline, the list empties
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkOpenAPIVersion, denormalize, parseOpenAPIWithSourcemap } from '@useoptic/openapi-io';
import { compareSpecs } from '@useoptic/openapi-utilities';
import { RuleRunner } from '@useoptic/rulesets-base';
import { BreakingChangesRuleset } from '@useoptic/standard-rulesets';

const file = (name: string) => fileURLToPath(new URL(`../openapi/${name}`, import.meta.url));
const CURRENT = file('openapi.json');
const RELEASED = file('released.json');
const ACCEPTED = file('accepted-breaks.json');

interface AcceptedBreak {
  /** Optic's rule name, e.g. `prevent removing response property`. */
  rule: string;
  /** Optic's description of the place, e.g. `POST /api/n8n/generate response 200 response body: application/json property x`. */
  where: string;
  /** Why the break is intended and what integrators must do. */
  reason: string;
}

interface AcceptedFile {
  $comment?: string;
  accepted: AcceptedBreak[];
}

const readAccepted = (): AcceptedFile => JSON.parse(readFileSync(ACCEPTED, 'utf8')) as AcceptedFile;

if (process.argv.includes('--release')) {
  copyFileSync(CURRENT, RELEASED);
  writeFileSync(ACCEPTED, `${JSON.stringify({ ...readAccepted(), accepted: [] }, null, 2)}\n`);
  console.log('openapi/released.json is now the current spec; openapi/accepted-breaks.json is empty.');
  process.exit(0);
}

/** A spec as Optic's rules read it (parsed with its source map, shared parameters folded into operations). */
async function load(path: string) {
  const parsed = await parseOpenAPIWithSourcemap(path);
  const version = checkOpenAPIVersion(parsed.jsonLike);
  return { ...denormalize({ ...parsed, version }, version, []), isEmptySpec: false };
}

const [released, current] = await Promise.all([load(RELEASED), load(CURRENT)]);
const { results } = await compareSpecs(released, current, new RuleRunner([new BreakingChangesRuleset()]), {});
const breaks = results.filter((result) => !result.passed && !result.exempted);

const accepted = readAccepted().accepted;
const matches = (entry: AcceptedBreak, result: (typeof breaks)[number]) => entry.rule === result.name && entry.where === result.where;
const unaccepted = breaks.filter((result) => !accepted.some((entry) => matches(entry, result)));
const stale = accepted.filter((entry) => !breaks.some((result) => matches(entry, result)));
const unexplained = accepted.filter((entry) => !entry.reason?.trim());

for (const result of unaccepted) {
  console.error(`breaking: [${result.name}] ${result.where}\n  ${result.error ?? ''}\n  at ${result.location.jsonPath}`);
}
if (unaccepted.length) {
  console.error(
    `\n${unaccepted.length} breaking change(s) against openapi/released.json. Integrators' clients break on these. Keep the API compatible, or add each to openapi/accepted-breaks.json as {"rule", "where", "reason"}:`,
  );
  console.error(JSON.stringify(unaccepted.map((result) => ({ rule: result.name, where: result.where, reason: '' })), null, 2));
}
for (const entry of stale) console.error(`accepted but no longer a break (remove it): [${entry.rule}] ${entry.where}`);
for (const entry of unexplained) console.error(`accepted without a reason: [${entry.rule}] ${entry.where}`);
if (unaccepted.length || stale.length || unexplained.length) process.exit(1);
console.log(`no unannounced breaking change against the last release (${breaks.length} accepted in openapi/accepted-breaks.json)`);
