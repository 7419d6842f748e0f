/**
 * The in-app help pages, in the order the help lists them. Their text is in
 * `locales/<lang>/help.json` under `pages.<id>` (title, summary, body: paragraphs separated by a
 * blank line), so each language has the same pages.
 */
export const HELP_PAGES = [
  { id: 'join', audience: 'player' },
  { id: 'beer', audience: 'player' },
  { id: 'lean', audience: 'player' },
  { id: 'session', audience: 'instructor' },
  { id: 'templates', audience: 'instructor' },
  { id: 'teams', audience: 'instructor' },
  { id: 'results', audience: 'instructor' },
] as const;

export type HelpPageId = (typeof HELP_PAGES)[number]['id'];
export type HelpAudience = (typeof HELP_PAGES)[number]['audience'];

export function isHelpPageId(value: string | null | undefined): value is HelpPageId {
  return HELP_PAGES.some((page) => page.id === value);
}

/** A page's body as paragraphs. */
export function paragraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * What `?help=` asks for: the list of pages, one page, or the feedback form; null when the help
 * is closed (or the value is unknown, which closes it rather than showing an empty panel).
 */
export type HelpView =
  | { readonly kind: 'pages' }
  | { readonly kind: 'page'; readonly id: HelpPageId }
  | { readonly kind: 'feedback' };

export const HELP_PARAM = 'help';

export function helpView(search: URLSearchParams): HelpView | null {
  const value = search.get(HELP_PARAM);
  if (value === null) return null;
  if (value === 'feedback') return { kind: 'feedback' };
  if (isHelpPageId(value)) return { kind: 'page', id: value };
  return value === '' || value === '1' || value === 'pages' ? { kind: 'pages' } : null;
}

/** The query string with the help showing `view` (or closed for null), other parameters kept. */
export function withHelpView(search: string, view: HelpView | null): string {
  const params = new URLSearchParams(search);
  if (view === null) params.delete(HELP_PARAM);
  else params.set(HELP_PARAM, view.kind === 'page' ? view.id : view.kind);
  const query = params.toString();
  return query ? `?${query}` : '';
}
