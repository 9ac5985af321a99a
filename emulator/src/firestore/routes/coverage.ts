// The rule coverage report of a project, as the Firestore emulator serves it to @firebase/rules-unit-testing users:
// `GET /emulator/v1/projects/{project}:ruleCoverage` (JSON) and `…:ruleCoverage.html` (the rules, annotated).
import { FirestoreRules } from '../firestore-rules.js';
import type { EmulatorState } from '../state.js';
import type { RestRoute } from './admin.js';
import { renderCoverageHtml } from './coverage-html.js';

/** The project's coverage since its rules in force were loaded (empty tallies when nothing was decided yet). */
function coverageOf(state: EmulatorState, project: string) {
  return (state.rules ??= new FirestoreRules()).coverageFor(decodeURIComponent(project));
}

/** `{rules: {files: [{name, content}]}, report: [ExpressionReport]}`. */
export const ruleCoverage: RestRoute = (state, [project]) => ({
  code: 200,
  body: JSON.stringify(coverageOf(state, project).report()),
});

/** The same report as a page: the rules text with each expression marked, and a table of what each one gave. */
export const ruleCoverageHtml: RestRoute = (state, [project]) => {
  const coverage = coverageOf(state, project);
  return {
    code: 200,
    body: renderCoverageHtml(decodeURIComponent(project), coverage.countedReport()),
    type: 'text/html; charset=utf-8',
  };
};
