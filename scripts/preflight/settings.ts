// The preflight's first check: every setting of shared/src/deployment.ts set for the project and not a demo value,
// read from the files the deploy itself reads (Vite's env files for the web, firebase-tools' for the functions).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import {
  DEPLOYMENT_SETTINGS,
  deploymentProblems,
  deploymentSetting,
  settingPlace,
  settingProblem,
  settingProblemText,
  type DeploymentSetting,
} from '@trialdesk/shared';
import type { Problem } from './report.js';

/** The project the preflight checks: as named on the command line, its id, and the alias when it was one. */
export interface Target {
  /** The name given (`--project`): the web's mode and env file are named after it. */
  project: string;
  projectId: string;
  alias?: string;
}

/** The aliases of .firebaserc (`default` among them). */
function aliasesOf(root: string): Record<string, string> {
  const file = join(root, '.firebaserc');
  if (!existsSync(file)) return {};
  return (JSON.parse(readFileSync(file, 'utf8')) as { projects?: Record<string, string> }).projects ?? {};
}

/** The project firebase-tools takes without --project. */
export const defaultProject = (root: string): string | undefined => aliasesOf(root).default;

/** An alias of .firebaserc stands for its project id, as `firebase deploy --project <alias>` takes it. */
export function resolveTarget(root: string, project: string): Target {
  const aliases = aliasesOf(root);
  const projectId = Object.hasOwn(aliases, project) ? aliases[project] : project;
  return { project, projectId, alias: projectId === project ? undefined : project };
}

/** firebase-tools' own reader of the functions' dotenv files (it has no type declarations). */
interface FirebaseToolsEnv {
  loadUserEnvs(opts: {
    functionsSource: string;
    projectDir: string;
    projectId: string;
    projectAlias?: string;
    isEmulator?: boolean;
  }): Record<string, string>;
}
const firebaseToolsEnv = createRequire(import.meta.url)('firebase-tools/lib/functions/env.js') as FirebaseToolsEnv;

/** The web build's variables for `vite build --mode <project>`: Vite's own loader, as web/vite.config.ts reads them. */
export function webValues(root: string, target: Target): Record<string, string> {
  return { ...loadEnv(target.project, join(root, 'web'), 'VITE_') };
}

/**
 * The functions' parameters as `firebase deploy --project <project>` reads them: functions/.env, then
 * functions/.env.<project id> or .env.<alias> (never .env.local, the emulator's).
 */
export function functionsValues(root: string, target: Target): Record<string, string> {
  return firebaseToolsEnv.loadUserEnvs({
    functionsSource: join(root, 'functions'),
    projectDir: root,
    projectId: target.projectId,
    projectAlias: target.alias,
    isEmulator: false,
  });
}

const fixFor = (setting: DeploymentSetting, project: string) =>
  `set ${setting.name} in ${settingPlace(setting, project)} (${setting.side}/.env.example shows each setting)`;

/** Every web and functions setting missing, still a demo value or malformed; a secret's value found in a file. */
export function settingsProblems(
  target: Target,
  web: Record<string, string>,
  functions: Record<string, string>,
): Problem[] {
  const problems: Problem[] = [];
  if (settingProblem(deploymentSetting('VITE_FIREBASE_PROJECT_ID'), target.projectId) === 'demo') {
    problems.push({
      check: 'settings',
      problem: `the project ${target.projectId} is the local stack's demo project, not a Firebase project to deploy to`,
      fix: 'name the real project: npm run preflight -- --project <project id or .firebaserc alias>',
    });
  } else if (web.VITE_FIREBASE_PROJECT_ID && web.VITE_FIREBASE_PROJECT_ID !== target.projectId) {
    problems.push({
      check: 'settings',
      problem: `VITE_FIREBASE_PROJECT_ID is "${web.VITE_FIREBASE_PROJECT_ID}": the web app would call another project than ${target.projectId}`,
      fix: `set VITE_FIREBASE_PROJECT_ID=${target.projectId} in web/.env.${target.project}`,
    });
  }
  for (const [values, side] of [
    [web, 'web'],
    [functions, 'functions'],
  ] as const) {
    for (const { setting, problem } of deploymentProblems(values, [side])) {
      problems.push({
        check: 'settings',
        problem: settingProblemText(setting, problem, values[setting.name]),
        fix: fixFor(setting, target.project),
      });
    }
  }
  if (web.VITE_USE_EMULATORS === 'true') {
    problems.push({
      check: 'settings',
      problem: `VITE_USE_EMULATORS is "true" for mode ${target.project}: that build would call the local emulators`,
      fix: `remove VITE_USE_EMULATORS from web/.env.${target.project} (and web/.env, web/.env.local)`,
    });
  }
  for (const setting of DEPLOYMENT_SETTINGS.filter((s) => s.side === 'secret')) {
    if (setting.name in functions || setting.name in web) {
      problems.push({
        check: 'settings',
        problem: `${setting.name} is written in an env file: it is a secret, which no file of the repository holds`,
        fix: `delete it from that file and set it with firebase functions:secrets:set ${setting.name} --project ${target.projectId}`,
      });
    }
  }
  return problems;
}
