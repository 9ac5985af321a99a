// A registry record's text as a study field holds it: markdown escapes undone, characters the field refuses removed,
// cut to the field's limit on a line or word boundary (docs/registry.md, "The mapping").
import { BIDI_CONTROL, CONTROL, LONE_SURROGATE, VISIBLE } from './validation.js';

/** The registry writes its text as markdown and escapes ASCII punctuation with a backslash (`\>`, `\*`, `\[`). */
const MARKDOWN_ESCAPE = /\\([!-/:-@[-`{-~])/g;
/** Every occurrence of one of validation.ts's character classes (the fields' own rules, written there once). */
const everywhere = (pattern: RegExp) => new RegExp(pattern.source, `${pattern.flags}g`);
/** Half of a surrogate pair on its own: JSON can carry one, no field stores it. */
const LONE_SURROGATES = everywhere(LONE_SURROGATE);
/** Control characters but tab, line feed and carriage return: every text field refuses them. */
const CONTROLS = everywhere(CONTROL);
/** Bidi embeddings, overrides and isolates: single-line fields refuse them. */
const BIDI_CONTROLS = everywhere(BIDI_CONTROL);

const ELLIPSIS = '…';

/** The registry's text with its escapes undone, line breaks as `\n`, no character a multi-line field refuses. */
export function plainText(text: string): string {
  return text
    .replace(MARKDOWN_ESCAPE, '$1')
    .replace(LONE_SURROGATES, '\uFFFD')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .normalize('NFC');
}

/** One line: line breaks and tabs as spaces, runs of spaces as one, no bidi control, trimmed. */
export function singleLine(text: string): string {
  return plainText(text).replace(BIDI_CONTROLS, '').replace(/\s+/g, ' ').trim();
}

/** Whether the text shows anything (a field that requires text refuses one that does not). */
export const hasVisibleText = (text: string): boolean => VISIBLE.test(text);

/** The first `length` UTF-16 units of `text`, without the half of a surrogate pair the cut would leave. */
function head(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}

/**
 * `text` within `max` characters: unchanged when it fits, else cut at the last line break (when `lines`) or the last
 * space in the second half of the room, trimmed, ending with "…" inside the limit. A single word longer than the
 * room is cut inside it.
 */
export function cutText(text: string, max: number, { lines = false } = {}): string {
  if (text.length <= max) return text;
  const room = head(text, max - ELLIPSIS.length);
  const boundaries = lines ? [room.lastIndexOf('\n'), room.search(/\s\S*$/)] : [room.search(/\s\S*$/)];
  const cut = boundaries.find((at) => at >= room.length / 2) ?? room.length;
  return `${room.slice(0, cut).trimEnd()}${ELLIPSIS}`;
}
