#!/usr/bin/env node
// n8n's verification lint, run locally on what would be published. `@n8n/scan-community-package` only scans a
// package from the npm registry (it requires npm provenance and fetches the attested source), so this script applies
// the same rules to the packed tarball: n8n's community-node rules (`@n8n/eslint-plugin-community-nodes`,
// recommended), `no-console`, and the community rules of `eslint-plugin-n8n-nodes-base` on package.json, over the
// tarball's compiled JS and its package.json, as the scanner's tarball leg does. Any finding (error or warning)
// makes it exit 1.
//
//   node scripts/scan-tarball.mjs               pnpm pack (which builds), extract, scan
//   node scripts/scan-tarball.mjs x.tgz         extract that tarball, scan
//   node scripts/scan-tarball.mjs some/folder   scan a tarball already extracted there
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';

const PACKAGE_DIR = resolve(import.meta.dirname, '..');
/** What the scanner lints in a tarball: its compiled JS and the published package.json. */
const PATTERNS = ['**/*.js', 'package.json'];

function scanConfig() {
  return [
    n8nCommunityNodesPlugin.configs.recommended,
    { rules: { 'no-console': 'error' } },
    { plugins: { 'n8n-nodes-base': n8nNodesBase } },
    { files: ['package.json'], rules: { ...n8nNodesBase.configs.community.rules } },
    // package.json is read as a JS object literal by the TypeScript parser, so the package.json rules can see it.
    { files: ['**/*.json'], languageOptions: { parser: tsParser } },
    { ignores: ['node_modules/**'] },
  ];
}

/** Lints an extracted package folder; returns the findings, formatted, and how many there are. */
export async function scanFolder(folder) {
  const eslint = new ESLint({ cwd: folder, allowInlineConfig: false, overrideConfigFile: true, overrideConfig: scanConfig() });
  const results = await eslint.lintFiles(PATTERNS);
  const findings = results.reduce((sum, result) => sum + result.errorCount + result.warningCount, 0);
  const files = results.length;
  const report = await (await eslint.loadFormatter('stylish')).format(results);
  return { files, findings, report };
}

function extract(tarball, into) {
  execFileSync('tar', ['-xzf', tarball, '-C', into], { stdio: 'pipe' });
  return join(into, 'package');
}

function packAndExtract(into) {
  execFileSync('pnpm', ['pack', '--pack-destination', into], { cwd: PACKAGE_DIR, stdio: 'pipe' });
  const tarball = readdirSync(into).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball into ${into}`);
  return extract(join(into, tarball), into);
}

async function main() {
  const target = process.argv[2];
  const temp = mkdtempSync(join(tmpdir(), 'scan-tarball-'));
  try {
    let folder;
    if (!target) folder = packAndExtract(temp);
    else if (statSync(target).isDirectory()) folder = resolve(target);
    else folder = extract(resolve(target), temp);
    const { files, findings, report } = await scanFolder(folder);
    if (files === 0) {
      console.error(`scan-tarball: no JS or package.json found in ${folder}`);
      return 1;
    }
    if (findings > 0) {
      console.error(report);
      console.error(`scan-tarball: ${findings} finding(s) in ${files} file(s)`);
      return 1;
    }
    console.log(`scan-tarball: ${files} file(s) of the packed package pass n8n's community package rules`);
    return 0;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

process.exitCode = await main();
