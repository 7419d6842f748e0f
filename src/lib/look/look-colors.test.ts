import { describe, expect, it } from 'vitest';
import {
  APP_COLORS,
  contrastOf,
  LOOK_MIN_WIDTH,
  lookColors,
  TEXT_CONTRAST,
} from '@/lib/look/look-colors';

const SCHOOL = { textColor: '#1a1a1a', bckColor: '#fff8e7', mainColor: '#7b1e3a' };

describe('lookColors (spec §9: custom look colours only above 1023 px)', () => {
  it('applies from 1024 px and not at 1023 or on a phone', () => {
    expect(lookColors(SCHOOL, 1023)).toBeNull();
    expect(lookColors(SCHOOL, 390)).toBeNull();
    expect(lookColors(SCHOOL, Number.NaN)).toBeNull();
    expect(lookColors(SCHOOL, LOOK_MIN_WIDTH)).toMatchObject({
      background: '#fff8e7',
      text: '#1a1a1a',
      primary: '#7b1e3a',
      brand: '#7b1e3a',
      primaryContrast: APP_COLORS.light,
    });
  });

  it('is none without a look or without a valid colour', () => {
    expect(lookColors(null, 1280)).toBeNull();
    expect(lookColors({}, 1280)).toBeNull();
    expect(lookColors({ mainColor: 'not a colour', bckColor: 42 }, 1280)).toBeNull();
  });

  it('reads the colour forms of spec §5 and keeps the app colours for what is missing', () => {
    const colors = lookColors({ mainColor: 'hsv(240, 100%, 50%)' }, 1280);
    expect(colors).toMatchObject({
      background: APP_COLORS.background,
      text: APP_COLORS.text,
      brand: '#000080',
      primary: '#000080',
    });
  });

  it('lays a semi-transparent background over white', () => {
    expect(lookColors({ bckColor: 'rgba(0, 0, 0, 0.5)' }, 1280)?.background).toBe('#808080');
  });

  it('replaces text that would be unreadable on the background', () => {
    const colors = lookColors({ textColor: '#ffff00', bckColor: '#ffffff' }, 1280);
    expect(colors).not.toBeNull();
    expect(contrastOf(colors!.text, colors!.background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // On a dark background the app's dark text gives way to a light one.
    const dark = lookColors({ bckColor: '#101820' }, 1280);
    expect(dark?.text).toBe(APP_COLORS.light);
    expect(contrastOf(dark!.textSecondary, dark!.background)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('shades a light main colour for links but keeps it as the brand fill', () => {
    const colors = lookColors({ mainColor: '#ffd500', bckColor: '#ffffff' }, 1280);
    expect(colors?.brand).toBe('#ffd500');
    expect(colors?.brandContrast).toBe(APP_COLORS.text);
    expect(colors?.primary).not.toBe('#ffd500');
    expect(contrastOf(colors!.primary, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastOf(colors!.primaryContrast, colors!.primary)).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
  });

  it('lightens the main colour on a dark background', () => {
    const colors = lookColors({ mainColor: '#1d4ed8', bckColor: '#0b0b0b' }, 1440);
    expect(contrastOf(colors!.primary, '#0b0b0b')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('lookColors on a dark look', () => {
  it('gives cards the background, so light text stays readable on them', () => {
    const colors = lookColors({ bckColor: '#101820', mainColor: '#f2aa4c' }, 1280)!;
    expect(colors.paper).toBe('#101820');
    expect(contrastOf(colors.text, colors.paper)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastOf(colors.primary, colors.paper)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('keeps white cards on a light look', () => {
    expect(lookColors(SCHOOL, 1280)?.paper).toBe('#ffffff');
  });
});
