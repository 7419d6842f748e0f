/** Amounts and dates of the subscription tab in the language on screen. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@sim/core/billing/money';

/** Minor units (cents) as the locale writes an amount of `currency`: 490,00 € in French. */
export function formatMoney(locale: string, minor: number, currency: Currency): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}

export interface BillingFormat {
  readonly money: (minor: number, currency: Currency) => string;
  readonly date: (ms: number) => string;
}

export function useBillingFormat(): BillingFormat {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    return {
      money: (minor, currency) => formatMoney(locale, minor, currency),
      date: (ms) => dates.format(new Date(ms)),
    };
  }, [locale]);
}
