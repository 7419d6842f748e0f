/**
 * The address a player opens for a page of the app: on the LAN address in classroom mode (the
 * instructor's own browser is on 127.0.0.1, which no phone can reach), else on the page's origin.
 */
import { config } from '@/lib/config';

/** Pure: `path` on `lanUrl`'s origin when given, else on `origin`. */
export function shareUrlOf(path: string, origin: string, lanUrl: string | undefined): string {
  const base = lanUrl ? new URL(lanUrl).origin : origin;
  return new URL(path.startsWith('/') ? path : `/${path}`, base).toString();
}

export function shareUrl(path: string): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return shareUrlOf(path, origin, config.lan?.url);
}
