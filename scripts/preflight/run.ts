// The preflight as a function: every check of a deployment for one project, offline (scripts/preflight.ts prints it).
import { join } from 'node:path';
import { ROOT } from '../stack/config.js';
import { buildFunctions, bundleProblems, loadBundle, runtimeEnv } from './bundle.js';
import { cspProblems } from './csp.js';
import { indexesProblems, readFirebaseJson, rulesProblems } from './files.js';
import type { Note, PreflightReport, Problem } from './report.js';
import { functionsValues, resolveTarget, settingsProblems, webValues } from './settings.js';

export { cspProblems } from './csp.js';
export { formatReport, summaryLine, type PreflightReport } from './report.js';

export interface PreflightOptions {
  /** The project as `firebase deploy --project` takes it: its id or an alias of .firebaserc. */
  project: string;
  /** The folder holding firebase.json, the rules, the indexes, web/ and functions/ with their env files. */
  root?: string;
  /** The functions bundle to check; by default functions/lib/index.js of this repository, built first. */
  bundle?: string;
}

export async function preflight(options: PreflightOptions): Promise<PreflightReport> {
  const root = options.root ?? ROOT;
  const target = resolveTarget(root, options.project);
  const problems: Problem[] = [];
  const notes: Note[] = [];
  const web = webValues(root, target);
  let functions: Record<string, string> = {};
  try {
    functions = functionsValues(root, target);
  } catch (error) {
    problems.push({
      check: 'settings',
      problem: `the functions' env files do not read: ${(error as Error).message}`,
      fix: `correct functions/.env and functions/.env.${target.project} (KEY=value lines)`,
    });
  }
  problems.push(...settingsProblems(target, web, functions));

  const config = readFirebaseJson(root);
  problems.push(...rulesProblems(root, config), ...indexesProblems(root, config));

  const buildError = options.bundle ? null : await buildFunctions(ROOT);
  if (buildError) {
    problems.push({
      check: 'functions',
      problem: `the functions do not build: ${buildError}`,
      fix: 'correct the errors npm run build -w functions prints',
    });
  } else {
    const facts = await loadBundle(
      options.bundle ?? join(ROOT, 'functions', 'lib', 'index.js'),
      runtimeEnv(target, functions),
    );
    if ('error' in facts) {
      problems.push({
        check: 'functions',
        problem: `the bundle does not load: ${facts.error}`,
        fix: 'correct what fails at load (node functions/lib/index.js shows it), then npm run build -w functions',
      });
    } else {
      const found = bundleProblems(target, facts, functions);
      problems.push(...found.problems);
      notes.push(...found.notes);
    }
  }

  const authDomain = web.VITE_FIREBASE_AUTH_DOMAIN || `${target.projectId}.firebaseapp.com`;
  const appOrigin = URL.canParse(functions.APP_URL ?? '') ? new URL(functions.APP_URL).origin : undefined;
  problems.push(...cspProblems(config, target.projectId, authDomain, appOrigin));
  return { project: target.project, problems, notes };
}
