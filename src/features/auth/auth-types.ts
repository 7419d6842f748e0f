/** The signed-in user as the app sees it (never the SDK's object). */
export interface AuthUser {
  readonly uid: string;
  readonly isAnonymous: boolean;
  readonly email: string | null;
}

export const PROFILE_TYPES = ['teacher', 'trainer', 'consultant', 'student', 'other'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

/** Spec §9 attribution choices. */
export const ATTRIBUTION_SOURCES = [
  'search',
  'friend',
  'social',
  'ads',
  'news',
  'class',
  'other',
] as const;
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number];

/** The fields of `users/{uid}` this shell reads (spec §3); other features read more. */
/** The welcome tour on a profile: due for a new instructor, then seen (decision 0027). */
export type WelcomeTourState = 'due' | 'seen';

export interface UserProfile {
  readonly firstname?: string;
  readonly lastname?: string;
  readonly name?: string;
  readonly email?: string;
  readonly profileType?: string;
  readonly attributionSource?: string;
  readonly attributionOtherText?: string;
  readonly playerName?: string;
  readonly language?: string;
  /** Features switched on for this user by the backend (e.g. advancedModelBeta). */
  readonly features?: readonly string[];
  /** The uid of the colleague whose referral link brought this user (set once). */
  readonly invitedBy?: string;
  /** The user joined the referral program (business.md §3.10). */
  readonly joinedReferralProgram?: boolean;
  /** The profile holds the campaign that brought the user (`attribution`, set once). */
  readonly hasAttribution?: boolean;
  /** The user agreed to be named on the public leaderboard (off unless true). */
  readonly leaderboardConsent?: boolean;
  /** The welcome tour: due for a new instructor, then seen (decision 0027). */
  readonly welcomeTour?: WelcomeTourState;
  /** The game the user is playing (written by joinAs / quitGame). */
  readonly playingGame?: {
    readonly id: string;
    readonly roleId: string;
    readonly playerName: string;
  };
}

/** Whether the user signed in with an email account (an instructor or an identified player). */
export function hasEmail(user: AuthUser | null): user is AuthUser & { email: string } {
  return user !== null && !user.isAnonymous && typeof user.email === 'string' && user.email !== '';
}
