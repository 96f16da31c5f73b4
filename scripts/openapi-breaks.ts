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

export interface AcceptedBreak {
  /** Optic's rule name, e.g. `prevent removing response property`. */
  rule: string;
  /** Optic's description of the place, e.g. `POST /api/n8n/generate response 200 response body: application/json property x`. */
  where: string;
  /** Why the break is intended and what integrators must do. */
  reason: string;
}

export interface Break {
  rule: string;
  where: string;
  error: string;
  jsonPath: string;
}

/** A spec file as Optic's rules read it (parsed with its source map, shared parameters folded into operations). */
async function load(path: string): Promise<Parameters<typeof compareSpecs>[0]> {
  const parsed = await parseOpenAPIWithSourcemap(path);
  const version = checkOpenAPIVersion(parsed.jsonLike);
  if (version === '2.x.x') throw new Error(`${path} is Swagger 2; only OpenAPI 3 is compared`);
  const spec = denormalize({ ...parsed, version }, version, []);
  return { ...spec, jsonLike: spec.jsonLike as Parameters<typeof compareSpecs>[0]['jsonLike'], isEmptySpec: false };
}

/** The breaking changes from the spec file `released` to the spec file `current` (absolute paths). */
export async function findBreaks(released: string, current: string): Promise<Break[]> {
  const [before, after] = await Promise.all([load(released), load(current)]);
  const { results } = await compareSpecs(before, after, new RuleRunner([new BreakingChangesRuleset()]), {});
  return results
    .filter((result) => !result.passed && !result.exempted)
    .map((result) => ({ rule: result.name, where: result.where, error: result.error ?? '', jsonPath: result.location.jsonPath }));
}

/** What the check refuses: breaks nobody accepted, accepted entries that match no break, and entries without a reason. */
export function judge(breaks: readonly Break[], accepted: readonly AcceptedBreak[]) {
  const matches = (entry: AcceptedBreak, found: Break) => entry.rule === found.rule && entry.where === found.where;
  return {
    unaccepted: breaks.filter((found) => !accepted.some((entry) => matches(entry, found))),
    stale: accepted.filter((entry) => !breaks.some((found) => matches(entry, found))),
    unexplained: accepted.filter((entry) => !entry.reason?.trim()),
  };
}

async function main(): Promise<number> {
  const file = (name: string) => fileURLToPath(new URL(`../openapi/${name}`, import.meta.url));
  const current = file('openapi.json');
  const released = file('released.json');
  const acceptedFile = file('accepted-breaks.json');
  const list = JSON.parse(readFileSync(acceptedFile, 'utf8')) as { accepted: AcceptedBreak[] };

  if (process.argv.includes('--release')) {
    copyFileSync(current, released);
    writeFileSync(acceptedFile, `${JSON.stringify({ ...list, accepted: [] }, null, 2)}\n`);
    console.log('openapi/released.json is now the current spec; openapi/accepted-breaks.json is empty.');
    return 0;
  }

  const breaks = await findBreaks(released, current);
  const { unaccepted, stale, unexplained } = judge(breaks, list.accepted);
  for (const found of unaccepted) console.error(`breaking: [${found.rule}] ${found.where}\n  ${found.error}\n  at ${found.jsonPath}`);
  if (unaccepted.length) {
    console.error(
      `\n${unaccepted.length} breaking change(s) against openapi/released.json: integrators' clients break on these. Keep the API compatible, or list each in openapi/accepted-breaks.json with the reason:`,
    );
    console.error(
      JSON.stringify(
        unaccepted.map(({ rule, where }) => ({ rule, where, reason: '' })),
        null,
        2,
      ),
    );
  }
  for (const entry of stale) console.error(`accepted but no longer a break (remove it): [${entry.rule}] ${entry.where}`);
  for (const entry of unexplained) console.error(`accepted without a reason: [${entry.rule}] ${entry.where}`);
  if (unaccepted.length || stale.length || unexplained.length) return 1;
  console.log(`no unannounced breaking change against the last release (${breaks.length} accepted in openapi/accepted-breaks.json)`);
  return 0;
}

if (import.meta.main) process.exitCode = await main();
