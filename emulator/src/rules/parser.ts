// The security rules language read into a tree: service, match blocks, allow statements, functions, expressions.
// Anything the evaluator does not implement is refused here, at load time, naming it (docs/architecture.md).

export class RulesError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
    fileName = 'rules',
  ) {
    super(`${fileName}:${line}:${column}: ${message}`);
    this.name = 'RulesError';
  }
}

export type Expr = (
  | { kind: 'lit'; value: unknown; at: number }
  | { kind: 'ident'; name: string; at: number }
  | { kind: 'list'; items: Expr[]; at: number }
  | { kind: 'map'; entries: [Expr, Expr][]; at: number }
  | { kind: 'path'; parts: (string | Expr)[]; at: number }
  | { kind: 'member'; object: Expr; name: string; at: number }
  | { kind: 'index'; object: Expr; index: Expr; at: number }
  | { kind: 'call'; callee: Expr; args: Expr[]; at: number }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr; at: number }
  | { kind: 'binary'; op: string; left: Expr; right: Expr; at: number }
  | { kind: 'is'; operand: Expr; type: string; at: number }
  | { kind: 'cond'; test: Expr; then: Expr; otherwise: Expr; at: number }
) &
  /** Where the whole expression is in the source: its first character and the one after its last (the coverage report). */
  { start?: number; end?: number };

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: [string, Expr][];
  body: Expr;
}

export type Segment = { literal: string } | { variable: string; rest: boolean };

export type Method = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface Allow {
  methods: Method[];
  /** null: `allow m;` without a condition. */
  condition: Expr | null;
}

export interface Block {
  segments: Segment[];
  allows: Allow[];
  functions: Map<string, FunctionDecl>;
  blocks: Block[];
}

export interface RulesTree {
  version: '1' | '2';
  service: 'firebase.storage' | 'cloud.firestore';
  root: Block;
}

const METHODS: Record<string, Method[]> = {
  read: ['get', 'list'],
  write: ['create', 'update', 'delete'],
  get: ['get'],
  list: ['list'],
  create: ['create'],
  update: ['update'],
  delete: ['delete'],
};

const TYPES = new Set([
  'bool',
  'int',
  'float',
  'number',
  'string',
  'list',
  'map',
  'timestamp',
  'duration',
  'path',
  'latlng',
  'bytes',
  'set',
  'map_diff',
]);

/** Methods the evaluator implements on some type (a call of any other name is refused at load time). */
export const METHOD_NAMES = new Set([
  'size',
  'matches',
  'lower',
  'upper',
  'trim',
  'split',
  'replace',
  'toUtf8',
  'hasAll',
  'hasAny',
  'hasOnly',
  'join',
  'concat',
  'removeAll',
  'toSet',
  'keys',
  'values',
  'get',
  'diff',
  'addedKeys',
  'removedKeys',
  'changedKeys',
  'affectedKeys',
  'unchangedKeys',
  'difference',
  'intersection',
  'union',
  'year',
  'month',
  'day',
  'hours',
  'minutes',
  'seconds',
  'nanos',
  'toMillis',
  'date',
  'time',
  'dayOfWeek',
  'dayOfYear',
]);

/** Namespaced functions: `math.abs(x)`, `firestore.get(p)`... */
export const NAMESPACES: Record<string, Set<string>> = {
  math: new Set(['abs', 'ceil', 'floor', 'round', 'sqrt', 'pow', 'isInfinite', 'isNaN']),
  timestamp: new Set(['value', 'date']),
  duration: new Set(['value', 'time']),
  firestore: new Set(['get', 'exists']),
};

/** Global functions, per service. */
const GLOBAL_FUNCTIONS = new Set(['string', 'int', 'float', 'path', 'debug']);
const FIRESTORE_FUNCTIONS = new Set(['get', 'exists', 'getAfter', 'existsAfter']);

const PRECEDENCE: [string, number][] = [
  ['||', 1],
  ['&&', 2],
  ['==', 3],
  ['!=', 3],
  ['<=', 3],
  ['>=', 3],
  ['<', 3],
  ['>', 3],
  ['in', 3],
  ['is', 3],
  ['+', 4],
  ['-', 4],
  ['*', 5],
  ['/', 5],
  ['%', 5],
];

