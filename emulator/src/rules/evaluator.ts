// Evaluates a parsed rules tree for one request: which match blocks apply to the path, and whether an allow grants.
// Firebase's semantics (docs/architecture.md, "Security rules"): an error in a condition denies that allow only;
// `true || error` is true and `false && error` is false; at most 10 document reads per evaluation.
import type { Fields } from '../common/firestore-value.js';
import type { CoverageRecorder } from './coverage.js';
import type { Block, Expr, FunctionDecl, Method, RulesTree } from './parser.js';
import {
  compare,
  equals,
  EvalError,
  fieldsToMap,
  fromJs,
  isNumber,
  RDuration,
  RLatLng,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  setHas,
  toSet,
  typeName,
  type RValue,
} from './values.js';

export interface EvaluationInput {
  /** The resource path below the service, e.g. `b/bucket/o/uploads/u1/a.pdf` or `databases/(default)/documents/users/u1`. */
  path: string;
  method: Method;
  /** Plain JS: numbers that are integers become `int`, Dates become timestamps. */
  request: unknown;
  /** `UNBOUND`: a query checked before its documents are known (Decision.readsResource tells whether it matters). */
  resource: unknown;
  /** A document of the service's Firestore, `path` like `databases/(default)/documents/users/u1`; null when absent. */
  getDocument?: (path: string) => Promise<Fields | null>;
  /** The same document as it will be if the request's writes succeed (`getAfter()`/`existsAfter()`). */
  getDocumentAfter?: (path: string) => Promise<Fields | null>;
  /** Told each expression's value or error (the rule coverage report); absent, nothing is recorded. */
  coverage?: CoverageRecorder;
}

/** The `resource` of a list request evaluated once for the whole query, before looking at documents. */
export const UNBOUND = Symbol('unbound resource');

export interface Decision {
  allowed: boolean;
  /** Why conditions failed with an error (for the emulator's log); a deny without errors has none. */
  errors: string[];
  /** Set when a condition read `resource` while it was UNBOUND: the decision needs each document. */
  readsResource?: true;
}

const MAX_DOCUMENT_READS = 10;
const MAX_CALL_DEPTH = 20;

interface Scope {
  vars: Map<string, RValue>;
  /** The blocks' functions, innermost last, each with the variables of its block. */
  functions: { fns: Map<string, FunctionDecl>; vars: Map<string, RValue> }[];
}

class Evaluation {
  reads = new Map<string, Promise<RValue>>();
  depth = 0;
  readsResource = false;

  constructor(
    readonly tree: RulesTree,
    readonly input: EvaluationInput,
  ) {}

  eval(e: Expr, scope: Scope): Promise<RValue> {
    const coverage = this.input.coverage;
    if (!coverage) return this.evalNode(e, scope);
    // Tells the coverage what `e` gave; an evaluation error too, which then goes on as before.
    return this.evalNode(e, scope).then(
      (value) => {
        coverage.record(e, value);
        return value;
      },
      (error: unknown) => {
        if (error instanceof EvalError) coverage.record(e, error);
        throw error;
      },
    );
  }

  async evalNode(e: Expr, scope: Scope): Promise<RValue> {
    switch (e.kind) {
      case 'lit':
        return e.value as RValue;
      case 'ident':
        if (scope.vars.has(e.name)) return scope.vars.get(e.name)!;
        if (e.name === 'resource') this.readsResource = true;
        throw new EvalError(`'${e.name}' is not defined`);
      case 'list':
        return Promise.all(e.items.map((item) => this.eval(item, scope)));
      case 'map': {
        const out = new Map<string, RValue>();
        for (const [k, v] of e.entries) out.set(asString(await this.eval(k, scope)), await this.eval(v, scope));
        return out;
      }
      case 'path': {
        const segments: string[] = [];
        for (const part of e.parts) {
          if (typeof part === 'string') segments.push(part);
          else {
            const v = await this.eval(part, scope);
            // $(p) of a path splices its segments; anything else is one segment.
            if (v instanceof RPath) segments.push(...v.segments);
            else segments.push(stringOf(v));
          }
        }
        return new RPath(segments);
      }
      case 'member':
        return member(await this.eval(e.object, scope), e.name);
      case 'index':
        return index(await this.eval(e.object, scope), await this.eval(e.index, scope));
      case 'unary': {
        const v = await this.eval(e.operand, scope);
        if (e.op === '!') return !asBool(v);
        if (typeof v === 'bigint') return -v;
        if (typeof v === 'number') return -v;
        throw new EvalError(`cannot negate a ${typeName(v)}`);
      }
      case 'binary':
        return this.binary(e.op, e.left, e.right, scope);
      case 'is': {
        const v = await this.eval(e.operand, scope);
        const t = typeName(v);
        return e.type === t || (e.type === 'number' && (t === 'int' || t === 'float'));
      }
      case 'cond':
        return asBool(await this.eval(e.test, scope)) ? this.eval(e.then, scope) : this.eval(e.otherwise, scope);
      case 'call':
        return this.call(e, scope);
    }
  }

