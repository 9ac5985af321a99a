// Saving the Auth emulator's accounts into the stack's data folder whole: exported beside it, then swapped in. The
// launcher saves on every change; the watchdog saves once more when the launcher is gone (docs/architecture.md).
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';

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
 * start finishes an interrupted swap (`recoverAuthDir` in stack.ts).
 */
export async function saveAuth(hub: string, authDir: string, timeoutMs?: number): Promise<void> {
  await rm(`${authDir}.next`, { recursive: true, force: true });
  await exportAuth(hub, `${authDir}.next`, timeoutMs);
  await rm(`${authDir}.old`, { recursive: true, force: true });
  if (existsSync(authDir)) await rename(authDir, `${authDir}.old`);
  await rename(`${authDir}.next`, authDir);
  await rm(`${authDir}.old`, { recursive: true, force: true });
}
