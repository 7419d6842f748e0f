import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_TTL_MS,
  CAMPAIGN_KEY,
  CAMPAIGN_VALUE_MAX,
  attributionForProfile,
  campaignParam,
  cleanValue,
  forgetCampaign,
  keepAttribution,
  keepCampaign,
  readCampaign,
} from '@/lib/attribution/attribution';
import { REFERRER_KEY } from '@/lib/referral/referrer';
import { refusingStorage } from '@/lib/storage/memory-storage';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const DAY = 24 * 60 * 60 * 1000;
const T0 = 1_750_000_000_000;

describe('campaign parameters of a link (spec §2)', () => {
  it('reads utm_*, gclid and zsid, and nothing else', () => {
    expect(
      campaignParam(
        '?utm_source=x&utm_medium=cpc&utm_campaign=spring&utm_term=beer&utm_content=a&utm_id=7&gclid=y&zsid=z&invitedby=u1&utm_other=no&plans=all',
      ),
    ).toEqual({
      utm_source: 'x',
      utm_medium: 'cpc',
      utm_campaign: 'spring',
      utm_term: 'beer',
      utm_content: 'a',
      utm_id: '7',
      gclid: 'y',
      zsid: 'z',
    });
  });

  it('names no campaign when the link has none, or only empty values', () => {
    expect(campaignParam('')).toBeNull();
    expect(campaignParam('?invitedby=u1&joinTeam=t1')).toBeNull();
    expect(campaignParam('?utm_source=&gclid=%20%20')).toBeNull();
  });

  it('decodes values and keeps them printable, trimmed and bounded', () => {
    expect(campaignParam('?utm_campaign=R%C3%A9union%20d%27%C3%A9t%C3%A9')).toEqual({
      utm_campaign: "Réunion d'été",
    });
    expect(cleanValue(' a\u0000b\u200bc\n ')).toBe('abc');
    expect(cleanValue('g'.repeat(500))).toHaveLength(CAMPAIGN_VALUE_MAX);
    // A character outside the BMP cut in half at the bound is dropped, never half kept.
    const emoji = `${'a'.repeat(CAMPAIGN_VALUE_MAX - 1)}😀`;
    expect(cleanValue(emoji)).toBe('a'.repeat(CAMPAIGN_VALUE_MAX - 1));
    expect(cleanValue('\ud800x')).toBe('x');
    expect(cleanValue(42)).toBe('');
  });
});

describe('the campaign kept 30 days (spec §9)', () => {
  it('keeps the latest link for 30 days, then forgets it', () => {
    const store = memoryStorage();
    keepCampaign({ utm_source: 'old' }, T0, store);
    keepCampaign({ gclid: 'new' }, T0 + DAY, store);
    // The new link replaces the whole campaign.
    expect(readCampaign(T0 + DAY + ATTRIBUTION_TTL_MS - 1, store)).toEqual({
      gclid: 'new',
      capturedAt: T0 + DAY,
    });
    expect(readCampaign(T0 + DAY + ATTRIBUTION_TTL_MS, store)).toBeNull();
    expect(store.items.has(CAMPAIGN_KEY)).toBe(false);
  });

  it('reads what is stored as untrusted', () => {
    const store = memoryStorage();
    const put = (value: unknown) => store.setItem(CAMPAIGN_KEY, JSON.stringify(value));
    store.setItem(CAMPAIGN_KEY, '{not json');
    expect(readCampaign(T0, store)).toBeNull();
    // A lifetime longer than 30 days is not one this app wrote.
    put({ campaign: { utm_source: 'x' }, capturedAt: T0, expiresAt: T0 + 365 * DAY });
    expect(readCampaign(T0 + 1, store)).toBeNull();
    // Seen in the future.
    put({ campaign: { utm_source: 'x' }, capturedAt: T0 + DAY, expiresAt: T0 + 2 * DAY });
    expect(readCampaign(T0, store)).toBeNull();
    put({ campaign: { features: 'all' }, capturedAt: T0, expiresAt: T0 + DAY });
    expect(readCampaign(T0 + 1, store)).toBeNull();
    put({
      campaign: { utm_source: 'x'.repeat(400), features: 'all', gclid: 5 },
      capturedAt: T0,
      expiresAt: T0 + DAY,
    });
    expect(readCampaign(T0 + 1, store)).toEqual({
      utm_source: 'x'.repeat(CAMPAIGN_VALUE_MAX),
      capturedAt: T0,
    });
  });

  it('keeps the referrer always and the campaign unless measurement was declined', () => {
    const store = memoryStorage();
    keepAttribution('?utm_source=x&gclid=y&invitedby=rita', T0, 'denied', store);
    expect(store.items.has(CAMPAIGN_KEY)).toBe(false);
    expect(store.items.has(REFERRER_KEY)).toBe(true);
    keepAttribution('?utm_source=x&gclid=y', T0, null, store);
    expect(readCampaign(T0, store)).toEqual({ utm_source: 'x', gclid: 'y', capturedAt: T0 });
    // A page without parameters keeps what was kept.
    keepAttribution('?tab=intro', T0 + 1, 'granted', store);
    expect(readCampaign(T0 + 1, store)).toEqual({ utm_source: 'x', gclid: 'y', capturedAt: T0 });
    forgetCampaign(store);
    expect(readCampaign(T0 + 1, store)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken = refusingStorage();
    expect(() => keepAttribution('?utm_source=x&invitedby=rita', T0, null, broken)).not.toThrow();
    expect(readCampaign(T0, broken)).toBeNull();
    expect(() => forgetCampaign(broken)).not.toThrow();
  });
});

describe('what a completed profile gets', () => {
  function kept() {
    const store = memoryStorage();
    keepAttribution('?utm_source=x&gclid=y&invitedby=rita', T0, null, store);
    return store;
  }

  it('the referrer and, with consent, the campaign', () => {
    expect(
      attributionForProfile({
        uid: 'ada',
        current: { hasAttribution: false },
        consent: 'granted',
        now: T0 + DAY,
        store: kept(),
      }),
    ).toEqual({
      invitedBy: 'rita',
      attribution: { utm_source: 'x', gclid: 'y', capturedAt: T0 },
    });
  });

  it('no campaign without consent, the referrer still', () => {
    for (const consent of [null, 'denied'] as const) {
      expect(
        attributionForProfile({
          uid: 'ada',
          current: { hasAttribution: false },
          consent,
          now: T0 + DAY,
          store: kept(),
        }),
      ).toEqual({ invitedBy: 'rita' });
    }
  });

  it('nothing the profile already has, nothing expired, never its own referrer', () => {
    expect(
      attributionForProfile({
        uid: 'ada',
        current: { invitedBy: 'rob', hasAttribution: true },
        consent: 'granted',
        now: T0 + DAY,
        store: kept(),
      }),
    ).toEqual({});
    expect(
      attributionForProfile({
        uid: 'ada',
        current: { hasAttribution: false },
        consent: 'granted',
        now: T0 + ATTRIBUTION_TTL_MS,
        store: kept(),
      }),
    ).toEqual({});
    expect(
      attributionForProfile({
        uid: 'rita',
        current: { hasAttribution: false },
        consent: 'granted',
        now: T0 + DAY,
        store: kept(),
      }),
    ).toEqual({ attribution: { utm_source: 'x', gclid: 'y', capturedAt: T0 } });
  });
});
