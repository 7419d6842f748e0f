/**
 * Where a visitor came from (spec §2 query parameters, §9 "UTM cookie lifetime 30 days"): the
 * campaign of the link (`utm_*`, `gclid`, `zsid`) and the colleague who referred them
 * (`invitedby`, kept by `@/lib/referral/referrer`). Both are kept 30 days in this browser and
 * stored once with the profile when it is completed (setup-account). The campaign is marketing
 * measurement, so it is stored only with the visitor's consent and forgotten when they decline;
 * the referrer is part of the referral program and kept either way (business.md §3.10).
 */
import type { ConsentChoice } from '@/lib/analytics/consent';
import {
  REFERRER_TTL_MS,
  keepReferrer,
  readReferrer,
  referrerForProfile,
  referrerParam,
} from '@/lib/referral/referrer';
import { browserStorage, type KeyValueStorage } from '@/lib/storage/key-value-storage';

/** The campaign parameters kept, in the order they are listed on the profile. */
export const CAMPAIGN_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'zsid',
] as const;
export type CampaignParam = (typeof CAMPAIGN_PARAMS)[number];
export type Campaign = Partial<Record<CampaignParam, string>>;

/** The longest value kept (the access policy's bound too); a longer one is cut. */
export const CAMPAIGN_VALUE_MAX = 200;
/** Spec §9: 30 days, the same as the referrer. */
export const ATTRIBUTION_TTL_MS = REFERRER_TTL_MS;
export const CAMPAIGN_KEY = 'simgames.campaign';

/** What the profile stores (`users/{uid}.attribution`): the campaign and when it was seen. */
export type ProfileCampaign = Campaign & { readonly capturedAt: number };

interface RemovableStorage extends KeyValueStorage {
  removeItem(key: string): void;
}

// Control characters and the like carry nothing a campaign name needs.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A parameter's value as kept: printable, trimmed, at most CAMPAIGN_VALUE_MAX UTF-16 units (so
 * within the bound however the access policy counts characters), never half a character.
 */
export function cleanValue(value: unknown): string {
  if (typeof value !== 'string') return '';
  const cut = value
    .replace(UNPRINTABLE, '')
    .replace(LONE_SURROGATE, '')
    .trim()
    .slice(0, CAMPAIGN_VALUE_MAX);
  return cut.replace(/[\ud800-\udbff]$/, '').trim();
}

/** The campaign named by a query string, or null when it names none. */
export function campaignParam(search: string): Campaign | null {
  const query = new URLSearchParams(search);
  const campaign: Campaign = {};
  for (const name of CAMPAIGN_PARAMS) {
    const value = cleanValue(query.get(name));
    if (value) campaign[name] = value;
  }
  return Object.keys(campaign).length > 0 ? campaign : null;
}

/** A stored campaign read as untrusted: only known parameters with clean values. */
function parseCampaign(data: unknown): Campaign | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const campaign: Campaign = {};
  for (const name of CAMPAIGN_PARAMS) {
    if (!Object.hasOwn(record, name)) continue;
    const value = cleanValue(record[name]);
    if (value) campaign[name] = value;
  }
  return Object.keys(campaign).length > 0 ? campaign : null;
}

function forget(store: RemovableStorage | null): void {
  try {
    store?.removeItem(CAMPAIGN_KEY);
  } catch {
    // Nothing kept that can be reached.
  }
}

/**
 * Keeps the campaign of the latest link for ATTRIBUTION_TTL_MS: a new link replaces the whole
 * campaign (its parameters belong together).
 */
export function keepCampaign(
  campaign: Campaign,
  now: number,
  store: RemovableStorage | null = localStore(),
): void {
  try {
    store?.setItem(
      CAMPAIGN_KEY,
      JSON.stringify({ campaign, capturedAt: now, expiresAt: now + ATTRIBUTION_TTL_MS }),
    );
  } catch {
    // A browser that keeps nothing has no campaign.
  }
}

/** The kept campaign, or null when there is none or it expired (which also forgets it). */
export function readCampaign(
  now: number,
  store: RemovableStorage | null = localStore(),
): ProfileCampaign | null {
  let raw: string | null;
  try {
    raw = store?.getItem(CAMPAIGN_KEY) ?? null;
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const kept = JSON.parse(raw) as {
      campaign?: unknown;
      capturedAt?: unknown;
      expiresAt?: unknown;
    };
    const campaign = parseCampaign(kept.campaign);
    const { capturedAt, expiresAt } = kept;
    if (
      campaign &&
      typeof capturedAt === 'number' &&
      Number.isSafeInteger(capturedAt) &&
      capturedAt > 0 &&
      capturedAt <= now &&
      typeof expiresAt === 'number' &&
      expiresAt > now &&
      expiresAt <= capturedAt + ATTRIBUTION_TTL_MS
    ) {
      return { ...campaign, capturedAt };
    }
  } catch {
    // Not ours: forgotten below.
  }
  forget(store);
  return null;
}

/** Forgets the kept campaign (the visitor declined measurement). */
export function forgetCampaign(store: RemovableStorage | null = localStore()): void {
  forget(store);
}

function localStore(): RemovableStorage | null {
  const store = browserStorage();
  return store && 'removeItem' in store ? (store as RemovableStorage) : null;
}

/**
 * Keeps what the address of this page says about where the visitor came from: the referrer
 * always, the campaign unless the visitor has declined measurement.
 */
export function keepAttribution(
  search: string,
  now: number,
  consent: ConsentChoice | null,
  store: RemovableStorage | null = localStore(),
): void {
  const referrer = referrerParam(search);
  if (referrer) keepReferrer(referrer, now, store ?? undefined);
  const campaign = campaignParam(search);
  if (campaign && consent !== 'denied') keepCampaign(campaign, now, store);
}

/** The fields a profile being completed gets; each is set once and never replaced. */
export interface AttributionFields {
  readonly invitedBy?: string;
  readonly attribution?: ProfileCampaign;
}

export function attributionForProfile(args: {
  readonly uid: string;
  /** What the profile already has. */
  readonly current: { readonly invitedBy?: string; readonly hasAttribution: boolean };
  readonly consent: ConsentChoice | null;
  readonly now: number;
  readonly store?: RemovableStorage | null;
}): AttributionFields {
  const store = args.store === undefined ? localStore() : args.store;
  const invitedBy = referrerForProfile(
    args.uid,
    args.current.invitedBy,
    readReferrer(args.now, store ?? undefined),
  );
  const campaign =
    args.consent === 'granted' && !args.current.hasAttribution
      ? readCampaign(args.now, store)
      : null;
  return {
    ...(invitedBy ? { invitedBy } : {}),
    ...(campaign ? { attribution: campaign } : {}),
  };
}
