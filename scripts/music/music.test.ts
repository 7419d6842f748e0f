/**
 * The committed tracks are what `generate.ts` makes from the notes in `tracks.ts`: each loop
 * renders to the samples recorded in the manifest (so rendering is deterministic and the files
 * were regenerated after the last change), and each file stays under the size the player may
 * fetch on a phone.
 */
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from './dsp';
import {
  MANIFEST_PATH,
  MAX_TRACK_BYTES,
  MUSIC_DIR,
  pcmDigest,
  type ManifestEntry,
} from './generate';
import { TRACKS } from './tracks';

const manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Record<string, ManifestEntry>;

describe('generated music', () => {
  it('has the three tracks of the spec, and only them', () => {
    expect(TRACKS.map((t) => t.id)).toEqual(['funk', 'folk', 'piano']);
    expect(Object.keys(manifest).sort()).toEqual(['folk', 'funk', 'piano']);
  });

  for (const track of TRACKS) {
    it(`${track.id}: the committed file is under 400 KB and as the manifest says`, () => {
      const entry = manifest[track.id];
      expect(entry?.file).toBe(`${track.id}.mp3`);
      const bytes = statSync(resolve(MUSIC_DIR, `${track.id}.mp3`)).size;
      expect(bytes).toBeLessThan(MAX_TRACK_BYTES);
      expect(bytes).toBe(entry?.bytes);
    });

    it(`${track.id}: renders to the samples the committed file was made from`, () => {
      const pcm = track.render();
      // A loop of 20 to 40 seconds, stereo.
      const loopSeconds = pcm.length / 2 / SAMPLE_RATE;
      expect(loopSeconds).toBeGreaterThan(20);
      expect(loopSeconds).toBeLessThan(40);
      expect(pcmDigest(pcm)).toBe(manifest[track.id]?.pcmSha256);
      // Rendering takes a second or two; room for a busy machine.
    }, 60_000);
  }
});
