// Every list query shape of the callables (each kind's from its callables, the others here): the source of the
// composite indexes in firestore.indexes.json.
import { accessLogShape } from './accessLog/service.js';
import { auditShape } from './audit/service.js';
import { ACCESS_LOG } from './common/accessLog.js';
import { compositeIndexes } from './common/indexes.js';
import { kindShapes } from './common/kindCallables.js';
import { decisionShape } from './dashboard/service.js';
import { referralShape } from './referrals/service.js';
import { mailShape } from './mail/list.js';
// Every kind's callables, which bring their query shapes.
import './index.js';

export const QUERY_SHAPES = [...kindShapes(), auditShape, accessLogShape, decisionShape, mailShape, referralShape];

/** The content of the root firestore.indexes.json. */
export function indexesFile() {
  return {
    indexes: compositeIndexes(QUERY_SHAPES),
    // Firestore's TTL policy removes access-log entries once `expiresAt` passes (the retention period).
    fieldOverrides: [{ collectionGroup: ACCESS_LOG, fieldPath: 'expiresAt', ttl: true, indexes: [] }],
  };
}
