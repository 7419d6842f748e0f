/**
 * The file policy, mirroring `storage.rules`: logos at `logos/{uid}.{png|jpg|jpeg}`, written and
 * deleted only by that signed-in (non-anonymous) user, PNG or JPEG content matching the extension,
 * at most 2,000,000 bytes; readable by everyone. An SVG logo is turned into a PNG in the browser
 * before upload (docs/decisions/0008-logos-without-svg.md); an old `{uid}.svg` may still be
 * deleted. Everything else is backend only.
 */
import type { Decision, FileAccessRequest } from './types';
import { isAnonymous, signedIn } from './roles';

/** The spec's message (§5, §8) for a refused logo; also the error key the SPA shows. */
export const logoInvalid = 'Only .PNG , .JPG or .SVG file less than 2MB please.';

export const LOGO_MAX_BYTES = 2_000_000;
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'svg'] as const;

/** The content type a logo must have, by extension; an SVG is never stored (see above). */
const LOGO_CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

const LOGO_PATH = /^logos\/([^/]+)$/;
const LOGO_NAME = /^(.+)\.(png|jpg|jpeg|svg)$/;

/** The storage path of a user's logo for a file extension (lower-cased). */
export function logoPath(uid: string, extension: string): string {
  return `logos/${uid}.${extension.toLowerCase()}`;
}

function deny(reason: string): Decision {
  return { allowed: false, reason };
}

export function checkFileAccess(req: FileAccessRequest): Decision {
  if (req.auth?.admin === true) return { allowed: true };
  const m = LOGO_PATH.exec(req.path);
  if (m === null) return deny(`${req.op} ${req.path}: no client access outside logos/`);
  if (req.op === 'read') return { allowed: true };
  const auth = req.auth;
  if (!signedIn(auth)) return deny(`${req.op} ${req.path}: sign in first`);
  if (isAnonymous(auth)) return deny(`${req.op} ${req.path}: an account is needed for a logo`);
  const fileName = m[1] ?? '';
  const named = LOGO_NAME.exec(fileName);
  if (named !== null && named[1] !== auth.uid) return deny(`${req.op} ${req.path}: not your logo`);
  if (named === null) {
    // Someone else's file or a wrong extension: the owner gets the spec's message.
    return fileName.startsWith(`${auth.uid}.`)
      ? deny(logoInvalid)
      : deny(`${req.op} ${req.path}: not your logo`);
  }
  if (req.op === 'delete') return { allowed: true };
  const size = req.size;
  const type = req.contentType;
  if (size === undefined || !Number.isFinite(size) || size < 0 || size > LOGO_MAX_BYTES)
    return deny(logoInvalid);
  if (type === undefined || type !== LOGO_CONTENT_TYPES[named[2] ?? '']) return deny(logoInvalid);
  return { allowed: true };
}
