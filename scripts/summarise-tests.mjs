// Sums the JSON reports of every tier into one closing line: "Tests: N passed, N failed".
// FAILED_STEPS_WITHOUT_REPORT (from scripts/test-all.sh) adds the failed steps whose failures no
// report counts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  let p = 0,
    f = 0,
    s = 0;
  if ('numPassedTests' in report) {
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    p = report.stats.expected;
    f = report.stats.unexpected + (report.stats.flaky ?? 0);
    s = report.stats.skipped;
  }
  rows.push(`${file.replace('.json', '')}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  passed += p;
  failed += f;
  skipped += s;
}
// A step that failed without a test report of its own (a check, or a tier that could not start)
// counts as one failure, so the closing line never reads "0 failed" for a red run.
const failedSteps = Number(process.env.FAILED_STEPS_WITHOUT_REPORT ?? 0);
if (failedSteps > 0) rows.push(`failed steps without a test report: ${failedSteps}`);
failed += failedSteps;
for (const r of rows) console.log(`  ${r}`);
if (!rows.length || !existsSync(dir)) console.log('  no test report was written');
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
