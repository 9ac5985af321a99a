// What the mail tests run the sending functions against: a real maildev (SMTP and its inbox's REST API) and
// firebase-tools' own Cloud Tasks emulator, whose dispatches reach the real `mail-retry` handler over HTTP, as the
// Functions emulator would serve it (docs/mail.md, "Sending").
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { FUNCTIONS_REGION } from '@trialdesk/shared';
import { freePort, startMaildev, type Maildev } from '@trialdesk/scripts/stack';
import { RETRY_FUNCTION, retry } from '../src/mail/functions.js';

/** A message as maildev's REST API (`GET /email`) answers it: the fields the tests read. */
export interface InboxMessage {
  id: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
}

export interface MailDelivery {
  maildev: Maildev;
  /** Every message maildev holds for `address`. */
  inbox(address: string): Promise<InboxMessage[]>;
  /** Each answer of `mail-retry` to a dispatch of the Cloud Tasks emulator: the message's id and HTTP status. */
  dispatches: { id: unknown; status: number }[];
  stop(): Promise<void>;
}

interface TasksEmulatorInstance {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** firebase-tools' Cloud Tasks emulator (pure Node.js), the one `firebase emulators:start` runs beside functions. */
function tasksEmulator(port: number): TasksEmulatorInstance {
  const require = createRequire(import.meta.url);
  const { TasksEmulator } = require('firebase-tools/lib/emulator/tasksEmulator.js') as {
    TasksEmulator: new (args: { host: string; port: number }) => TasksEmulatorInstance;
  };
  return new TasksEmulator({ host: '127.0.0.1', port });
}

/** The param or number of a retry setting, as firebase-tools resolves it when it registers the queue. */
const resolved = (value: unknown) =>
  typeof (value as { value?: unknown })?.value === 'function' ? (value as { value(): unknown }).value() : value;

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** Serves the `mail-retry` function over HTTP with the request and response methods its handler uses (Express'). */
function serveRetry(dispatches: MailDelivery['dispatches']): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { data?: { id?: unknown } };
    Object.assign(req, { body, header: (name: string) => req.headers[name.toLowerCase()] });
    Object.assign(res, {
      status(code: number) {
        res.statusCode = code;
        return res;
      },
      send(payload: unknown) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(payload));
      },
    });
    await (retry as unknown as Handler)(req, res);
    dispatches.push({ id: body.data?.id, status: res.statusCode });
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/**
 * Starts maildev and the Cloud Tasks emulator, registers the retry queue as the Functions emulator does (its
 * retryConfig with this process's parameters) and points the functions at both through their parameters.
 */
export async function startMailDelivery(): Promise<MailDelivery> {
  const maildev = await startMaildev({ smtpPort: await freePort(), webPort: await freePort() });
  Object.assign(process.env, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(maildev.smtpPort),
    SMTP_SECURE: 'false',
    SMTP_USER: '',
    SMTP_PASSWORD: '',
    MAIL_FROM: 'TrialDesk <no-reply@trialdesk.test>',
    // Short waits between attempts, as the local stack's tests set them.
    MAIL_RETRY_MIN_SECONDS: '1',
    MAIL_RETRY_MAX_SECONDS: '2',
    // The task handler checks no Cloud Tasks OIDC token in an emulator, as in the Functions emulator.
    FUNCTIONS_EMULATOR: 'true',
    // No probe of a Google Compute Engine metadata server for the service account a task names.
    METADATA_SERVER_DETECTION: 'none',
  });
  const dispatches: MailDelivery['dispatches'] = [];
  const handler = await serveRetry(dispatches);
  const tasksPort = await freePort();
  const tasks = tasksEmulator(tasksPort);
  await tasks.start();
  process.env.CLOUD_TASKS_EMULATOR_HOST = `127.0.0.1:${tasksPort}`;
  const { retryConfig, rateLimits } = (retry as unknown as { __endpoint: { taskQueueTrigger: Record<string, object> } })
    .__endpoint.taskQueueTrigger;
  const queue = `projects/${process.env.GCLOUD_PROJECT}/locations/${FUNCTIONS_REGION}/queues/${RETRY_FUNCTION}`;
  const created = await fetch(`http://127.0.0.1:${tasksPort}/${queue}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      retryConfig: Object.fromEntries(Object.entries(retryConfig).map(([key, value]) => [key, resolved(value)])),
      rateLimits,
      defaultUri: `http://127.0.0.1:${(handler.address() as AddressInfo).port}/`,
    }),
  });
  if (!created.ok) throw new Error(`the retry queue was not created: ${created.status} ${await created.text()}`);
  return {
    maildev,
    dispatches,
    async inbox(address) {
      const all = (await (await fetch(`${maildev.url}/email`)).json()) as InboxMessage[];
      return all.filter((message) => message.to.some((to) => to.address === address));
    },
    async stop() {
      await tasks.stop();
      await new Promise((done) => handler.close(done));
      await maildev.stop();
    },
  };
}
