// Rule coverage: how often each expression of a rules text was evaluated and to which values, since the rules were
// loaded, in the shape of the Firestore emulator's `:ruleCoverage` report (docs/architecture.md, "Rule coverage").
import type { Block, Expr, RulesTree } from './parser.js';
import { EvalError, RDuration, RLatLng, RMapDiff, RPath, RSet, RTimestamp, type RValue } from './values.js';

/** What the evaluator tells when it has evaluated an expression: its value, or the error it ended with. */
export interface CoverageRecorder {
  record(e: Expr, outcome: RValue | EvalError): void;
}

/** A value as the report shows it: Firestore's typed JSON form, plus the rules' own types and errors. */
export type ValueJson = Record<string, unknown>;

export interface SourcePosition {
  fileName: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  /** The expression's first character, from the start of the file. */
  currentOffset: number;
  /** The character after the expression's last. */
  endOffset: number;
}

/** One expression (firebaserules' ExpressionReport): where it is, what it gave how often, its sub-expressions. */
export interface ExpressionReport {
  sourcePosition: SourcePosition;
  /** Absent when the expression was never evaluated (proto3 JSON leaves empty lists out). */
  values?: { value: ValueJson; count: number }[];
  children?: ExpressionReport[];
}

export interface CoverageReport<E extends ExpressionReport = ExpressionReport> {
  rules: { files: { name: string; content: string }[] };
  report: E[];
}

/** An ExpressionReport with how many times it was evaluated in all (its values may count fewer: MAX_VALUES). */
export interface CountedExpression extends ExpressionReport {
  evaluations: number;
  children?: CountedExpression[];
}

/**
 * Distinct values kept per expression: `request` or `request.time` differ at every request, and a report holding each
 * of them would grow with the traffic. Evaluations past it still count in `evaluations`. It also bounds how many
 * evaluations of an expression have a map, list or long string written out (its values of the first ones only), so a
 * large document read at every request is not serialised at every request.
 */
const MAX_VALUES = 16;
/** Longest string kept whole as a map key of the tally (longer ones take the composite path, within MAX_VALUES). */
const MAX_KEYED_STRING = 256;

interface Tally {
  evaluations: number;
  /** Evaluations whose composite value was written out (at most MAX_VALUES). */
  composites: number;
  values: Map<string, { value: ValueJson; count: number }>;
}

/** The tallies of one rules text, for one project. */
export class RuleCoverage implements CoverageRecorder {
  private readonly tallies = new Map<Expr, Tally>();

  constructor(
    readonly tree: RulesTree,
    readonly source: string,
    readonly fileName: string,
  ) {}

  record(e: Expr, outcome: RValue | EvalError): void {
    let tally = this.tallies.get(e);
    if (!tally) this.tallies.set(e, (tally = { evaluations: 0, composites: 0, values: new Map() }));
    tally.evaluations++;
    const key = primitiveKey(outcome);
    if (key !== undefined) {
      const seen = tally.values.get(key);
      if (seen) seen.count++;
      else if (tally.values.size < MAX_VALUES) tally.values.set(key, { value: valueJson(outcome), count: 1 });
      return;
    }
    // Maps, lists and the like: their JSON is their key, written for the first evaluations only.
    if (tally.composites >= MAX_VALUES || tally.values.size >= MAX_VALUES) return;
    tally.composites++;
    const value = valueJson(outcome);
    const composite = `c:${JSON.stringify(value)}`;
    const seen = tally.values.get(composite);
    if (seen) seen.count++;
    else tally.values.set(composite, { value, count: 1 });
  }

  /** The report: every expression of the rules (allow conditions, functions' lets and bodies) in source order. */
  report(): CoverageReport {
    return this.build(false);
  }

  /** The report with each expression's total of evaluations (the HTML page's counts). */
  countedReport(): CoverageReport<CountedExpression> {
    return this.build(true) as CoverageReport<CountedExpression>;
  }

  private build(counted: boolean): CoverageReport {
    const lines = lineStarts(this.source);
    const node = (e: Expr): ExpressionReport => {
      const start = e.start ?? e.at;
      const end = e.end ?? start;
      const line = lineOf(lines, start);
      const out: ExpressionReport = {
        sourcePosition: {
          fileName: this.fileName,
          line: line + 1,
          column: start - lines[line] + 1,
          currentOffset: start,
          endOffset: end,
        },
      };
      const tally = this.tallies.get(e);
      if (counted) (out as CountedExpression).evaluations = tally?.evaluations ?? 0;
      if (tally && tally.values.size > 0) out.values = [...tally.values.values()].map((v) => ({ ...v }));
      const children = subExpressions(e).map(node);
      if (children.length > 0) out.children = children;
      return out;
    };
    return {
      rules: { files: [{ name: this.fileName, content: this.source }] },
      report: rootExpressions(this.tree).map(node),
    };
  }
}

