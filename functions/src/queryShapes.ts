// Every list query shape of the callables: the source of the composite indexes in firestore.indexes.json.
import { auditShape } from './audit/service.js';
import { compositeIndexes } from './common/indexes.js';
import { referenceShape } from './references/service.js';
import { studyShape } from './studies/service.js';
import { contactShape } from './studyContacts/service.js';
import { userShape } from './users/service.js';

export const QUERY_SHAPES = [studyShape, referenceShape, contactShape, userShape, auditShape];

/** The content of the root firestore.indexes.json. */
export function indexesFile() {
  return { indexes: compositeIndexes(QUERY_SHAPES), fieldOverrides: [] };
}
