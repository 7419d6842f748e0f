/**
 * The subscription tab's pure parts (business.md §3.11): the plan catalogue as the page reads it,
 * the VAT rates, the team's billing data, and the price of a plan previewed with the same tax rule
 * the server applies (`taxFor` on `vatRates` and the saved billing data). The server recomputes
 * every figure when it issues the invoice; the preview only tells the admin what to expect.
 */
import { CURRENCIES, amountsOf, isMinorAmount, type Currency } from '@sim/core/billing/money';
import { GAME_TYPES, isGameType, planActive, planOf, type GameType } from '@sim/core/billing/plans';
import {
  VAT_STATUSES,
  isEuMemberState,
  taxFor,
  type Treatment,
  type VatRate,
  type VatRates,
  type VatStatus,
} from '@sim/core/billing/tax';

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function wholeNumber(value: unknown, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= max
    ? value
    : null;
}

/** A plan on sale (`planCatalog/{planId}`), as the catalogue shows it. */
export interface CatalogOffer {
  readonly planId: string;
  readonly planName: string;
  readonly games: readonly GameType[];
  /** Distinct players per period; null when unlimited. */
  readonly players: number | null;
  readonly unlimitedPlayers: boolean;
  readonly licenses: number;
  readonly durationDays: number;
  /** Net list prices in minor units, per currency the plan is sold in. */
  readonly prices: Partial<Record<Currency, number>>;
}

/**
 * A catalogue document as the page may show it, or null: withdrawn (`active: false`), without a
 * game type or a price, or with figures out of range.
 */
export function catalogOfferOf(planId: string, data: unknown): CatalogOffer | null {
  if (!isRecord(data) || data['active'] === false) return null;
  const planName = text(data['planName']).trim();
  const games = Array.isArray(data['games']) ? data['games'].filter(isGameType) : [];
  const unlimitedPlayers = data['unlimitedPlayers'] === true;
  const players = unlimitedPlayers ? null : wholeNumber(data['players'], 1_000_000);
  const licenses = wholeNumber(data['licenses'], 10_000) ?? 1;
  const durationDays = wholeNumber(data['durationDays'], 3660);
  const rawPrices = data['prices'];
  const prices: Partial<Record<Currency, number>> = {};
  if (isRecord(rawPrices)) {
    for (const currency of CURRENCIES) {
      const price = Object.hasOwn(rawPrices, currency) ? rawPrices[currency] : undefined;
      if (isMinorAmount(price) && price > 0) prices[currency] = price;
    }
  }
  if (planName === '' || games.length === 0 || durationDays === null) return null;
  if (!unlimitedPlayers && players === null) return null;
  if (Object.keys(prices).length === 0) return null;
  return { planId, planName, games, players, unlimitedPlayers, licenses, durationDays, prices };
}

/**
 * The catalogue, in the order a buyer compares plans: by game type (beer game first), then from
 * the smallest plan (fewest players, unlimited last) to the largest.
 */
export function catalogOf(docs: readonly { id: string; data: unknown }[]): CatalogOffer[] {
  const typeRank = (offer: CatalogOffer) => (offer.games[0] === 'beergame' ? 0 : 1);
  const size = (offer: CatalogOffer) => offer.players ?? Number.MAX_SAFE_INTEGER;
  return docs
    .flatMap((doc) => {
      const offer = catalogOfferOf(doc.id, doc.data);
      return offer ? [offer] : [];
    })
    .sort(
      (a, b) =>
        typeRank(a) - typeRank(b) ||
        a.games.length - b.games.length ||
        size(a) - size(b) ||
        a.planId.localeCompare(b.planId),
    );
}

/** `vatRates/*` as the tax rule reads them (unusable rates left out). */
export function ratesOf(docs: readonly { id: string; data: unknown }[]): VatRates {
  const rates: Record<string, VatRate> = {};
  for (const doc of docs) {
    const data = doc.data;
    if (!/^[A-Z]{2}$/.test(doc.id) || !isRecord(data)) continue;
    const rate = data['standard_rate'];
    if (typeof rate !== 'number' || !(rate >= 0 && rate <= 100)) continue;
    rates[doc.id] = {
      country_code: doc.id,
      standard_rate: rate,
      member_state: data['member_state'] === true,
    };
  }
  return rates;
}

/** `teams/{tid}.billingData` as the form and the preview read it. */
export interface BillingDetails {
  readonly countryCode: string;
  /** With its prefix; '' when none. */
  readonly euvatnr: string;
  readonly vatStatus: VatStatus;
  readonly companyName: string;
  readonly address: string;
  readonly zip: string;
  readonly city: string;
  readonly email: string;
}

