// The rule coverage report as one page without scripts: the rules text with each expression marked by what it gave
// (true, false, other values, an error, never evaluated) and a hover note, per line the evaluations, and a table of
// every expression with its count and values. Everything from the rules or the requests is escaped.
import type { CountedExpression, CoverageReport, ValueJson } from '../../rules/coverage.js';

/** What an expression gave, as a CSS class: all true, all false, both, other values, an error, never evaluated. */
type State = 'yes' | 'no' | 'mixed' | 'val' | 'err' | 'none';

const STATE_LABEL: Record<State, string> = {
  yes: 'always true',
  no: 'always false',
  mixed: 'true and false',
  val: 'a value',
  err: 'an error',
  none: 'never evaluated',
};

const MAX_SHOWN = 120;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function stateOf(e: CountedExpression): State {
  if (e.evaluations === 0) return 'none';
  const values = e.values ?? [];
  if (values.length === 0) return 'val';
  const kinds = new Set(
    values.map(({ value }) => ('boolValue' in value ? String(value.boolValue) : 'error' in value ? 'err' : 'val')),
  );
  if (kinds.size === 1) return kinds.has('true') ? 'yes' : kinds.has('false') ? 'no' : kinds.has('err') ? 'err' : 'val';
  if (kinds.size === 2 && kinds.has('true') && kinds.has('false')) return 'mixed';
  return kinds.has('err') ? 'err' : 'mixed';
}

function clip(text: string, max = MAX_SHOWN): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** A value written as the rules language writes it (`true`, `'abc'`, `[1, 2]`, `{a: 1}`, `/databases/…`). */
export function formatValue(v: ValueJson): string {
  const [kind, inner] = Object.entries(v)[0] ?? ['', undefined];
  const list = (items: ValueJson[] | undefined) => (items ?? []).map(formatValue).join(', ');
  const fields = (f: Record<string, ValueJson> | undefined) =>
    Object.entries(f ?? {})
      .map(([k, x]) => `${k}: ${formatValue(x)}`)
      .join(', ');
  switch (kind) {
    case 'nullValue':
      return 'null';
    case 'boolValue':
    case 'intValue':
      return String(inner);
    case 'doubleValue':
      return typeof inner === 'number' && Number.isInteger(inner) ? inner.toFixed(1) : String(inner);
    case 'stringValue':
      return `'${clip(String(inner), 60)}'`;
    case 'bytesValue':
      return `b'${clip(String(inner), 24)}'`;
    case 'listValue':
      return `[${list((inner as { values?: ValueJson[] }).values)}]`;
    case 'setValue':
      return `set(${list((inner as { values?: ValueJson[] }).values)})`;
    case 'mapValue':
      return `{${fields((inner as { fields?: Record<string, ValueJson> }).fields)}}`;
    case 'pathValue':
      return String(inner);
    case 'timestampValue':
      return `timestamp ${String(inner)}`;
    case 'durationValue':
      return `duration ${String(inner)}`;
    case 'geoPointValue': {
      const { latitude, longitude } = inner as { latitude: number; longitude: number };
      return `latlng(${latitude}, ${longitude})`;
    }
    case 'mapDiffValue':
      return 'map_diff';
    case 'error':
      return `error: ${(inner as { message: string }).message}`;
  }
  return JSON.stringify(v);
}

function valueClass(v: ValueJson): string {
  if ('boolValue' in v) return v.boolValue ? 'yes' : 'no';
  return 'error' in v ? 'err' : 'val';
}

function times(n: number): string {
  return n === 1 ? 'once' : `${n} times`;
}

/** The hover note of an expression in the rules text. */
function note(e: CountedExpression): string {
  const where = `line ${e.sourcePosition.line}, column ${e.sourcePosition.column}`;
  if (e.evaluations === 0) return `${where}: never evaluated`;
  const values = (e.values ?? []).map(({ value, count }) => `${clip(formatValue(value), 80)} ×${count}`);
  const listed = (e.values ?? []).reduce((sum, v) => sum + v.count, 0);
  if (listed < e.evaluations) values.push(`${e.evaluations - listed} more not listed`);
  return `${where}: evaluated ${times(e.evaluations)}\n${values.join('\n')}`;
}

