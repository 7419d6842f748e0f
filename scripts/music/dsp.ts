/**
 * The few sound-making pieces the app's music needs, in plain TypeScript: a seeded random source
 * (so a track renders to the same samples every time), drums, a plucked string (Karplus-Strong),
 * additive piano-like and organ-like tones, a small stereo reverb, and a loop folder that wraps
 * the tail of the last notes onto the start so a track loops without a seam.
 */

export const SAMPLE_RATE = 44100;

/** mulberry32: tiny, fast and the same on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function midiToHz(midi: number): number {
  return 440 * 2 ** ((midi - 69) / 12);
}

export const seconds = (s: number): number => Math.round(s * SAMPLE_RATE);

/** A stereo buffer a track is mixed into; sounds are placed with a gain and a pan (-1…1). */
export class StereoMix {
  readonly left: Float64Array;
  readonly right: Float64Array;

  constructor(readonly length: number) {
    this.left = new Float64Array(length);
    this.right = new Float64Array(length);
  }

  add(at: number, sound: Float64Array, gain: number, pan = 0): void {
    // Equal-power pan.
    const angle = ((pan + 1) * Math.PI) / 4;
    const gl = gain * Math.cos(angle);
    const gr = gain * Math.sin(angle);
    const start = Math.max(0, at);
    const end = Math.min(this.length, at + sound.length);
    for (let i = start; i < end; i++) {
      const s = sound[i - at] ?? 0;
      this.left[i] = (this.left[i] ?? 0) + s * gl;
      this.right[i] = (this.right[i] ?? 0) + s * gr;
    }
  }

  /** Adds another mix (a bus, e.g. after reverb). */
  addMix(other: StereoMix, gain: number): void {
    const n = Math.min(this.length, other.length);
    for (let i = 0; i < n; i++) {
      this.left[i] = (this.left[i] ?? 0) + (other.left[i] ?? 0) * gain;
      this.right[i] = (this.right[i] ?? 0) + (other.right[i] ?? 0) * gain;
    }
  }
}

/** A sine partial computed by rotation (cheap and exact enough for a few seconds). */
function addPartial(
  out: Float64Array,
  freq: number,
  amp: number,
  decayPerSecond: number,
  phase: number,
): void {
  const w = (2 * Math.PI * freq) / SAMPLE_RATE;
  const cw = Math.cos(w);
  const sw = Math.sin(w);
  let re = Math.cos(phase);
  let im = Math.sin(phase);
  const decay = Math.exp(-decayPerSecond / SAMPLE_RATE);
  let a = amp;
  for (let i = 0; i < out.length; i++) {
    out[i] = (out[i] ?? 0) + im * a;
    const nre = re * cw - im * sw;
    im = re * sw + im * cw;
    re = nre;
    a *= decay;
    if (a < 1e-5) break;
  }
}

/** Attack and release ramps on a sound, in place. */
function shape(sound: Float64Array, attack: number, release: number): Float64Array {
  const a = Math.max(1, seconds(attack));
  const r = Math.max(1, seconds(release));
  for (let i = 0; i < Math.min(a, sound.length); i++) sound[i] = (sound[i] ?? 0) * (i / a);
  for (let i = 0; i < Math.min(r, sound.length); i++) {
    const j = sound.length - 1 - i;
    sound[j] = (sound[j] ?? 0) * (i / r);
  }
  return sound;
}

/** A piano-like note: slightly stretched partials, the higher ones dying sooner, a soft hammer. */
export function pianoNote(midi: number, duration: number, velocity: number): Float64Array {
  const f0 = midiToHz(midi);
  const length = seconds(duration + 0.6);
  const out = new Float64Array(length);
  const inharmonicity = 0.00035;
  // Low notes ring longer.
  const baseDecay = 0.9 + (midi - 48) * 0.035;
  const brightness = 0.45 + velocity * 0.4;
  for (let n = 1; n <= 12; n++) {
    const f = n * f0 * Math.sqrt(1 + inharmonicity * n * n);
    if (f > 9000) break;
    const amp = (velocity * Math.pow(brightness, n - 1)) / Math.pow(n, 1.1);
    addPartial(out, f, amp, baseDecay * (1 + 0.45 * (n - 1)), n * 0.7);
  }
  // The damper: the note stops at its length with a short release.
  const stop = seconds(duration);
  const release = seconds(0.45);
  for (let i = stop; i < length; i++) {
    const k = Math.max(0, 1 - (i - stop) / release);
    out[i] = (out[i] ?? 0) * k * k;
  }
  return shape(out, 0.004, 0.01);
}

