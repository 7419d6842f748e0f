/**
 * What a visitor sees of a workspace: a portal's look (spec §3 portal) and an instructor's public
 * page (spec §3 publicProfile, workspace), read from stored documents that anyone may write
 * wrongly: every field is checked and bounded here, never trusted as it comes.
 */
import type { DocData } from '@sim/core/port/data-port';
import { normalizeLocale, type Locale } from '@/lib/i18n/pick-locale';
import type { LookInput } from '@/lib/look/look-colors';

/** Text fields shown on a page are cut to this many characters. */
const MAX_TEXT = 120;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, MAX_TEXT) : '';
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A link a page may put in an `<img src>`: http(s) only. */
function imageUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return '';
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '';
  } catch {
    return '';
  }
}

export interface PortalLook {
  readonly slug: string;
  /** `custoLook`: textColor, bckColor, mainColor (applied above 1023 px). */
  readonly colors: LookInput;
  /** `portalLook.heroTitle`: the document title and the home hero; '' when none. */
  readonly heroTitle: string;
  /** `showNavbar`: the navbar shows unless the portal says false. */
  readonly showNavbar: boolean;
  /** `allLocales`: every language offered in the picker; otherwise the portal's language. */
  readonly allLocales: boolean;
  /** The portal's language (its workspace language), when it has one. */
  readonly language: Locale | null;
}

export function parsePortal(slug: string, data: DocData | undefined): PortalLook | null {
  if (!data) return null;
  const look = record(data['custoLook']);
  return {
    slug,
    colors: {
      textColor: look['textColor'],
      bckColor: look['bckColor'],
      mainColor: look['mainColor'],
    },
    heroTitle: text(record(data['portalLook'])['heroTitle']),
    showNavbar: data['showNavbar'] !== false,
    allLocales: data['allLocales'] !== false,
    language:
      normalizeLocale(typeof data['language'] === 'string' ? data['language'] : null) ?? null,
  };
}

/** The spec §2 document title: the route's title, or the portal's hero title in the name's place. */
export function documentTitle(
  pageTitle: string | null,
  appName: string,
  heroTitle: string | null | undefined,
): string {
  const name = heroTitle?.trim() || appName;
  return pageTitle ? `${pageTitle} · ${name}` : name;
}

export interface Workspace {
  readonly uid: string;
  readonly appTitle: string;
  readonly pageName: string;
  readonly logoUrl: string;
  readonly useThumbnail: boolean;
  readonly colors: LookInput;
  readonly language: Locale | null;
  readonly slug: string;
}

/**
 * Spec §2: the page shows only when the workspace exists and its `activePage` is not false;
 * null otherwise (the page then sends the visitor to /).
 */
export function parseWorkspace(uid: string, data: DocData | undefined): Workspace | null {
  if (!data || data['activePage'] === false) return null;
  return {
    uid,
    appTitle: text(data['appTitle']),
    pageName: text(data['pageName']),
    logoUrl: imageUrl(data['logoUrl']),
    useThumbnail: data['useThumbnail'] === true,
    colors: { bckColor: data['bckColor'], mainColor: data['mainColor'] },
    language:
      normalizeLocale(typeof data['language'] === 'string' ? data['language'] : null) ?? null,
    slug: text(data['slug']),
  };
}

/** A game a player can join from the page. */
export interface ListedGame {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly createdAt: number;
}

/** A session whose lobby a player can enter from the page. */
export interface ListedSession {
  readonly id: string;
  readonly name: string;
  readonly type: string;
  readonly rounds: number;
  readonly createdAt: number;
}

function createdAt(data: DocData): number {
  const at = data['created_at'];
  return typeof at === 'number' && Number.isFinite(at) ? at : 0;
}

/**
 * The games listed: the instructor's own, published (not draft, archived or deleted), outside a
 * session (those are joined from the session's lobby) and not finished; newest first.
 */
export function listedGames(
  creator: string,
  docs: readonly { id: string; data: DocData | undefined }[],
): ListedGame[] {
  return docs
    .filter(
      ({ data }) =>
        data !== undefined &&
        data['creator'] === creator &&
        data['draft'] !== true &&
        data['archived'] !== true &&
        data['deleted'] !== true &&
        data['finished'] !== true &&
        (data['session'] === null || data['session'] === undefined || data['session'] === ''),
    )
    .map(({ id, data }) => ({
      id,
      name: text(data?.['name']),
      type: text(data?.['type']),
      createdAt: createdAt(data ?? {}),
    }))
    .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}

/** The sessions listed: the instructor's own, published and not deleted; newest first. */
export function listedSessions(
  creator: string,
  docs: readonly { id: string; data: DocData | undefined }[],
): ListedSession[] {
  return docs
    .filter(
      ({ data }) =>
        data !== undefined &&
        data['creator'] === creator &&
        data['status'] === 'published' &&
        data['deleted'] !== true,
    )
    .map(({ id, data }) => ({
      id,
      name: text(data?.['name']),
      type: text(data?.['type']),
      rounds: Array.isArray(data?.['rounds']) ? (data['rounds'] as unknown[]).length : 0,
      createdAt: createdAt(data ?? {}),
    }))
    .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}
