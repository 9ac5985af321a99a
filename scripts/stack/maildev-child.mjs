// The local SMTP server and its web inbox (maildev), in a process of its own: maildev keeps one server per process
// (module state), and its parent (stack/maildev.ts) may close and reopen the SMTP port alone, the inbox staying up,
// through IPC ("stop-smtp", "start-smtp"). Arguments: host, SMTP port, web port, mail folder.
import { once } from 'node:events';
import { createRequire } from 'node:module';

// maildev is CommonJS, and its web server (to wait for) is no export of its entry.
const require = createRequire(import.meta.url);
const maildev = require('maildev');
const web = require('maildev/lib/web');

const [host, smtp, webPort, mailDirectory] = process.argv.slice(2);

async function main() {
  const server = maildev({ ip: host, smtp: Number(smtp), web: Number(webPort), mailDirectory, silent: true });
  await server.listen();
  if (!web.server.listening) await once(web.server, 'listening');
  // Idle connections stay open until their client closes them. With Node's default (5 s), the server closed an idle
  // one as a client (Node's fetch, which keeps them 4 s) sent the next request on it, on a loaded machine: the
  // request failed with "other side closed". Without a timeout, the server also sends no Keep-Alive hint, so the
  // client's own 4 s apply.
  web.server.keepAliveTimeout = 0;
  process.on('message', (message) => {
    if (message === 'stop-smtp') {
      server.smtp.close(() => {
        // smtp-server answers "421 Server shutting down" while this is set, and never unsets it after a close.
        server.smtp._closeTimeout = false;
        process.send('smtp-stopped');
      });
    }
    if (message === 'start-smtp') server.smtp.listen(Number(smtp), host, () => process.send('smtp-started'));
  });
  process.send('ready');
}

// Gone with its parent, even one killed outright (no exit handler runs then): the IPC channel closes.
process.on('disconnect', () => process.exit(0));
main().catch((error) => {
  console.error(error);
  process.exit(1);
});
