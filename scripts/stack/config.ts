// What every part of the local stack shares: the repository root, the project, the host, the ports and the URLs.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-trialdesk';
/** The project's default Cloud Storage bucket (what `getStorage().bucket()` and the web app use). */
export const DEFAULT_BUCKET = `${PROJECT_ID}.appspot.com`;
export const HOST = '127.0.0.1';
/** The local stack's web app (App Check names an app; the emulators need none otherwise). */
export const LOCAL_APP_ID = '1:000000000000:web:local';
/** The debug token the App Check stand-in exchanges, as one registered in the console would be. */
export const APP_CHECK_DEBUG_TOKEN = 'trialdesk-local-debug-token';

export interface StackPorts {
  firestore: number;
  storage: number;
  auth: number;
  functions: number;
  hosting: number;
  hub: number;
  logging: number;
  /** The ClinicalTrials.gov stand-in (in this process, like the built-in emulators). */
  registry: number;
  /** The stand-in of App Check's token exchange (in this process too; docs/operations.md, "App Check"). */
  appCheck: number;
  /** firebase-tools' Cloud Tasks emulator (the mail's retry queue). */
  tasks: number;
  /**
   * firebase-tools' Eventarc emulator, which it starts beside functions with event triggers: pinned here, or it
   * takes its default port (9299, the registry stand-in's) or whichever it finds, racing other stacks.
   */
  eventarc: number;
  /** maildev's SMTP server and its web inbox (a child process of this one). */
  smtp: number;
  mail: number;
}

/** The stack's ports that are no firebase-tools emulator (firebase.json names the others). */
export const OWN_PORTS: readonly (keyof StackPorts)[] = ['registry', 'appCheck', 'smtp', 'mail'];

/** The ports of firebase.json (what `npm start` uses). */
export const DEFAULT_PORTS: StackPorts = {
  firestore: 8080,
  storage: 9199,
  auth: 9099,
  functions: 5001,
  hosting: 5000,
  hub: 4400,
  logging: 4500,
  registry: 9299,
  appCheck: 9599,
  tasks: 9499,
  eventarc: 9399,
  smtp: 1025,
  mail: 1080,
};

export interface StackUrls {
  /** host:port, the form FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST take. */
  firestoreHost: string;
  /** host:port, the form FIREBASE_STORAGE_EMULATOR_HOST takes. */
  storageHost: string;
  authHost: string;
  auth: string;
  functions: string;
  hub: string;
  hosting: string | null;
  /** The registry's API base the functions read (REGISTRY_API_URL): the stand-in's `/api/v2`. */
  registry: string;
  /** The App Check exchange stand-in, in place of https://content-firebaseappcheck.googleapis.com. */
  appCheck: string;
  /** The app's address in e-mail links (APP_URL): Hosting's, even in a stack that serves no app. */
  app: string;
  /** maildev's web inbox and REST API (`GET /email`, `DELETE /email/all`). */
  mail: string;
  /** host:port of maildev's SMTP server, where the functions send (SMTP_HOST, SMTP_PORT). */
  smtp: string;
  /** host:port of firebase-tools' Cloud Tasks emulator (CLOUD_TASKS_EMULATOR_HOST): the mail's retry queue. */
  tasksHost: string;
}

/** Where a stack's emulators answer, once the built-in ones have their ports. */
export function urlsOf(ports: StackPorts, hosting: boolean): StackUrls {
  return {
    firestoreHost: `${HOST}:${ports.firestore}`,
    storageHost: `${HOST}:${ports.storage}`,
    authHost: `${HOST}:${ports.auth}`,
    auth: `http://${HOST}:${ports.auth}`,
    functions: `http://${HOST}:${ports.functions}`,
    hub: `http://${HOST}:${ports.hub}`,
    hosting: hosting ? `http://${HOST}:${ports.hosting}` : null,
    registry: `http://${HOST}:${ports.registry}/api/v2`,
    appCheck: `http://${HOST}:${ports.appCheck}`,
    app: `http://${HOST}:${ports.hosting}`,
    mail: `http://${HOST}:${ports.mail}`,
    smtp: `${HOST}:${ports.smtp}`,
    tasksHost: `${HOST}:${ports.tasks}`,
  };
}
