/**
 * The colours of a custom look (a portal's `custoLook`, an instructor page's colours) as the
 * theme uses them. Spec §9: they apply only above 1023 px; below, the app's own colours stay.
 * A colour that would leave text unreadable is corrected: text that lacks WCAG AA contrast
 * (4.5:1) on the background becomes dark or white, and the main colour, which is also the colour of links and outlined
 * buttons, is darkened (or lightened on a dark background) until it does too.
 */
import { colord, extend, type Colord } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import mixPlugin from 'colord/plugins/mix';
import { parseColor } from '@/lib/color/parse-color';
import { LOOK_MIN_WIDTH } from '@/lib/look/look-width';

extend([a11yPlugin, mixPlugin]);

export { LOOK_MIN_WIDTH };
/** WCAG AA for body text. */
export const TEXT_CONTRAST = 4.5;

/** The app's own colours (src/app/theme.ts), which a look replaces. */
export const APP_COLORS = {
  background: '#f6f8fb',
  text: '#0f172a',
  primary: '#1d4ed8',
  light: '#ffffff',
} as const;

export interface LookInput {
  readonly textColor?: unknown;
  readonly bckColor?: unknown;
  readonly mainColor?: unknown;
}

export interface LookColors {
  /** The page's background. */
  readonly background: string;
  /** Cards and the navbar: white, or the background when the text does not read on white. */
  readonly paper: string;
  readonly text: string;
  /** Secondary text: the text colour softened as far as contrast allows. */
  readonly textSecondary: string;
  /** The main colour where it is text or a thin line (links, outlined buttons). */
  readonly primary: string;
  /** Text on a surface filled with `primary`. */
  readonly primaryContrast: string;
  /** The main colour as given, for large filled surfaces (the home hero). */
  readonly brand: string;
  /** Text on the brand colour. */
  readonly brandContrast: string;
}

/** An opaque colour from a stored value: semi-transparent colours are laid over white. */
function opaque(value: unknown): Colord | null {
  if (typeof value !== 'string') return null;
  const hex = parseColor(value);
  if (!hex) return null;
  const c = colord(hex);
  const { r, g, b, a } = c.toRgb();
  if (a >= 1) return c;
  const over = (channel: number) => Math.round(channel * a + 255 * (1 - a));
  return colord({ r: over(r), g: over(g), b: over(b) });
}

/** Whichever of the app's dark text and white reads better on `surface`. */
function bestOn(surface: Colord): Colord {
  const dark = colord(APP_COLORS.text);
  const light = colord(APP_COLORS.light);
  return dark.contrast(surface) >= light.contrast(surface) ? dark : light;
}

function readsOn(color: Colord, surfaces: readonly Colord[], ratio: number): boolean {
  return surfaces.every((surface) => color.contrast(surface) >= ratio);
}

/** `color` itself when it reaches `ratio` on every surface, else the nearest shade that does. */
function readableOn(
  color: Colord,
  surfaces: readonly [Colord, ...Colord[]],
  ratio: number,
): Colord {
  if (readsOn(color, surfaces, ratio)) return color;
  const towardsDark = surfaces[0].isLight();
  for (let step = 1; step <= 20; step++) {
    const shade = towardsDark ? color.darken(step * 0.05) : color.lighten(step * 0.05);
    if (readsOn(shade, surfaces, ratio)) return shade;
  }
  return bestOn(surfaces[0]);
}

/**
 * The look's colours at a viewport `width`, or null when the app's own colours apply: below
 * LOOK_MIN_WIDTH, or when the look names no valid colour.
 */
export function lookColors(input: LookInput | null, width: number): LookColors | null {
  if (!input || !(width >= LOOK_MIN_WIDTH)) return null;
  const bck = opaque(input.bckColor);
  const main = opaque(input.mainColor);
  const textGiven = opaque(input.textColor);
  if (!bck && !main && !textGiven) return null;

  const background = bck ?? colord(APP_COLORS.background);
  const wantedText = textGiven ?? colord(APP_COLORS.text);
  // Text that fails is replaced outright: a shade of an unreadable text colour reads oddly.
  const text = readsOn(wantedText, [background], TEXT_CONTRAST) ? wantedText : bestOn(background);
  // Cards stay white where the text reads on white; on a dark look they take the background.
  const white = colord(APP_COLORS.light);
  const paper = readsOn(text, [white], TEXT_CONTRAST) ? white : background;
  const surfaces = [background, paper] as const;
  const softened = text.mix(background, 0.3);
  const textSecondary = readsOn(softened, surfaces, TEXT_CONTRAST) ? softened : text;
  const brand = main ?? colord(APP_COLORS.primary);
  const primary = readableOn(brand, surfaces, TEXT_CONTRAST);
  return {
    background: background.toHex(),
    paper: paper.toHex(),
    text: text.toHex(),
    textSecondary: textSecondary.toHex(),
    primary: primary.toHex(),
    primaryContrast: bestOn(primary).toHex(),
    brand: brand.toHex(),
    brandContrast: bestOn(brand).toHex(),
  };
}

/** The contrast of two colours (1 to 21), for tests and checks. */
export function contrastOf(a: string, b: string): number {
  return colord(a).contrast(colord(b));
}
