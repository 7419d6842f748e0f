/**
 * The music player's state (zustand): the preferences remembered per browser and what howler
 * last reported. The engine (and howler) are imported the first time the user presses play.
 */
import { create } from 'zustand';
import type { MusicEngine, PlaybackState } from '@/features/music/music-engine';
import {
  clampVolume,
  loadPreferences,
  savePreferences,
  type MusicPreferences,
  type TrackId,
} from '@/features/music/music-preferences';
import { browserStorage } from '@/lib/storage/key-value-storage';

interface MusicState {
  readonly prefs: MusicPreferences;
  readonly playback: PlaybackState;
}

export const useMusicStore = create<MusicState>()(() => ({
  prefs: loadPreferences(browserStorage()),
  playback: 'stopped',
}));

let engine: Promise<MusicEngine> | null = null;

function loadEngine(): Promise<MusicEngine> {
  if (!engine) {
    engine = import('@/features/music/music-engine').then(({ createMusicEngine }) =>
      createMusicEngine((playback) => useMusicStore.setState({ playback })),
    );
    // A failed chunk load is tried again on the next press.
    engine.catch(() => {
      engine = null;
    });
  }
  return engine;
}

/** Runs `action` on the engine if it was ever loaded (nothing to pause before the first play). */
function withLoadedEngine(action: (engine: MusicEngine) => void): void {
  if (engine) void engine.then(action, () => undefined);
}

function updatePrefs(change: Partial<MusicPreferences>): MusicPreferences {
  const prefs = { ...useMusicStore.getState().prefs, ...change };
  useMusicStore.setState({ prefs });
  savePreferences(browserStorage(), prefs);
  return prefs;
}

const isOn = (playback: PlaybackState) => playback === 'playing' || playback === 'loading';

export function playMusic(): void {
  const { prefs } = useMusicStore.getState();
  useMusicStore.setState({ playback: 'loading' });
  loadEngine().then(
    (e) => e.play(prefs.track, prefs.volume, prefs.muted),
    () => useMusicStore.setState({ playback: 'error' }),
  );
}

export function pauseMusic(): void {
  withLoadedEngine((e) => e.pause());
}

export function stopMusic(): void {
  withLoadedEngine((e) => e.stop());
}

/** Another track: remembered, and played at once if music is on. */
export function chooseTrack(track: TrackId): void {
  const prefs = updatePrefs({ track });
  if (isOn(useMusicStore.getState().playback)) {
    withLoadedEngine((e) => e.play(prefs.track, prefs.volume, prefs.muted));
  }
}

export function setMusicVolume(volume: number): void {
  const prefs = updatePrefs({ volume: clampVolume(volume) });
  withLoadedEngine((e) => e.setVolume(prefs.volume));
}

export function toggleMusicMuted(): void {
  const prefs = updatePrefs({ muted: !useMusicStore.getState().prefs.muted });
  withLoadedEngine((e) => e.setMuted(prefs.muted));
}
