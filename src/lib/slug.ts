/** Page slugs (spec §3 publicProfile.slug): what the settings store and `/user/{slug}` looks up. */

/** A slug: lower-case letters, digits and single dashes, 3 to 40 characters. */
export function normaliseSlug(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
}