/** The top-level expressions of a rules tree: each allow condition, function let and function body, in source order. */
export function rootExpressions(tree: RulesTree): Expr[] {
  const out: Expr[] = [];
  const walk = (block: Block) => {
    for (const fn of block.functions.values()) {
      for (const [, value] of fn.lets) out.push(value);
      out.push(fn.body);
    }
    for (const allow of block.allows) if (allow.condition) out.push(allow.condition);
    block.blocks.forEach(walk);
  };
  walk(tree.root);
  return out.sort((a, b) => (a.start ?? a.at) - (b.start ?? b.at));
}

const NAMESPACES = new Set(['math', 'timestamp', 'duration', 'firestore']);

/**
 * The sub-expressions the evaluator evaluates as expressions of their own. A call's callee is not one: `f(x)` evaluates
 * `x` and `f`'s body, `a.size()` evaluates `a`, `math.abs(x)` evaluates `x`.
 */
export function subExpressions(e: Expr): Expr[] {
  switch (e.kind) {
    case 'lit':
    case 'ident':
      return [];
    case 'list':
      return e.items;
    case 'map':
      return e.entries.flat();
    case 'path':
      return e.parts.filter((p): p is Expr => typeof p !== 'string');
    case 'member':
      return [e.object];
    case 'index':
      return [e.object, e.index];
    case 'unary':
      return [e.operand];
    case 'binary':
      return [e.left, e.right];
    case 'is':
      return [e.operand];
    case 'cond':
      return [e.test, e.then, e.otherwise];
    case 'call': {
      const callee = e.callee;
      if (callee.kind === 'member' && !(callee.object.kind === 'ident' && NAMESPACES.has(callee.object.name))) {
        return [callee.object, ...e.args];
      }
      return e.args;
    }
  }
}

/** Offsets where each line starts. */
export function lineStarts(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') starts.push(i + 1);
  return starts;
}

/** The 0-based line holding `offset`. */
export function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A tally key for values that are cheap to key (no JSON made for a value already seen). */
function primitiveKey(v: RValue | EvalError): string | undefined {
  if (v === null) return 'n';
  switch (typeof v) {
    case 'boolean':
      return v ? 't' : 'f';
    case 'bigint':
      return `i:${v}`;
    case 'number':
      return `d:${v}`;
    case 'string':
      return v.length <= MAX_KEYED_STRING ? `s:${v}` : undefined;
  }
  if (v instanceof EvalError) return `e:${v.message}`;
  return undefined;
}

/** A value in Firestore's typed JSON form; the rules' own types as `pathValue`, `setValue`... and errors as `error`. */
export function valueJson(v: RValue | EvalError): ValueJson {
  if (v === null) return { nullValue: 'NULL_VALUE' };
  switch (typeof v) {
    case 'boolean':
      return { boolValue: v };
    case 'bigint':
      return { intValue: String(v) };
    case 'number':
      return { doubleValue: Number.isFinite(v) ? v : String(v) };
    case 'string':
      return { stringValue: v };
  }
  if (v instanceof EvalError) return { error: { message: v.message } };
  if (v instanceof Uint8Array) return { bytesValue: Buffer.from(v).toString('base64') };
  if (Array.isArray(v)) return { listValue: { values: v.map(valueJson) } };
  if (v instanceof Map) return { mapValue: { fields: fieldsJson(v) } };
  if (v instanceof RPath) return { pathValue: v.toString() };
  if (v instanceof RSet) return { setValue: { values: v.items.map(valueJson) } };
  if (v instanceof RTimestamp) return { timestampValue: timestampString(v) };
  if (v instanceof RDuration) return { durationValue: durationString(v.nanos) };
  if (v instanceof RLatLng) return { geoPointValue: { latitude: v.lat, longitude: v.lng } };
  if (v instanceof RMapDiff) return { mapDiffValue: { left: fieldsJson(v.left), right: fieldsJson(v.right) } };
  return { stringValue: String(v) };
}

function fieldsJson(map: Map<string, RValue>): Record<string, ValueJson> {
  const out: Record<string, ValueJson> = {};
  for (const [k, v] of map) out[k] = valueJson(v);
  return out;
}

/** RFC 3339 with the nanoseconds Firestore keeps. */
function timestampString(t: RTimestamp): string {
  const iso = new Date(t.millis).toISOString();
  if (t.subMillisNanos === 0) return iso;
  return `${iso.slice(0, -1)}${String(t.subMillisNanos).padStart(6, '0').replace(/0+$/, '')}Z`;
}

/** A duration as protobuf's JSON writes one: seconds with up to nine decimals, then `s`. */
function durationString(nanos: bigint): string {
  const sign = nanos < 0n ? '-' : '';
  const abs = nanos < 0n ? -nanos : nanos;
  const frac = (abs % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${sign}${abs / 1_000_000_000n}${frac ? `.${frac}` : ''}s`;
}
