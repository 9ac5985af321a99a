// The deployment guide's settings table and the two example env files list exactly the declared settings, each
// where it lives and with its default (docs/operations.md, "Configuration").
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_SETTINGS, settingPlace, type SettingSide } from '../src/deployment';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The rows of the Configuration section's table: each setting's name, where it lives and its default. */
function documented(): { name: string; place: string; default: string }[] {
  const guide = read('docs/operations.md');
  const section = guide.slice(
    guide.indexOf('## Configuration'),
    guide.indexOf('\n## ', guide.indexOf('## Configuration') + 1),
  );
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]+) \| ([^|]+) \|/gm)].map((row) => ({
    name: row[1],
    place: row[2].trim(),
    default: row[3].trim(),
  }));
}

/** The settings an example env file names, set or commented out (`NAME=` or `# NAME=…`). */
const exampleNames = (path: string) => [...read(path).matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);

const namesOf = (side: SettingSide) => DEPLOYMENT_SETTINGS.filter((s) => s.side === side).map((s) => s.name);

describe('the documented settings', () => {
  it('docs/operations.md lists every declared setting once, in order, where it lives and with its default', () => {
    expect(documented()).toEqual(
      DEPLOYMENT_SETTINGS.map((setting) => ({
        name: setting.name,
        place: setting.side === 'secret' ? 'Secret Manager' : `\`${settingPlace(setting, '<project>')}\``,
        default: !('default' in setting) ? 'none' : setting.default === '' ? 'empty' : `\`${setting.default}\``,
      })),
    );
  });

  it('web/.env.example names every web setting, functions/.env.example every parameter, neither a secret', () => {
    expect(exampleNames('web/.env.example')).toEqual(namesOf('web'));
    expect(exampleNames('functions/.env.example')).toEqual(namesOf('functions'));
  });
});
