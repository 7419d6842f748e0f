/**
 * Runtime configuration of the SPA, read once from `import.meta.env` (Vite `VITE_*` variables).
 * Defaults target the local stack: a `demo-` project id and the Firebase emulators.
 */
import { DEFAULT_SELLER_COUNTRY } from '@sim/core/billing/tax';
import { parseAppHosts } from '@/lib/host/portal-host';

export type DataBackend = 'local' | 'firestore';

export interface AppConfig {
  readonly firebase: {
    readonly projectId: string;
    readonly apiKey: string;
    readonly authDomain: string;
    readonly appId: string | undefined;
    /** Google Analytics' measurement id (`G-…`): analytics runs only with it, in production. */
    readonly measurementId: string | undefined;
  };
  readonly useEmulators: boolean;
  readonly authEmulatorUrl: string;
  readonly functionsEmulator: { readonly host: string; readonly port: number };
  readonly functionsRegion: string;
  readonly dataBackend: DataBackend;
  readonly storeUrl: string;
  /** The Cloud Firestore emulator, when the local stack runs on it. */
  readonly firestoreEmulator: { readonly host: string; readonly port: number } | undefined;
  /**
   * Classroom mode: the stack serves the local network. `url` is the address players open; every
   * emulator and the store are reached on the page's own host, so one build serves the
   * instructor's machine (127.0.0.1) and the players' phones (the LAN address) alike.
   */
  readonly lan: { readonly url: string } | undefined;
  /**
   * Whether files (logos) can be stored. Not on the local stack on Firestore: it has no Storage
   * emulator (docs/decisions/0006-local-stack-on-firestore.md).
   */
  readonly filesAvailable: boolean;
  readonly sentryDsn: string | undefined;
  /** A locale that overrides every other source (deployments for one language). */
  readonly forcedLocale: string | undefined;
  /**
   * The app's own host names (`VITE_APP_HOSTS`, comma-separated, `*.example.com` for every
   * subdomain): any other host is a school's portal, named by its subdomain (spec §2).
   */
  readonly appHosts: readonly string[];
  /**
   * The seller's country (`VITE_BILLING_SELLER_COUNTRY`, the functions' BILLING_SELLER_COUNTRY),
   * whose customers pay VAT even with a valid number: the subscription tab previews the tax with
   * the rule the server applies.
   */
  readonly sellerCountry: string;
}

type EnvKey =
  | 'VITE_FIREBASE_PROJECT_ID'
  | 'VITE_FIREBASE_API_KEY'
  | 'VITE_FIREBASE_AUTH_DOMAIN'
  | 'VITE_FIREBASE_APP_ID'
  | 'VITE_FIREBASE_MEASUREMENT_ID'
  | 'VITE_USE_EMULATORS'
  | 'VITE_AUTH_EMULATOR_URL'
  | 'VITE_FUNCTIONS_EMULATOR_HOST'
  | 'VITE_FUNCTIONS_EMULATOR_PORT'
  | 'VITE_FUNCTIONS_REGION'
  | 'VITE_DATA_BACKEND'
  | 'VITE_STORE_URL'
  | 'VITE_FIRESTORE_EMULATOR_HOST'
  | 'VITE_LAN_URL'
  | 'VITE_SENTRY_DSN'
  | 'VITE_FORCED_LOCALE'
  | 'VITE_APP_HOSTS'
  | 'VITE_BILLING_SELLER_COUNTRY';

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

/** 'host:port' (the form of FIRESTORE_EMULATOR_HOST); undefined when absent or malformed. */
function parseHostPort(value: string | undefined): { host: string; port: number } | undefined {
  const match = /^(\[[0-9a-fA-F:]+\]|[^:\s]+):(\d+)$/.exec(nonEmpty(value) ?? '');
  if (!match) return undefined;
  const port = parsePort(match[2], 0);
  return port > 0 ? { host: match[1] as string, port } : undefined;
}

