import { describe, expect, it } from 'vitest';
import {
  ATTRIBUTION_OTHER_MAX,
  buildProfileUpdate,
  missingSetupFields,
  parseProfile,
  profileDisplayName,
  welcomeTourOnSetup,
  type SetupAccountForm,
} from '@/features/auth/profile';

const form: SetupAccountForm = {
  firstname: ' Ada ',
  lastname: 'Lovelace ',
  profileType: 'teacher',
  attributionSource: 'friend',
  attributionOtherText: 'ignored',
};

describe('parseProfile', () => {
  it('keeps known string fields only', () => {
    expect(parseProfile({ firstname: 'Ada', profileType: 3, other: ['x'] })).toEqual({
      firstname: 'Ada',
    });
  });
  it('keeps the features list and the game being played', () => {
    expect(
      parseProfile({
        features: ['advancedModelBeta', 3],
        playingGame: { id: 'g1', roleId: 'retailer', playerName: 'Ada' },
      }),
    ).toEqual({
      features: ['advancedModelBeta'],
      playingGame: { id: 'g1', roleId: 'retailer', playerName: 'Ada' },
    });
    expect(parseProfile({ playingGame: null })).toEqual({});
  });
  it('gives an empty profile for a missing document', () => {
    expect(parseProfile(undefined)).toEqual({});
  });
  it('says whether the campaign was stored (it is set once)', () => {
    expect(parseProfile({ attribution: { utm_source: 'x', capturedAt: 1 } }).hasAttribution).toBe(
      true,
    );
    expect(parseProfile({ firstname: 'Ada' }).hasAttribution).toBeUndefined();
  });
});

describe("the user's own choices on the profile", () => {
  it('reads the leaderboard consent as off unless it is true', () => {
    expect(parseProfile({ leaderboardConsent: true }).leaderboardConsent).toBe(true);
    expect(parseProfile({ leaderboardConsent: false }).leaderboardConsent).toBeUndefined();
    expect(parseProfile({ leaderboardConsent: 'yes' }).leaderboardConsent).toBeUndefined();
    expect(parseProfile({}).leaderboardConsent).toBeUndefined();
  });
  it('reads the welcome tour as due or seen only', () => {
    expect(parseProfile({ welcomeTour: 'due' }).welcomeTour).toBe('due');
    expect(parseProfile({ welcomeTour: 'seen' }).welcomeTour).toBe('seen');
    expect(parseProfile({ welcomeTour: 'never' }).welcomeTour).toBeUndefined();
  });
  it('a first set-up makes the tour due; a profile with a state keeps it', () => {
    expect(welcomeTourOnSetup(undefined)).toEqual({ welcomeTour: 'due' });
    expect(welcomeTourOnSetup('seen')).toEqual({});
    expect(welcomeTourOnSetup('due')).toEqual({});
  });
});

describe('buildProfileUpdate', () => {
  it('trims names and builds the full name', () => {
    expect(buildProfileUpdate(form, 'ada@example.com')).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      profileType: 'teacher',
      attributionSource: 'friend',
      attributionOtherText: '',
    });
  });
  it("keeps the text only for the 'other' attribution", () => {
    const update = buildProfileUpdate(
      { ...form, attributionSource: 'other', attributionOtherText: ' a podcast ' },
      'a@b.c',
    );
    expect(update.attributionOtherText).toBe('a podcast');
  });
  it("bounds the 'other' text as the access policy does", () => {
    const update = buildProfileUpdate(
      { ...form, attributionSource: 'other', attributionOtherText: 'p'.repeat(500) },
      'a@b.c',
    );
    expect(update.attributionOtherText).toBe('p'.repeat(ATTRIBUTION_OTHER_MAX));
  });
});

describe('missingSetupFields', () => {
  it('accepts a complete form', () => {
    expect(missingSetupFields(form)).toEqual([]);
  });
  it('requires names, profile type and the other text', () => {
    expect(
      missingSetupFields({
        firstname: ' ',
        lastname: '',
        profileType: '',
        attributionSource: 'other',
        attributionOtherText: '',
      }),
    ).toEqual(['firstname', 'lastname', 'profileType', 'attributionOtherText']);
  });
  it('does not require an attribution', () => {
    expect(missingSetupFields({ ...form, attributionSource: '' })).toEqual([]);
  });
});

describe('profileDisplayName (spec §6)', () => {
  it('uses firstname, else playerName', () => {
    expect(profileDisplayName({ firstname: 'Ada', playerName: 'P' })).toBe('Ada');
    expect(profileDisplayName({ firstname: ' ', playerName: 'P' })).toBe('P');
    expect(profileDisplayName({})).toBeUndefined();
    expect(profileDisplayName(null)).toBeUndefined();
  });
});
