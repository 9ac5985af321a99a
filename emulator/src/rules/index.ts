// The security rules language: compile a rules text once (load-time errors name what is unsupported), then decide
// requests against it. Used by the Storage and Firestore emulators, and by tests that check rules decisions directly.
import { evaluate, UNBOUND, type Decision, type EvaluationInput } from './evaluator.js';
import { parseRules, RulesError, type Method, type RulesTree } from './parser.js';

export { RulesError, UNBOUND };
export type { Decision, EvaluationInput, Method };

export interface CompiledRules {
  service: RulesTree['service'];
  /** The rules text as loaded. */
  source: string;
  evaluate(input: EvaluationInput): Promise<Decision>;
}

/** Parses and checks a rules text; throws a RulesError (file, line, column, what) when it cannot be evaluated. */
export function compileRules(source: string, fileName = 'rules'): CompiledRules {
  const tree = parseRules(source, fileName);
  return { service: tree.service, source, evaluate: (input) => evaluate(tree, input) };
}