/** Every expression, parents before their children, in source order. */
function flatten(nodes: CountedExpression[], depth = 0, out: { e: CountedExpression; depth: number }[] = []) {
  for (const e of nodes) {
    out.push({ e, depth });
    flatten(e.children ?? [], depth + 1, out);
  }
  return out;
}

/** The rules text from `from` to `to` with the expressions in it wrapped in marked spans (nested as they nest). */
function markSource(source: string, nodes: CountedExpression[], from: number, to: number): string {
  let out = '';
  let at = from;
  for (const e of [...nodes].sort((a, b) => a.sourcePosition.currentOffset - b.sourcePosition.currentOffset)) {
    const { currentOffset: start, endOffset: end } = e.sourcePosition;
    if (start < at || end > to || end <= start) continue;
    out += escapeHtml(source.slice(at, start));
    out += `<span class="x ${stateOf(e)}" title="${escapeHtml(note(e))}">`;
    out += markSource(source, e.children ?? [], start, end);
    out += '</span>';
    at = end;
  }
  return out + escapeHtml(source.slice(at, to));
}

/** Per line of the rules: the most evaluations of an expression starting there, and whether some were never evaluated. */
function gutter(lineCount: number, flat: { e: CountedExpression }[]): string {
  const lines: { max: number; missed: boolean; any: boolean }[] = Array.from({ length: lineCount }, () => ({
    max: 0,
    missed: false,
    any: false,
  }));
  for (const { e } of flat) {
    const line = lines[e.sourcePosition.line - 1];
    if (!line) continue;
    line.any = true;
    line.max = Math.max(line.max, e.evaluations);
    if (e.evaluations === 0) line.missed = true;
  }
  return lines
    .map((l, i) => {
      const cls = !l.any ? '' : l.max === 0 ? 'none' : l.missed ? 'part' : 'all';
      const count = l.any ? `${l.max}×` : '';
      return `<span class="g ${cls}"><span class="n">${i + 1}</span><span class="c">${count}</span></span>`;
    })
    .join('\n');
}

