/**
 * Runtime configuration of the SPA, read once from `import.meta.env` (Vite `VITE_*` variables).
 * Defaults target the local stack: a `demo-` project id and the Firebase emulators.
 */

export type DataBackend = 'local' | 'firestore';

export interface AppConfig {
  readonly firebase: {
    readonly projectId: string;
    readonly apiKey: string;
    readonly authDomain: string;
    readonly appId: string | undefined;
  };
  readonly useEmulators: boolean;
  readonly authEmulatorUrl: string;
  readonly functionsEmulator: { readonly host: string; readonly port: number };
  readonly functionsRegion: string;
  readonly dataBackend: DataBackend;
  readonly storeUrl: string;
  readonly sentryDsn: string | undefined;
  /** A locale that overrides every other source (deployments for one language). */
  readonly forcedLocale: string | undefined;
}

type EnvKey =
  | 'VITE_FIREBASE_PROJECT_ID'
  | 'VITE_FIREBASE_API_KEY'
  | 'VITE_FIREBASE_AUTH_DOMAIN'
  | 'VITE_FIREBASE_APP_ID'
  | 'VITE_USE_EMULATORS'
  | 'VITE_AUTH_EMULATOR_URL'
  | 'VITE_FUNCTIONS_EMULATOR_HOST'
  | 'VITE_FUNCTIONS_EMULATOR_PORT'
  | 'VITE_FUNCTIONS_REGION'
  | 'VITE_DATA_BACKEND'
  | 'VITE_STORE_URL'
  | 'VITE_SENTRY_DSN'
  | 'VITE_FORCED_LOCALE';

export type Env = { readonly [K in EnvKey]?: string | undefined } & { readonly DEV?: boolean };

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseBool(value: string | undefined, fallback: boolean): boolean {
  const v = nonEmpty(value)?.toLowerCase();
  if (v === undefined) return fallback;
  return v === 'true' || v === '1' || v === 'yes';
}

function parsePort(value: string | undefined, fallback: number): number {
  const n = Number(nonEmpty(value));
  return Number.isInteger(n) && n > 0 && n < 65536 ? n : fallback;
}

/** Pure: builds the configuration from an environment object (tested without Vite). */
export function readConfig(env: Env): AppConfig {
  const projectId = nonEmpty(env.VITE_FIREBASE_PROJECT_ID) ?? 'demo-simgames';
  return {
    firebase: {
      projectId,
      apiKey: nonEmpty(env.VITE_FIREBASE_API_KEY) ?? 'demo-key',
      authDomain: nonEmpty(env.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
      appId: nonEmpty(env.VITE_FIREBASE_APP_ID),
    },
    // A `demo-` project cannot reach a real backend, so it always uses the emulators.
    useEmulators: parseBool(
      env.VITE_USE_EMULATORS,
      env.DEV === true || projectId.startsWith('demo-'),
    ),
    authEmulatorUrl: nonEmpty(env.VITE_AUTH_EMULATOR_URL) ?? 'http://127.0.0.1:9099',
    functionsEmulator: {
      host: nonEmpty(env.VITE_FUNCTIONS_EMULATOR_HOST) ?? '127.0.0.1',
      port: parsePort(env.VITE_FUNCTIONS_EMULATOR_PORT, 5001),
    },
    functionsRegion: nonEmpty(env.VITE_FUNCTIONS_REGION) ?? 'us-central1',
    dataBackend: nonEmpty(env.VITE_DATA_BACKEND) === 'firestore' ? 'firestore' : 'local',
    storeUrl: nonEmpty(env.VITE_STORE_URL) ?? 'http://127.0.0.1:8787',
    sentryDsn: nonEmpty(env.VITE_SENTRY_DSN),
    forcedLocale: nonEmpty(env.VITE_FORCED_LOCALE),
  };
}

export const config: AppConfig = readConfig(import.meta.env);
