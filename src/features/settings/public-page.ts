/**
 * The instructor's public page settings (spec §3 publicProfile) and the logo checks of spec §5,
 * made before anything is uploaded.
 */
import type { DocData } from '@sim/core/port/data-port';
import { parseColor } from '@/lib/color/parse-color';
import { normaliseSlug } from '@/lib/slug';

export { normaliseSlug };

export const LOGO_MAX_BYTES = 2_000_000;
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'svg'] as const;
export type LogoExtension = (typeof LOGO_EXTENSIONS)[number];

const CONTENT_TYPES: Readonly<Record<LogoExtension, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/**
 * The logo's extension (lower-cased) and content type when the file is acceptable: png, jpg, jpeg
 * or svg, at most 2,000,000 bytes; null otherwise (the caller shows the spec's message).
 */
export function checkLogo(file: {
  readonly name: string;
  readonly size: number;
}): { extension: LogoExtension; contentType: string } | null {
  const dot = file.name.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(LOGO_EXTENSIONS as readonly string[]).includes(extension)) return null;
  if (!Number.isFinite(file.size) || file.size <= 0 || file.size > LOGO_MAX_BYTES) return null;
  const ext = extension as LogoExtension;
  return { extension: ext, contentType: CONTENT_TYPES[ext] };
}

/**
 * What is uploaded for a picked logo: the file as it is, except an SVG, which is drawn into a PNG
 * first (`svgToPng`, docs/decisions/0008-logos-without-svg.md). The storage rules accept only PNG
 * and JPEG, the content type matching the extension.
 */
export function storedLogo(extension: LogoExtension): {
  extension: Exclude<LogoExtension, 'svg'>;
  contentType: string;
} {
  return extension === 'svg'
    ? { extension: 'png', contentType: CONTENT_TYPES.png }
    : { extension, contentType: CONTENT_TYPES[extension] };
}

/** Spec §5: logos are stored under the user's uid plus the extension. */
export function logoPath(uid: string, extension: LogoExtension): string {
  return `logos/${uid}.${extension}`;
}

export interface PublicPage {
  readonly appTitle: string;
  /** The heading of the games listed on the page; empty shows "All games" (spec §9). */
  readonly pageName: string;
  /** The logo as a small thumbnail beside the title rather than large above it. */
  readonly useThumbnail: boolean;
  readonly slug: string;
  readonly bckColor: string;
  readonly mainColor: string;
  readonly activePage: boolean;
  readonly language: string;
  readonly logoUrl: string;
  readonly filename: string;
}

export const EMPTY_PUBLIC_PAGE: PublicPage = {
  appTitle: '',
  pageName: '',
  useThumbnail: false,
  slug: '',
  bckColor: '#ffffff',
  mainColor: '#4f46e5',
  activePage: false,
  language: '',
  logoUrl: '',
  filename: '',
};

/**
 * The stored page as the form edits it. Spec §2: a page that exists is active unless its
 * `activePage` is false.
 */
export function parsePublicPage(data: DocData | undefined): PublicPage {
  const str = (field: keyof PublicPage) => {
    const v = data?.[field];
    return typeof v === 'string' ? v : (EMPTY_PUBLIC_PAGE[field] as string);
  };
  const appTitle = str('appTitle');
  const pageName = str('pageName');
  return {
    appTitle: appTitle || pageName,
    // Pages saved before the list had a heading of its own kept the title there.
    pageName: pageName === appTitle ? '' : pageName,
    useThumbnail: data?.['useThumbnail'] === true,
    slug: str('slug'),
    bckColor: str('bckColor'),
    mainColor: str('mainColor'),
    activePage: data !== undefined && data['activePage'] !== false,
    language: str('language'),
    logoUrl: str('logoUrl'),
    filename: str('filename'),
  };
}

export function slugValid(slug: string): boolean {
  return slug === '' || /^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$/.test(slug);
}

/** The colour fields of the public page take what spec §5 lists (see parseColor). */
export function colorValid(value: string): boolean {
  return parseColor(value) !== null;
}

/** The merge-update of `publicProfiles/{uid}` (spec §7). */
export function publicPageUpdate(page: PublicPage): DocData {
  return {
    appTitle: page.appTitle.trim(),
    pageName: page.pageName.trim(),
    useThumbnail: page.useThumbnail,
    slug: normaliseSlug(page.slug),
    // Stored as hex, which every page can use as CSS (hsv is not CSS).
    bckColor: parseColor(page.bckColor) ?? page.bckColor.trim(),
    mainColor: parseColor(page.mainColor) ?? page.mainColor.trim(),
    activePage: page.activePage,
    ...(page.language ? { language: page.language } : {}),
  };
}
