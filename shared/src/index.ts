// The shared package: enums, limits, messages, validation, records and the callable contract.
export * from './enums.js';
export * from './limits.js';
export * from './messages.js';
export * from './validation.js';
export * from './search.js';
export * from './errors.js';
export * from './records.js';
export * from './kind.js';
export * from './audit.js';
export * from './accessLog.js';
export * from './dashboard.js';
export * from './triage.js';
export * from './exports.js';
export * from './valueLabels.js';
export * from './kinds.js'; // and every kind's module
export * from './registry.js';
export * from './registryMapping.js';
export * from './registrySpecialties.js';
export * from './workflowMessages.js';
export * from './referrals.js';
export * from './mail.js';
export * from './deployment.js';
export * from './appCheckExchange.js';
export * from './contract.js';
