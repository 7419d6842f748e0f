/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_FIREBASE_MEASUREMENT_ID?: string;
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_AUTH_EMULATOR_URL?: string;
  readonly VITE_FUNCTIONS_EMULATOR_HOST?: string;
  readonly VITE_FUNCTIONS_EMULATOR_PORT?: string;
  readonly VITE_FUNCTIONS_REGION?: string;
  readonly VITE_DATA_BACKEND?: string;
  readonly VITE_STORE_URL?: string;
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_LAN_URL?: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_FORCED_LOCALE?: string;
  readonly VITE_APP_HOSTS?: string;
  readonly VITE_BILLING_SELLER_COUNTRY?: string;
  /** 'true' in a build for the end-to-end tests only (src/lib/perf/test-probes.ts). */
  readonly VITE_TEST_PROBES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
