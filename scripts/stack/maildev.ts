// The stack's mail server (maildev: SMTP and a web inbox with a REST API, docs/mail.md "Local mail"), run in a child
// process; its SMTP port can be closed and reopened without losing the inbox (what an "SMTP down" test needs).
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST, type StackUrls } from './config.js';

/** The waits between a message's attempts (MAIL_RETRY_MIN_SECONDS, doubled up to MAIL_RETRY_MAX_SECONDS). */
export interface MailRetry {
  minSeconds: number;
  maxSeconds: number;
}
/** `npm start`'s: the deployed defaults (functions/src/mail/deliver.ts). */
export const MAIL_RETRY_DEFAULT: MailRetry = { minSeconds: 60, maxSeconds: 3600 };
/** A test stack's: a second or a few between attempts, so a test of an SMTP outage waits on no long backoff. */
export const MAIL_RETRY_TESTS: MailRetry = { minSeconds: 1, maxSeconds: 4 };

/** The sender of the local stack's messages. */
export const LOCAL_MAIL_FROM = 'TrialDesk <no-reply@trialdesk.test>';

/**
 * The functions' parameters for mail in a stack (docs/mail.md, "Configuration"): links to its app, its maildev
 * (no TLS, no account), and its waits between attempts.
 */
export function mailParams(urls: StackUrls, retry: MailRetry): Record<string, string> {
  const [host, port] = urls.smtp.split(':');
  return {
    APP_URL: urls.app,
    SMTP_HOST: host,
    SMTP_PORT: port,
    SMTP_SECURE: 'false',
    SMTP_USER: '',
    MAIL_FROM: LOCAL_MAIL_FROM,
    MAIL_RETRY_MIN_SECONDS: String(retry.minSeconds),
    MAIL_RETRY_MAX_SECONDS: String(retry.maxSeconds),
  };
}

export interface Maildev {
  smtpPort: number;
  /** The web inbox and its REST API (`GET /email`, `DELETE /email/all`). */
  url: string;
  /** Closes the SMTP port (connections are then refused); the inbox keeps answering. */
  stopSmtp(): Promise<void>;
  /** Listens on the same SMTP port again. */
  startSmtp(): Promise<void>;
  /** Stops the server (its mail folder stays when it was given, else it is removed). */
  stop(): Promise<void>;
}

export interface MaildevOptions {
  smtpPort: number;
  webPort: number;
  /** Where received messages are kept (.eml files), so a restart shows them again; absent: a temporary folder. */
  mailDir?: string;
}

const CHILD = fileURLToPath(new URL('./maildev-child.mjs', import.meta.url));

/** Waits for `message` from the child; rejects should it exit first. */
function reply(child: ChildProcess, message: string): Promise<void> {
  return new Promise((done, fail) => {
    const onMessage = (m: unknown) => m === message && (cleanup(), done());
    const onExit = (code: number | null) => (
      cleanup(),
      fail(new Error(`maildev exited (${code}) before "${message}"`))
    );
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function startMaildev(options: MaildevOptions): Promise<Maildev> {
  const temporary = options.mailDir ? undefined : await mkdtemp(join(tmpdir(), 'trialdesk-mail-'));
  const mailDir = options.mailDir ?? temporary!;
  const args = [HOST, String(options.smtpPort), String(options.webPort), mailDir];
  const child = fork(CHILD, args, { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  try {
    await reply(child, 'ready');
  } catch (error) {
    if (temporary) await rm(temporary, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  let stopping: Promise<void> | undefined;
  return {
    smtpPort: options.smtpPort,
    url: `http://${HOST}:${options.webPort}`,
    async stopSmtp() {
      const stopped = reply(child, 'smtp-stopped');
      child.send('stop-smtp');
      await stopped;
    },
    async startSmtp() {
      const started = reply(child, 'smtp-started');
      child.send('start-smtp');
      await started;
    },
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = once(child, 'exit');
          child.kill('SIGTERM');
          await exited;
        }
        if (temporary) await rm(temporary, { recursive: true, force: true });
      })()),
  };
}
