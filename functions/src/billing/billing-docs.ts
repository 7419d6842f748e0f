/**
 * Reading the billing documents (business.md §3.2) defensively: the backend wrote them, but a
 * document edited by hand or from an older version must not put a wrong figure on an invoice.
 */
import type { Currency } from '@sim/core/billing/money';
import { isMinorAmount } from '@sim/core/billing/money';
import {
  VAT_STATUSES,
  type VatRate,
  type VatRates,
  type VatStatus,
  isEuMemberState,
} from '@sim/core/billing/tax';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { CallableError } from '../callable';

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** `teams/{tid}.billingData` */
export interface BillingData {
  readonly countryCode: string;
  /** With its prefix; '' when none. */
  readonly euvatnr: string;
  readonly vatStatus: VatStatus;
  readonly vatCheckedAt: number | null;
  readonly vatConsultation?: string;
  readonly companyName: string;
  readonly address: string;
  readonly zip: string;
  readonly city: string;
  readonly email: string;
}

/** The team's billing data, or null when it has none usable (no country or no name). */
export function billingDataOf(team: DocData | undefined): BillingData | null {
  const raw = team?.billingData;
  if (!isRecord(raw)) return null;
  const countryCode = text(raw.countryCode);
  const companyName = text(raw.companyName);
  if (!/^[A-Z]{2}$/.test(countryCode) || companyName === '') return null;
  const vatStatus = VAT_STATUSES.find((s) => s === raw.vatStatus) ?? 'none';
  const consultation = text(raw.vatConsultation);
  return {
    countryCode,
    euvatnr: text(raw.euvatnr),
    // A status without a number is no status.
    vatStatus: text(raw.euvatnr) === '' ? 'none' : vatStatus,
    vatCheckedAt: typeof raw.vatCheckedAt === 'number' ? raw.vatCheckedAt : null,
    ...(consultation ? { vatConsultation: consultation } : {}),
    companyName,
    address: text(raw.address),
    zip: text(raw.zip),
    city: text(raw.city),
    email: text(raw.email),
  };
}

/** `vatRates/{cc}` when it holds a usable rate. */
export function vatRateOf(data: DocData | undefined, countryCode: string): VatRate | null {
  if (!data) return null;
  const rate = data.standard_rate;
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 100)) return null;
  return {
    country_code: countryCode,
    standard_rate: rate,
    member_state: data.member_state === true,
    effective_from: typeof data.effective_from === 'string' ? data.effective_from : null,
    ...(typeof data.source === 'string' ? { source: data.source } : {}),
  };
}

/**
 * The rates `taxFor` needs for one country. A member state without a usable rate is refused
 * (failed-precondition / vatRateMissing) rather than billed as an export in dollars.
 */
export async function ratesFor(port: DataPort, countryCode: string): Promise<VatRates> {
  const rate = vatRateOf((await port.docs.get(`vatRates/${countryCode}`)).data, countryCode);
  if (isEuMemberState(countryCode) && rate?.member_state !== true) {
    throw new CallableError('failed-precondition', 'vatRateMissing');
  }
  return rate ? { [countryCode]: rate } : {};
}

/** `planCatalog/{planId}` */
export interface CatalogEntry {
  readonly planId: string;
  readonly planName: string;
  readonly games: readonly string[];
  readonly players: number | null;
  readonly unlimitedPlayers: boolean;
  readonly licenses: number;
  readonly durationDays: number;
  readonly renew: boolean;
  readonly prices: Partial<Record<Currency, number>>;
}

/** A plan on sale, or null (missing, withdrawn, or malformed). */
export function catalogEntryOf(planId: string, data: DocData | undefined): CatalogEntry | null {
  if (!data || data.active === false) return null;
  const { planName, games, players, durationDays, licenses, prices } = data;
  if (typeof planName !== 'string' || planName === '') return null;
  if (!Array.isArray(games) || !games.every((g) => typeof g === 'string')) return null;
  if (typeof durationDays !== 'number' || !Number.isInteger(durationDays) || durationDays < 1) {
    return null;
  }
  if (!isRecord(prices)) return null;
  const price = (currency: Currency) => {
    const amount = Object.hasOwn(prices, currency) ? prices[currency] : undefined;
    return isMinorAmount(amount) && amount > 0 ? { [currency]: amount } : {};
  };
  return {
    planId,
    planName,
    games: games as string[],
    players: typeof players === 'number' ? players : null,
    unlimitedPlayers: data.unlimitedPlayers === true,
    licenses: typeof licenses === 'number' ? licenses : 1,
    durationDays,
    renew: data.renew === true,
    prices: { ...price('EUR'), ...price('USD') },
  };
}
