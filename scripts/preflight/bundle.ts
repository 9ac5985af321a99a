// The preflight's functions check: the bundle firebase deploy uploads loads and declares exactly the contract's
// callables, in the region, with the timeout, memory, secrets, parameters and App Check enforcement they need.
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CALLABLE_NAMES,
  CALLABLE_TIMEOUT_MS,
  DEPLOYMENT_SETTINGS,
  FUNCTIONS_REGION,
  deploymentSetting,
  type DeploymentSetting,
} from '@trialdesk/shared';
import type { BundleFacts } from './bundle-child.js';
import type { Note, Problem } from './report.js';
import type { Target } from './settings.js';

const SCRIPTS = join(import.meta.dirname, '..');

/** firebase-tools' memory for a 2nd gen function that names none (MiB); no callable may run with less. */
export const DEFAULT_MEMORY_MB = 256;

const REBUILD = 'npm run build -w functions';

/** Builds functions/lib as the deploy's predeploy step does; the build's error output, or null once built. */
export async function buildFunctions(root: string): Promise<string | null> {
  try {
    await promisify(execFile)('npm', ['run', 'build', '-w', 'functions'], { cwd: root });
    return null;
  } catch (error) {
    const { stderr, message } = error as { stderr?: string; message: string };
    return (stderr || message).trim().split('\n').slice(-6).join(' / ');
  }
}

/** The environment a deployed function starts with: the project's, and each parameter's value or its default. */
export function runtimeEnv(target: Target, functions: Record<string, string>): NodeJS.ProcessEnv {
  const defaults = DEPLOYMENT_SETTINGS.flatMap((s: DeploymentSetting) =>
    s.side === 'functions' && s.default !== undefined ? [[s.name, s.default]] : [],
  );
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GCLOUD_PROJECT: target.projectId,
    FIREBASE_CONFIG: JSON.stringify({ projectId: target.projectId }),
    ...Object.fromEntries(defaults),
    ...functions,
  };
}

/** Loads `entry` in a child process (bundle-child.ts); its facts, or why it would not load. */
export function loadBundle(entry: string, env: NodeJS.ProcessEnv): Promise<BundleFacts | { error: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(SCRIPTS, 'preflight', 'bundle-child.ts'), entry], {
      cwd: SCRIPTS,
      env,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    let facts: BundleFacts | undefined;
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('message', (message) => (facts = message as BundleFacts));
    child.on('close', (code) => {
      // Node's report of an uncaught error: its source line, then "Error: message" and the stack.
      const error = /^\w*Error\b.*$/m.exec(stderr)?.[0] ?? (stderr.trim() || `exit code ${code}`);
      done(facts ?? { error });
    });
  });
}

/** What the loaded bundle's callables, secrets and parameters lack against the contract and the settings. */
export function bundleProblems(
  target: Target,
  facts: BundleFacts,
  functions: Record<string, string>,
): { problems: Problem[]; notes: Note[] } {
  const problems: Problem[] = [];
  const notes: Note[] = [];
  const add = (problem: string, fix: string) => problems.push({ check: 'functions', problem, fix });
  const callables = Object.keys(facts.endpoints).filter((name) => 'callableTrigger' in facts.endpoints[name]);
  const contract: readonly string[] = CALLABLE_NAMES;

  const missing = contract.filter((name) => !callables.includes(name));
  if (missing.length > 0) {
    add(
      `the bundle lacks callables of the contract (shared/src/contract.ts): ${missing.join(', ')}`,
      `export each from functions/src/index.ts (its kind's callables.ts), then ${REBUILD}`,
    );
  }
  const extra = callables.filter((name) => !contract.includes(name));
  if (extra.length > 0) {
    add(
      `the bundle declares callables the contract does not: ${extra.join(', ')}`,
      'add each to shared/src/contract.ts, or delete it from functions/src',
    );
  }
  for (const [name, endpoint] of Object.entries(facts.endpoints)) {
    const region = endpoint.region as string[] | undefined;
    if (region?.length !== 1 || region[0] !== FUNCTIONS_REGION) {
      add(
        `${name} deploys to ${region?.join(', ') ?? 'us-central1 (no region named)'}, not ${FUNCTIONS_REGION}`,
        `give it region: FUNCTIONS_REGION (functions/src/common/callable.ts sets it for every callable)`,
      );
    }
  }
  for (const name of callables) {
    const { timeoutSeconds, availableMemoryMb } = facts.endpoints[name] as {
      timeoutSeconds?: number;
      availableMemoryMb?: number;
    };
    if (typeof timeoutSeconds !== 'number' || timeoutSeconds * 1000 >= CALLABLE_TIMEOUT_MS) {
      add(
        `${name}'s timeout is ${typeof timeoutSeconds === 'number' ? `${timeoutSeconds} s` : 'not set'}: the web gives up after ${CALLABLE_TIMEOUT_MS / 1000} s, so it must end sooner`,
        `set timeoutSeconds below ${CALLABLE_TIMEOUT_MS / 1000} in functions/src/common/callable.ts`,
      );
    }
    if ((availableMemoryMb ?? DEFAULT_MEMORY_MB) < DEFAULT_MEMORY_MB) {
      add(
        `${name} runs with ${availableMemoryMb} MiB, less than the ${DEFAULT_MEMORY_MB} MiB the callables are measured with`,
        `give it memory: '${DEFAULT_MEMORY_MB}MiB' or more`,
      );
    }
  }
  problems.push(...secretProblems(target, facts, notes), ...paramProblems(target, facts, functions));
  const appCheck = appCheckProblems(facts, callables, functions, notes);
  problems.push(...appCheck);
  return { problems, notes };
}

