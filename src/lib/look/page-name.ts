/** The heading of the games on an instructor's public page (spec §9). */

/**
 * Spec §9: the page name, or null for the translated "All games" when it is missing or is the
 * default instructor page title (`defaultTitles`: that title in the languages of the app).
 */
export function shownPageName(pageName: string, defaultTitles: readonly string[]): string | null {
  const name = pageName.trim();
  if (!name) return null;
  const folded = name.toLocaleLowerCase();
  return defaultTitles.some((d) => d.trim().toLocaleLowerCase() === folded) ? null : name;
}
