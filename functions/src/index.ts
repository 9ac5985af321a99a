// Grouped exports: deployed names read `studies-list`, `users-approve`, ...
export * as studies from './studies/callables.js';
export * as references from './references/callables.js';
export * as studyContacts from './studyContacts/callables.js';
export * as users from './users/callables.js';
export * as dashboard from './dashboard/callables.js';
export * as audit from './audit/callables.js';
export * as accessLog from './accessLog/callables.js';
export * as documents from './documents/callables.js';
export * as exports from './exports/callables.js';
export * as files from './files/endpoint.js';