/** Deepest nesting of expressions and blocks: deeper input is refused rather than overflowing the stack. */
const MAX_DEPTH = 200;

class Parser {
  pos = 0;
  depth = 0;

  constructor(
    readonly src: string,
    readonly fileName: string,
  ) {}

  error(message: string, at = this.pos): RulesError {
    let line = 1;
    let col = 1;
    for (let i = 0; i < at && i < this.src.length; i++) {
      if (this.src[i] === '\n') {
        line++;
        col = 1;
      } else col++;
    }
    return new RulesError(message, line, col, this.fileName);
  }

  skip(): void {
    for (;;) {
      const c = this.src[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.pos++;
      else if (c === '/' && this.src[this.pos + 1] === '/') {
        while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
      } else if (c === '/' && this.src[this.pos + 1] === '*') {
        const end = this.src.indexOf('*/', this.pos + 2);
        if (end < 0) throw this.error('unterminated comment');
        this.pos = end + 2;
      } else return;
    }
  }

  peek(text: string): boolean {
    this.skip();
    if (!this.src.startsWith(text, this.pos)) return false;
    // A keyword or name must not run on into a longer name.
    if (/\w$/.test(text) && /\w/.test(this.src[this.pos + text.length] ?? '')) return false;
    return true;
  }

  eat(text: string): boolean {
    if (!this.peek(text)) return false;
    this.pos += text.length;
    return true;
  }

  expect(text: string): void {
    if (!this.eat(text)) throw this.error(`expected '${text}'${this.found()}`);
  }

  found(): string {
    this.skip();
    return this.pos >= this.src.length ? ' at the end' : ` before '${this.src.slice(this.pos, this.pos + 12)}'`;
  }

  name(): string {
    this.skip();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.src.slice(this.pos, this.pos + 256));
    if (!m) throw this.error(`expected a name${this.found()}`);
    this.pos += m[0].length;
    return m[0];
  }

  /** Sets where `e` is in the source: from `start` to `end` (by default, where the parser is now). */
  span<T extends Expr>(e: T, start: number | undefined, end: number | undefined = this.pos): T {
    e.start = start;
    e.end = end;
    return e;
  }

