/** Numbers inside translated sentences follow the language's format, like figures beside them. */
import { beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';

Object.assign(globalThis, {
  window: {
    localStorage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    location: { hostname: 'localhost' },
  },
  document: { documentElement: { lang: '' } },
});

const i18n = await import('@/lib/i18n/i18n');

beforeAll(async () => {
  await i18n.initI18n();
  // The game's strings are a file of their own, loaded by the pages that show them.
  await i18n.loadStrings(['game']);
  for (const lng of ['en', 'de', 'fr']) {
    i18next.addResource(lng, 'translation', 'numbersProbe', '[{{n}}] [{{s}}]');
  }
});

describe('numbers interpolated into strings', () => {
  it('are grouped and use the decimal separator of the language', () => {
    const probe = (lng: string) =>
      i18next.t('numbersProbe' as never, { lng, n: 1234.5, s: '2026' });
    expect(probe('en')).toBe('[1,234.5] [2026]');
    expect(probe('de')).toBe('[1.234,5] [2026]');
    expect(probe('fr')).toBe('[1\u202f234,5] [2026]');
  });
  it('reach a real sentence of the app (an order limit)', () => {
    expect(i18next.t('game.order.max', { n: 12000 })).toContain('12,000');
  });
});