function table(source: string, flat: { e: CountedExpression; depth: number }[]): string {
  const rows = flat.map(({ e, depth }) => {
    const { line, column, currentOffset, endOffset } = e.sourcePosition;
    const text = clip(source.slice(currentOffset, endOffset).replace(/\s+/g, ' '));
    const listed = (e.values ?? []).reduce((sum, v) => sum + v.count, 0);
    const values =
      e.evaluations === 0
        ? '<span class="chip none">never evaluated</span>'
        : (e.values ?? [])
            .map(
              ({ value, count }) =>
                `<span class="chip ${valueClass(value)}">${escapeHtml(clip(formatValue(value), 90))} <b>×${count}</b></span>`,
            )
            .concat(
              listed < e.evaluations ? [`<span class="more">${e.evaluations - listed} more not listed</span>`] : [],
            )
            .join(' ');
    return (
      `<tr class="${stateOf(e)}"><td class="at">${line}:${column}</td>` +
      `<td class="expr"><code style="padding-left:${depth * 14}px">${escapeHtml(text)}</code></td>` +
      `<td class="num">${e.evaluations}</td><td>${values}</td></tr>`
    );
  });
  return (
    '<table><thead><tr><th>Line:col</th><th>Expression</th><th>Evaluations</th><th>Values (times)</th></tr></thead>' +
    `<tbody>${rows.join('')}</tbody></table>`
  );
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;margin:0;background:#f6f7f9}
header,main{max-width:1360px;margin:0 auto;padding:0 24px}
header{padding-top:20px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}
.meta{color:#555;margin:0}
.summary{font-size:16px;margin:12px 0}
.legend{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0 0;padding:0;list-style:none}
.panel{background:#fff;border:1px solid #d9dce1;border-radius:6px;overflow-x:auto}
.code{display:flex;font:13px/1.6 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.code pre{margin:0;padding:10px 0;white-space:pre}
.gut{background:#f0f1f4;border-right:1px solid #d9dce1;user-select:none;text-align:right}
.g{display:inline-grid;grid-template-columns:3.2em 4.2em;gap:6px;padding:0 8px 0 4px;color:#6b6f76}
.g.all .c{color:#1a7f37}.g.part .c{color:#9a6700}.g.none .c{color:#b3261e;font-weight:600}
.g.none{background:#fde7e7}.g.part{background:#fff4d6}
.src{padding:10px 16px!important;flex:1}
.x{border-radius:3px}
.x.yes{background:rgba(26,127,55,.14)}.x.no{background:rgba(179,38,30,.14)}
.x.mixed{background:rgba(191,135,0,.18)}.x.err{background:rgba(230,100,0,.12);box-shadow:inset 0 -2px rgba(200,80,0,.8)}
.x.val{box-shadow:inset 0 -2px rgba(59,91,219,.45)}
.x.none{color:#8a8f98;text-decoration:underline dotted #b3261e;text-underline-offset:3px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:6px 10px;border-bottom:1px solid #e6e8eb;vertical-align:top}
th{background:#f0f1f4;font-weight:600;position:sticky;top:0}
td.at,td.num{white-space:nowrap;font-variant-numeric:tabular-nums}td.num{text-align:right}
td.expr code{font:13px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;display:block;word-break:break-word}
tr.none td{color:#8a8f98}
.chip{display:inline-block;font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:1px 7px;margin:1px 0;border-radius:10px;border:1px solid}
.chip.yes{background:#e6f4ea;border-color:#9fd3ad;color:#14532d}.chip.no{background:#fde7e7;border-color:#efaaa5;color:#7f1d1d}
.chip.val{background:#eef2ff;border-color:#b7c2f0;color:#1e2a78}.chip.err{background:#fff1e0;border-color:#f3b77b;color:#7a3a00}
.more{color:#555;font-size:13px;white-space:nowrap}
.chip.none{background:#f1f2f4;border-color:#c9ccd1;color:#555}.chip.mixed{background:#fff4d6;border-color:#e6c36a;color:#5c4100}
footer{max-width:1360px;margin:24px auto;padding:0 24px;color:#666;font-size:13px}
`;

/** The whole page for one project's report. */
export function renderCoverageHtml(project: string, report: CoverageReport<CountedExpression>): string {
  const file = report.rules.files[0] ?? { name: 'firestore.rules', content: '' };
  const flat = flatten(report.report);
  const evaluated = flat.filter(({ e }) => e.evaluations > 0).length;
  const percent = flat.length === 0 ? 100 : Math.round((evaluated / flat.length) * 1000) / 10;
  const lineCount = file.content.split('\n').length;
  const legend = (['yes', 'no', 'mixed', 'val', 'err', 'none'] as State[])
    .map((s) => `<li><span class="chip ${s}">${STATE_LABEL[s]}</span></li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Rule coverage · ${escapeHtml(project)}</title><style>${STYLE}</style></head>
<body><header><h1>Firestore rule coverage</h1>
<p class="meta">Project <b>${escapeHtml(project)}</b> · rules <b>${escapeHtml(file.name)}</b> · since these rules were loaded</p>
<p class="summary"><b>${evaluated}</b> of <b>${flat.length}</b> expressions evaluated (${percent} %)</p>
<ul class="legend">${legend}</ul></header>
<main><h2>Rules</h2>
<div class="panel code"><pre class="gut">${gutter(lineCount, flat)}</pre><pre class="src">${markSource(file.content, report.report, 0, file.content.length)}</pre></div>
<h2>Expressions</h2><div class="panel">${table(file.content, flat)}</div></main>
<footer>Each marked expression shows on hover where it is, how often it was evaluated and to what. Per line: the most evaluations of an expression starting there. Reload the page for the latest counts; loading rules again starts them anew.</footer>
</body></html>
`;
}
