// `npm run preflight -- --project <id>`: checks offline what a deployment of TrialDesk to that Firebase project needs
// (its settings, the rules, the indexes, the functions bundle, the CSP) and names each fix (docs/operations.md,
// "Preflight"). Without --project, .firebaserc's default (the local stack's demo project, which fails). Exits 1 when
// anything would fail, 2 when asked wrongly.
import { parseArgs } from 'node:util';
import { formatReport, preflight } from './preflight/run.js';
import { defaultProject } from './preflight/settings.js';
import { ROOT } from './stack/config.js';

let project: string | undefined;
try {
  project = parseArgs({ options: { project: { type: 'string', short: 'P' } } }).values.project ?? defaultProject(ROOT);
} catch (error) {
  console.error(`${(error as Error).message}\nUsage: npm run preflight -- --project <project id or .firebaserc alias>`);
  process.exit(2);
}
if (!project) {
  console.error('No project: npm run preflight -- --project <project id or .firebaserc alias>');
  process.exit(2);
}
const report = await preflight({ project });
console.log(formatReport(report));
process.exit(report.problems.length > 0 ? 1 : 0);
