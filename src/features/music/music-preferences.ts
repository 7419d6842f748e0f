/**
 * What the music player remembers per browser (spec §2): the track, the volume (0 to 1) and
 * mute. Kept in localStorage as JSON; whatever is stored there is read as untrusted (another
 * version of the app, an extension or a person may have written it), field by field, so one bad
 * field never loses the others.
 */
import type { KeyValueStorage } from '@/lib/storage/key-value-storage';

export const TRACK_IDS = ['funk', 'folk', 'piano'] as const;
export type TrackId = (typeof TRACK_IDS)[number];

export interface MusicPreferences {
  readonly track: TrackId;
  /** 0 (silent) to 1 (full), in steps of 0.01. */
  readonly volume: number;
  readonly muted: boolean;
}

export const DEFAULT_PREFERENCES: MusicPreferences = { track: 'funk', volume: 0.5, muted: false };

export const PREFERENCES_KEY = 'simgames.music';

export function isTrackId(value: unknown): value is TrackId {
  return typeof value === 'string' && (TRACK_IDS as readonly string[]).includes(value);
}

/** A volume between 0 and 1 in hundredths; anything not a finite number is `fallback`. */
export function clampVolume(value: unknown, fallback = DEFAULT_PREFERENCES.volume): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

export function parsePreferences(raw: string | null): MusicPreferences {
  if (raw === null) return DEFAULT_PREFERENCES;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return DEFAULT_PREFERENCES;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return DEFAULT_PREFERENCES;
  }
  const fields = data as Record<string, unknown>;
  const own = (key: string): unknown => (Object.hasOwn(fields, key) ? fields[key] : null);
  const track = own('track');
  const muted = own('muted');
  return {
    track: isTrackId(track) ? track : DEFAULT_PREFERENCES.track,
    volume: clampVolume(own('volume')),
    muted: typeof muted === 'boolean' ? muted : DEFAULT_PREFERENCES.muted,
  };
}

export function loadPreferences(storage: KeyValueStorage | null): MusicPreferences {
  try {
    return parsePreferences(storage?.getItem(PREFERENCES_KEY) ?? null);
  } catch {
    // Storage refused (a private window, a blocked site): the defaults, for this visit.
    return DEFAULT_PREFERENCES;
  }
}

export function savePreferences(storage: KeyValueStorage | null, prefs: MusicPreferences): void {
  const clean: MusicPreferences = {
    track: isTrackId(prefs.track) ? prefs.track : DEFAULT_PREFERENCES.track,
    volume: clampVolume(prefs.volume),
    muted: prefs.muted === true,
  };
  try {
    storage?.setItem(PREFERENCES_KEY, JSON.stringify(clean));
  } catch {
    // A full or refused storage only means the choice is not remembered.
  }
}
