// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { neededChunks, staticClosure } from '../build/sizeReport';

const chunk = (fileName: string, imports: string[] = []) => ({
  fileName,
  code: '',
  imports,
  facadeModuleId: null,
  isEntry: fileName === 'entry.js',
});
const chunks = new Map(
  [
    chunk('entry.js', ['react.js', 'shared.js']),
    chunk('react.js'),
    chunk('shared.js'),
    chunk('login.js', ['shared.js', 'form.js']),
    chunk('form.js'),
    chunk('en.js'),
    chunk('fr.js', ['accents.js']),
    chunk('accents.js'),
    chunk('lazy.js', ['big.js']),
    chunk('big.js'),
  ].map((c) => [c.fileName, c]),
);
const sizes: Record<string, number> = { 'en.js': 3, 'fr.js': 3, 'accents.js': 2 };
const size = (name: string) => sizes[name] ?? 10;

describe('size report', () => {
  it('follows static imports only', () => {
    expect([...staticClosure(chunks, 'login.js')].sort()).toEqual(['form.js', 'login.js', 'shared.js']);
  });

  it('counts the entry, the route and the heaviest of the alternatives, never lazy chunks', () => {
    const needed = neededChunks(chunks, size, ['entry.js', 'login.js'], ['en.js', 'fr.js']);
    expect([...needed].sort()).toEqual([
      'accents.js',
      'entry.js',
      'form.js',
      'fr.js',
      'login.js',
      'react.js',
      'shared.js',
    ]);
  });
});
