// The local stack's watchdog: `watchdog.ts <launcher pid> <group id> [<hub url> <auth dir>]`. Once the launcher is
// gone (killed with SIGKILL, crashed), it saves the Auth accounts and stops the emulators' process group, which would
// otherwise keep running and hold the ports.
import { saveAuth } from './stack/auth.js';

const [launcher, group] = process.argv.slice(2, 4).map(Number);
const [hub, authDir] = process.argv.slice(4, 6);
const CHECK_MS = 250;
/** How long the save may take: firebase-tools answers it within a second unless it is itself stuck. */
const SAVE_TIMEOUT_MS = 10_000;
/**
 * How long firebase-tools gets to stop in order (SIGINT: it exports the Auth accounts again, ends its workers). Its
 * stop sometimes hung past 15 s with nothing saved, hence the save first.
 */
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

/** 0 while the launcher lives; then when the group is killed outright. */
let deadline = 0;
let saving = false;
setInterval(() => {
  // The group stopped (the launcher's own stop, or after the signals below): nothing left to watch.
  if (!alive(-group)) process.exit(0);
  if (deadline === 0 && !saving && !alive(launcher)) {
    saving = true;
    // The launcher's last save may be up to a save interval old: save what the Auth emulator holds now, whatever
    // firebase-tools then manages on SIGINT. A failed save leaves the previous one whole.
    const saved = hub && authDir ? saveAuth(hub, authDir, SAVE_TIMEOUT_MS).catch(() => {}) : Promise.resolve();
    void saved.then(() => {
      deadline = Date.now() + GRACE_MS;
      signalGroup('SIGINT');
    });
  } else if (deadline !== 0 && Date.now() > deadline) {
    signalGroup('SIGKILL');
  }
}, CHECK_MS);
