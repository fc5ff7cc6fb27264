// Lints the bundled document with Redocly's recommended rules (redocly.yaml) and fails on any problem, a
// warning as much as an error: Redocly's own exit code counts errors only.
//   node lint.mjs <the bundle>
import { spawnSync } from 'node:child_process';

const document = process.argv[2];
if (!document) {
  console.error('usage: node lint.mjs <the bundled document>');
  process.exit(2);
}
const run = spawnSync('node_modules/.bin/redocly', ['lint', document, '--format=json', '--max-problems=1000'],
  { encoding: 'utf8' });
if (run.error) {
  console.error(`could not run redocly: ${run.error.message}`);
  process.exit(2);
}
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(run.stdout, run.stderr);
  process.exit(2);
}
for (const problem of report.problems) {
  const where = problem.location?.map((location) => location.pointer).join(', ') ?? '';
  console.error(`${problem.severity} ${problem.ruleId}: ${problem.message} (${where})`);
}
const { errors, warnings } = report.totals;
console.log(`${document}: ${errors} errors, ${warnings} warnings`);
process.exit(errors + warnings === 0 ? 0 : 1);