  nest<T>(fn: () => T): T {
    if (++this.depth > MAX_DEPTH) throw this.error('the rules are nested too deeply');
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  file(): RulesTree {
    let version: '1' | '2' = '1';
    if (this.eat('rules_version')) {
      this.expect('=');
      const at = this.pos;
      const v = this.string();
      if (v !== '1' && v !== '2') throw this.error(`unsupported rules_version '${v}'`, at);
      version = v;
      this.expect(';');
    }
    this.expect('service');
    const at = this.pos;
    const parts = [this.name()];
    while (this.eat('.')) parts.push(this.name());
    const service = parts.join('.');
    if (service !== 'firebase.storage' && service !== 'cloud.firestore') {
      throw this.error(`unsupported service '${service}'`, at);
    }
    this.expect('{');
    const root = this.blockBody([]);
    this.skip();
    if (this.pos < this.src.length) throw this.error('only one service per rules file');
    return { version, service, root };
  }

  /** Statements up to the closing brace. */
  blockBody(segments: Segment[]): Block {
    const block: Block = { segments, allows: [], functions: new Map(), blocks: [] };
    while (!this.eat('}')) {
      if (this.pos >= this.src.length) throw this.error("expected '}' at the end");
      if (this.eat('match')) block.blocks.push(this.nest(() => this.match()));
      else if (this.eat('allow')) block.allows.push(this.allow());
      else if (this.eat('function')) {
        const at = this.pos;
        const fn = this.function();
        if (block.functions.has(fn.name)) throw this.error(`function '${fn.name}' is defined twice`, at);
        block.functions.set(fn.name, fn);
      } else {
        const at = this.pos;
        throw this.error(`unsupported statement '${this.src.slice(at, at + 20).split(/\s/)[0]}'`, at);
      }
    }
    return block;
  }

  match(): Block {
    this.skip();
    const segments: Segment[] = [];
    while (this.src[this.pos] === '/') {
      this.pos++;
      if (this.src[this.pos] === '{') {
        const close = this.src.indexOf('}', this.pos);
        if (close < 0) throw this.error("expected '}'");
        const inner = this.src.slice(this.pos + 1, close);
        const m = /^([A-Za-z_][A-Za-z0-9_]*)(=\*\*)?$/.exec(inner);
        if (!m) throw this.error(`unsupported path segment '{${inner}}'`);
        if (segments.some((s) => 'rest' in s && s.rest)) throw this.error('a {name=**} segment must be last');
        segments.push({ variable: m[1], rest: !!m[2] });
        this.pos = close + 1;
      } else {
        const m = /^[^/\s{}]+/.exec(this.src.slice(this.pos, this.pos + 1024));
        if (!m) throw this.error('expected a path segment');
        segments.push({ literal: m[0] });
        this.pos += m[0].length;
      }
    }
    if (segments.length === 0) throw this.error("expected a path starting with '/'");
    this.expect('{');
    return this.blockBody(segments);
  }

  allow(): Allow {
    const methods = new Set<Method>();
    do {
      const at = this.pos;
      const name = this.name();
      const expanded = METHODS[name];
      if (!expanded) throw this.error(`unknown method '${name}'`, at);
      for (const m of expanded) methods.add(m);
    } while (this.eat(','));
    let condition: Expr | null = null;
    if (this.eat(':')) {
      this.expect('if');
      condition = this.expr();
    }
    this.expect(';');
    return { methods: [...methods], condition };
  }

  function(): FunctionDecl {
    const name = this.name();
    this.expect('(');
    const params: string[] = [];
    if (!this.eat(')')) {
      do params.push(this.name());
      while (this.eat(','));
      this.expect(')');
    }
    this.expect('{');
    const lets: [string, Expr][] = [];
    while (this.eat('let')) {
      const variable = this.name();
      this.expect('=');
      lets.push([variable, this.expr()]);
      this.expect(';');
    }
    this.expect('return');
    const body = this.expr();
    this.eat(';');
    this.expect('}');
    return { name, params, lets, body };
  }

  expr(): Expr {
    return this.nest(() => {
      const test = this.binary(1);
      this.skip();
      const at = this.pos;
      if (!this.eat('?')) return test;
      const then = this.expr();
      this.expect(':');
      const otherwise = this.expr();
      return this.span({ kind: 'cond', test, then, otherwise, at }, test.start, otherwise.end);
    });
  }

  operator(): [string, number] | undefined {
    this.skip();
    for (const [op, prec] of PRECEDENCE) {
      if (!this.src.startsWith(op, this.pos)) continue;
      if ((op === 'in' || op === 'is') && /\w/.test(this.src[this.pos + 2] ?? '')) continue;
      if ((op === '<' || op === '>') && this.src[this.pos + 1] === '=') continue;
      if (op === '/' && (this.src[this.pos + 1] === '/' || this.src[this.pos + 1] === '*')) continue;
      return [op, prec];
    }
    return undefined;
  }

  binary(min: number): Expr {
    let left = this.unary();
    for (;;) {
      const op = this.operator();
      if (!op || op[1] < min) return left;
      const at = this.pos;
      this.pos += op[0].length;
      if (op[0] === 'is') {
        const typeAt = this.pos;
        const type = this.name();
        if (!TYPES.has(type)) throw this.error(`unknown type '${type}'`, typeAt);
        left = this.span({ kind: 'is', operand: left, type, at }, left.start);
        continue;
      }
      const right = this.nest(() => this.binary(op[1] + 1));
      left = this.span({ kind: 'binary', op: op[0], left, right, at }, left.start, right.end);
    }
  }

  unary(): Expr {
    this.skip();
    const at = this.pos;
    if (this.src[at] === '!' && this.src[at + 1] !== '=') {
      this.pos++;
      const operand = this.nest(() => this.unary());
      return this.span({ kind: 'unary', op: '!', operand, at }, at, operand.end);
    }
    if (this.src[at] === '-' && !/[0-9]/.test(this.src[at + 1] ?? '')) {
      this.pos++;
      const operand = this.nest(() => this.unary());
      return this.span({ kind: 'unary', op: '-', operand, at }, at, operand.end);
    }
    return this.postfix();
  }

  postfix(): Expr {
    let e = this.primary();
    for (;;) {
      this.skip();
      const at = this.pos;
      if (this.eat('.')) e = this.span({ kind: 'member', object: e, name: this.name(), at }, e.start);
      else if (this.eat('[')) {
        const index = this.expr();
        this.expect(']');
        e = this.span({ kind: 'index', object: e, index, at }, e.start);
      } else if (this.eat('(')) {
        const args: Expr[] = [];
        if (!this.eat(')')) {
          do args.push(this.expr());
          while (this.eat(','));
          this.expect(')');
        }
        e = this.span({ kind: 'call', callee: e, args, at }, e.start);
      } else return e;
    }
  }

  string(): string {
    this.skip();
    const quote = this.src[this.pos];
    if (quote !== "'" && quote !== '"') throw this.error(`expected a string${this.found()}`);
    let out = '';
    let i = this.pos + 1;
    for (;;) {
      const c = this.src[i];
      if (c === undefined || c === '\n') throw this.error('unterminated string');
      if (c === quote) break;
      if (c === '\\') {
        const n = this.src[i + 1];
        const escapes: Record<string, string> = {
          n: '\n',
          t: '\t',
          r: '\r',
          '\\': '\\',
          "'": "'",
          '"': '"',
          '.': '\\.',
        };
        if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(this.src.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(this.src.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        // Other escapes (regular expressions: \d, \w, \s...) stay as written for `matches`.
        out += escapes[n] ?? `\\${n}`;
        i += 2;
        continue;
      }
      out += c;
      i++;
    }
    this.pos = i + 1;
    return out;
  }

  primary(): Expr {
    this.skip();
    const at = this.pos;
    const c = this.src[at];
    if (c === undefined) throw this.error('expected an expression at the end');
    if (c === "'" || c === '"') return this.span({ kind: 'lit', value: this.string(), at }, at);
    const num = /^-?(\d+\.\d*(e[+-]?\d+)?|\d+e[+-]?\d+|\.\d+|\d+)/i.exec(this.src.slice(at, at + 64));
    if (num && (c !== '-' || /\d/.test(this.src[at + 1]))) {
      this.pos += num[0].length;
      const text = num[0];
      return this.span({ kind: 'lit', value: /[.e]/i.test(text) ? Number(text) : BigInt(text), at }, at);
    }
    if (this.eat('(')) {
      const e = this.expr();
      this.expect(')');
      // A parenthesised expression spans its parentheses, so the expression around it spans them too.
      return this.span(e, at);
    }
    if (this.eat('[')) {
      const items: Expr[] = [];
      if (!this.eat(']')) {
        do items.push(this.expr());
        while (this.eat(','));
        this.expect(']');
      }
      return this.span({ kind: 'list', items, at }, at);
    }
    if (this.eat('{')) {
      const entries: [Expr, Expr][] = [];
      if (!this.eat('}')) {
        do {
          const key = this.expr();
          this.expect(':');
          entries.push([key, this.expr()]);
        } while (this.eat(','));
        this.expect('}');
      }
      return this.span({ kind: 'map', entries, at }, at);
    }
    if (c === '/') return this.pathLiteral();
    const name = this.name();
    if (name === 'true') return this.span({ kind: 'lit', value: true, at }, at);
    if (name === 'false') return this.span({ kind: 'lit', value: false, at }, at);
    if (name === 'null') return this.span({ kind: 'lit', value: null, at }, at);
    return this.span({ kind: 'ident', name, at }, at);
  }

  /** `/databases/$(database)/documents/users/$(uid)`: literal segments and `$(expr)` interpolations. */
  pathLiteral(): Expr {
    const at = this.pos;
    const parts: (string | Expr)[] = [];
    while (this.src[this.pos] === '/' && this.src[this.pos + 1] !== '/' && this.src[this.pos + 1] !== '*') {
      this.pos++;
      if (this.src.startsWith('$(', this.pos)) {
        this.pos += 2;
        parts.push(this.expr());
        this.expect(')');
      } else {
        const m = /^[A-Za-z0-9_\-.~%()]+/.exec(this.src.slice(this.pos, this.pos + 1024));
        if (!m) throw this.error('expected a path segment');
        // `(default)` is a segment; a ')' closing an enclosing call ends it (and what follows is not path).
        let seg = '';
        let open = 0;
        for (const ch of m[0]) {
          if (ch === '(') open++;
          else if (ch === ')' && open-- === 0) break;
          seg += ch;
        }
        parts.push(seg);
        this.pos += seg.length;
      }
    }
    return this.span({ kind: 'path', parts, at }, at);
  }
}

/** Checks names against what is in scope: a name, function or method the evaluator lacks is a load-time error. */
function check(tree: RulesTree, parser: Parser): void {
  const globals = new Set(['request', 'resource', 'math', 'timestamp', 'duration']);
  if (tree.service === 'firebase.storage') globals.add('firestore');
  const functions: Map<string, FunctionDecl>[] = [];

  const findFunction = (name: string) => {
    for (let i = functions.length - 1; i >= 0; i--) {
      const fn = functions[i].get(name);
      if (fn) return fn;
    }
    return undefined;
  };

  const expr = (e: Expr, names: Set<string>): void => {
    switch (e.kind) {
      case 'lit':
        return;
      case 'ident':
        if (!names.has(e.name) && !globals.has(e.name)) throw parser.error(`unknown name '${e.name}'`, e.at);
        if (e.name in NAMESPACES) throw parser.error(`'${e.name}' is only used to call its functions`, e.at);
        return;
      case 'list':
        return e.items.forEach((item) => expr(item, names));
      case 'map':
        return e.entries.forEach(([k, v]) => (expr(k, names), expr(v, names)));
      case 'path':
        return e.parts.forEach((p) => typeof p !== 'string' && expr(p, names));
      case 'member':
        if (e.object.kind === 'ident' && e.object.name in NAMESPACES && !names.has(e.object.name)) {
          throw parser.error(`'${e.object.name}.${e.name}' must be called`, e.at);
        }
        return expr(e.object, names);
      case 'index':
        return (expr(e.object, names), expr(e.index, names));
      case 'unary':
        return expr(e.operand, names);
      case 'binary':
        return (expr(e.left, names), expr(e.right, names));
      case 'is':
        return expr(e.operand, names);
      case 'cond':
        return (expr(e.test, names), expr(e.then, names), expr(e.otherwise, names));
      case 'call': {
        e.args.forEach((a) => expr(a, names));
        const callee = e.callee;
        if (callee.kind === 'ident') {
          const fn = findFunction(callee.name);
          if (fn) {
            if (fn.params.length !== e.args.length) {
              throw parser.error(`'${callee.name}' takes ${fn.params.length} arguments, not ${e.args.length}`, e.at);
            }
            return;
          }
          if (GLOBAL_FUNCTIONS.has(callee.name)) return;
          if (tree.service === 'cloud.firestore' && FIRESTORE_FUNCTIONS.has(callee.name)) return;
          throw parser.error(`unsupported function '${callee.name}'`, callee.at);
        }
        if (callee.kind === 'member') {
          const ns = callee.object.kind === 'ident' ? callee.object.name : undefined;
          if (ns && ns in NAMESPACES && !names.has(ns) && (ns !== 'firestore' || globals.has(ns))) {
            if (!NAMESPACES[ns].has(callee.name))
              throw parser.error(`unsupported function '${ns}.${callee.name}'`, callee.at);
            return;
          }
          if (!METHOD_NAMES.has(callee.name)) throw parser.error(`unsupported method '${callee.name}'`, callee.at);
          return expr(callee.object, names);
        }
        throw parser.error('only functions and methods can be called', e.at);
      }
    }
  };

  const fnBody = (fn: FunctionDecl, names: Set<string>) => {
    const inner = new Set([...names, ...fn.params]);
    for (const [variable, value] of fn.lets) {
      expr(value, inner);
      inner.add(variable);
    }
    expr(fn.body, inner);
  };

  const block = (b: Block, names: Set<string>) => {
    const inner = new Set(names);
    for (const s of b.segments) if ('variable' in s) inner.add(s.variable);
    functions.push(b.functions);
    for (const fn of b.functions.values()) fnBody(fn, inner);
    for (const allow of b.allows) if (allow.condition) expr(allow.condition, inner);
    for (const child of b.blocks) block(child, inner);
    functions.pop();
  };
  block(tree.root, new Set());
}

export function parseRules(source: string, fileName = 'rules'): RulesTree {
  const parser = new Parser(source, fileName);
  const tree = parser.file();
  check(tree, parser);
  return tree;
}
