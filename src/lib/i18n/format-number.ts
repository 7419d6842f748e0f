/** Numbers in the language on screen (decimal separator, grouping), at most one decimal. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export function numberFormatter(locale: string, maxDecimals = 1): (n: number) => string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals });
  return (n) => format.format(n);
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
