/**
 * The price preview of /quote: for each game type asked for, the smallest plan of the catalogue
 * that seats the number of players (Class, Campus, then Unlimited), priced in the currency and
 * with the VAT of the visitor's country by the tax rule of spec §9 (`@sim/core/billing/tax`),
 * before any VAT number is known. Pure: the page reads the catalogue and the country's rate.
 */
import { CURRENCIES, amountsOf, type Currency } from '@sim/core/billing/money';
import { type GameType, isGameType } from '@sim/core/billing/plans';
import {
  DEFAULT_SELLER_COUNTRY,
  type Treatment,
  type VatRates,
  taxFor,
} from '@sim/core/billing/tax';

/** What the preview needs of a `planCatalog/{planId}` document. */
export interface CatalogPlanPrice {
  readonly planId: string;
  readonly planName: string;
  readonly games: readonly string[];
  readonly players: number | null;
  readonly unlimitedPlayers: boolean;
  readonly durationDays: number;
  /** Minor units per currency. */
  readonly prices: Partial<Record<Currency, number>>;
}

export interface QuoteLine {
  readonly type: GameType;
  readonly planId: string;
  readonly planName: string;
  readonly players: number | null;
  readonly durationDays: number;
  /** Minor units, in the preview's currency. */
  readonly net: number;
}

export interface QuotePreview {
  readonly currency: Currency;
  readonly ratePercent: number;
  readonly treatment: Treatment;
  readonly lines: readonly QuoteLine[];
  readonly net: number;
  readonly vat: number;
  readonly gross: number;
}

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A catalogue document as the preview reads it, or null (withdrawn or malformed). */
export function catalogPlanOf(planId: string, data: unknown): CatalogPlanPrice | null {
  if (!isRecord(data) || data['active'] === false) return null;
  const { planName, games, players, durationDays, prices } = data;
  if (typeof planName !== 'string' || !Array.isArray(games) || !isRecord(prices)) return null;
  const priced: Partial<Record<Currency, number>> = {};
  for (const currency of CURRENCIES) {
    const amount = Object.hasOwn(prices, currency) ? prices[currency] : undefined;
    if (typeof amount === 'number' && Number.isInteger(amount) && amount > 0) {
      priced[currency] = amount;
    }
  }
  return {
    planId,
    planName,
    games: games.filter((g): g is string => typeof g === 'string'),
    players: typeof players === 'number' ? players : null,
    unlimitedPlayers: data['unlimitedPlayers'] === true,
    durationDays: typeof durationDays === 'number' ? durationDays : 365,
    prices: priced,
  };
}

/** The smallest plan of a game type that seats `players`, priced in `currency`. */
export function planFor(
  catalog: readonly CatalogPlanPrice[],
  type: GameType,
  players: number,
  currency: Currency,
): CatalogPlanPrice | null {
  const seats = (p: CatalogPlanPrice) =>
    p.unlimitedPlayers || p.players === null ? Number.POSITIVE_INFINITY : p.players;
  const candidates = catalog
    .filter((p) => p.games.includes(type) && p.prices[currency] !== undefined)
    .filter((p) => seats(p) >= players)
    .sort((a, b) => seats(a) - seats(b) || (a.prices[currency] ?? 0) - (b.prices[currency] ?? 0));
  return candidates[0] ?? null;
}

/**
 * The preview, or null when the request is not complete yet (no game type, no country, a player
 * count out of range) or the catalogue prices none of the game types asked for.
 */
export function quotePreview(input: {
  readonly players: number;
  readonly gameTypes: readonly string[];
  readonly countryCode: string;
  readonly catalog: readonly CatalogPlanPrice[];
  readonly rates: VatRates;
}): QuotePreview | null {
  const types = input.gameTypes.filter(isGameType);
  if (types.length === 0 || !/^[A-Z]{2}$/.test(input.countryCode)) return null;
  if (!Number.isInteger(input.players) || input.players < 1) return null;
  const tax = taxFor({
    countryCode: input.countryCode,
    vatStatus: 'none',
    rates: input.rates,
    sellerCountry: DEFAULT_SELLER_COUNTRY,
  });
  const lines: QuoteLine[] = [];
  for (const type of types) {
    const plan = planFor(input.catalog, type, input.players, tax.currency);
    const net = plan?.prices[tax.currency];
    if (!plan || net === undefined) continue;
    lines.push({
      type,
      planId: plan.planId,
      planName: plan.planName,
      players: plan.unlimitedPlayers ? null : plan.players,
      durationDays: plan.durationDays,
      net,
    });
  }
  if (lines.length === 0) return null;
  const amounts = amountsOf(
    lines.reduce((sum, l) => sum + l.net, 0),
    tax.ratePercent,
  );
  return {
    currency: tax.currency,
    ratePercent: tax.ratePercent,
    treatment: tax.treatment,
    lines,
    net: amounts.net,
    vat: amounts.vat,
    gross: amounts.gross,
  };
}
