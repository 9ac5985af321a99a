// The hourly removal of expired export files (each export also tidies its own folder) and of uploads no callable
// placed within a day (docs/security.md, "Files").
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { FUNCTIONS_REGION } from '@trialdesk/shared';
import { removeStaleUploads } from '../common/uploads.js';
import { removeExpiredExports } from '../common/exports.js';

export const cleanup = onSchedule({ schedule: 'every 1 hours', region: FUNCTIONS_REGION }, async () => {
  await removeExpiredExports();
  await removeStaleUploads();
});