/** Every secret a function reads is a setting of the deployment, and every secret setting is read by a function. */
function secretProblems(target: Target, facts: BundleFacts, notes: Note[]): Problem[] {
  const problems: Problem[] = [];
  const readers = new Map<string, string[]>();
  for (const [name, endpoint] of Object.entries(facts.endpoints)) {
    for (const { key } of (endpoint.secretEnvironmentVariables as { key: string }[] | undefined) ?? []) {
      readers.set(key, [...(readers.get(key) ?? []), name]);
    }
  }
  const secrets = DEPLOYMENT_SETTINGS.filter((s) => s.side === 'secret').map((s) => s.name as string);
  for (const [secret, names] of readers) {
    if (secrets.includes(secret)) continue;
    problems.push({
      check: 'functions',
      problem: `${names.join(', ')} read the secret ${secret}, which shared/src/deployment.ts does not declare`,
      fix: `declare ${secret} in DEPLOYMENT_SETTINGS (side 'secret') and document it in docs/operations.md`,
    });
  }
  for (const secret of secrets) {
    const names = readers.get(secret);
    if (names) {
      notes.push({
        check: 'functions',
        text: `secret ${secret} (read by ${names.length} functions): the preflight cannot read Secret Manager; once per project run firebase functions:secrets:set ${secret} --project ${target.projectId}`,
      });
    } else {
      problems.push({
        check: 'functions',
        problem: `no function declares the secret ${secret} of shared/src/deployment.ts: the deployed functions would not receive it`,
        fix: `list it in the secrets of the functions that read it, or delete it from DEPLOYMENT_SETTINGS`,
      });
    }
  }
  return problems;
}

/** Parameters the deploy would ask for (no value, no default), and defaults that differ from the settings'. */
function paramProblems(target: Target, facts: BundleFacts, functions: Record<string, string>): Problem[] {
  const problems: Problem[] = [];
  for (const param of facts.params) {
    if (param.type === 'secret') continue;
    const setting = DEPLOYMENT_SETTINGS.find((s) => s.name === param.name) as DeploymentSetting | undefined;
    if (setting?.side === 'functions') {
      if (setting.default !== undefined && String(param.default) !== setting.default) {
        problems.push({
          check: 'functions',
          problem: `the parameter ${param.name} defaults to ${JSON.stringify(param.default)} in the functions, to "${setting.default}" in shared/src/deployment.ts`,
          fix: `make its definition take the default from DEPLOYMENT_SETTINGS`,
        });
      }
    } else if (param.default === undefined && !(param.name in functions)) {
      problems.push({
        check: 'functions',
        problem: `the parameter ${param.name} has no value and no default: firebase deploy would stop to ask for it`,
        fix: `declare it in shared/src/deployment.ts and set it in functions/.env.${target.project}, or give it a default`,
      });
    }
  }
  return problems;
}

/** Each callable refuses a call without an App Check token when ENFORCE_APP_CHECK says so, and only then. */
function appCheckProblems(
  facts: BundleFacts,
  callables: string[],
  functions: Record<string, string>,
  notes: Note[],
): Problem[] {
  const enforce = (functions.ENFORCE_APP_CHECK ?? deploymentSetting('ENFORCE_APP_CHECK').default) === 'true';
  const enforcing = callables.filter((name) => facts.probes[name]?.error === 'UNAUTHENTICATED');
  const open = callables.filter((name) => facts.probes[name]?.error === 'INTERNAL');
  const unclear = callables.filter((name) => !enforcing.includes(name) && !open.includes(name));
  const problems: Problem[] = [];
  if (unclear.length > 0) {
    problems.push({
      check: 'functions',
      problem: `callables that answered a call without tokens neither with App Check's refusal nor the SDK's: ${unclear.join(', ')}`,
      fix: 'make each an onCall of functions/src/common/callable.ts',
    });
  }
  if (enforce && open.length > 0) {
    problems.push({
      check: 'functions',
      problem: `callables that accept calls without an App Check token although ENFORCE_APP_CHECK is true: ${open.join(', ')}`,
      fix: 'pass enforceAppCheck (the ENFORCE_APP_CHECK parameter) in the onCall options of functions/src/common/callable.ts',
    });
  }
  if (!enforce) {
    if (enforcing.length > 0) {
      problems.push({
        check: 'functions',
        problem: `ENFORCE_APP_CHECK is false, yet ${enforcing.join(', ')} refuse calls without an App Check token`,
        fix: 'have every callable take enforceAppCheck from the ENFORCE_APP_CHECK parameter (functions/src/common/callable.ts)',
      });
    }
    notes.push({
      check: 'functions',
      text: 'App Check is not enforced (ENFORCE_APP_CHECK=false): for a first deployment only; set it to true once the App Check console shows the web app’s requests verified (docs/operations.md, "App Check")',
    });
  }
  return problems;
}
