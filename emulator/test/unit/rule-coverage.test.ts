// Rule coverage internals: each expression's source span as the parser records it, the report's tree (what counts
// as a sub-expression), the typed JSON of each kind of value, the bound on distinct values, and the page's escaping.
import { describe, expect, it } from 'vitest';
import {
  rootExpressions,
  RuleCoverage,
  subExpressions,
  valueJson,
  type CountedExpression,
  type ExpressionReport,
} from '../../src/rules/coverage.js';
import { compileRules } from '../../src/rules/index.js';
import { parseRules, type Expr } from '../../src/rules/parser.js';
import { EvalError, RDuration, RLatLng, RPath, RSet, RTimestamp, toSet } from '../../src/rules/values.js';
import { formatValue, renderCoverageHtml } from '../../src/firestore/routes/coverage-html.js';

const wrap = (condition: string) => `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /c/{id} {
      allow get: if ${condition};
    }
  }
}
`;

/** Each expression's source text in `body` (a function's, with names to use), parents before their children. */
function texts(body: string): string[] {
  const source = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /c/{id} {
      function a() { return true; }
      function t(b, d, x, y, n) { return ${body}; }
    }
  }
}`;
  const out: string[] = [];
  const walk = (e: Expr) => {
    out.push(source.slice(e.start, e.end));
    subExpressions(e).forEach(walk);
  };
  const roots = rootExpressions(parseRules(source));
  expect(roots.map((e) => source.slice(e.start, e.end))).toEqual(['true', body]);
  walk(roots[1]);
  return out;
}

describe('source spans', () => {
  it('cover each expression whole: operators, calls, members, indexes, parentheses', () => {
    expect(texts("(a() || b.c[0]) && !d.keys().hasAny(['x', 1])")).toEqual([
      "(a() || b.c[0]) && !d.keys().hasAny(['x', 1])",
      '(a() || b.c[0])',
      'a()',
      'b.c[0]',
      'b.c',
      'b',
      '0',
      "!d.keys().hasAny(['x', 1])",
      "d.keys().hasAny(['x', 1])",
      'd.keys()',
      'd',
      "['x', 1]",
      "'x'",
      '1',
    ]);
  });

  it('cover conditionals, lists, maps, `is`, path literals and namespaced functions', () => {
    expect(texts("x is string ? [1, 2.5] : {'k': -y}")).toEqual([
      "x is string ? [1, 2.5] : {'k': -y}",
      'x is string',
      'x',
      '[1, 2.5]',
      '1',
      '2.5',
      "{'k': -y}",
      "'k'",
      '-y',
      'y',
    ]);
    expect(texts('exists(/databases/$(database)/documents/u/$(id)) && math.abs(n) > 1')).toEqual([
      'exists(/databases/$(database)/documents/u/$(id)) && math.abs(n) > 1',
      'exists(/databases/$(database)/documents/u/$(id))',
      '/databases/$(database)/documents/u/$(id)',
      'database',
      'id',
      'math.abs(n) > 1',
      'math.abs(n)',
      'n',
      '1',
    ]);
  });

  it('lists functions’ lets and bodies and every allow condition in source order', () => {
    const source = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function f() {
      let a = 1;
      return a == 1;
    }
    match /c/{id} {
      allow get;
      allow list: if f();
      allow create: if true;
    }
  }
}`;
    expect(rootExpressions(parseRules(source)).map((e) => source.slice(e.start, e.end))).toEqual([
      '1',
      'a == 1',
      'f()',
      'true',
    ]);
  });
});

