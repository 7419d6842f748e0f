import { describe, expect, it } from 'vitest';
import {
  buildProfileUpdate,
  missingSetupFields,
  parseProfile,
  profileDisplayName,
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
