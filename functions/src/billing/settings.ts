/**
 * The seller on every invoice and the country its tax rule treats as domestic (business.md §3.3,
 * §5.1), read from the environment:
 * - `BILLING_SELLER_COUNTRY` (ISO alpha-2, default FR);
 * - `BILLING_SELLER_NAME`, `BILLING_SELLER_ADDRESS`, `BILLING_SELLER_ZIP`, `BILLING_SELLER_CITY`,
 *   `BILLING_SELLER_VAT` (with its prefix), `BILLING_SELLER_EMAIL`.
 * Where fakes may run (the emulator, tests) a demo seller fills what is unset; in production an
 * invoice is refused (logged, `internal`) until the name and the VAT number are set, rather than
 * issued without them.
 */
import { DEFAULT_SELLER_COUNTRY } from '@sim/core/billing/tax';
import type { InvoiceParty } from '@sim/core/billing/invoice';
import { fakesAllowed } from '../mail/providers';

export interface BillingSettings {
  readonly sellerCountry: string;
  readonly seller: InvoiceParty;
}

type Env = Readonly<Record<string, string | undefined>>;

const DEMO_SELLER: Omit<InvoiceParty, 'countryCode'> = {
  name: 'SimGames (demo seller)',
  address: '1 rue de la Démo',
  zip: '75001',
  city: 'Paris',
  vatNumber: 'FR40303265045',
  email: 'billing@example.com',
};

export function readBillingSettings(env: Env): BillingSettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  const sellerCountry = value('BILLING_SELLER_COUNTRY')?.toUpperCase() ?? DEFAULT_SELLER_COUNTRY;
  if (!/^[A-Z]{2}$/.test(sellerCountry)) {
    throw new Error(
      `BILLING_SELLER_COUNTRY must be a country code like FR, not '${sellerCountry}'`,
    );
  }
  const demo = fakesAllowed(env) ? DEMO_SELLER : undefined;
  const seller: InvoiceParty = {
    name: value('BILLING_SELLER_NAME') ?? demo?.name ?? '',
    address: value('BILLING_SELLER_ADDRESS') ?? demo?.address ?? '',
    zip: value('BILLING_SELLER_ZIP') ?? demo?.zip ?? '',
    city: value('BILLING_SELLER_CITY') ?? demo?.city ?? '',
    countryCode: sellerCountry,
    vatNumber: value('BILLING_SELLER_VAT') ?? demo?.vatNumber ?? '',
    email: value('BILLING_SELLER_EMAIL') ?? demo?.email ?? '',
  };
  return { sellerCountry, seller };
}

/** The seller an invoice may name; throws when the configuration lacks what an invoice needs. */
export function invoiceSeller(settings: BillingSettings): InvoiceParty {
  const missing = [
    ...(settings.seller.name ? [] : ['BILLING_SELLER_NAME']),
    ...(settings.seller.vatNumber ? [] : ['BILLING_SELLER_VAT']),
  ];
  if (missing.length > 0) {
    throw new Error(`Invoices need the seller's details: ${missing.join(', ')} not set`);
  }
  return settings.seller;
}
