// A record's eligibility criteria as a study's two lists, one criterion a line: headings found whatever their
// wording, bullets and numbers dropped, sub-items and wrapped lines joined to their item (docs/registry.md).
import { LIMITS } from './limits.js';
import { cutText, plainText } from './registryText.js';

export type CriteriaSection = 'inclusion' | 'exclusion';

/** A list item as written: its text, where it starts, its marker's kind, its sub-items. */
interface Item {
  text: string;
  indent: number;
  /** 'bullet', 'digit', 'lower', 'upper', 'roman', 'ROMAN', 'level<n>' ("1.2"), or 'plain' (no marker). */
  kind: string;
  /** The letter or number of an ordered marker ('a', 'iv', '3'). */
  label: string;
  children: Item[];
}

const SECTION =
  '(?:(?:non[-\\s]?)?inclusion|exclusion|ineligibility|eligibility|selection|participation|enrolment|enrollment)';
/**
 * A section heading: "Inclusion Criteria:", "KEY EXCLUSION CRITERIA", "Criteria for inclusion", "Non-inclusion
 * criteria (cohort B):", "Exclusion: pregnancy"; what follows its colon is the section's first line.
 */
const HEADING = new RegExp(
  '^(?:(?:key|main|major|general|principal|additional|specific|other|study|patients?|participants?|subjects?)\\s+)?' +
    `(?:(?<section>${SECTION})(?:\\s+(?:and|&|/)\\s+(?:inclusion|exclusion))?(?<criteria>\\s+criteri(?:a|on)s?)?` +
    `|(?<criteriaFor>criteri(?:a|on)\\s+(?:of|for)\\s+)(?<sectionAfter>${SECTION}))` +
    '(?<qualifier>[^:]*?)\\s*(?<colon>:\\s*(?<rest>.*))?$',
  'iu',
);
/** A lead line's words ("Participants are excluded if any of the following apply:") naming its section. */
const LEAD_EXCLUSION = /\b(?:exclu\w*|non[-\s]?inclusion|not\s+(?:be\s+)?eligible|ineligib\w*)/iu;
const LEAD_INCLUSION = /\b(?:inclu\w*|eligib\w*|criteri(?:a|on))\b/iu;

const BULLET = /^(?:[*+\-–—](?:\s+|$)|[•●○◦▪▫■□·‣⁃∙➢➤►✓✔](?:\s*))/u;
const ORDERED =
  /^(?:\((?<paren>\d{1,3}|[a-z]|[ivxlc]{1,6})\)|(?<dot>\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]|(?<dash>\d{1,2})-)(?:\s+|$)/iu;
