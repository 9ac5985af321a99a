// firestore.indexes.json holds exactly the indexes the query shapes need.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexesFile } from '../src/queryShapes.js';

describe('firestore.indexes.json', () => {
  it('holds exactly the composite indexes of the callables query shapes (npm run indexes -w functions)', () => {
    const committed = JSON.parse(readFileSync(new URL('../../firestore.indexes.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(indexesFile());
  });
});
