// Search tokens: lowercase word prefixes stored with a record, and the key a search looks up.
import { LIMITS } from './limits.js';

/** Lowercase, accents folded, punctuation as spaces: "Réadaptation cardiaque, phase-2" -> "readaptation cardiaque phase 2". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Tokens stored in `searchTokens` (queried with array-contains): every prefix of the text read from each word
 * onward, up to LIMITS.searchTokenMax characters. So "card", "rehab" and "cardiac reh" all find
 * "Cardiac rehabilitation", and a multi-word query matches consecutive words.
 */
export function searchTokens(...texts: string[]): string[] {
  const tokens = new Set<string>();
  for (const text of texts) {
    const normalized = normalizeSearch(text);
    if (!normalized) continue;
    for (let start = 0; start < normalized.length; start++) {
      if (start > 0 && normalized[start - 1] !== ' ') continue;
      const rest = normalized.slice(start, start + LIMITS.searchTokenMax);
      for (let end = 1; end <= rest.length; end++) {
        if (rest[end - 1] !== ' ') tokens.add(rest.slice(0, end));
      }
    }
  }
  return [...tokens];
}

/** The token a search query looks up, or null when the query has no letters or digits. */
export function searchKey(query: string | undefined): string | null {
  const normalized = normalizeSearch(query ?? '')
    .slice(0, LIMITS.searchTokenMax)
    .trim();
  return normalized || null;
}
