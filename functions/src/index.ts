// Every deployed function, grouped: deployed names read `studies-list`, `users-approve`, ...
// The record kinds, one line each (docs/adding-a-resource.md).
export { studies } from './studies/callables.js';
export { references } from './references/callables.js';
export { studyContacts } from './studyContacts/callables.js';
export { users } from './users/callables.js';
export { documents } from './documents/callables.js';
// The functions of no kind.
export * as dashboard from './dashboard/callables.js';
export * as audit from './audit/callables.js';
export * as accessLog from './accessLog/callables.js';
export * as exports from './exports/callables.js';
export * as files from './files/endpoint.js';
// The referral portal's, for approved referrers (docs/referrals.md).
export * as referrals from './referrals/callables.js';
// E-mail: sending each `mail` document and its retries, the Admins' queue (docs/mail.md).
export * as mail from './mail/functions.js';
// The nightly Firestore export to the backup bucket (docs/operations.md, "Backups and restore").
export * as backups from './backups/functions.js';