/** The team's billing data, or null when there is none usable (no country or no name). */
export function billingDetailsOf(team: unknown): BillingDetails | null {
  const raw = isRecord(team) ? team['billingData'] : undefined;
  if (!isRecord(raw)) return null;
  const countryCode = text(raw['countryCode']);
  const companyName = text(raw['companyName']);
  if (!/^[A-Z]{2}$/.test(countryCode) || companyName === '') return null;
  const euvatnr = text(raw['euvatnr']);
  const status = VAT_STATUSES.find((s) => s === raw['vatStatus']) ?? 'none';
  return {
    countryCode,
    euvatnr,
    // A status without a number is no status (as the server reads it).
    vatStatus: euvatnr === '' ? 'none' : status,
    companyName,
    address: text(raw['address']),
    zip: text(raw['zip']),
    city: text(raw['city']),
    email: text(raw['email']),
  };
}

export type PricePreview =
  | {
      /** Priced for the team's billing country. */
      readonly kind: 'priced';
      readonly currency: Currency;
      readonly net: number;
      readonly ratePercent: number;
      readonly vat: number;
      readonly gross: number;
      readonly treatment: Treatment;
    }
  | {
      /**
       * No billing data yet: the list price without tax, in euro when the plan has one (the tax
       * and the currency follow the billing country).
       */
      readonly kind: 'list';
      readonly currency: Currency;
      readonly net: number;
    }
  /** The billing country's VAT rate is not known yet (the server would refuse the invoice). */
  | { readonly kind: 'rate-missing' }
  /** The plan has no price in the billing country's currency. */
  | { readonly kind: 'unavailable' };

/**
 * What a plan will cost the team: the tax rule on the saved billing data, the catalogue's price
 * in the rule's currency, and VAT on it with the rule's rounding (`amountsOf`). An EU country
 * without a rate yet is 'rate-missing' rather than a wrong figure in dollars.
 */
export function pricePreview(
  offer: CatalogOffer,
  billing: BillingDetails | null,
  rates: VatRates,
  sellerCountry: string,
): PricePreview {
  if (!billing) {
    const currency: Currency = offer.prices.EUR !== undefined ? 'EUR' : 'USD';
    const net = offer.prices[currency];
    return net === undefined ? { kind: 'unavailable' } : { kind: 'list', currency, net };
  }
  if (isEuMemberState(billing.countryCode) && !Object.hasOwn(rates, billing.countryCode)) {
    return { kind: 'rate-missing' };
  }
  const tax = taxFor({
    countryCode: billing.countryCode,
    vatStatus: billing.vatStatus,
    rates,
    sellerCountry,
  });
  const net = offer.prices[tax.currency];
  if (net === undefined) return { kind: 'unavailable' };
  return {
    kind: 'priced',
    currency: tax.currency,
    ratePercent: tax.ratePercent,
    treatment: tax.treatment,
    ...amountsOf(net, tax.ratePercent),
  };
}

/** The plan a `?purchase=<planId>` link pre-selects, when it is on sale. */
export function preselectedPlan(search: string, catalog: readonly CatalogOffer[]): string | null {
  const wanted = new URLSearchParams(search).get('purchase');
  if (!wanted) return null;
  return catalog.find((offer) => offer.planId === wanted)?.planId ?? null;
}

/** The return from the payment page: `?purchase=success|cancelled&invoice=<id>`. */
export type PurchaseReturn = {
  readonly outcome: 'success' | 'cancelled';
  readonly invoiceId: string;
} | null;

export function purchaseReturnOf(search: string): PurchaseReturn {
  const params = new URLSearchParams(search);
  const outcome = params.get('purchase');
  const invoiceId = params.get('invoice') ?? '';
  if (outcome !== 'success' && outcome !== 'cancelled') return null;
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(invoiceId)) return null;
  return { outcome, invoiceId };
}

/** A plan's length as people say it: whole months when it is years or months, else days. */
export function planLength(durationDays: number): { unit: 'months' | 'days'; count: number } {
  if (durationDays % 365 === 0) return { unit: 'months', count: (durationDays / 365) * 12 };
  if (durationDays % 30 === 0) return { unit: 'months', count: durationDays / 30 };
  return { unit: 'days', count: durationDays };
}

/** A plan the team holds now, for the "Your plans" line. */
export interface CurrentPlan {
  readonly type: GameType;
  readonly planName: string;
  readonly trial: boolean;
  /** Epoch ms; null when the plan does not end. */
  readonly until: number | null;
}

/** The team's active plans, beer game first. */
export function currentPlansOf(team: unknown, now: number): CurrentPlan[] {
  return GAME_TYPES.flatMap((type): CurrentPlan[] => {
    const plan = planOf(team, type);
    if (!plan || !planActive(plan, now)) return [];
    const until = plan['until'];
    return [
      {
        type,
        planName: text(plan['planName']),
        trial: plan['trial'] === true,
        until: typeof until === 'number' && Number.isFinite(until) ? until : null,
      },
    ];
  });
}

/** Whether `uid` is an admin of the team document. */
export function isTeamAdmin(team: unknown, uid: string): boolean {
  const members = isRecord(team) ? team['members'] : undefined;
  if (!isRecord(members) || !Object.hasOwn(members, uid)) return false;
  const member = members[uid];
  return isRecord(member) && member['role'] === 'admin';
}
