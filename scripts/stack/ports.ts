// A stack's ports: those of firebase.json, or free ones picked below the OS's range for outgoing connections.
import { createServer } from 'node:net';
import { DEFAULT_PORTS, HOST, type StackPorts } from './config.js';
import { readProc } from './proc.js';

/** Whether a server can listen on `port` of 127.0.0.1 now. */
function canListen(port: number): Promise<boolean> {
  return new Promise<boolean>((done) => {
    const server = createServer();
    server.unref();
    server.once('error', () => done(false));
    server.listen(port, HOST, () => server.close(() => done(true)));
  });
}

/** How many ports below the OS's range for outgoing connections free ports are picked from. */
const FREE_PORT_SPAN = 10_000;

/**
 * An unused TCP port on 127.0.0.1, picked at random below the range the OS hands to outgoing connections
 * (/proc/sys/net/ipv4/ip_local_port_range): a port from that range (what listening on port 0 gives) can go to
 * another process's connection between the pick and firebase-tools' own bind, which then refuses to start ("port
 * taken"), as happened with the benchmark's stacks started side by side.
 */
export async function freePort(): Promise<number> {
  const [low] = (readProc('sys/net/ipv4/ip_local_port_range') ?? '32768').trim().split(/\s+/).map(Number);
  const from = Math.max(1024, low - FREE_PORT_SPAN);
  // A range starting unusually low still leaves a span to pick from.
  const to = Math.max(low, from + FREE_PORT_SPAN);
  for (;;) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (await canListen(port)) return port;
  }
}

/** The ports among `ports` that something already listens on. */
export async function busyPorts(ports: StackPorts): Promise<number[]> {
  const busy: number[] = [];
  for (const port of Object.values(ports)) if (!(await canListen(port))) busy.push(port);
  return busy;
}

/** The ports a stack asks for: 'free' (tests), given ones, or by default those of firebase.json. */
export async function pickPorts(choice: StackPorts | 'free' | undefined): Promise<StackPorts> {
  if (choice !== 'free') return choice ?? DEFAULT_PORTS;
  const ports: number[] = [];
  while (ports.length < 9) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const [auth, functions, hosting, hub, logging, tasks, eventarc, smtp, mail] = ports;
  // The Firestore and Storage emulators and the registry's and App Check's stand-ins are in this process and bind
  // port 0 themselves: no race for those.
  return {
    firestore: 0,
    storage: 0,
    auth,
    functions,
    hosting,
    hub,
    logging,
    registry: 0,
    appCheck: 0,
    tasks,
    eventarc,
    smtp,
    mail,
  };
}
