/**
 * The app's three looping tracks, written as notes and rendered with `dsp.ts`: dynamic funk,
 * folk guitar and inspirational piano. Each renders to the same samples on every run (a seeded
 * random source humanises timing and velocity).
 */
import {
  StereoMix,
  bassNote,
  foldLoop,
  hat,
  kick,
  padNote,
  pianoNote,
  pluckedString,
  reverb,
  seconds,
  seededRandom,
  shaker,
  snare,
  toPcm16,
} from './dsp';

export type TrackId = 'funk' | 'folk' | 'piano';

export interface TrackDefinition {
  readonly id: TrackId;
  /** MP3 bit rate in kbit/s: each file must stay under 400 KB. */
  readonly kbps: number;
  /** 16-bit interleaved stereo at 44.1 kHz, one whole loop. */
  render(): Int16Array;
}

/** Rendered past the loop's end so the last notes' tails can be folded onto the start. */
const TAIL_SECONDS = 3;

function timeline(bpm: number, bars: number, beatsPerBar = 4) {
  const beat = 60 / bpm;
  const loopLength = seconds(bars * beatsPerBar * beat);
  return {
    beat,
    loopLength,
    /** Sample index of a position given in beats from the start. */
    at: (beats: number) => Math.round(beats * beat * 44100),
    mix: () => new StereoMix(loopLength + seconds(TAIL_SECONDS)),
  };
}

// ---------------------------------------------------------------------------------------------
// Dynamic funk: 116 BPM in E minor, 16 bars. Drums with ghost notes, a syncopated bass, muted
// guitar chords on the off-beats, an organ pad lifting the second half.

const FUNK_CHORDS: readonly (readonly number[])[] = [
  // E m9, A 13, C maj7, B 7#9 as guitar voicings (MIDI notes).
  [52, 55, 59, 62, 66],
  [57, 61, 66, 67, 71],
  [48, 52, 55, 59, 64],
  [47, 51, 57, 62, 66],
];
/** Chord of each bar (index into FUNK_CHORDS). */
const FUNK_BARS = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 3];
const FUNK_ROOTS = [40, 45, 36, 35];
/** The bass line of one bar: [16th step, interval above the root, length in 16ths]. */
const FUNK_BASS: readonly (readonly [number, number, number])[] = [
  [0, 0, 2],
  [3, 12, 1],
  [4, 0, 1],
  [6, 10, 2],
  [8, 7, 1],
  [10, 0, 1],
  [11, 12, 1],
  [13, 10, 1],
  [14, 7, 2],
];

function renderFunk(): Int16Array {
  const random = seededRandom(0xf0c5);
  const { at, beat, loopLength, mix } = timeline(116, 16);
  const dry = mix();
  const room = mix();
  const sixteenth = beat / 4;
  const kickSound = kick();
  const jitter = () => Math.round((random() - 0.5) * 0.006 * 44100);

  FUNK_BARS.forEach((chordIndex, bar) => {
    const start = bar * 4;
    const lift = bar >= 8;
    // Drums.
    for (const step of [0, 6, 10, bar % 4 === 3 ? 15 : 8]) {
      dry.add(at(start + step / 4), kickSound, 0.95);
    }
    for (const step of [4, 12]) {
      const s = snare(random);
      dry.add(at(start + step / 4) + jitter(), s, 0.55, 0.05);
      room.add(at(start + step / 4), s, 0.25);
    }
    for (const ghost of [7, 9, 14]) {
      dry.add(at(start + ghost / 4) + jitter(), snare(random), 0.12, 0.05);
    }
    for (let step = 0; step < 16; step++) {
      const open = step === 14;
      const accent = step % 4 === 2 ? 0.3 : step % 2 === 0 ? 0.2 : 0.11;
      dry.add(at(start + step / 4) + jitter(), hat(random, open), accent, 0.35);
    }
    // Bass.
    const root = FUNK_ROOTS[chordIndex] ?? 40;
    for (const [step, interval, length] of FUNK_BASS) {
      const velocity = step % 4 === 0 ? 1 : 0.8;
      dry.add(
        at(start + step / 4),
        bassNote(root + interval, length * sixteenth * 0.9, velocity),
        0.55,
      );
    }
    // Muted guitar chords on the off-beats, strummed down or up.
    const chord = FUNK_CHORDS[chordIndex] ?? [];
    for (const step of [2, 3, 6, 10, 11, 14]) {
      const up = step % 2 === 1;
      const notes = up ? [...chord].reverse() : chord;
      notes.forEach((note, i) => {
        const pluck = pluckedString(note, 0.16, 0.7 + random() * 0.2, random, {
          damping: 0.95,
          brightness: 0.7,
        });
        const when = at(start + step / 4) + seconds(0.007 * i) + jitter();
        dry.add(when, pluck, up ? 0.1 : 0.14, -0.4);
        room.add(when, pluck, 0.06, -0.4);
      });
    }
    // The organ pad in the second half, and an answering stab at the end of each two bars.
    if (lift) {
      for (const note of chord.slice(0, 4)) {
        const pad = padNote(note + 12, beat * 4, 0.5);
        dry.add(at(start), pad, 0.06, 0.4);
        room.add(at(start), pad, 0.08, 0.4);
      }
    }
    if (bar % 2 === 1) {
      for (const note of chord.slice(1, 4)) {
        const stab = padNote(note + 12, sixteenth * 1.6, 0.9);
        dry.add(at(start + 15 / 4), stab, 0.07, 0.3);
        room.add(at(start + 15 / 4), stab, 0.05, 0.3);
      }
    }
  });
  dry.addMix(reverb(room, 0.78, 0.4), 0.6);
  return toPcm16(foldLoop(dry, loopLength));
}

