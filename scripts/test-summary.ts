// Prints the suite's closing line ("N passed, N failed") from vitest's JSON report.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2] ?? 'test-results/vitest.json', 'utf8')) as {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
};
console.log(`${report.numPassedTests} passed, ${report.numFailedTests} failed`);
if (report.numPendingTests > 0) console.error(`${report.numPendingTests} tests were skipped or pending: none should be.`);
process.exit(report.numFailedTests > 0 || report.numPendingTests > 0 ? 1 : 0);
