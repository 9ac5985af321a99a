// The callable contract: each callable's request schema and response type, region and timeout.
import { z } from 'zod';
import { accessLogListSchema, type AccessLogEntry } from './accessLog.js';
import { auditListSchema, type AuditEntry } from './audit.js';
import { dashboardStatsSchema, type DashboardStats } from './dashboard.js';
import {
  documentAddVersionSchema,
  documentCreateSchema,
  documentListSchema,
  documentUpdateSchema,
  userPictureSchema,
  type StudyDocument,
  type StudyDocumentDetail,
} from './documents.js';
import {
  referenceExportSchema,
  studyContactExportSchema,
  studyExportSchema,
  userExportSchema,
  type ExportResponse,
} from './exports.js';
import type { DeleteResponse, ListResponse } from './records.js';
import { referenceCreateSchema, referenceListSchema, referenceUpdateSchema, type Reference } from './references.js';
import { studyCreateSchema, studyListSchema, studyUpdateSchema, type Study } from './studies.js';
import {
  studyContactCreateSchema,
  studyContactListSchema,
  studyContactUpdateSchema,
  type StudyContact,
} from './studyContacts.js';
import { referenceTriageSchema } from './triage.js';
import {
  emptySchema,
  userApproveSchema,
  userCreateSchema,
  userListSchema,
  userRevokeSchema,
  userUpdateSchema,
  type EndSessionResponse,
  type MeResponse,
  type RequestAccessResponse,
  type User,
} from './users.js';
import { idSchema, versioned } from './validation.js';

const getSchema = z.strictObject({ id: idSchema });
const deleteSchema = z.strictObject(versioned);

/** Every callable: its request schema (validated on the server, reused by the web forms). */
export const requestSchemas = {
  'studies-list': studyListSchema,
  'studies-get': getSchema,
  'studies-create': studyCreateSchema,
  'studies-update': studyUpdateSchema,
  'studies-delete': deleteSchema,
  'studies-export': studyExportSchema,
  'references-list': referenceListSchema,
  'references-get': getSchema,
  'references-create': referenceCreateSchema,
  'references-update': referenceUpdateSchema,
  'references-delete': deleteSchema,
  'references-triage': referenceTriageSchema,
  'references-export': referenceExportSchema,
  'studyContacts-list': studyContactListSchema,
  'studyContacts-get': getSchema,
  'studyContacts-create': studyContactCreateSchema,
  'studyContacts-update': studyContactUpdateSchema,
  'studyContacts-delete': deleteSchema,
  'studyContacts-export': studyContactExportSchema,
  'users-list': userListSchema,
  'users-get': getSchema,
  'users-create': userCreateSchema,
  'users-update': userUpdateSchema,
  'users-delete': deleteSchema,
  'users-approve': userApproveSchema,
  'users-revoke': userRevokeSchema,
  'users-requestAccess': emptySchema,
  'users-me': emptySchema,
  'users-endSession': emptySchema,
  'users-setPicture': userPictureSchema,
  'users-export': userExportSchema,
  'documents-list': documentListSchema,
  'documents-get': getSchema,
  'documents-create': documentCreateSchema,
  'documents-addVersion': documentAddVersionSchema,
  'documents-update': documentUpdateSchema,
  'documents-delete': deleteSchema,
  'dashboard-stats': dashboardStatsSchema,
  'audit-list': auditListSchema,
  'accessLog-list': accessLogListSchema,
} as const;

export type CallableName = keyof typeof requestSchemas;
export const CALLABLE_NAMES = Object.keys(requestSchemas) as CallableName[];

/** What each callable answers. */
export interface ResponseTypes {
  'studies-list': ListResponse<Study>;
  'studies-get': Study;
  'studies-create': Study;
  'studies-update': Study;
  'studies-delete': DeleteResponse;
  'studies-export': ExportResponse;
  'references-list': ListResponse<Reference>;
  'references-get': Reference;
  'references-create': Reference;
  'references-update': Reference;
  'references-delete': DeleteResponse;
  'references-triage': Reference;
  'references-export': ExportResponse;
  'studyContacts-list': ListResponse<StudyContact>;
  'studyContacts-get': StudyContact;
  'studyContacts-create': StudyContact;
  'studyContacts-update': StudyContact;
  'studyContacts-delete': DeleteResponse;
  'studyContacts-export': ExportResponse;
  'users-list': ListResponse<User>;
  'users-get': User;
  'users-create': User;
  'users-update': User;
  'users-delete': DeleteResponse;
  'users-approve': User;
  'users-revoke': User;
  'users-requestAccess': RequestAccessResponse;
  'users-me': MeResponse;
  'users-endSession': EndSessionResponse;
  'users-setPicture': User;
  'users-export': ExportResponse;
  'documents-list': ListResponse<StudyDocument>;
  'documents-get': StudyDocumentDetail;
  'documents-create': StudyDocumentDetail;
  'documents-addVersion': StudyDocumentDetail;
  'documents-update': StudyDocumentDetail;
  'documents-delete': DeleteResponse;
  'dashboard-stats': DashboardStats;
  'audit-list': ListResponse<AuditEntry>;
  'accessLog-list': ListResponse<AccessLogEntry>;
}

/** What a client sends (zod input: before trimming and defaults). */
export type CallableRequest<N extends CallableName> = z.input<(typeof requestSchemas)[N]>;
/** What the server works with after validation. */
export type ValidRequest<N extends CallableName> = z.output<(typeof requestSchemas)[N]>;
export type CallableResponse<N extends CallableName> = ResponseTypes[N];

/** Region and timeout of every callable, as the product specifies them. */
export const FUNCTIONS_REGION = 'northamerica-northeast1';
export const CALLABLE_TIMEOUT_MS = 70_000;