/** An http(s) URL, else undefined: the LAN address is shown to people and encoded in a QR code. */
function parseHttpUrl(value: string | undefined): string | undefined {
  const text = nonEmpty(value);
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** An ISO alpha-2 country code, upper-cased; undefined otherwise. */
function parseCountry(value: string | undefined): string | undefined {
  const code = nonEmpty(value)?.toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
}

/** The same URL on another host, port and path kept. */
function withHost(url: string, hostname: string): string {
  const parsed = new URL(url);
  parsed.hostname = hostname;
  return parsed.toString().replace(/\/$/, '');
}

/**
 * Pure: builds the configuration from an environment object (tested without Vite). In LAN mode,
 * `pageHostname` (the page's `location.hostname`) replaces the hosts of the local services.
 */
export function readConfig(env: Env, pageHostname?: string): AppConfig {
  const projectId = nonEmpty(env.VITE_FIREBASE_PROJECT_ID) ?? 'demo-simgames';
  const lanUrl = parseHttpUrl(env.VITE_LAN_URL);
  const serviceHost = lanUrl && pageHostname ? pageHostname : undefined;
  const authEmulatorUrl = nonEmpty(env.VITE_AUTH_EMULATOR_URL) ?? 'http://127.0.0.1:9099';
  const storeUrl = nonEmpty(env.VITE_STORE_URL) ?? 'http://127.0.0.1:8787';
  const firestoreEmulator = parseHostPort(env.VITE_FIRESTORE_EMULATOR_HOST);
  const functionsHost = nonEmpty(env.VITE_FUNCTIONS_EMULATOR_HOST) ?? '127.0.0.1';
  const dataBackend: DataBackend =
    nonEmpty(env.VITE_DATA_BACKEND) === 'firestore' ? 'firestore' : 'local';
  // A `demo-` project cannot reach a real backend, so it always uses the emulators.
  const useEmulators = parseBool(
    env.VITE_USE_EMULATORS,
    env.DEV === true || projectId.startsWith('demo-'),
  );
  return {
    firebase: {
      projectId,
      apiKey: nonEmpty(env.VITE_FIREBASE_API_KEY) ?? 'demo-key',
      authDomain: nonEmpty(env.VITE_FIREBASE_AUTH_DOMAIN) ?? `${projectId}.firebaseapp.com`,
      appId: nonEmpty(env.VITE_FIREBASE_APP_ID),
      measurementId: nonEmpty(env.VITE_FIREBASE_MEASUREMENT_ID),
    },
    useEmulators,
    authEmulatorUrl: serviceHost ? withHost(authEmulatorUrl, serviceHost) : authEmulatorUrl,
    functionsEmulator: {
      host: serviceHost ?? functionsHost,
      port: parsePort(env.VITE_FUNCTIONS_EMULATOR_PORT, 5001),
    },
    functionsRegion: nonEmpty(env.VITE_FUNCTIONS_REGION) ?? 'us-central1',
    dataBackend,
    storeUrl: serviceHost ? withHost(storeUrl, serviceHost) : storeUrl,
    firestoreEmulator:
      firestoreEmulator && serviceHost
        ? { ...firestoreEmulator, host: serviceHost }
        : firestoreEmulator,
    lan: lanUrl ? { url: lanUrl } : undefined,
    filesAvailable: !(useEmulators && dataBackend === 'firestore'),
    sentryDsn: nonEmpty(env.VITE_SENTRY_DSN),
    forcedLocale: nonEmpty(env.VITE_FORCED_LOCALE),
    appHosts: parseAppHosts(env.VITE_APP_HOSTS),
    sellerCountry: parseCountry(env.VITE_BILLING_SELLER_COUNTRY) ?? DEFAULT_SELLER_COUNTRY,
  };
}

export const config: AppConfig = readConfig(
  import.meta.env,
  typeof window === 'undefined' ? undefined : window.location.hostname,
);
