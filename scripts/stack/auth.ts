// Saving the Auth emulator's accounts into the stack's data folder whole: exported beside it, then swapped in. The
// launcher saves on every change; the watchdog saves once more when the launcher is gone (docs/architecture.md).
import { existsSync, renameSync, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { PROJECT_ID, type StackUrls } from './config.js';

/** What firebase-tools writes beside an export and reads to import one (`--import`): its absence means no import. */
export const AUTH_EXPORT_METADATA = 'firebase-export-metadata.json';

/** How often the Auth accounts are checked for changes and saved (the most a crash of the emulators can lose). */
const AUTH_SAVE_MS = 2_000;

/** Exports the Auth accounts to `path` through the emulator hub (firebase-tools' own export format). */
export async function exportAuth(hub: string, path: string, timeoutMs = 60_000): Promise<void> {
  const response = await fetch(`${hub}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path, initiatedBy: 'trialdesk', targets: ['auth'] }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`auth export failed: ${response.status} ${await response.text()}`);
}

/**
 * Exports into `<authDir>.next`, then swaps it in: a save cut short leaves the previous one whole, and the next
 * start finishes an interrupted swap (`recoverAuthDir`).
 */
export async function saveAuth(hub: string, authDir: string, timeoutMs?: number): Promise<void> {
  await rm(`${authDir}.next`, { recursive: true, force: true });
  await exportAuth(hub, `${authDir}.next`, timeoutMs);
  await rm(`${authDir}.old`, { recursive: true, force: true });
  if (existsSync(authDir)) await rename(authDir, `${authDir}.old`);
  await rename(`${authDir}.next`, authDir);
  await rm(`${authDir}.old`, { recursive: true, force: true });
}

/**
 * Saves the Auth accounts whenever they change (checked every `AUTH_SAVE_MS`), so a crash of the emulators loses no
 * account whose creation was acknowledged more than that long before. Each save is exported beside the folder,
 * then swapped in: a crash during a save leaves the previous one whole (`recoverAuthDir` finishes the swap).
 */
export function saveAuthOnChange(urls: StackUrls, authDir: string) {
  let last = '';
  let saving: Promise<void> = Promise.resolve();
  const save = async () => {
    const response = await fetch(
      `${urls.auth}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:batchGet?maxResults=1000000`,
      { headers: { authorization: 'Bearer owner' } },
    );
    if (!response.ok) return;
    const accounts = await response.text();
    if (accounts === last) return;
    await saveAuth(urls.hub, authDir);
    last = accounts;
  };
  const timer = setInterval(() => {
    saving = saving.then(save).catch(() => {
      // The emulator is stopping or busy: the next round tries again.
    });
  }, AUTH_SAVE_MS);
  timer.unref();
  return {
    /** Saves now whatever changed (the seed's accounts), after any save under way. */
    saveNow() {
      saving = saving.then(save);
      return saving;
    },
    async stop() {
      clearInterval(timer);
      await saving.catch(() => {});
    },
  };
}

/** A save interrupted between its two renames: the previous accounts are put back. */
export function recoverAuthDir(authDir: string): void {
  if (!existsSync(authDir) && existsSync(`${authDir}.old`)) renameSync(`${authDir}.old`, authDir);
  rmSync(`${authDir}.next`, { recursive: true, force: true });
}
