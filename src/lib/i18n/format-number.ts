/** Numbers in the language on screen (decimal separator, grouping), at most one decimal. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One formatter per language and precision: building an Intl.NumberFormat costs far more than
 * using one, and every number in a translated sentence asks for a formatter (the interpolation
 * below), many times in each render of a game's page.
 */
const formatters = new Map<string, (n: number) => string>();

export function numberFormatter(locale: string, maxDecimals = 1): (n: number) => string {
  const key = `${locale}\u0000${maxDecimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const format = new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals });
    formatter = (n) => format.format(n);
    formatters.set(key, formatter);
  }
  return formatter;
}

export function useFormatNumber(): (n: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => numberFormatter(i18n.language), [i18n.language]);
}

/**
 * An i18next formatter that writes every number interpolated into a string ("{{n}}") in the
 * language of that string, so counts, limits and costs inside sentences follow the same
 * format as the figures beside them. Values that are not numbers pass through unchanged
 * (pass a year or an identifier as a string to keep it ungrouped).
 */
export const localeNumberInterpolation = {
  type: 'formatter' as const,
  init(): void {},
  add(): void {},
  addCached(): void {},
  format(value: unknown, _format: string | undefined, lng: string | undefined): unknown {
    if (typeof value !== 'number' || !Number.isFinite(value)) return value;
    return numberFormatter(lng ?? 'en', 2)(value);
  },
};
