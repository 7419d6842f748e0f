/**
 * Spec §5 colour input: names, hex of 3, 4, 6 or 8 digits, rgb(a), hsl(a) and hsv(a); an alpha
 * outside 0 to 1 becomes 1. colord does the parsing and the conversions; two things it does
 * differently are handled here: it clamps an out-of-range alpha (a negative one would give a
 * transparent colour) and it reads hsv only as an object, not as text.
 */
import { colord, extend, type Colord } from 'colord';
import namesPlugin from 'colord/plugins/names';

extend([namesPlugin]);

const NUMBER = '[+-]?(?:\\d+(?:\\.\\d+)?|\\.\\d+)(?:e[+-]?\\d+)?';
const FUNCTIONAL = /^(rgb|hsl|hsv)(a?)\((.*)\)$/i;
const ALPHA = new RegExp(`^(${NUMBER})(%?)$`, 'i');
const HUE = new RegExp(`^(${NUMBER})(deg)?$`, 'i');
const PERCENT = new RegExp(`^(${NUMBER})%?$`, 'i');

/** The arguments of `f(a, b, c[, d])` or `f(a b c[ / d])`: 3 or 4 of them, else null. */
function argumentsOf(body: string): string[] | null {
  let parts: string[];
  if (body.includes(',')) {
    parts = body.split(',').map((p) => p.trim());
  } else {
    const [channels = '', alpha, ...more] = body.split('/');
    if (more.length > 0) return null;
    parts = channels.trim().split(/\s+/);
    if (alpha !== undefined) parts.push(alpha.trim());
  }
  return (parts.length === 3 || parts.length === 4) && parts.every((p) => p !== '') ? parts : null;
}

/** An alpha token (0.5 or 50%) as a number, 1 when outside 0 to 1; null when not a number. */
function alphaOf(token: string | undefined): number | null {
  if (token === undefined) return 1;
  const m = ALPHA.exec(token);
  if (!m) return null;
  const a = Number(m[1]) / (m[2] ? 100 : 1);
  if (!Number.isFinite(a)) return null;
  return a < 0 || a > 1 ? 1 : a;
}

function functional(value: string): Colord | null {
  const m = FUNCTIONAL.exec(value);
  if (!m) return null;
  const kind = m[1]!.toLowerCase();
  const args = argumentsOf(m[3]!);
  if (!args) return null;
  const alpha = alphaOf(args[3]);
  if (alpha === null) return null;
  const [c1, c2, c3] = args as [string, string, string];
  if (kind === 'hsv') {
    const h = HUE.exec(c1);
    const s = PERCENT.exec(c2);
    const v = PERCENT.exec(c3);
    if (!h || !s || !v) return null;
    return colord({ h: Number(h[1]), s: Number(s[1]), v: Number(v[1]), a: alpha });
  }
  // rgb and hsl: colord reads the channels, given the alpha already brought into range.
  return colord(`${kind}a(${c1}, ${c2}, ${c3}, ${alpha})`);
}

/** The colour as lower-case hex (8 digits when not opaque), or null when it is not one. */
export function parseColor(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const color = FUNCTIONAL.test(text) ? functional(text) : colord(text.toLowerCase());
  return color?.isValid() ? color.toHex() : null;
}