/** An organ-like pad: a few harmonics, a slow swell. */
export function padNote(midi: number, duration: number, velocity: number): Float64Array {
  const f0 = midiToHz(midi);
  const out = new Float64Array(seconds(duration));
  const harmonics = [1, 0.5, 0.3, 0.18, 0.1];
  harmonics.forEach((h, i) => {
    // Two slightly detuned voices make it move.
    addPartial(out, f0 * (i + 1) * 1.002, (velocity * h) / 2, 0.2, i);
    addPartial(out, f0 * (i + 1) * 0.998, (velocity * h) / 2, 0.2, i + 1.3);
  });
  return shape(out, Math.min(0.35, duration / 3), Math.min(0.4, duration / 3));
}

/** A round bass: harmonics falling off fast, a plucked attack. */
export function bassNote(midi: number, duration: number, velocity: number): Float64Array {
  const f0 = midiToHz(midi);
  const out = new Float64Array(seconds(duration));
  for (let n = 1; n <= 7; n++) {
    addPartial(out, f0 * n, velocity / Math.pow(n, 1.4), 2 + n * 3.5, 0);
  }
  return shape(out, 0.003, 0.03);
}

/**
 * A plucked string (Karplus-Strong): a burst of noise running round a delay line the length of
 * one period, averaged each pass so the high partials die first. An all-pass stage gives the
 * fractional part of the period, so the note is in tune.
 */
export function pluckedString(
  midi: number,
  duration: number,
  velocity: number,
  random: () => number,
  options: { damping?: number; brightness?: number } = {},
): Float64Array {
  const damping = options.damping ?? 0.996;
  const brightness = options.brightness ?? 0.5;
  const period = SAMPLE_RATE / midiToHz(midi) - 0.5;
  const whole = Math.floor(period);
  const fraction = period - whole;
  const allpass = (1 - fraction) / (1 + fraction);
  const line = new Float64Array(whole);
  // The pick: noise, softened by a low-pass the darker the tone.
  let last = 0;
  for (let i = 0; i < whole; i++) {
    const noise = random() * 2 - 1;
    last = last + (noise - last) * brightness;
    line[i] = last * velocity;
  }
  const out = new Float64Array(seconds(duration));
  let index = 0;
  let previous = 0;
  let apIn = 0;
  let apOut = 0;
  for (let i = 0; i < out.length; i++) {
    const current = line[index] ?? 0;
    const averaged = damping * 0.5 * (current + previous);
    previous = current;
    // First-order all-pass: y = a*x + x[-1] - a*y[-1].
    const y = allpass * averaged + apIn - allpass * apOut;
    apIn = averaged;
    apOut = y;
    line[index] = y;
    out[i] = current;
    index = (index + 1) % whole;
  }
  return shape(out, 0.001, 0.02);
}

export function kick(): Float64Array {
  const out = new Float64Array(seconds(0.45));
  let phase = 0;
  for (let i = 0; i < out.length; i++) {
    const t = i / SAMPLE_RATE;
    const freq = 48 + 95 * Math.exp(-t * 28);
    phase += (2 * Math.PI * freq) / SAMPLE_RATE;
    out[i] = Math.sin(phase) * Math.exp(-t * 7.5);
  }
  return shape(out, 0.001, 0.02);
}

