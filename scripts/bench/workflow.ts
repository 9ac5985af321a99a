// The clinical workflow's part of `npm run bench`: `dashboard-stats` latency and the export of every reference, at
// 10 000 studies and 100 000 references (filled through the reference service in this process).
import { BulkWriter, Timestamp } from 'firebase-admin/firestore';
import type { Caller } from '@trialdesk/functions/common/auth';
import { db } from '@trialdesk/functions/common/firebase';
import { dashboardStats } from '@trialdesk/functions/dashboard/service';
import { createReference, REFERENCES } from '@trialdesk/functions/references/service';
import { DASHBOARD, referenceCreateSchema, studiesKind, type ReferenceStatus } from '@trialdesk/shared';
import { mapLimit, type Client } from '../client.js';
import type { Figure } from './timing.js';

/** Referrals over three years, as an institution with 10 000 studies accumulates them. */
const HISTORY_DAYS = 3 * 365;
const DAY_MS = 86_400_000;
const FILL_CONCURRENCY = 24;
const STATUSES: ReferenceStatus[] = ['Accepted', 'Rejected', 'Accepted', 'Pending', 'Unknown', 'Accepted', 'Rejected'];

export interface WorkflowFigures {
  references: number;
  studies: number;
  fillSeconds: number;
  dashboard: { p50: number; p95: number };
  dashboardOneStudy: { p50: number; p95: number };
  dashboardService: { p50: number; p95: number };
  exportSeconds: number;
  exportRows: number;
  topStudiesPartial: boolean;
}

type Timer = (run: () => Promise<unknown>) => Promise<Figure>;

/**
 * Creates the missing references through the service (validation, duplicate check, counts, audit), then moves
 * their dates back over the history: the API makes every referral now; the dashboard's windows need a past.
 */
async function fillReferences(target: number, caller: Caller): Promise<number> {
  const count = async () => (await db().collection(REFERENCES).count().get()).data().count;
  const missing = Math.max(0, target - (await count()));
  if (missing === 0) return 0;
  const studyIds = (await db().collection(studiesKind.collection).select().get()).docs.map((d) => d.id);
  const started = performance.now();
  const created = await mapLimit(
    Array.from({ length: missing }, (_, i) => i),
    FILL_CONCURRENCY,
    async (i) => {
      const reference = await createReference(
        referenceCreateSchema.parse({
          studyId: studyIds[(i * 7919) % studyIds.length],
          patientId: `BENCH-${i}`,
          referer: `Dr Bench ${i % 300}`,
          status: STATUSES[i % STATUSES.length],
        }),
        caller,
      );
      return { id: reference.id, decided: reference.decidedAt !== null };
    },
  );
  const now = Date.now();
  const writer: BulkWriter = db().bulkWriter();
  created.forEach(({ id, decided }, i) => {
    const createdAt = now - ((created.length - i) / created.length) * HISTORY_DAYS * DAY_MS;
    const days = (i % 29) / 2;
    void writer.update(db().collection(REFERENCES).doc(id), {
      createdAt: Timestamp.fromMillis(createdAt),
      ...(decided
        ? { decidedAt: Timestamp.fromMillis(Math.min(createdAt + days * DAY_MS, now)), decisionDays: days }
        : {}),
    });
  });
  await writer.close();
  return (performance.now() - started) / 1000;
}

export async function benchWorkflow(
  client: Client,
  caller: Caller,
  references: number,
  time: Timer,
): Promise<WorkflowFigures> {
  console.log(`Filling to ${references} references...`);
  const fillSeconds = await fillReferences(references, caller);
  const counted = (await db().collection(REFERENCES).count().get()).data().count;
  const studies = (await db().collection(studiesKind.collection).count().get()).data().count;
  console.log(`Measuring the dashboard and the export at ${studies} studies and ${counted} references...`);
  const oneStudy = (await db().collection(studiesKind.collection).orderBy('referenceCount', 'desc').limit(1).get())
    .docs[0].id;
  // The first calls build the emulator's indexes of each query shape and start the function's worker.
  for (let i = 0; i < 5; i++) await client.call('dashboard-stats', {});
  const dashboard = await time(() => client.call('dashboard-stats', {}));
  const dashboardOneStudy = await time(() => client.call('dashboard-stats', { studyId: oneStudy }));
  const dashboardService = await time(() => dashboardStats({}, caller));
  const { topStudiesPartial } = await client.call('dashboard-stats', {});
  const started = performance.now();
  const exported = await client.call('references-export', { language: 'en' });
  const exportSeconds = (performance.now() - started) / 1000;
  return {
    references: counted,
    studies,
    fillSeconds,
    dashboard,
    dashboardOneStudy,
    dashboardService,
    exportSeconds,
    exportRows: exported.rows,
    topStudiesPartial,
  };
}

export function printWorkflow(f: WorkflowFigures): void {
  const ms = (x: { p50: number; p95: number }) => `p50 ${x.p50.toFixed(1)} ms, p95 ${x.p95.toFixed(1)} ms`;
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(
    `\nClinical workflow at ${f.studies} studies and ${f.references} references ` +
      `(referrals spread over ${HISTORY_DAYS / 365} years${f.fillSeconds ? `, filled in ${f.fillSeconds.toFixed(0)} s` : ''}):\n` +
      `  dashboard-stats, all studies (HTTP): ${ms(f.dashboard)}; target p95 < 150 ms: ${verdict(f.dashboard.p95 < 150)}\n` +
      `  dashboard-stats, one study (HTTP): ${ms(f.dashboardOneStudy)}\n` +
      `  dashboard-stats, all studies (service only): ${ms(f.dashboardService)}\n` +
      `  ranking of the last ${DASHBOARD.recentDays} days read in full: ${f.topStudiesPartial ? 'no (capped)' : 'yes'}\n` +
      `  references-export of all ${f.exportRows} references (HTTP, CSV written to Storage): ` +
      `${f.exportSeconds.toFixed(1)} s; target < 30 s: ${verdict(f.exportSeconds < 30)}`,
  );
}
