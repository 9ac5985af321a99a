// What each check of the preflight finds: a problem with the fix that ends it, or a note to act on, and the printout.

/** The preflight's checks, in the order they run and print (docs/operations.md, "Preflight"). */
export const CHECKS = {
  settings: 'Settings of the deployment',
  rules: 'Security rules',
  indexes: 'Composite indexes',
  functions: 'Functions bundle',
  csp: 'Content-Security-Policy',
} as const;

export type CheckName = keyof typeof CHECKS;

/** Something that stops the deployment, and what to do about it. */
export interface Problem {
  check: CheckName;
  problem: string;
  fix: string;
}

/** Something the preflight cannot check offline but the deployment needs done (a secret's value, say). */
export interface Note {
  check: CheckName;
  text: string;
}

export interface PreflightReport {
  project: string;
  problems: Problem[];
  notes: Note[];
}

/** The report as printed: each check with its problems and fixes, its notes, and one closing summary line. */
export function formatReport(report: PreflightReport): string {
  const lines: string[] = [];
  for (const [check, title] of Object.entries(CHECKS) as [CheckName, string][]) {
    const problems = report.problems.filter((found) => found.check === check);
    lines.push(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${title}`);
    for (const found of problems) lines.push(`     ✗ ${found.problem}`, `       fix: ${found.fix}`);
    for (const note of report.notes.filter((found) => found.check === check)) lines.push(`     • ${note.text}`);
  }
  lines.push(summaryLine(report));
  return lines.join('\n');
}

export function summaryLine(report: PreflightReport): string {
  const all = Object.keys(CHECKS).length;
  const failed = new Set(report.problems.map((found) => found.check)).size;
  if (failed === 0) return `preflight ${report.project}: all ${all} checks passed`;
  const count = report.problems.length;
  return `preflight ${report.project}: ${failed} of ${all} checks failed, ${count} problem${count === 1 ? '' : 's'} to fix before firebase deploy`;
}