// ---------------------------------------------------------------------------------------------
// Folk guitar: 100 BPM in G major, 12 bars of Travis picking (the thumb alternating the bass on
// the beats, the fingers between), with a melody of higher notes and a soft shaker.

/** Bass, alternate bass and three treble notes of each chord's shape. */
const FOLK_SHAPES: Readonly<Record<string, readonly [number, number, number, number, number]>> = {
  G: [43, 50, 55, 59, 67],
  C: [48, 55, 60, 64, 67],
  D: [50, 57, 62, 66, 69],
  Em: [40, 47, 55, 59, 64],
  Am: [45, 52, 57, 60, 64],
};
const FOLK_BARS = ['G', 'C', 'G', 'D', 'Em', 'C', 'G', 'D', 'C', 'G', 'Am', 'D'];
/** A melody note per bar (top of the shape moved), on beat 3, from bar 5 on. */
const FOLK_MELODY = [0, 0, 0, 0, 71, 72, 74, 69, 76, 74, 72, 69];

function renderFolk(): Int16Array {
  const random = seededRandom(0xf01c);
  const { at, loopLength, mix } = timeline(100, 12);
  const dry = mix();
  const room = mix();
  const pick = (note: number, when: number, velocity: number, pan: number, length = 1.8) => {
    const sound = pluckedString(note, length, velocity, random, {
      damping: 0.998,
      brightness: 0.45,
    });
    const offset = Math.round((random() - 0.5) * 0.012 * 44100);
    dry.add(at(when) + offset, sound, 0.32, pan);
    room.add(at(when) + offset, sound, 0.22, pan);
  };
  FOLK_BARS.forEach((name, bar) => {
    const [bass, alternate, low, mid, high] = FOLK_SHAPES[name] ?? [43, 50, 55, 59, 67];
    const start = bar * 4;
    // Thumb: root, alternate bass, root, alternate bass.
    [bass, alternate, bass, alternate].forEach((note, i) =>
      pick(note, start + i, 0.95, -0.15, 1.2),
    );
    // Fingers on the off-beats.
    [mid, high, low, high].forEach((note, i) =>
      pick(note, start + i + 0.5, 0.55 + random() * 0.2, 0.2),
    );
    const melody = FOLK_MELODY[bar] ?? 0;
    if (melody > 0) {
      pick(melody, start + 2, 0.85, 0.35, 2.5);
      pick(melody - 2 + (bar % 2) * 4, start + 3.5, 0.5, 0.35, 1.2);
    }
    for (let eighth = 0; eighth < 8; eighth++) {
      const accent = eighth % 2 === 1 ? 0.07 : 0.04;
      dry.add(at(start + eighth / 2), shaker(random), accent, 0.55);
    }
  });
  dry.addMix(reverb(room, 0.8, 0.35), 0.7);
  return toPcm16(foldLoop(dry, loopLength));
}

