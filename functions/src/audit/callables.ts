// Callables of the audit log: the history of records, for staff (the users' history for Admins).
import { callable } from '../common/callable.js';
import { listAudit } from './service.js';

// A reference's history carries its patient-level fields (masked identifier, pseudonymous ID): logged as a read.
export const list = callable(
  'audit-list',
  {
    access: 'staff',
    logAccess: (data, result) =>
      data.entity === 'references'
        ? { action: 'readReferenceHistory', targetIds: [...new Set(result.items.map((entry) => entry.entityId))] }
        : null,
  },
  listAudit,
);