  async binary(op: string, left: Expr, right: Expr, scope: Scope): Promise<RValue> {
    if (op === '||' || op === '&&') {
      const short = op === '||';
      let leftError: unknown;
      try {
        const l = asBool(await this.eval(left, scope));
        if (l === short) return short;
      } catch (error) {
        if (!(error instanceof EvalError)) throw error;
        leftError = error;
      }
      const r = asBool(await this.eval(right, scope));
      if (r === short) return short;
      if (leftError) throw leftError;
      return r;
    }
    const l = await this.eval(left, scope);
    const r = await this.eval(right, scope);
    switch (op) {
      case '==':
        return equals(l, r);
      case '!=':
        return !equals(l, r);
      case '<':
        return compare(l, r) < 0;
      case '<=':
        return compare(l, r) <= 0;
      case '>':
        return compare(l, r) > 0;
      case '>=':
        return compare(l, r) >= 0;
      case 'in':
        if (Array.isArray(r)) return r.some((x) => equals(x, l));
        if (r instanceof RSet) return setHas(r, l);
        if (r instanceof Map) return r.has(asString(l));
        throw new EvalError(`'in' needs a list, set or map, not a ${typeName(r)}`);
      default:
        return arithmetic(op, l, r);
    }
  }

  async call(e: Extract<Expr, { kind: 'call' }>, scope: Scope): Promise<RValue> {
    const callee = e.callee;
    if (callee.kind === 'ident') {
      const name = callee.name;
      for (let i = scope.functions.length - 1; i >= 0; i--) {
        const fn = scope.functions[i].fns.get(name);
        if (fn) {
          const args = await Promise.all(e.args.map((a) => this.eval(a, scope)));
          return this.invoke(fn, args, { vars: scope.functions[i].vars, functions: scope.functions.slice(0, i + 1) });
        }
      }
      const args = await Promise.all(e.args.map((a) => this.eval(a, scope)));
      return this.global(name, args);
    }
    if (callee.kind === 'member') {
      const ns = callee.object.kind === 'ident' ? callee.object.name : undefined;
      if (
        ns &&
        !scope.vars.has(ns) &&
        (ns === 'math' || ns === 'timestamp' || ns === 'duration' || ns === 'firestore')
      ) {
        const args = await Promise.all(e.args.map((a) => this.eval(a, scope)));
        return this.namespaced(ns, callee.name, args);
      }
      const target = await this.eval(callee.object, scope);
      const args = await Promise.all(e.args.map((a) => this.eval(a, scope)));
      return method(target, callee.name, args);
    }
    throw new EvalError('only functions and methods can be called');
  }

  async invoke(fn: FunctionDecl, args: RValue[], defined: Scope): Promise<RValue> {
    if (++this.depth > MAX_CALL_DEPTH) throw new EvalError(`'${fn.name}' calls itself too deeply`);
    try {
      const vars = new Map(defined.vars);
      fn.params.forEach((p, i) => vars.set(p, args[i]));
      const scope: Scope = { vars, functions: defined.functions };
      for (const [name, value] of fn.lets) vars.set(name, await this.eval(value, scope));
      return await this.eval(fn.body, scope);
    } finally {
      this.depth--;
    }
  }

