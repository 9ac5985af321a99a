// The preflight's checks of the deployed files firebase.json names: the security rules parse with the rules
// evaluator of the built-in emulators, and the indexes file is the one the callables' query shapes generate.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { compileRules, RulesError } from '@trialdesk/emulator/rules';
import { indexesFile } from '@trialdesk/functions/queryShapes';
import type { Problem } from './report.js';

export interface FirebaseJson {
  firestore?: { rules?: string; indexes?: string };
  storage?: { rules?: string };
  hosting?: { headers?: { source: string; headers: { key: string; value: string }[] }[] };
}

export function readFirebaseJson(root: string): FirebaseJson {
  return JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as FirebaseJson;
}

const RULES = [
  { product: 'Firestore', service: 'cloud.firestore', file: (config: FirebaseJson) => config.firestore?.rules },
  { product: 'Storage', service: 'firebase.storage', file: (config: FirebaseJson) => config.storage?.rules },
] as const;

/** Each rules file read as the emulators read it: a syntax error or anything unsupported named with line and column. */
export function rulesProblems(root: string, config: FirebaseJson): Problem[] {
  return RULES.flatMap(({ product, service, file }): Problem[] => {
    const name = file(config);
    if (!name || !existsSync(join(root, name))) {
      return [
        {
          check: 'rules',
          problem: `firebase.json names no ${product} rules file that exists (${name ?? 'none named'})`,
          fix: `point firebase.json's ${product === 'Firestore' ? 'firestore' : 'storage'}.rules at the rules file`,
        },
      ];
    }
    try {
      const rules = compileRules(readFileSync(join(root, name), 'utf8'), name);
      if (rules.service === service) return [];
      return [
        {
          check: 'rules',
          problem: `${name} declares service ${rules.service}, not ${service}`,
          fix: `open ${name} with "service ${service} {"`,
        },
      ];
    } catch (error) {
      if (!(error instanceof RulesError)) throw error;
      return [
        {
          check: 'rules',
          problem: `${name} line ${error.line}, column ${error.column}: ${error.message
            .replace(/^[^:]*:\d+:\d+: /, '')
            .replace(/\s+/g, ' ')
            .trim()}`,
          fix: `correct ${name} at line ${error.line}, column ${error.column}`,
        },
      ];
    }
  });
}

/** The indexes file is exactly what `npm run indexes -w functions` writes from the query shapes. */
export function indexesProblems(root: string, config: FirebaseJson): Problem[] {
  const name = config.firestore?.indexes;
  const fix = 'run npm run indexes -w functions and commit firestore.indexes.json';
  if (!name || !existsSync(join(root, name))) {
    return [{ check: 'indexes', problem: `firebase.json names no indexes file that exists (${name ?? 'none'})`, fix }];
  }
  let committed: unknown;
  try {
    committed = JSON.parse(readFileSync(join(root, name), 'utf8'));
  } catch (error) {
    return [{ check: 'indexes', problem: `${name} is not JSON: ${(error as Error).message}`, fix }];
  }
  const wanted = indexesFile();
  if (isDeepStrictEqual(committed, wanted)) return [];
  const have = (committed as { indexes?: unknown[] }).indexes ?? [];
  const key = (index: unknown) => JSON.stringify(index);
  const missing = wanted.indexes.filter((index) => !have.some((other) => key(other) === key(index))).length;
  const extra = have.filter((index) => !wanted.indexes.some((other) => key(other) === key(index))).length;
  return [
    {
      check: 'indexes',
      problem: `${name} differs from the indexes the query shapes need (${missing} missing, ${extra} not needed${missing + extra === 0 ? ', field overrides or order differ' : ''})`,
      fix,
    },
  ];
}
