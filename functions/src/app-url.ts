/**
 * The SPA's address, for links the backend sends (invitation emails). Configuration, never a
 * client's value: a link in an email from us must lead to us.
 * - `APP_URL`: e.g. `https://app.example.com`; required in production.
 * - In the Functions emulator without it: the local stack's Vite address.
 */
type Env = Readonly<Record<string, string | undefined>>;

export const EMULATOR_APP_URL = 'http://127.0.0.1:5173';

export function readAppUrl(env: Env): string {
  const raw = env.APP_URL?.trim();
  if (!raw) {
    if (env.FUNCTIONS_EMULATOR === 'true') return EMULATOR_APP_URL;
    throw new Error('APP_URL is not set: the backend cannot build links to the app.');
  }
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`APP_URL must be an http(s) address, not '${raw}'`);
  }
  return url.origin;
}
