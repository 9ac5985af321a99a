/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_EMULATOR_HOST?: string;
  readonly VITE_AUTH_EMULATOR_PORT?: string;
  readonly VITE_FUNCTIONS_EMULATOR_PORT?: string;
  readonly VITE_STORAGE_EMULATOR_PORT?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_STORAGE_BUCKET?: string;
  readonly VITE_FIREBASE_MESSAGING_SENDER_ID?: string;
  /** The reCAPTCHA Enterprise site key of App Check (production builds; core/appCheck.ts). */
  readonly VITE_APP_CHECK_SITE_KEY?: string;
  // Always set: a production build refuses to go without them, an emulator build takes their demo values
  // (build/deploymentSettings.ts).
  readonly VITE_ORGANISATION_NAME: string;
  readonly VITE_SUPPORT_EMAIL: string;
  readonly VITE_PRIVACY_POLICY_URL: string;
  readonly VITE_DATA_DELETION_EMAIL: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
