/**
 * The country pickers' list (billing details, the quote form): each country once under the code
 * tax rules and VAT numbers use, never under a withdrawn code Intl names after its successor.
 */
import { describe, expect, it } from 'vitest';
import { EU_MEMBER_STATES } from '@sim/core/billing/tax';
import { countryName, countryNames } from '@/lib/i18n/countries';

/** Withdrawn codes Intl still names, after the country that took them over. */
const WITHDRAWN = [
  'AN',
  'BU',
  'CS',
  'DD',
  'DY',
  'FX',
  'HV',
  'NH',
  'RH',
  'SU',
  'TP',
  'UK',
  'VD',
  'YD',
  'YU',
  'ZR',
];
/** The current codes of those countries. */
const CURRENT = [
  'CW',
  'MM',
  'RS',
  'DE',
  'BJ',
  'FR',
  'BF',
  'VU',
  'ZW',
  'RU',
  'TL',
  'GB',
  'VN',
  'YE',
  'CD',
];

describe('countryNames', () => {
  it.each(['en', 'de', 'fr', 'pl', 'tr'])(
    'lists Germany as DE, and no withdrawn code (%s)',
    (locale) => {
      const list = countryNames(locale);
      const codes = list.map((c) => c.code);
      expect(list.find((c) => c.code === 'DE')?.name).toBe(countryName(locale, 'DE'));
      for (const code of WITHDRAWN) expect(codes).not.toContain(code);
      for (const code of CURRENT) expect(codes).toContain(code);
    },
  );

  it('lists every EU member state once, and no name twice', () => {
    const list = countryNames('en');
    const codes = list.map((c) => c.code);
    for (const code of EU_MEMBER_STATES) expect(codes.filter((c) => c === code)).toHaveLength(1);
    expect(new Set(list.map((c) => c.name)).size).toBe(list.length);
    expect(list.find((c) => c.name === 'Germany')?.code).toBe('DE');
  });
});
