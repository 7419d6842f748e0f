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