  async global(name: string, args: RValue[]): Promise<RValue> {
    switch (name) {
      case 'string':
        return stringOf(arg(args, 0));
      case 'int': {
        const v = arg(args, 0);
        if (typeof v === 'bigint') return v;
        if (typeof v === 'number' && Number.isFinite(v)) return BigInt(Math.trunc(v));
        if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
        throw new EvalError(`int() cannot convert ${typeName(v)}`);
      }
      case 'float': {
        const v = arg(args, 0);
        if (isNumber(v)) return Number(v);
        if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
        throw new EvalError(`float() cannot convert ${typeName(v)}`);
      }
      case 'path': {
        const v = asString(arg(args, 0));
        return new RPath(v.split('/').filter(Boolean));
      }
      case 'debug':
        return arg(args, 0);
      case 'get':
        return this.read(asPath(arg(args, 0)), false);
      case 'exists':
        return this.read(asPath(arg(args, 0)), true);
      case 'getAfter':
        return this.read(asPath(arg(args, 0)), false, true);
      case 'existsAfter':
        return this.read(asPath(arg(args, 0)), true, true);
    }
    throw new EvalError(`unsupported function '${name}'`);
  }

  async namespaced(ns: string, name: string, args: RValue[]): Promise<RValue> {
    if (ns === 'firestore') return this.global(name, args);
    if (ns === 'math') {
      const x = arg(args, 0);
      if (!isNumber(x)) throw new EvalError(`math.${name} needs a number`);
      const n = Number(x);
      switch (name) {
        case 'abs':
          return typeof x === 'bigint' ? (x < 0n ? -x : x) : Math.abs(n);
        case 'ceil':
          return Math.ceil(n);
        case 'floor':
          return Math.floor(n);
        case 'round':
          return Math.round(n);
        case 'sqrt':
          return Math.sqrt(n);
        case 'pow': {
          const y = arg(args, 1);
          if (!isNumber(y)) throw new EvalError('math.pow needs numbers');
          return Math.pow(n, Number(y));
        }
        case 'isInfinite':
          return !Number.isFinite(n) && !Number.isNaN(n);
        case 'isNaN':
          return Number.isNaN(n);
      }
    }
    if (ns === 'timestamp') {
      if (name === 'value') return new RTimestamp(Number(asInt(arg(args, 0))));
      const [y, m, d] = [0, 1, 2].map((i) => Number(asInt(arg(args, i))));
      return new RTimestamp(Date.UTC(y, m - 1, d));
    }
    if (ns === 'duration') {
      if (name === 'value') {
        const n = asInt(arg(args, 0));
        const units: Record<string, bigint> = {
          w: 604_800_000_000_000n,
          d: 86_400_000_000_000n,
          h: 3_600_000_000_000n,
          m: 60_000_000_000n,
          s: 1_000_000_000n,
          ms: 1_000_000n,
          ns: 1n,
        };
        const unit = units[asString(arg(args, 1))];
        if (unit === undefined) throw new EvalError('duration.value: unknown unit');
        return new RDuration(n * unit);
      }
      const [h, m, s, ns2] = [0, 1, 2, 3].map((i) => asInt(arg(args, i)));
      return new RDuration(((h * 60n + m) * 60n + s) * 1_000_000_000n + ns2);
    }
    throw new EvalError(`unsupported function '${ns}.${name}'`);
  }

  /**
   * get()/exists() (getAfter()/existsAfter(): as the request's writes leave it): a document of this project's
   * Firestore, as `{data, id, __name__}` or null.
   */
  read(path: RPath, existsOnly: boolean, after = false): Promise<RValue> {
    const key = `${after ? 'after:' : ''}${path.segments.join('/')}`;
    const get = after ? this.input.getDocumentAfter : this.input.getDocument;
    if (!get) throw new EvalError('no Firestore to read documents from');
    if (
      path.segments[0] !== 'databases' ||
      path.segments[2] !== 'documents' ||
      path.segments.length % 2 !== 1 ||
      path.segments.length < 5
    ) {
      throw new EvalError(`'${path}' is not a document path`);
    }
    let pending = this.reads.get(key);
    if (!pending) {
      if (this.reads.size >= MAX_DOCUMENT_READS) {
        throw new EvalError(`more than ${MAX_DOCUMENT_READS} document reads in one request`);
      }
      pending = get(key).then((fields) =>
        fields === null
          ? null
          : new Map<string, RValue>([
              ['data', fieldsToMap(fields)],
              ['id', path.segments[path.segments.length - 1]],
              ['__name__', path],
            ]),
      );
      this.reads.set(key, pending);
    }
    return pending.then((doc) => (existsOnly ? doc !== null : doc));
  }