describe('values', () => {
  it('are written in Firestore’s typed JSON, with the rules’ own types and errors', () => {
    expect(valueJson(null)).toEqual({ nullValue: 'NULL_VALUE' });
    expect(valueJson(true)).toEqual({ boolValue: true });
    expect(valueJson(12n)).toEqual({ intValue: '12' });
    expect(valueJson(1.5)).toEqual({ doubleValue: 1.5 });
    expect(valueJson(Number.NaN)).toEqual({ doubleValue: 'NaN' });
    expect(valueJson('a')).toEqual({ stringValue: 'a' });
    expect(valueJson(new Uint8Array([1, 2]))).toEqual({ bytesValue: 'AQI=' });
    expect(valueJson([1n, 'b'])).toEqual({ listValue: { values: [{ intValue: '1' }, { stringValue: 'b' }] } });
    expect(valueJson(new Map([['k', false]]))).toEqual({ mapValue: { fields: { k: { boolValue: false } } } });
    expect(valueJson(new RPath(['databases', '(default)', 'documents', 'u', 'a']))).toEqual({
      pathValue: '/databases/(default)/documents/u/a',
    });
    expect(valueJson(toSet(['x']))).toEqual({ setValue: { values: [{ stringValue: 'x' }] } });
    expect(valueJson(new RSet([]))).toEqual({ setValue: { values: [] } });
    expect(valueJson(new RTimestamp(Date.UTC(2026, 10, 27, 8, 0, 0, 123), 456_000))).toEqual({
      timestampValue: '2026-11-27T08:00:00.123456Z',
    });
    expect(valueJson(new RDuration(-1_500_000_000n))).toEqual({ durationValue: '-1.5s' });
    expect(valueJson(new RLatLng(45.5, -73.6))).toEqual({ geoPointValue: { latitude: 45.5, longitude: -73.6 } });
    expect(valueJson(new EvalError("property 'x' is undefined"))).toEqual({
      error: { message: "property 'x' is undefined" },
    });
  });

  it('of maps and lists are written out for the first 16 evaluations only, and the page says so', async () => {
    const rules = compileRules(wrap('request.auth.uid == "nobody"'));
    const coverage = rules.newCoverage();
    for (let i = 0; i < 20; i++) {
      await rules.evaluate({
        path: 'databases/(default)/documents/c/x',
        method: 'get',
        request: { auth: { uid: 'same' } },
        resource: null,
        coverage,
      });
    }
    const auth = coverage.countedReport().report[0].children![0].children![0];
    expect(auth.evaluations).toBe(20);
    expect(auth.values).toEqual([{ value: { mapValue: { fields: { uid: { stringValue: 'same' } } } }, count: 16 }]);
    const html = renderCoverageHtml('p', coverage.countedReport());
    expect(html).toContain('{uid: &#39;same&#39;} ×16\n4 more not listed');
    expect(html).toContain('<span class="more">4 more not listed</span>');
  });

  it('are kept up to 16 distinct per expression, while every evaluation is counted', async () => {
    const rules = compileRules(wrap("request.auth.uid == 'nobody'"));
    const coverage = rules.newCoverage();
    for (let i = 0; i < 20; i++) {
      await rules.evaluate({
        path: 'databases/(default)/documents/c/x',
        method: 'get',
        request: { auth: { uid: `u${i % 18}` } },
        resource: null,
        coverage,
      });
    }
    const uid = coverage.countedReport().report[0].children![0];
    expect(uid.evaluations).toBe(20);
    expect(uid.values).toHaveLength(16);
    expect(uid.values!.slice(0, 2)).toEqual([
      { value: { stringValue: 'u0' }, count: 2 },
      { value: { stringValue: 'u1' }, count: 2 },
    ]);
    // The plain report has no totals: its shape is Google's.
    expect(coverage.report().report[0]).not.toHaveProperty('evaluations');
  });

  it('are not recorded when the evaluation is given no coverage', async () => {
    const rules = compileRules(wrap('true'));
    const coverage = rules.newCoverage();
    await rules.evaluate({ path: 'databases/(default)/documents/c/x', method: 'get', request: {}, resource: null });
    expect(coverage.report().report[0].values).toBeUndefined();
    expect(coverage).toBeInstanceOf(RuleCoverage);
  });
});

describe('the page', () => {
  const position = (source: string, text: string) => {
    const at = source.indexOf(text);
    return { fileName: 'f.rules', line: 1, column: at + 1, currentOffset: at, endOffset: at + text.length };
  };

  it('escapes the rules and the values, and nests the marks as the expressions nest', () => {
    const source = "a < b && c == '<i>'";
    const leaf = (text: string, evaluations: number, values?: ExpressionReport['values']): CountedExpression => ({
      sourcePosition: position(source, text),
      evaluations,
      ...(values ? { values } : {}),
    });
    const root: CountedExpression = {
      ...leaf(source, 1, [{ value: { boolValue: false }, count: 1 }]),
      children: [leaf('a < b', 1, [{ value: { boolValue: false }, count: 1 }]), leaf("c == '<i>'", 0)],
    };
    const html = renderCoverageHtml('p<1>', {
      rules: { files: [{ name: 'f.rules', content: source }] },
      report: [root],
    });
    expect(html).toContain('<title>Rule coverage · p&#60;1&#62;</title>');
    expect(html).toContain(
      '<span class="x no" title="line 1, column 1: evaluated once\nfalse ×1">' +
        '<span class="x no" title="line 1, column 1: evaluated once\nfalse ×1">a &#60; b</span> &#38;&#38; ' +
        '<span class="x none" title="line 1, column 10: never evaluated">c == &#39;&#60;i&#62;&#39;</span></span>',
    );
    expect(html).toContain('<b>2</b> of <b>3</b> expressions evaluated');
  });

  it('writes values as the rules language does', () => {
    expect(formatValue({ mapValue: { fields: { a: { intValue: '1' }, b: { stringValue: 'x' } } } })).toBe(
      "{a: 1, b: 'x'}",
    );
    expect(formatValue({ doubleValue: 2 })).toBe('2.0');
    expect(formatValue({ listValue: { values: [{ nullValue: 'NULL_VALUE' }] } })).toBe('[null]');
    expect(formatValue({ error: { message: 'boom' } })).toBe('error: boom');
  });
});
