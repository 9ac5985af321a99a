// The audit log's list request and entry.
import { z } from 'zod';
import type { AuditAction } from './enums.js';
import { AUDIT_ENTITIES, type AuditEntity } from './kinds.js';
import { idSchema, listSchema } from './validation.js';

/** History of one record (edit screens) or of one kind of record; newest first. */
export const auditListSchema = listSchema({
  entity: z.enum(AUDIT_ENTITIES),
  entityId: idSchema.optional(),
});
export type AuditListQuery = z.infer<typeof auditListSchema>;

export interface AuditEntry {
  id: string;
  at: string;
  actorUid: string;
  actorEmail: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** Per field, the value before and after; patient identifiers appear masked only. */
  changes: Record<string, { from: unknown; to: unknown }>;
}
