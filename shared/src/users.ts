// Staff accounts: the user's schema (each field's rules and default), the requests, the record and the account calls.
import { z } from 'zod';
import { APPROVAL_STATES, ROLES, type Role, type UserStatus } from './enums.js';
import { LIMITS } from './limits.js';
import { COMMON_HEADERS, EXPORT_LANGUAGES } from './exports.js';
import { declareKind, exportRequestOf, recordTypes } from './kind.js';
import { updateFields, type RecordMeta } from './records.js';
import {
  emailSchema,
  listBase,
  listSchema,
  optionalUrlSchema,
  phoneSchema,
  requiredText,
  text,
  verbatimText,
  versioned,
} from './validation.js';

const passwordSchema = verbatimText().min(LIMITS.passwordMin).max(LIMITS.passwordMax);

/** What a client writes of a user: the one place its fields, their limits and their defaults are written. */
export const userSchema = z.object({
  firstName: requiredText(LIMITS.nameMax),
  lastName: requiredText(LIMITS.nameMax),
  email: emailSchema,
  phone: phoneSchema.default(''),
  /** Where the person works: a referrer's clinic or hospital, shown to the study team with each referral. */
  organisation: text(LIMITS.organisationMax).default(''),
  /** The language TrialDesk writes to the person in (e-mail): the one they last chose on the web. */
  language: z.enum(EXPORT_LANGUAGES).default('en'),
  role: z.enum(ROLES),
  roleApproved: z.boolean(),
  picture: optionalUrlSchema.default(''),
});
export type UserValues = z.output<typeof userSchema>;

/** Password and confirmation: both or neither, and equal. */
function checkPasswords(value: { password?: string; confirmPassword?: string }, ctx: z.RefinementCtx): void {
  if ((value.password === undefined) !== (value.confirmPassword === undefined)) {
    const missing = value.password === undefined ? 'password' : 'confirmPassword';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'validation.passwordPair' });
  } else if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
  }
}

/** An Admin creates a staff account: a Firebase Auth email/password account with this password. */
export const userCreateSchema = z
  .strictObject({ ...userSchema.shape, password: passwordSchema, confirmPassword: z.string() })
  .superRefine(checkPasswords);
export type UserCreate = z.infer<typeof userCreateSchema>;

/** Partial update; a password pair resets the account's password. */
export const userUpdateSchema = z
  .strictObject({
    ...versioned,
    ...updateFields(userSchema),
    password: passwordSchema.optional(),
    confirmPassword: z.string().optional(),
  })
  .superRefine(checkPasswords);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const USER_SORTS = ['email:asc', 'email:desc', 'createdAt:desc', 'createdAt:asc'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** Users: search by email (and name) word prefix, approval filter, role filter. */
export const userListSchema = listSchema({
  search: listBase.search,
  approval: z.enum(APPROVAL_STATES).optional(),
  role: z.enum(ROLES).optional(),
  sort: z.enum(USER_SORTS).optional(),
});
export type UserListQuery = z.infer<typeof userListSchema>;

/** Approve: the user's role (optionally changed here) becomes effective. */
export const userApproveSchema = z.strictObject({ ...versioned, role: userSchema.shape.role.optional() });
export type UserApprove = z.infer<typeof userApproveSchema>;

export const userRevokeSchema = z.strictObject(versioned);
export type UserRevoke = z.infer<typeof userRevokeSchema>;

export const emptySchema = z.strictObject({});

/** The roles a person may ask for: Editor (the back office) or User (a referring clinician, the portal at /refer). */
export const REQUESTABLE_ROLES = ['Editor', 'User'] as const satisfies readonly Role[];

/**
 * `users-requestAccess`: the role asked for, the person's organisation (required of a referrer: the study team reads
 * it with each referral) and the language they use.
 */
export const userRequestAccessSchema = z
  .strictObject({
    role: z.enum(REQUESTABLE_ROLES).default('Editor'),
    organisation: userSchema.shape.organisation,
    language: userSchema.shape.language,
  })
  .superRefine((value, ctx) => {
    if (value.role === 'User' && value.organisation === '') {
      ctx.addIssue({ code: 'custom', path: ['organisation'], message: 'validation.required' });
    }
  });
export type UserRequestAccess = z.infer<typeof userRequestAccessSchema>;

/** `users-setLanguage`: the signed-in person's language, for what TrialDesk writes to them. */
export const userLanguageSchema = z.strictObject({ language: userSchema.shape.language });
export type UserLanguage = z.infer<typeof userLanguageSchema>;

export interface User extends RecordMeta, UserValues {
  /** Derived from role and approval by the server, never chosen separately. */
  status: UserStatus;
  isAdmin: boolean;
  isUser: boolean;
  /** From the sign-in account: whether its email address was verified, and how the person signs in. */
  emailVerified: boolean;
  /** Sign-in provider of the account: `password`, `microsoft.com`, ... */
  provider: string;
}

/** Custom claims set on the Firebase Auth account. */
export interface StaffClaims {
  role?: Role;
  isRoleApproved?: boolean;
}

export interface MeResponse {
  uid: string;
  email: string | null;
  claims: { role: Role | null; isRoleApproved: boolean };
  /** The user's record, when one exists (an access request or an account made by an Admin). */
  user: User | null;
}

export interface RequestAccessResponse {
  user: User;
  /** False when the request already existed (the call is idempotent). */
  created: boolean;
}

/** `users-endSession`: whose session ended (every token of the calling session is refused from then on). */
export interface EndSessionResponse {
  uid: string;
}

export const userExportSchema = exportRequestOf(userListSchema);
export type UserExport = z.infer<typeof userExportSchema>;

/** Staff accounts as a record kind: Admins only (docs/adding-a-resource.md). */
export const usersKind = declareKind({
  name: 'users',
  collection: 'users',
  types: recordTypes<User>(),
  requests: { list: userListSchema, create: userCreateSchema, update: userUpdateSchema },
  callables: { list: 'admin', get: 'admin', create: 'admin', update: 'admin', delete: 'admin', export: 'admin' },
  label: 'email',
  exportColumns: {
    id: COMMON_HEADERS.id,
    firstName: COMMON_HEADERS.firstName,
    lastName: COMMON_HEADERS.lastName,
    email: COMMON_HEADERS.email,
    phone: { en: 'Phone', fr: 'Téléphone' },
    organisation: { en: 'Organisation', fr: 'Organisation' },
    role: { en: 'Role', fr: 'Rôle', as: 'role' },
    status: { ...COMMON_HEADERS.status, as: 'userStatus' },
    roleApproved: { en: 'Role approved', fr: 'Rôle approuvé', as: 'yesNo' },
    createdAt: COMMON_HEADERS.createdAt,
    updatedAt: COMMON_HEADERS.updatedAt,
  },
});
