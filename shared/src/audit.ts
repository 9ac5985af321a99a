// The audit log's list request and entry, and what an entry did as people say it (a triage decision, who it names).
import { z } from 'zod';
import type { AuditAction } from './enums.js';
import { AUDIT_ENTITIES, type AuditEntity } from './kinds.js';
import { TRIAGE_DECISIONS, type TriageDecision } from './triage.js';
import { idSchema, listSchema } from './validation.js';

/** History of one record (edit screens) or of one kind of record; newest first. */
export const auditListSchema = listSchema({
  entity: z.enum(AUDIT_ENTITIES),
  entityId: idSchema.optional(),
});
export type AuditListQuery = z.infer<typeof auditListSchema>;

export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export interface AuditEntry {
  id: string;
  at: string;
  actorUid: string;
  actorEmail: string | null;
  /** The actor's name as their users record has it now; null once the record is gone (the e-mail then). */
  actorName: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** Per field, the value before and after; patient identifiers appear masked only. */
  changes: AuditChanges;
  /** The names of the people the changes name (`PERSON_FIELDS`), by user id; a person whose record is gone is absent. */
  people: Record<string, string>;
}

/** The audited fields whose values are user ids: the history names the person instead. */
export const PERSON_FIELDS: Partial<Record<AuditEntity, readonly string[]>> = { references: ['decidedBy'] };

/** The user ids an entry's changes name (`PERSON_FIELDS`), before and after. */
export function peopleNamed(entity: AuditEntity, changes: AuditChanges): string[] {
  return (PERSON_FIELDS[entity] ?? []).flatMap((field) =>
    [changes[field]?.from, changes[field]?.to].filter((id): id is string => typeof id === 'string' && id !== ''),
  );
}

const isDecision = (value: unknown): value is TriageDecision => TRIAGE_DECISIONS.includes(value as TriageDecision);

/**
 * The decision a change of a reference took (triage, or an edit of its status): its status moved from one that is
 * not a decision to Accepted, Rejected or Duplicate; null for any other entry (an undo is its own action).
 */
export function decisionOf(entry: { action: string; entity: string; changes: AuditChanges }): TriageDecision | null {
  const status = entry.changes.status;
  if (entry.entity !== 'references' || entry.action !== 'update' || !status) return null;
  return isDecision(status.to) && !isDecision(status.from) ? status.to : null;
}
