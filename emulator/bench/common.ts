// What the benchmark's parts share: the firebase-admin instances it opens, percentiles and number formats.
import { randomUUID } from 'node:crypto';
import { initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/** Unmeasured runs before each timed series. */
export const WARMUP_RUNS = 20;

export const apps: App[] = [];

export function openDb(host: string, projectId: string): Firestore {
  const app = initializeApp({ projectId }, `${projectId}-${randomUUID()}`);
  apps.push(app);
  // The SDK reads FIRESTORE_EMULATOR_HOST when the instance is built.
  process.env.FIRESTORE_EMULATOR_HOST = host;
  return getFirestore(app);
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const f1 = (n: number) => n.toFixed(1);
export const f0 = (n: number) => n.toFixed(0);
