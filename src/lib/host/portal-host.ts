/**
 * Spec §2: a subdomain other than the app's own hosts loads a portal look by the subdomain's
 * name. Which hosts are the app's own is configuration (`VITE_APP_HOSTS`, see config.ts).
 */

/** The app's own hosts when nothing is configured: the local stack's. */
export const DEFAULT_APP_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** A subdomain label a portal id can be: letters, digits and inner dashes, 1 to 63 long. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Labels that name the app itself on any domain, never a school's portal. */
const RESERVED_LABELS: ReadonlySet<string> = new Set(['www', 'app']);

/**
 * The configured list: host names separated by commas or spaces, lower-cased; `*.example.com`
 * stands for every subdomain of example.com. Empty or missing gives the defaults.
 */
export function parseAppHosts(raw: string | undefined): readonly string[] {
  const hosts = (raw ?? '')
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase().replace(/\.$/, ''))
    .filter((h) => h !== '');
  return hosts.length > 0 ? hosts : DEFAULT_APP_HOSTS;
}

function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':');
}

function matchesHost(hostname: string, entry: string): boolean {
  if (entry.startsWith('*.')) return hostname.endsWith(entry.slice(1));
  return hostname === entry;
}

/**
 * The portal id of the page's host: the first label of a host that is not one of the app's own
 * hosts (`myschool.simgames.app` → `myschool`, `myschool.localhost` → `myschool`); null on the
 * app's own hosts, on IP addresses (a classroom's LAN address), on a bare name and on anything
 * that cannot be a portal id.
 */
export function portalSlugForHost(hostname: string, appHosts: readonly string[]): string | null {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host === '' || isIpAddress(host) || host.startsWith('[')) return null;
  if (appHosts.some((entry) => matchesHost(host, entry))) return null;
  const labels = host.split('.');
  if (labels.length < 2) return null;
  const first = labels[0] ?? '';
  if (!LABEL.test(first) || RESERVED_LABELS.has(first)) return null;
  return first;
}
