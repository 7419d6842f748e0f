import { describe, expect, it } from 'vitest';
import {
  clampVolume,
  DEFAULT_PREFERENCES,
  loadPreferences,
  parsePreferences,
  PREFERENCES_KEY,
  savePreferences,
} from '@/features/music/music-preferences';
import type { KeyValueStorage } from '@/lib/storage/key-value-storage';

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

const failing: KeyValueStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};

describe('music preferences', () => {
  it('start as the first track at half volume, not muted', () => {
    expect(loadPreferences(memoryStorage())).toEqual({ track: 'funk', volume: 0.5, muted: false });
  });

  it('are remembered: what is saved is what the next visit loads', () => {
    const storage = memoryStorage();
    savePreferences(storage, { track: 'piano', volume: 0.35, muted: true });
    expect(loadPreferences(storage)).toEqual({ track: 'piano', volume: 0.35, muted: true });
    savePreferences(storage, { track: 'folk', volume: 1, muted: false });
    expect(loadPreferences(storage)).toEqual({ track: 'folk', volume: 1, muted: false });
    expect([...storage.data.keys()]).toEqual([PREFERENCES_KEY]);
  });

  it('keep the volume between 0 and 1, in hundredths', () => {
    expect(clampVolume(-0.2)).toBe(0);
    expect(clampVolume(7)).toBe(1);
    expect(clampVolume(0.333333)).toBe(0.33);
    expect(clampVolume(Number.NaN)).toBe(0.5);
    expect(clampVolume(Number.POSITIVE_INFINITY)).toBe(0.5);
    expect(clampVolume('0.8')).toBe(0.5);
    const storage = memoryStorage();
    savePreferences(storage, { track: 'folk', volume: 3, muted: false });
    expect(loadPreferences(storage).volume).toBe(1);
  });

  it('read a stored value as untrusted, field by field', () => {
    expect(parsePreferences('not json')).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences('[1,2]')).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences('null')).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences('{"track":"opera","volume":0.2,"muted":true}')).toEqual({
      track: 'funk',
      volume: 0.2,
      muted: true,
    });
    expect(parsePreferences('{"track":"folk","volume":"loud","muted":"yes"}')).toEqual({
      track: 'folk',
      volume: 0.5,
      muted: false,
    });
    // Names every object inherits are not tracks, and an inherited field is not a stored one.
    expect(parsePreferences('{"track":"constructor"}').track).toBe('funk');
    expect(parsePreferences('{"track":"toString"}').track).toBe('funk');
    expect(parsePreferences('{"__proto__":{"muted":true}}').muted).toBe(false);
  });

  it('fall back to the defaults when the browser refuses its storage, and saving never throws', () => {
    expect(loadPreferences(failing)).toEqual(DEFAULT_PREFERENCES);
    expect(() => savePreferences(failing, DEFAULT_PREFERENCES)).not.toThrow();
    expect(loadPreferences(null)).toEqual(DEFAULT_PREFERENCES);
  });
});
