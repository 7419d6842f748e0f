/** Pure helpers over the `users/{uid}` profile document. */
import type { DocData } from '@sim/core/port/data-port';
import type { AttributionSource, UserProfile, WelcomeTourState } from '@/features/auth/auth-types';

const STRING_FIELDS = [
  'firstname',
  'lastname',
  'name',
  'email',
  'profileType',
  'attributionSource',
  'attributionOtherText',
  'playerName',
  'language',
  'invitedBy',
] as const;

/** Keeps the known string fields of a stored profile; a missing document gives an empty profile. */
export function parseProfile(data: DocData | undefined): UserProfile {
  const profile: Record<string, string> = {};
  if (!data) return profile;
  for (const field of STRING_FIELDS) {
    const value = data[field];
    if (typeof value === 'string') profile[field] = value;
  }
  const features = data['features'];
  const playing = data['playingGame'];
  const game =
    typeof playing === 'object' && playing !== null ? (playing as Record<string, unknown>) : null;
  return {
    ...profile,
    ...(data['joinedReferralProgram'] === true ? { joinedReferralProgram: true } : {}),
    ...(data['attribution'] !== undefined ? { hasAttribution: true } : {}),
    ...(data['leaderboardConsent'] === true ? { leaderboardConsent: true } : {}),
    ...(data['welcomeTour'] === 'due' || data['welcomeTour'] === 'seen'
      ? { welcomeTour: data['welcomeTour'] }
      : {}),
    ...(Array.isArray(features)
      ? { features: features.filter((f): f is string => typeof f === 'string') }
      : {}),
    ...(game && typeof game['id'] === 'string' && game['id']
      ? {
          playingGame: {
            id: game['id'],
            roleId: typeof game['roleId'] === 'string' ? game['roleId'] : '',
            playerName: typeof game['playerName'] === 'string' ? game['playerName'] : '',
          },
        }
      : {}),
  };
}

/** The longest 'other' answer kept (the access policy's bound too). */
export const ATTRIBUTION_OTHER_MAX = 200;

export interface SetupAccountForm {
  readonly firstname: string;
  readonly lastname: string;
  readonly profileType: string;
  readonly attributionSource: AttributionSource | '';
  readonly attributionOtherText: string;
}

export interface ProfileUpdate {
  /** A first set-up makes the welcome tour due (decision 0027). */
  readonly welcomeTour?: 'due';
  readonly firstname: string;
  readonly lastname: string;
  readonly name: string;
  readonly email: string;
  readonly profileType: string;
  readonly attributionSource: string;
  readonly attributionOtherText: string;
}

/** The merge-set written by the setup-account page; the 'other' text is kept only for 'other'. */
export function buildProfileUpdate(form: SetupAccountForm, email: string): ProfileUpdate {
  const firstname = form.firstname.trim();
  const lastname = form.lastname.trim();
  return {
    firstname,
    lastname,
    name: [firstname, lastname].filter(Boolean).join(' '),
    email,
    profileType: form.profileType,
    attributionSource: form.attributionSource,
    attributionOtherText:
      form.attributionSource === 'other'
        ? form.attributionOtherText.trim().slice(0, ATTRIBUTION_OTHER_MAX)
        : '',
  };
}

export type SetupAccountField = 'firstname' | 'lastname' | 'profileType' | 'attributionOtherText';

/**
 * What completing the account adds to the profile: a first set-up makes the welcome tour due
 * (decision 0027); a profile that already has a state keeps it.
 */
export function welcomeTourOnSetup(
  current: WelcomeTourState | undefined,
): { readonly welcomeTour: 'due' } | Record<string, never> {
  return current === undefined ? { welcomeTour: 'due' } : {};
}

/** Fields that block saving: names and profile type are required, and the text for 'other'. */
export function missingSetupFields(form: SetupAccountForm): SetupAccountField[] {
  const missing: SetupAccountField[] = [];
  if (!form.firstname.trim()) missing.push('firstname');
  if (!form.lastname.trim()) missing.push('lastname');
  if (!form.profileType) missing.push('profileType');
  if (form.attributionSource === 'other' && !form.attributionOtherText.trim()) {
    missing.push('attributionOtherText');
  }
  return missing;
}

/** Spec §6: firstname, else playerName, else undefined (the caller shows "anonymous"). */
export function profileDisplayName(profile: UserProfile | null): string | undefined {
  const first = profile?.firstname?.trim();
  if (first) return first;
  const player = profile?.playerName?.trim();
  return player ? player : undefined;
}