/** Noise through a one-pole high-pass (`tone` 0…1, higher is brighter) with an exponential decay. */
function noiseBurst(
  duration: number,
  decayPerSecond: number,
  tone: number,
  random: () => number,
): Float64Array {
  const out = new Float64Array(seconds(duration));
  let low = 0;
  for (let i = 0; i < out.length; i++) {
    const noise = random() * 2 - 1;
    low += (noise - low) * (1 - tone);
    out[i] = (noise - low) * Math.exp((-decayPerSecond * i) / SAMPLE_RATE);
  }
  return out;
}

export function snare(random: () => number): Float64Array {
  const out = noiseBurst(0.25, 18, 0.55, random);
  addPartial(out, 185, 0.7, 30, 0);
  addPartial(out, 330, 0.3, 40, 0);
  return shape(out, 0.001, 0.02);
}

export function hat(random: () => number, open: boolean): Float64Array {
  return shape(noiseBurst(open ? 0.3 : 0.06, open ? 9 : 70, 0.92, random), 0.001, 0.01);
}

export function shaker(random: () => number): Float64Array {
  const out = noiseBurst(0.09, 35, 0.85, random);
  return shape(out, 0.02, 0.02);
}

/**
 * A small stereo room (Schroeder: parallel feedback combs, then all-passes, lengths differing
 * between the two sides so it sounds wide).
 */
export function reverb(input: StereoMix, size: number, damping: number): StereoMix {
  const out = new StereoMix(input.length);
  // Freeverb's tunings: many combs of mutually prime lengths, so no single note rings out.
  const combsLeft = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617];
  const allpasses = [556, 441, 341, 225];
  const side = (source: Float64Array, target: Float64Array, spread: number) => {
    const wet = new Float64Array(source.length);
    for (const base of combsLeft) {
      const len = base + spread;
      const buf = new Float64Array(len);
      let idx = 0;
      let filtered = 0;
      for (let i = 0; i < source.length; i++) {
        const y = buf[idx] ?? 0;
        filtered = y * (1 - damping) + filtered * damping;
        buf[idx] = (source[i] ?? 0) + filtered * size;
        wet[i] = (wet[i] ?? 0) + y;
        idx = (idx + 1) % len;
      }
    }
    for (const base of allpasses) {
      const len = base + spread;
      const buf = new Float64Array(len);
      let idx = 0;
      for (let i = 0; i < wet.length; i++) {
        const delayed = buf[idx] ?? 0;
        const x = wet[i] ?? 0;
        buf[idx] = x + delayed * 0.5;
        wet[i] = delayed - x;
        idx = (idx + 1) % len;
      }
    }
    for (let i = 0; i < wet.length; i++) target[i] = (wet[i] ?? 0) * 0.125;
  };
  side(input.left, out.left, 0);
  side(input.right, out.right, 23);
  return out;
}

/**
 * A loop of `loopLength` samples from a mix rendered longer: what rings past the loop's end is
 * added back onto its start, as it would sound when the loop plays again.
 */
export function foldLoop(mix: StereoMix, loopLength: number): StereoMix {
  const out = new StereoMix(loopLength);
  for (let i = 0; i < mix.length; i++) {
    const j = i % loopLength;
    out.left[j] = (out.left[j] ?? 0) + (mix.left[i] ?? 0);
    out.right[j] = (out.right[j] ?? 0) + (mix.right[i] ?? 0);
  }
  return out;
}

/**
 * 16-bit interleaved stereo, peaks brought to `peak` of full scale, with a gentle soft clip on
 * the rare sample above it.
 */
export function toPcm16(mix: StereoMix, peak = 0.89): Int16Array {
  let max = 1e-9;
  for (let i = 0; i < mix.length; i++) {
    max = Math.max(max, Math.abs(mix.left[i] ?? 0), Math.abs(mix.right[i] ?? 0));
  }
  const gain = peak / max;
  const pcm = new Int16Array(mix.length * 2);
  for (let i = 0; i < mix.length; i++) {
    pcm[2 * i] = Math.round(Math.tanh((mix.left[i] ?? 0) * gain) * 32767);
    pcm[2 * i + 1] = Math.round(Math.tanh((mix.right[i] ?? 0) * gain) * 32767);
  }
  return pcm;
}
