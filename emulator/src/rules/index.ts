// The security rules language: compile a rules text once (load-time errors name what is unsupported), then decide
// requests against it. Used by the Storage and Firestore emulators, and by tests that check rules decisions directly.
import { RuleCoverage } from './coverage.js';
import { evaluate, UNBOUND, type Decision, type EvaluationInput } from './evaluator.js';
import { parseRules, RulesError, type Method, type RulesTree } from './parser.js';

export { RuleCoverage, RulesError, UNBOUND };
export type { Decision, EvaluationInput, Method };

export interface CompiledRules {
  service: RulesTree['service'];
  /** The rules text as loaded. */
  source: string;
  evaluate(input: EvaluationInput): Promise<Decision>;
  /** Empty tallies of these rules' expressions, to pass as `coverage` of the evaluations to record. */
  newCoverage(): RuleCoverage;
}

/** Parses and checks a rules text; throws a RulesError (file, line, column, what) when it cannot be evaluated. */
export function compileRules(source: string, fileName = 'rules'): CompiledRules {
  const tree = parseRules(source, fileName);
  return {
    service: tree.service,
    source,
    evaluate: (input) => evaluate(tree, input),
    newCoverage: () => new RuleCoverage(tree, source, fileName),
  };
}