const LEVELLED = /^(?<levels>\d{1,2}(?:\.\d{1,2}){1,3})\.?\s+(?=[\p{Lu}\p{Lo}(“"«])/u;
/** A second marker after the first ("* a) Cohort 1"): dropped too ("a." is left, it may begin "A. baumannii"). */
const INNER_MARKER = /^(?:(?:[*\-•]|\(?(?:\d{1,3}|[a-z]|[ivx]{1,4})\)|\d{1,3}\.)\s+)+/iu;
/**
 * A note on the list itself ("Other protocol-defined inclusion/exclusion criteria may apply", "The above information
 * is not intended to contain all considerations relevant to a patient's potential participation"): no criterion.
 */
const NOTE =
  /\bcriteria\b.*\b(?:(?:may|might|could|can|will)\s+(?:also\s+)?apply|not\s+all)\b|\bprotocol[-\s]defined\b.*\bcriteria\b|\bnot\s+all\b.*\bcriteria\b|\bnot\s+intended\s+to\s+contain\s+all\b/iu;
const ROMAN = /^(?=[ivxlc]+$)c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})$/iu;

/** Spaces a line starts with (a tab counts 4): how deep its item sits. */
const indentOf = (line: string): number => (/^[ \t\u00a0]*/.exec(line)?.[0] ?? '').replace(/\t/g, '    ').length;

/** The line without markdown emphasis, heading or quote marks, or one list marker: what a heading is read from. */
function bareText(content: string): string {
  const text = content.replace(/\*\*|__/g, '').replace(/^[#>\s]+/, '');
  const marker = BULLET.exec(text) ?? ORDERED.exec(text);
  return (marker ? text.slice(marker[0].length) : text).replace(/^[*_\s]+|[*_\s]+$/g, '');
}

/** The section a heading line opens, and the text after its colon; null for a line that is no heading. */
function sectionHeading(content: string): { section: CriteriaSection; rest: string } | null {
  const match = HEADING.exec(bareText(content));
  const groups = match?.groups;
  if (!groups) return null;
  const qualifier = groups.qualifier.trim();
  const named = groups.criteria !== undefined || groups.criteriaFor !== undefined;
  const fits =
    groups.colon !== undefined
      ? qualifier.length <= 60 && (named || qualifier === '')
      : qualifier === '' || (named && /^(?:\(|(?:for|in)\s|[-–]\s)/u.test(qualifier) && qualifier.length <= 40);
  const word = (groups.section ?? groups.sectionAfter).toLowerCase();
  // Alone, only "Inclusion:" and "Exclusion:" head a section ("Selection:" or "Enrolment:" may be a criterion).
  if (!fits || (!named && !/^(?:non[-\s]?)?(?:inclusion|exclusion)$/u.test(word))) return null;
  const excludes = /^(?:non|exclusion|ineligibility)/.test(word);
  return { section: excludes ? 'exclusion' : 'inclusion', rest: (groups.rest ?? '').trim() };
}

/** Whether `letter` follows an alphabetic sibling at the same level ('i' after 'h'): then it is no roman number. */
const followsLetter = (letter: string, siblings: Item[]) =>
  siblings.some(
    (item) =>
      (item.kind === 'lower' || item.kind === 'upper') &&
      item.label.length === 1 &&
      item.label.toLowerCase().charCodeAt(0) + 1 === letter.toLowerCase().charCodeAt(0),
  );

/** A list marker's kind and label, and the item's text; null for a line without one. */
function markerOf(content: string, siblings: Item[]): { kind: string; label: string; text: string } | null {
  const levelled = LEVELLED.exec(content);
  if (levelled?.groups) {
    const label = levelled.groups.levels;
    return { kind: `level${label.split('.').length}`, label, text: content.slice(levelled[0].length) };
  }
  const bullet = BULLET.exec(content);
  if (bullet) return { kind: 'bullet', label: '', text: content.slice(bullet[0].length) };
  const ordered = ORDERED.exec(content);
  if (!ordered?.groups) return null;
  const label = ordered.groups.paren ?? ordered.groups.dot ?? ordered.groups.dash;
  const text = content.slice(ordered[0].length);
  if (/^\d+$/.test(label)) return { kind: 'digit', label, text };
  const upper = label === label.toUpperCase();
  const romanSibling = siblings.some((item) => item.kind === (upper ? 'ROMAN' : 'roman'));
  const roman =
    ROMAN.test(label) &&
    !followsLetter(label, siblings) &&
    (label.length > 1 || romanSibling || label.toLowerCase() === 'i');
  if (roman) return { kind: upper ? 'ROMAN' : 'roman', label, text };
  if (label.length > 1) return null;
  // "H. pylori", "E. coli": a letter and a dot start a list item when it is "a", when it follows its sibling, or
  // when a capital or a number follows it.
  const dotted = ordered.groups.dot !== undefined && ordered[0].trimEnd().endsWith('.');
  if (dotted && label !== 'a' && !followsLetter(label, siblings) && !/^[\p{Lu}\d(]/u.test(text)) return null;
  return { kind: upper ? 'upper' : 'lower', label, text };
}

/** The lines of one section as items, nested by indentation and by a change of marker kind. */
class SectionItems {
  readonly items: Item[] = [];
  private open: Item[] = [];

  /** Items open at about this indentation: the siblings a new marker is read against. */
  siblingsAt(indent: number): Item[] {
    return this.open.filter((item) => Math.abs(item.indent - indent) <= 1);
  }

  get last(): Item | undefined {
    return this.open.at(-1);
  }

  /** Adds an item under the open item it belongs to: one less indented, or a marked one of another kind beside it. */
  add(item: Item): void {
    while (this.open.length > 0) {
      const top = this.open[this.open.length - 1];
      const deeper = item.indent >= top.indent + 2;
      const sameLevel = Math.abs(item.indent - top.indent) <= 1;
      const newKind =
        sameLevel &&
        item.kind !== 'plain' &&
        top.kind !== 'plain' &&
        top.kind !== item.kind &&
        !this.open.some((open) => open.kind === item.kind && Math.abs(open.indent - item.indent) <= 1);
      if (deeper || newKind) break;
      this.open.pop();
    }
    (this.open.at(-1)?.children ?? this.items).push(item);
    this.open.push(item);
  }

  /** Closes every open item: what follows starts a new list. */
  close(): void {
    this.open = [];
  }
}

/** A sub-item's text in its parent's line: without the punctuation that ended it in the list. */
const piece = (text: string) => text.replace(/[\s;,.]+$/u, '');

/** An item and its sub-items as one line: "Parent: sub one; sub two", deeper ones in brackets. */
function flatten(item: Item, depth = 0): string {
  const text = item.text.trim();
  if (item.children.length === 0) return text;
  const parts = item.children.map((child) => flatten(child, depth + 1)).filter((part) => part !== '');
  let joined = '';
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    const connective = /[\s;,]+(and|or|and\/or)$/iu.exec(part);
    const body = connective
      ? piece(part.slice(0, connective.index))
      : last
        ? part.replace(/[\s;,]+$/u, '')
        : piece(part);
    const separator = depth === 0 ? '; ' : ', ';
    joined += body + (last ? '' : connective ? `${separator}${connective[1]} ` : separator);
  });
  if (text === '') return joined;
  const parent = text.replace(/[\s:;,.-]+$/u, '');
  return depth === 0 ? `${parent}: ${joined}` : `${parent} (${joined.replace(/[.]$/u, '')})`;
}

/**
 * Whether a plain line carries on the one before it (a wrapped line), rather than starting another criterion: the
 * one before does not end a sentence or a clause, and the line starts in lower case or the one before ends on a
 * comma, a hyphen, a slash, "(" or a word that needs what follows.
 */
const continues = (previous: string, line: string) =>
  !/[.;:!?]$/u.test(previous) &&
  (/^[\p{Ll}(]/u.test(line) || /(?:[,\-/(]|\b(?:and|or|of|the|with|to|a|an|in|for|than|by))$/iu.test(previous));

/** Reads the criteria text into inclusion and exclusion items. */
function readItems(text: string): Record<CriteriaSection, SectionItems> {
  const sections = { inclusion: new SectionItems(), exclusion: new SectionItems() };
  let section: CriteriaSection = 'inclusion';
  let blank = false;
  const addPlain = (content: string, indent: number) => {
    const items = sections[section];
    const last = items.last;
    if (last && !blank && (last.kind !== 'plain' || continues(last.text, content))) {
      last.text += ` ${content}`;
    } else if (last && blank && last.kind !== 'plain' && indent >= last.indent + 2) {
      last.text += ` ${content}`; // a paragraph of the item above
    } else if (content.endsWith(':') && indent <= (last?.indent ?? 0) && isLead(content)) {
      if (LEAD_EXCLUSION.test(content)) section = 'exclusion';
      else if (/\b(?:inclu\w*|eligib\w*)\b/iu.test(content)) section = 'inclusion';
      sections[section].close(); // the line introduces a list: a heading, not a criterion
    } else {
      items.add({ text: content, indent, kind: 'plain', label: '', children: [] });
    }
  };
  /** A line that is no heading: a marked item, or plain text. */
  const addLine = (content: string, indent: number) => {
    const marker = markerOf(content, sections[section].siblingsAt(indent));
    if (!marker) return addPlain(content, indent);
    const text = marker.text.replace(INNER_MARKER, '').trim();
    if (text !== '') sections[section].add({ text, indent, kind: marker.kind, label: marker.label, children: [] });
  };
  for (const line of text.split('\n')) {
    const content = line.trim();
    if (content === '') {
      blank = true;
      continue;
    }
    const heading = sectionHeading(content);
    if (heading) {
      section = heading.section;
      sections[section].close();
      if (heading.rest !== '') addLine(heading.rest, 0);
    } else {
      addLine(content, indentOf(line));
    }
    blank = false;
  }
  return sections;
}

/** A line that introduces the list after it: it names criteria or a section, or is written in capitals. */
function isLead(content: string): boolean {
  const letters = content.replace(/[^\p{L}]/gu, '');
  return (
    LEAD_EXCLUSION.test(content) ||
    LEAD_INCLUSION.test(content) ||
    (letters.length > 1 && letters === letters.toUpperCase())
  );
}

/**
 * One list's lines within the study's limits: whole lines past LIMITS.criteriaLinesMax lines or LIMITS.criteriaMax
 * characters are dropped (a first line longer than the whole limit is cut on a word boundary).
 */
function withinLimits(lines: string[]): string {
  const kept: string[] = [];
  let length = -1;
  for (const line of lines) {
    const fitted = kept.length === 0 ? cutText(line, LIMITS.criteriaMax) : line;
    if (kept.length === LIMITS.criteriaLinesMax || length + 1 + fitted.length > LIMITS.criteriaMax) break;
    kept.push(fitted);
    length += 1 + fitted.length;
  }
  return kept.join('\n');
}

/** A list marker left at a line's start (a sub-item's own, or a doubled one): the checklist would drop it too. */
const LEFTOVER_MARKER = /^(?:(?:[-*•◦▪]|\d{1,3}[.)])\s+)+/u;

/** The record's eligibility criteria as the study's inclusion and exclusion lists (docs/registry.md). */
export function splitCriteria(criteria: string): Record<CriteriaSection, string> {
  const sections = readItems(plainText(criteria).replace(/\t/g, '    '));
  const lines = (section: CriteriaSection) =>
    sections[section].items
      .map((item) => flatten(item).replace(/\s+/g, ' ').replace(LEFTOVER_MARKER, '').trim().normalize('NFC'))
      .filter((line) => line !== '' && !(line.length < 300 && NOTE.test(line)));
  return { inclusion: withinLimits(lines('inclusion')), exclusion: withinLimits(lines('exclusion')) };
}
