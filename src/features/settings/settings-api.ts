/** `publicProfiles/{uid}` and the logo file, through the data port (spec §7). */
import type { Unsubscribe } from '@sim/core/port/data-port';
import {
  logoPath,
  parsePublicPage,
  publicPageUpdate,
  type LogoExtension,
  type PublicPage,
} from '@/features/settings/public-page';
import { getDataPort } from '@/lib/data/port';

function pagePath(uid: string): string {
  return `publicProfiles/${uid}`;
}

export function watchPublicPage(
  uid: string,
  next: (page: PublicPage) => void,
  onError: (error: unknown) => void,
): Unsubscribe {
  return getDataPort().docs.onDoc(
    pagePath(uid),
    (snap) => next(parsePublicPage(snap.data)),
    onError,
  );
}

/** The page's address is someone else's: the settings say so at the field. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`The page address ${slug} is taken`);
    this.name = 'SlugTakenError';
  }
}

/**
 * Saves the page. A new address is claimed first (`slugs/{slug}`, first come), so the page never
 * names an address that is not its owner's; the previous one is released after.
 */
export async function savePublicPage(
  uid: string,
  page: PublicPage,
  storedSlug: string,
): Promise<void> {
  const docs = getDataPort().docs;
  const update = publicPageUpdate(page);
  const slug = typeof update['slug'] === 'string' ? update['slug'] : '';
  if (slug && slug !== storedSlug) {
    const claim = await docs.get(`slugs/${slug}`);
    if (claim.exists && claim.data?.['uid'] !== uid) throw new SlugTakenError(slug);
    if (!claim.exists) await docs.set(`slugs/${slug}`, { uid });
  }
  await docs.set(pagePath(uid), update, { merge: true });
  if (storedSlug && storedSlug !== slug) {
    // A claim left behind only keeps the old address from others; the page no longer names it.
    await docs.delete(`slugs/${storedSlug}`).catch(() => undefined);
  }
}

/** Uploads the (already checked) logo to `logos/{uid}.{ext}` and stores its URL on the page. */
export async function uploadLogo(
  uid: string,
  file: { readonly name: string; readonly bytes: Uint8Array },
  extension: LogoExtension,
  contentType: string,
): Promise<string> {
  const files = getDataPort().files;
  const path = logoPath(uid, extension);
  await files.upload(path, file.bytes, contentType);
  const logoUrl = await files.downloadUrl(path);
  // A page that exists is active unless it says otherwise (spec §2): a logo uploaded before the
  // page was ever saved must not publish it.
  const existing = await getDataPort().docs.get(pagePath(uid));
  await getDataPort().docs.set(
    pagePath(uid),
    { logoUrl, filename: file.name, ...(existing.exists ? {} : { activePage: false }) },
    { merge: true },
  );
  return logoUrl;
}
