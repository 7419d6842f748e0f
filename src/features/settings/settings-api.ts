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

export async function savePublicPage(uid: string, page: PublicPage): Promise<void> {
  await getDataPort().docs.set(pagePath(uid), publicPageUpdate(page), { merge: true });
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
  await getDataPort().docs.set(
    pagePath(uid),
    { logoUrl, filename: file.name, useThumbnail: false },
    { merge: true },
  );
  return logoUrl;
}
