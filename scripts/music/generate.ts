/**
 * Renders the app's three looping tracks and encodes them to MP3 (played by Chromium, Firefox
 * and Safari alike) in `src/assets/music/`, with `manifest.json` beside this script recording
 * each loop's PCM digest and file size.
 *
 *   npx tsx scripts/music/generate.ts           # needs ffmpeg with libmp3lame (Debian: ffmpeg)
 *
 * The MP3 files are committed, so building the app needs no ffmpeg. A unit test renders the
 * tracks again and compares their digests with the manifest: a change to the notes or the
 * sound that was not regenerated fails it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SAMPLE_RATE } from './dsp';
import { TRACKS } from './tracks';

export const MUSIC_DIR = resolve(import.meta.dirname, '../../src/assets/music');
export const MANIFEST_PATH = resolve(import.meta.dirname, 'manifest.json');
/** What a track may weigh: it is fetched when the user presses play, on a phone too. */
export const MAX_TRACK_BYTES = 400 * 1024;

export interface ManifestEntry {
  readonly file: string;
  readonly seconds: number;
  readonly pcmSha256: string;
  readonly bytes: number;
}

export function pcmDigest(pcm: Int16Array): string {
  return createHash('sha256')
    .update(new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength))
    .digest('hex');
}

function encode(pcm: Int16Array, kbps: number, path: string): void {
  const result = spawnSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      's16le',
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '2',
      '-i',
      'pipe:0',
      '-c:a',
      'libmp3lame',
      '-b:a',
      `${kbps}k`,
      // No version strings or tags: the same samples give the same file.
      '-fflags',
      '+bitexact',
      '-flags:a',
      '+bitexact',
      '-map_metadata',
      '-1',
      '-id3v2_version',
      '0',
      path,
    ],
    { input: new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength) },
  );
  if (result.error) throw new Error(`ffmpeg could not start: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${String(result.stderr)}`);
}

function main(): void {
  mkdirSync(MUSIC_DIR, { recursive: true });
  const manifest: Record<string, ManifestEntry> = {};
  for (const track of TRACKS) {
    const pcm = track.render();
    const file = `${track.id}.mp3`;
    const path = resolve(MUSIC_DIR, file);
    encode(pcm, track.kbps, path);
    const bytes = statSync(path).size;
    if (bytes >= MAX_TRACK_BYTES) throw new Error(`${file} is ${bytes} bytes, over the limit`);
    manifest[track.id] = {
      file,
      seconds: Math.round((pcm.length / 2 / SAMPLE_RATE) * 1000) / 1000,
      pcmSha256: pcmDigest(pcm),
      bytes,
    };
    console.log(`${file}: ${manifest[track.id]?.seconds} s, ${Math.round(bytes / 1024)} KB`);
  }
  writeFileSync(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
