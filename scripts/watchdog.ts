// The local stack's watchdog: `watchdog.ts <launcher pid> <group id>`. Once the launcher is gone (killed with
// SIGKILL, crashed), it stops the emulators' process group, which would otherwise keep running and hold the ports.

const [launcher, group] = process.argv.slice(2).map(Number);
const CHECK_MS = 250;
/** How long firebase-tools gets to stop in order (SIGINT: it exports the Auth accounts, ends its workers); on a
 * loaded two-core machine 15 s was once too short and the last accounts were lost. */
const GRACE_MS = 30_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

function signalGroup(signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch {
    // The group is already gone.
  }
}

let deadline = 0;
setInterval(() => {
  // The group stopped (the launcher's own stop, or after the signals below): nothing left to watch.
  if (!alive(-group)) process.exit(0);
  if (deadline === 0 && !alive(launcher)) {
    deadline = Date.now() + GRACE_MS;
    signalGroup('SIGINT');
  } else if (deadline !== 0 && Date.now() > deadline) {
    signalGroup('SIGKILL');
  }
}, CHECK_MS);
