// Every list query shape of the callables: the source of the composite indexes in firestore.indexes.json.
import { accessLogShape } from './accessLog/service.js';
import { auditShape } from './audit/service.js';
import { ACCESS_LOG } from './common/accessLog.js';
import { compositeIndexes } from './common/indexes.js';
import { decisionShape } from './dashboard/service.js';
import { documentShape } from './documents/service.js';
import { referenceShape } from './references/service.js';
import { studyShape } from './studies/service.js';
import { contactShape } from './studyContacts/service.js';
import { userShape } from './users/service.js';

export const QUERY_SHAPES = [
  studyShape,
  referenceShape,
  contactShape,
  userShape,
  auditShape,
  accessLogShape,
  documentShape,
  decisionShape,
];

/** The content of the root firestore.indexes.json. */
export function indexesFile() {
  return {
    indexes: compositeIndexes(QUERY_SHAPES),
    // Firestore's TTL policy removes access-log entries once `expiresAt` passes (the retention period).
    fieldOverrides: [{ collectionGroup: ACCESS_LOG, fieldPath: 'expiresAt', ttl: true, indexes: [] }],
  };
}
