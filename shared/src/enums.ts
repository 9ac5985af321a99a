// Enumerations of the product: specialties, statuses, roles, audit actions (labels live in the web dictionaries).

export const SPECIALTIES = [
  'Unknown',
  'AllergyAndImmunology',
  'Anesthesiology',
  'Cardiology',
  'Dermatology',
  'Endocrinology',
  'Gastroenterology',
  'Hematology',
  'HematoOncology',
  'InfectiousDisease',
  'InternalMedicine',
  'Nephrology',
  'Neurology',
  'ObstetricsAndGynecology',
  'Oncology',
  'Ophthalmology',
  'Orthopedics',
  'Otolaryngology',
  'Pediatrics',
  'PhysicalMedicineAndRehabilitation',
  'PlasticSurgery',
  'Psychiatry',
  'Pulmonology',
  'Radiology',
  'Rheumatology',
  'Surgery',
  'Urology',
  'Other',
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export const STUDY_STATUSES = ['Unknown', 'Withdrawn', 'Completed', 'Recruiting'] as const;
export type StudyStatus = (typeof STUDY_STATUSES)[number];

export const REFERENCE_STATUSES = ['Unknown', 'Rejected', 'Duplicate', 'Pending', 'Accepted'] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

export const ROLES = ['Admin', 'Editor', 'User'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['User', 'PendingUser', 'Editor', 'PendingEditor', 'Admin', 'PendingAdmin'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Approval filter of the users list. */
export const APPROVAL_STATES = ['approved', 'pending'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** A user's status is derived from role and approval, never chosen separately. */
export function userStatusOf(role: Role, roleApproved: boolean): UserStatus {
  return roleApproved ? role : (`Pending${role}` as UserStatus);
}

/** Roles allowed into the back office: approved Admins and Editors only. */
export const STAFF_ROLES: readonly Role[] = ['Admin', 'Editor'];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'approve',
  'revoke',
  'requestAccess',
  // A triage decision taken back (references-undoTriage): its own entry, beside the decision's update.
  'undoDecision',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