// ---------------------------------------------------------------------------------------------
// Inspirational piano: 72 BPM in C major, 8 bars. Broken chords in the left hand, a melody that
// climbs in the right, a low octave under each chord, in a generous room.

interface PianoBar {
  readonly bass: number;
  /** The left hand's broken chord, one note per eighth. */
  readonly arpeggio: readonly number[];
  /** Right hand: [beat, note, length in beats]. */
  readonly melody: readonly (readonly [number, number, number])[];
}

const PIANO_BARS: readonly PianoBar[] = [
  {
    bass: 36,
    arpeggio: [48, 55, 60, 64, 67, 64, 60, 55],
    melody: [
      [0, 76, 1.5],
      [1.5, 74, 0.5],
      [2, 72, 2],
    ],
  },
  {
    bass: 35,
    arpeggio: [47, 55, 62, 67, 71, 67, 62, 55],
    melody: [
      [0, 74, 1],
      [1, 71, 1],
      [2, 79, 2],
    ],
  },
  {
    bass: 33,
    arpeggio: [45, 52, 57, 60, 64, 60, 57, 52],
    melody: [
      [0, 76, 1.5],
      [1.5, 72, 0.5],
      [2, 81, 1],
      [3, 79, 1],
    ],
  },
  {
    bass: 29,
    arpeggio: [41, 48, 53, 57, 60, 57, 53, 48],
    melody: [
      [0, 77, 2],
      [2, 76, 1],
      [3, 74, 1],
    ],
  },
  {
    bass: 28,
    arpeggio: [40, 48, 52, 55, 60, 55, 52, 48],
    melody: [
      [0, 72, 1],
      [1, 76, 1],
      [2, 79, 1.5],
      [3.5, 77, 0.5],
    ],
  },
  {
    bass: 29,
    arpeggio: [41, 48, 53, 57, 60, 57, 53, 48],
    melody: [
      [0, 76, 1],
      [1, 77, 1],
      [2, 81, 2],
    ],
  },
  {
    bass: 31,
    arpeggio: [43, 50, 55, 60, 62, 60, 55, 50],
    melody: [
      [0, 79, 1.5],
      [1.5, 77, 0.5],
      [2, 74, 1],
      [3, 71, 1],
    ],
  },
  {
    bass: 31,
    arpeggio: [43, 50, 55, 59, 62, 59, 55, 50],
    melody: [
      [0, 74, 2],
      [2, 79, 1],
      [3, 74, 1],
    ],
  },
];

function renderPiano(): Int16Array {
  const random = seededRandom(0x9a40);
  const { at, beat, loopLength, mix } = timeline(72, 8);
  const dry = mix();
  const play = (note: number, when: number, length: number, velocity: number) => {
    const v = velocity * (0.92 + random() * 0.12);
    // High notes a little to the right, as a pianist hears the instrument; the bass centred.
    const pan = Math.max(-0.1, Math.min(0.35, (note - 60) / 50));
    const offset = Math.round(random() * 0.01 * 44100);
    dry.add(at(when) + offset, pianoNote(note, length * beat, v), 0.3, pan);
  };
  PIANO_BARS.forEach((bar, index) => {
    const start = index * 4;
    play(bar.bass, start, 4, 0.4);
    play(bar.bass + 12, start, 4, 0.3);
    bar.arpeggio.forEach((note, i) => play(note, start + i / 2, 1.2, 0.42 + (i === 0 ? 0.1 : 0)));
    for (const [when, note, length] of bar.melody) play(note, start + when, length, 0.75);
  });
  const out = mix();
  out.addMix(dry, 1);
  out.addMix(reverb(dry, 0.84, 0.3), 0.5);
  return toPcm16(foldLoop(out, loopLength));
}

export const TRACKS: readonly TrackDefinition[] = [
  { id: 'funk', kbps: 80, render: renderFunk },
  { id: 'folk', kbps: 80, render: renderFolk },
  { id: 'piano', kbps: 80, render: renderPiano },
];
