import { getApps, initializeApp, type FirebaseOptions } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { FUNCTIONS_REGION } from '@trialdesk/shared';

const env = import.meta.env;
export const usingEmulators = env.VITE_USE_EMULATORS === 'true';

// The emulators accept any API key; the project is the emulator-only demo project.
const config: FirebaseOptions = usingEmulators
  ? {
      apiKey: 'demo-api-key',
      authDomain: 'demo-trialdesk.firebaseapp.com',
      projectId: env.VITE_FIREBASE_PROJECT_ID ?? 'demo-trialdesk',
    }
  : {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
      storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET,
      messagingSenderId: env.VITE_FIREBASE_MESSAGING_SENDER_ID,
    };

export const firebaseApp = getApps()[0] ?? initializeApp(config);
export const auth = getAuth(firebaseApp);
export const functions = getFunctions(firebaseApp, FUNCTIONS_REGION);

if (usingEmulators) {
  const host = env.VITE_EMULATOR_HOST ?? '127.0.0.1';
  connectAuthEmulator(auth, `http://${host}:${env.VITE_AUTH_EMULATOR_PORT ?? '9099'}`, { disableWarnings: true });
  connectFunctionsEmulator(functions, host, Number(env.VITE_FUNCTIONS_EMULATOR_PORT ?? '5001'));
}
