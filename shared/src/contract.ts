// The callable contract: each callable's request schema and response type (the kinds' standard callables from their
// declarations, the others here), region and timeout.
import { z } from 'zod';
import { accessLogListSchema, type AccessLogEntry } from './accessLog.js';
import { auditListSchema, type AuditEntry } from './audit.js';
import { dashboardStatsSchema, type DashboardStats } from './dashboard.js';
import {
  documentAddVersionSchema,
  documentCountsSchema,
  userPictureSchema,
  type DocumentCounts,
  type StudyDocumentDetail,
} from './documents.js';
import { KIND_REQUESTS, type AllKindResponses } from './kinds.js';
import type { ListResponse } from './records.js';
import type { Reference } from './references.js';
import { mailListSchema, type MailItem } from './mail.js';
import {
  referralCreateSchema,
  referralListSchema,
  referralStudiesSchema,
  type Referral,
  type ReferralCreateResponse,
  type ReferralStudy,
} from './referrals.js';
import { studyImportSchema, type StudyImportResponse } from './registry.js';
import { studyFollowSchema, type Study } from './studies.js';
import { referenceOriginalsSchema, referenceTriageSchema, referenceUndoTriageSchema } from './triage.js';
import {
  emptySchema,
  userApproveSchema,
  userLanguageSchema,
  userRequestAccessSchema,
  userRevokeSchema,
  type EndSessionResponse,
  type MeResponse,
  type RequestAccessResponse,
  type User,
} from './users.js';

/** The callables beyond the kinds' standard ones: a kind's own actions, and the lists and figures of no kind. */
const otherRequests = {
  'studies-import': studyImportSchema,
  'studies-follow': studyFollowSchema,
  'references-triage': referenceTriageSchema,
  'references-undoTriage': referenceUndoTriageSchema,
  'references-originals': referenceOriginalsSchema,
  'users-approve': userApproveSchema,
  'users-revoke': userRevokeSchema,
  'users-requestAccess': userRequestAccessSchema,
  'users-setLanguage': userLanguageSchema,
  'users-me': emptySchema,
  'users-endSession': emptySchema,
  'users-setPicture': userPictureSchema,
  'documents-addVersion': documentAddVersionSchema,
  'documents-counts': documentCountsSchema,
  'dashboard-stats': dashboardStatsSchema,
  'audit-list': auditListSchema,
  'accessLog-list': accessLogListSchema,
  'mail-list': mailListSchema,
  // The referral portal's, for approved referrers (role User) only (docs/referrals.md).
  'referrals-studies': referralStudiesSchema,
  'referrals-create': referralCreateSchema,
  'referrals-list': referralListSchema,
} as const;

interface OtherResponses {
  'studies-import': StudyImportResponse;
  'studies-follow': Study;
  'references-triage': Reference;
  'references-undoTriage': Reference;
  /** The earlier referrals of the same patient to the same study that are not duplicates, likeliest first. */
  'references-originals': Reference[];
  'users-approve': User;
  'users-revoke': User;
  'users-requestAccess': RequestAccessResponse;
  'users-setLanguage': MeResponse;
  'users-me': MeResponse;
  'users-endSession': EndSessionResponse;
  'users-setPicture': User;
  'documents-addVersion': StudyDocumentDetail;
  'documents-counts': DocumentCounts;
  'dashboard-stats': DashboardStats;
  'audit-list': ListResponse<AuditEntry>;
  'accessLog-list': ListResponse<AccessLogEntry>;
  'mail-list': ListResponse<MailItem>;
  'referrals-studies': ListResponse<ReferralStudy>;
  'referrals-create': ReferralCreateResponse;
  'referrals-list': ListResponse<Referral>;
}

/** Every callable: its request schema (validated on the server, reused by the web forms). */
export const requestSchemas = { ...KIND_REQUESTS, ...otherRequests };

export type CallableName = keyof typeof requestSchemas;
export const CALLABLE_NAMES = Object.keys(requestSchemas) as CallableName[];

/** What each callable answers. */
export type ResponseTypes = AllKindResponses & OtherResponses;

/** What a client sends (zod input: before trimming and defaults). */
export type CallableRequest<N extends CallableName> = z.input<(typeof requestSchemas)[N]>;
/** What the server works with after validation. */
export type ValidRequest<N extends CallableName> = z.output<(typeof requestSchemas)[N]>;
export type CallableResponse<N extends CallableName> = ResponseTypes[N];

/** Region and timeout of every callable, as the product specifies them. */
export const FUNCTIONS_REGION = 'northamerica-northeast1';
export const CALLABLE_TIMEOUT_MS = 70_000;
