/**
 * The music player's sound, with howler: one looping Howl per track, created (and its file
 * fetched) the first time that track is played. Loaded only when the user first presses play,
 * with howler itself, so neither weighs on a page that plays no music.
 */
import { Howl } from 'howler';
import folkUrl from '@/assets/music/folk.mp3?url';
import funkUrl from '@/assets/music/funk.mp3?url';
import pianoUrl from '@/assets/music/piano.mp3?url';
import type { TrackId } from '@/features/music/music-preferences';

const SOURCES: Readonly<Record<TrackId, string>> = {
  funk: funkUrl,
  folk: folkUrl,
  piano: pianoUrl,
};

/** What howler reports for the track on screen. */
export type PlaybackState = 'stopped' | 'loading' | 'playing' | 'paused' | 'error';

export interface MusicEngine {
  /** Plays `track` (stopping any other), with the volume and mute given. */
  play(track: TrackId, volume: number, muted: boolean): void;
  pause(): void;
  stop(): void;
  setVolume(volume: number): void;
  setMuted(muted: boolean): void;
}

export function createMusicEngine(report: (state: PlaybackState) => void): MusicEngine {
  const howls = new Map<TrackId, Howl>();
  const soundIds = new Map<TrackId, number>();
  let current: TrackId | null = null;
  // Only the track on screen speaks: the one just left still reports its stop.
  const from = (track: TrackId, state: PlaybackState) => () => {
    if (track === current) report(state);
  };

  const howlOf = (track: TrackId): Howl => {
    const existing = howls.get(track);
    if (existing) return existing;
    const howl = new Howl({
      src: [SOURCES[track]],
      format: ['mp3'],
      loop: true,
      // Web Audio (howler's default): the whole loop decoded, so it repeats without a gap.
      html5: false,
      onplay: from(track, 'playing'),
      onpause: from(track, 'paused'),
      onstop: from(track, 'stopped'),
      onloaderror: () => {
        // A file that failed to load is fetched again on the next play.
        howls.delete(track);
        soundIds.delete(track);
        from(track, 'error')();
      },
      onplayerror: from(track, 'error'),
    });
    howls.set(track, howl);
    return howl;
  };

  return {
    play(track, volume, muted) {
      if (current !== null && current !== track) howls.get(current)?.stop();
      current = track;
      const howl = howlOf(track);
      howl.volume(volume);
      howl.mute(muted);
      if (howl.playing()) {
        report('playing');
        return;
      }
      if (howl.state() !== 'loaded') report('loading');
      // The same sound resumes where it paused; a second press while loading plays it once.
      soundIds.set(track, howl.play(soundIds.get(track)));
    },
    pause() {
      if (current !== null) howls.get(current)?.pause();
    },
    stop() {
      for (const howl of howls.values()) howl.stop();
    },
    setVolume(volume) {
      for (const howl of howls.values()) howl.volume(volume);
    },
    setMuted(muted) {
      for (const howl of howls.values()) howl.mute(muted);
    },
  };
}
