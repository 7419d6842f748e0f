/**
 * Client-side search over the help pages' text in the language on screen. A page matches when
 * every word of the query starts a word of its title, summary or body (so "templ" finds
 * "Templates"), whatever the case and accents ("resultats" finds "Résultats"). Matches in the
 * title weigh most, then the summary, then the body; ties keep the help's own order.
 */

export interface SearchablePage<Id extends string = string> {
  readonly id: Id;
  readonly title: string;
  readonly summary: string;
  readonly body: string;
}

const WEIGHTS = { title: 5, summary: 2, body: 1 } as const;

/** Lower case in the language's own rules (Turkish İ → i), without accents. */
export function normalizeText(text: string, locale: string): string {
  let lower: string;
  try {
    lower = text.toLocaleLowerCase(locale);
  } catch {
    lower = text.toLowerCase();
  }
  // Turkish dotless ı counts as i, so "istanbul" finds "İstanbul" and "ışık" finds "isik".
  return lower.normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i');
}

/** The words of a text: runs of letters and digits. */
export function words(text: string, locale: string): string[] {
  return normalizeText(text, locale).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The pages that match `query`, best first; every page, in order, for an empty query. */
export function searchHelp<Id extends string>(
  pages: readonly SearchablePage<Id>[],
  query: string,
  locale: string,
): SearchablePage<Id>[] {
  const terms = words(query, locale);
  if (terms.length === 0) return [...pages];
  const scored = pages.flatMap((page, order) => {
    const fields = {
      title: words(page.title, locale),
      summary: words(page.summary, locale),
      body: words(page.body, locale),
    };
    let score = 0;
    for (const term of terms) {
      let best = 0;
      for (const field of ['title', 'summary', 'body'] as const) {
        if (fields[field].some((word) => word.startsWith(term))) {
          best = Math.max(best, WEIGHTS[field]);
        }
      }
      if (best === 0) return [];
      score += best;
    }
    return [{ page, score, order }];
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.map((s) => s.page);
}