  /** Whether the allows of the blocks that match the path grant the method. */
  async decide(): Promise<Decision> {
    const errors: string[] = [];
    // Empty segments are kept (a Storage name may have them: `uploads/a//x` is not `uploads/a/x`), a leading slash not.
    const segments = this.input.path.replace(/^\//, '').split('/');
    const base = new Map<string, RValue>([['request', fromJs(this.input.request)]]);
    if (this.input.resource !== UNBOUND) base.set('resource', fromJs(this.input.resource));
    const matched: Scope[] = [];
    const blocks: Block[] = [];
    this.collect(this.tree.root, segments, { vars: base, functions: [] }, matched, blocks);
    for (let i = 0; i < blocks.length; i++) {
      for (const allow of blocks[i].allows) {
        if (!allow.methods.includes(this.input.method)) continue;
        if (!allow.condition) return this.result(true, errors);
        try {
          const v = await this.eval(allow.condition, matched[i]);
          if (v === true) return this.result(true, errors);
          if (typeof v !== 'boolean') errors.push(`a condition gave a ${typeName(v)}, not a bool`);
        } catch (error) {
          if (!(error instanceof EvalError)) throw error;
          errors.push(error.message);
        }
      }
    }
    return this.result(false, errors);
  }

  result(allowed: boolean, errors: string[]): Decision {
    return this.readsResource ? { allowed, errors, readsResource: true } : { allowed, errors };
  }

  /** Blocks whose full path matches `rest`, with their variables and visible functions. */
  collect(block: Block, rest: string[], scope: Scope, matched: Scope[], blocks: Block[]): void {
    const here: Scope = {
      vars: scope.vars,
      functions: [...scope.functions, { fns: block.functions, vars: scope.vars }],
    };
    if (rest.length === 0) {
      matched.push(here);
      blocks.push(block);
    }
    for (const child of block.blocks) {
      const vars = new Map(here.vars);
      let i = 0;
      let whole = false;
      let ok = true;
      for (const seg of child.segments) {
        if ('literal' in seg) {
          if (rest[i] !== seg.literal) ok = false;
          i++;
        } else if (seg.rest) {
          // {x=**}: the rest of the path (zero or more segments in version 2, one or more in version 1).
          const tail = rest.slice(i);
          if (tail.length === 0 && this.tree.version === '1') ok = false;
          vars.set(seg.variable, this.tree.version === '2' ? new RPath(tail) : tail.join('/'));
          i = rest.length;
          whole = true;
        } else {
          if (i >= rest.length) ok = false;
          else vars.set(seg.variable, rest[i]);
          i++;
        }
        if (!ok) break;
      }
      if (!ok || i > rest.length) continue;
      const childScope: Scope = { vars, functions: here.functions };
      if (whole) {
        const inner: Scope = {
          vars,
          functions: [...here.functions, { fns: child.functions, vars }],
        };
        matched.push(inner);
        blocks.push(child);
      } else this.collect(child, rest.slice(i), childScope, matched, blocks);
    }
  }
}

export function evaluate(tree: RulesTree, input: EvaluationInput): Promise<Decision> {
  return new Evaluation(tree, input).decide();
}

function arg(args: RValue[], i: number): RValue {
  if (i >= args.length) throw new EvalError('missing argument');
  return args[i];
}

function asBool(v: RValue): boolean {
  if (typeof v !== 'boolean') throw new EvalError(`expected a bool, got a ${typeName(v)}`);
  return v;
}

function asString(v: RValue): string {
  if (typeof v !== 'string') throw new EvalError(`expected a string, got a ${typeName(v)}`);
  return v;
}

function asInt(v: RValue): bigint {
  if (typeof v !== 'bigint') throw new EvalError(`expected an int, got a ${typeName(v)}`);
  return v;
}

function asPath(v: RValue): RPath {
  if (v instanceof RPath) return v;
  if (typeof v === 'string') return new RPath(v.split('/').filter(Boolean));
  throw new EvalError(`expected a path, got a ${typeName(v)}`);
}

function asList(v: RValue): RValue[] {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return v.items;
  throw new EvalError(`expected a list or set, got a ${typeName(v)}`);
}

function stringOf(v: RValue): string {
  if (typeof v === 'string') return v;
  if (v === null) return 'null';
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(1) : String(v);
  if (v instanceof RPath) return v.toString();
  throw new EvalError(`string() cannot convert a ${typeName(v)}`);
}

function member(v: RValue, name: string): RValue {
  if (v instanceof Map) {
    if (!v.has(name)) throw new EvalError(`property '${name}' is undefined`);
    return v.get(name)!;
  }
  if (v instanceof RLatLng && (name === 'latitude' || name === 'longitude')) {
    return name === 'latitude' ? v.lat : v.lng;
  }
  throw new EvalError(`cannot read '${name}' of a ${typeName(v)}`);
}

function index(v: RValue, i: RValue): RValue {
  if (v instanceof Map) return member(v, asString(i));
  if (Array.isArray(v) || v instanceof RPath) {
    const items: RValue[] = Array.isArray(v) ? v : v.segments;
    const n = Number(asInt(i));
    if (n < 0 || n >= items.length) throw new EvalError(`index ${n} is out of range`);
    return items[n];
  }
  throw new EvalError(`cannot index a ${typeName(v)}`);
}

function arithmetic(op: string, l: RValue, r: RValue): RValue {
  if (typeof l === 'bigint' && typeof r === 'bigint') {
    if ((op === '/' || op === '%') && r === 0n) throw new EvalError('division by zero');
    const out = op === '+' ? l + r : op === '-' ? l - r : op === '*' ? l * r : op === '/' ? l / r : l % r;
    if (out > (1n << 63n) - 1n || out < -(1n << 63n)) throw new EvalError('integer overflow');
    return out;
  }
  if (isNumber(l) && isNumber(r)) {
    const x = Number(l);
    const y = Number(r);
    return op === '+' ? x + y : op === '-' ? x - y : op === '*' ? x * y : op === '/' ? x / y : x % y;
  }
  if (op === '+' && typeof l === 'string' && typeof r === 'string') return l + r;
  if (op === '+' && Array.isArray(l) && Array.isArray(r)) return [...l, ...r];
  if (l instanceof RTimestamp && r instanceof RDuration && (op === '+' || op === '-')) {
    return addNanos(l, op === '+' ? r.nanos : -r.nanos);
  }
  if (l instanceof RDuration && r instanceof RTimestamp && op === '+') return addNanos(r, l.nanos);
  if (l instanceof RTimestamp && r instanceof RTimestamp && op === '-') {
    return new RDuration(timestampNanos(l) - timestampNanos(r));
  }
  if (l instanceof RDuration && r instanceof RDuration && (op === '+' || op === '-')) {
    return new RDuration(op === '+' ? l.nanos + r.nanos : l.nanos - r.nanos);
  }
  throw new EvalError(`cannot apply '${op}' to ${typeName(l)} and ${typeName(r)}`);
}

function timestampNanos(t: RTimestamp): bigint {
  return BigInt(t.millis) * 1_000_000n + BigInt(t.subMillisNanos);
}

function addNanos(t: RTimestamp, nanos: bigint): RTimestamp {
  const total = timestampNanos(t) + nanos;
  let millis = total / 1_000_000n;
  let sub = total % 1_000_000n;
  if (sub < 0n) {
    sub += 1_000_000n;
    millis -= 1n;
  }
  return new RTimestamp(Number(millis), Number(sub));
}

/** A rules regular expression (RE2, whole-string match) as a JS one; syntax JS lacks is an evaluation error. */
function regex(pattern: string, whole: boolean): RegExp {
  try {
    return new RegExp(whole ? `^(?:${pattern})$` : pattern, whole ? 'u' : 'gu');
  } catch {
    throw new EvalError(`invalid regular expression '${pattern}'`);
  }
}

function method(v: RValue, name: string, args: RValue[]): RValue {
  if (typeof v === 'string') {
    switch (name) {
      case 'size':
        return BigInt([...v].length);
      case 'matches':
        return regex(asString(arg(args, 0)), true).test(v);
      case 'lower':
        return v.toLowerCase();
      case 'upper':
        return v.toUpperCase();
      case 'trim':
        return v.trim();
      case 'split':
        return v.split(regex(asString(arg(args, 0)), false));
      case 'replace':
        return v.replace(regex(asString(arg(args, 0)), false), asString(arg(args, 1)));
      case 'toUtf8':
        return new Uint8Array(Buffer.from(v, 'utf8'));
    }
  }
  if (v instanceof Uint8Array && name === 'size') return BigInt(v.length);
  if (Array.isArray(v) || v instanceof RSet) {
    const items = asList(v);
    switch (name) {
      case 'size':
        return BigInt(items.length);
      case 'hasAll':
        return asList(arg(args, 0)).every((x) => items.some((y) => equals(x, y)));
      case 'hasAny':
        return asList(arg(args, 0)).some((x) => items.some((y) => equals(x, y)));
      case 'hasOnly': {
        const allowed = asList(arg(args, 0));
        return items.every((x) => allowed.some((y) => equals(x, y)));
      }
    }
    if (Array.isArray(v)) {
      switch (name) {
        case 'join':
          return items.map(asString).join(asString(arg(args, 0)));
        case 'concat':
          return [...items, ...asList(arg(args, 0))];
        case 'removeAll': {
          const drop = asList(arg(args, 0));
          return items.filter((x) => !drop.some((y) => equals(x, y)));
        }
        case 'toSet':
          return toSet(items);
      }
    } else {
      const other = asList(arg(args, 0));
      switch (name) {
        case 'difference':
          return toSet(items.filter((x) => !other.some((y) => equals(x, y))));
        case 'intersection':
          return toSet(items.filter((x) => other.some((y) => equals(x, y))));
        case 'union':
          return toSet([...items, ...other]);
      }
    }
  }
  if (v instanceof Map) {
    switch (name) {
      case 'size':
        return BigInt(v.size);
      case 'keys':
        return [...v.keys()];
      case 'values':
        return [...v.values()];
      case 'get': {
        const key = arg(args, 0);
        const fallback = arg(args, 1);
        let at: RValue = v;
        for (const k of Array.isArray(key) ? key : [key]) {
          if (!(at instanceof Map) || !at.has(asString(k))) return fallback;
          at = at.get(asString(k))!;
        }
        return at;
      }
      case 'diff': {
        const other = arg(args, 0);
        if (!(other instanceof Map)) throw new EvalError('diff() needs a map');
        return new RMapDiff(v, other);
      }
    }
  }
  if (v instanceof RMapDiff) {
    const keys = new Set([...v.left.keys(), ...v.right.keys()]);
    const changed = (k: string) => v.left.has(k) && v.right.has(k) && !equals(v.left.get(k)!, v.right.get(k)!);
    const pick = (test: (k: string) => boolean) => toSet([...keys].filter(test));
    switch (name) {
      case 'addedKeys':
        return pick((k) => !v.left.has(k));
      case 'removedKeys':
        return pick((k) => !v.right.has(k));
      case 'changedKeys':
        return pick(changed);
      case 'affectedKeys':
        return pick((k) => !v.left.has(k) || !v.right.has(k) || changed(k));
      case 'unchangedKeys':
        return pick((k) => v.left.has(k) && v.right.has(k) && !changed(k));
    }
  }
  if (v instanceof RTimestamp) {
    const d = new Date(v.millis);
    switch (name) {
      case 'year':
        return BigInt(d.getUTCFullYear());
      case 'month':
        return BigInt(d.getUTCMonth() + 1);
      case 'day':
        return BigInt(d.getUTCDate());
      case 'hours':
        return BigInt(d.getUTCHours());
      case 'minutes':
        return BigInt(d.getUTCMinutes());
      case 'seconds':
        return BigInt(d.getUTCSeconds());
      case 'nanos':
        return BigInt(d.getUTCMilliseconds()) * 1_000_000n + BigInt(v.subMillisNanos);
      case 'toMillis':
        return BigInt(v.millis);
      case 'date':
        return new RTimestamp(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
      case 'time':
        return new RDuration(
          BigInt(v.millis - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())) * 1_000_000n,
        );
      case 'dayOfWeek':
        return BigInt(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
      case 'dayOfYear':
        return BigInt(Math.floor((v.millis - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1);
    }
  }
  if (v instanceof RDuration) {
    if (name === 'seconds') return v.nanos / 1_000_000_000n;
    if (name === 'nanos') return v.nanos % 1_000_000_000n;
  }
  throw new EvalError(`a ${typeName(v)} has no method '${name}'`);
}
