// The repository's file names: every tracked file can be checked out on Windows and macOS as on Linux, so a
// newcomer's clone there has the whole tree (the README's two commands need all of it).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '@trialdesk/scripts/stack';

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);

/** What Windows refuses in a name (a part of a path), and the device names it reserves whatever the extension. */
const REFUSED = /[<>:"|?*\\]|[. ]$/;
const RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
const refused = (part: string) =>
  REFUSED.test(part) || RESERVED.test(part) || [...part].some((c) => c.charCodeAt(0) < 32);

describe('the tracked file names', () => {
  it('are all accepted by Windows', () => {
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked.filter((path) => path.split('/').some(refused))).toEqual([]);
  });

  it('never differ only in case, which Windows and macOS would merge', () => {
    const seen = new Map<string, string>();
    const clashes = tracked.flatMap((path) => {
      const other = seen.get(path.toLowerCase());
      seen.set(path.toLowerCase(), path);
      return other ? [[other, path]] : [];
    });
    expect(clashes).toEqual([]);
  });
});
