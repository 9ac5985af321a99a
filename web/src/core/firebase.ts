// Firebase set up once: production or the local emulators (from /emulators.json), Auth, lazy App Check and Functions.
import { getApps, initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import type { AppCheck } from 'firebase/app-check';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { Functions } from 'firebase/functions';
import type { LocalAppCheck } from './appCheck';

/** Where the emulators listen: `/emulators.json` of the stack serving the app (scripts/stack/project.ts writes it). */
export interface EmulatorConfig {
  projectId: string;
  authUrl: string;
  functionsHost: string;
  functionsPort: number;
  storageHost: string;
  storagePort: number;
  /** The stack's web app id and App Check exchange; without them (`vite dev` alone) the app runs without App Check. */
  appId?: string;
  appCheckUrl?: string;
  appCheckDebugToken?: string;
}

type Env = Partial<Record<keyof ImportMetaEnv, string>>;

export const usingEmulators = import.meta.env.VITE_USE_EMULATORS === 'true';

/** Without `/emulators.json` (e.g. `vite dev`): the VITE_* variables, else the ports of firebase.json. */
export function defaultEmulatorConfig(env: Env = import.meta.env): EmulatorConfig {
  const host = env.VITE_EMULATOR_HOST ?? '127.0.0.1';
  return {
    projectId: env.VITE_FIREBASE_PROJECT_ID ?? 'demo-trialdesk',
    authUrl: `http://${host}:${env.VITE_AUTH_EMULATOR_PORT ?? '9099'}`,
    functionsHost: host,
    functionsPort: Number(env.VITE_FUNCTIONS_EMULATOR_PORT ?? '5001'),
    storageHost: host,
    storagePort: Number(env.VITE_STORAGE_EMULATOR_PORT ?? '9199'),
  };
}

function isEmulatorConfig(value: unknown): value is EmulatorConfig {
  if (typeof value !== 'object' || value === null) return false;
  const { projectId, authUrl, functionsHost, functionsPort, storageHost, storagePort, ...appCheck } = value as Record<
    string,
    unknown
  >;
  const isPort = (port: unknown) => Number.isInteger(port) && (port as number) > 0 && (port as number) < 65536;
  const optional = (field: unknown, form: RegExp) =>
    field === undefined || (typeof field === 'string' && form.test(field));
  return (
    optional(appCheck.appId, /^1:\d+:web:\w+$/) &&
    optional(appCheck.appCheckUrl, /^https?:\/\/[^/]+$/) &&
    optional(appCheck.appCheckDebugToken, /^\S+$/) &&
    typeof projectId === 'string' &&
    projectId.startsWith('demo-') &&
    typeof authUrl === 'string' &&
    /^https?:\/\/[^/]+$/.test(authUrl) &&
    typeof functionsHost === 'string' &&
    functionsHost !== '' &&
    isPort(functionsPort) &&
    typeof storageHost === 'string' &&
    storageHost !== '' &&
    isPort(storagePort)
  );
}

/**
 * The stack's `/emulators.json` when it serves one; otherwise (404, or Hosting's SPA rewrite answering with
 * index.html, or a malformed file) the defaults. Only a demo project is accepted: this never points at production.
 */
export async function loadEmulatorConfig(
  origin: string = window.location.origin,
  env: Env = import.meta.env,
): Promise<EmulatorConfig> {
  try {
    const response = await fetch(new URL('/emulators.json', origin), { cache: 'no-store' });
    if (response.ok) {
      const value: unknown = JSON.parse(await response.text());
      if (isEmulatorConfig(value)) return value;
      console.warn('Ignoring /emulators.json: not an emulator configuration');
    }
  } catch {
    // Not JSON (the SPA fallback page) or no server answer: the defaults apply.
  }
  return defaultEmulatorConfig(env);
}

interface Clients {
  app: FirebaseApp;
  auth: Auth;
  emulators: EmulatorConfig | null;
  functions: Map<string, Promise<Functions>>;
  appCheck?: Promise<AppCheck | null>;
}

let clients: Clients | null = null;
let starting: Promise<void> | null = null;

function productionConfig(): FirebaseOptions {
  const env = import.meta.env;
  return {
    apiKey: env.VITE_FIREBASE_API_KEY,
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: env.VITE_FIREBASE_PROJECT_ID,
    appId: env.VITE_FIREBASE_APP_ID,
    storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
    messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
  };
}

/** The one place Firebase is initialised; resolves once Auth is ready (call before rendering). */
export function initFirebase(): Promise<void> {
  starting ??= (async () => {
    const emulators = usingEmulators ? await loadEmulatorConfig() : null;
    // The emulators accept any API key.
    const config = emulators
      ? {
          apiKey: 'demo-api-key',
          authDomain: `${emulators.projectId}.firebaseapp.com`,
          projectId: emulators.projectId,
          storageBucket: `${emulators.projectId}.appspot.com`,
          ...(emulators.appId && { appId: emulators.appId }),
        }
      : productionConfig();
    const app = getApps()[0] ?? initializeApp(config);
    const auth = getAuth(app);
    if (emulators) connectAuthEmulator(auth, emulators.authUrl, { disableWarnings: true });
    clients = { app, auth, emulators, functions: new Map() };
  })();
  return starting;
}

function ready(): Clients {
  if (!clients) throw new Error('Firebase is used before initFirebase() resolved');
  return clients;
}

export const firebaseAuth = (): Auth => ready().auth;

/** The app and the emulators in use (null in production), for clients set up after sign-in (Storage). */
export const firebaseSetup = (): Pick<Clients, 'app' | 'emulators'> => ready();

/** The local stack's App Check exchange, or null: none in production, none on emulators that do not offer one. */
function localAppCheck(emulators: EmulatorConfig): LocalAppCheck | null {
  const { appId, appCheckUrl, appCheckDebugToken } = emulators;
  return appId && appCheckUrl && appCheckDebugToken ? { url: appCheckUrl, debugToken: appCheckDebugToken } : null;
}

/**
 * App Check, started on first use and before the Functions and Storage clients, which then send its token with every
 * request; null on emulators without an exchange (docs/operations.md, "App Check").
 */
export function firebaseAppCheck(): Promise<AppCheck | null> {
  const current = ready();
  current.appCheck ??= (async () => {
    const { emulators } = current;
    const local = emulators && localAppCheck(emulators);
    if (emulators && !local) return null;
    const { startAppCheck } = await import('./appCheck');
    return startAppCheck(current.app, local);
  })();
  return current.appCheck;
}

/** The App Check token to send with a request the SDKs do not make (files-download), or null. */
export async function currentAppCheckToken(): Promise<string | null> {
  const appCheck = await firebaseAppCheck();
  return appCheck && (await import('./appCheck')).appCheckToken(appCheck);
}

/** The Functions client of `region`, loaded on first use: the login page does not carry its SDK. */
export function firebaseFunctions(region: string): Promise<Functions> {
  const current = ready();
  let client = current.functions.get(region);
  if (!client) {
    const sdk = import('firebase/functions');
    // App Check first: the client reads its token for every call from then on.
    client = firebaseAppCheck().then(async () => {
      const { connectFunctionsEmulator, getFunctions } = await sdk;
      const functions = getFunctions(current.app, region);
      if (current.emulators) {
        connectFunctionsEmulator(functions, current.emulators.functionsHost, current.emulators.functionsPort);
      }
      return functions;
    });
    current.functions.set(region, client);
  }
  return client;
}
