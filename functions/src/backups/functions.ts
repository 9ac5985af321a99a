// `backups-nightly`: the scheduled Firestore export, each night at 02:00 in the team's time zone, its outcome logged
// (docs/operations.md, "Backups and restore").
import { defineString, projectID } from 'firebase-functions/params';
import { logger } from 'firebase-functions/v2';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { deploymentSetting, FUNCTIONS_REGION } from '@trialdesk/shared';
import { teamTimeZone } from '../common/timeZone.js';
import { runBackup, type BackupOptions } from './backup.js';

/** The bucket the exports go to; no default: a deploy asks for it (or reads functions/.env.<project>). */
export const BACKUP_BUCKET = defineString('BACKUP_BUCKET', {
  description: deploymentSetting('BACKUP_BUCKET').describe,
});

/**
 * One night's backup, logged: the operation, folder and folders deleted once the export is done, a warning while it
 * still runs, or the error (then thrown again).
 */
export async function backupAndLog(options: BackupOptions): Promise<void> {
  try {
    const outcome = await runBackup(options);
    const fields = { ...outcome, deletedCount: outcome.deleted.length };
    if (outcome.export === 'done') logger.info('backup: export done', fields);
    else logger.warn('backup: export still running', fields);
  } catch (error) {
    logger.error('backup: failed', { bucket: options.bucket, error: (error as Error).message ?? String(error) });
    throw error;
  }
}

export const nightly = onSchedule(
  { schedule: '0 2 * * *', timeZone: teamTimeZone(), region: FUNCTIONS_REGION, timeoutSeconds: 540 },
  () =>
    backupAndLog({
      projectId: projectID.value(),
      bucket: BACKUP_BUCKET.value(),
      timeZone: teamTimeZone(),
    }),
);
