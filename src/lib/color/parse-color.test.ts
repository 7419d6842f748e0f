/** Spec §5: what the colour inputs accept. */
import { describe, expect, it } from 'vitest';
import { parseColor } from '@/lib/color/parse-color';

describe('parseColor (spec §5)', () => {
  it('accepts colour names, whatever the case and surrounding spaces', () => {
    expect(parseColor('red')).toBe('#ff0000');
    expect(parseColor('  RebeccaPurple ')).toBe('#663399');
  });

  it('accepts hex of 3, 4, 6 or 8 digits, and no other length', () => {
    expect(parseColor('#abc')).toBe('#aabbcc');
    expect(parseColor('#abcd')).toBe('#aabbccdd');
    expect(parseColor('#A1B2C3')).toBe('#a1b2c3');
    expect(parseColor('#a1b2c380')).toBe('#a1b2c380');
    expect(parseColor('#ab')).toBeNull();
    expect(parseColor('#abcde')).toBeNull();
    expect(parseColor('#abcdefa')).toBeNull();
    expect(parseColor('#ggg')).toBeNull();
  });

  it('accepts rgb(a) and hsl(a), with commas or spaces', () => {
    expect(parseColor('rgb(255, 0, 0)')).toBe('#ff0000');
    expect(parseColor('rgba(0,0,255,0.5)')).toBe('#0000ff80');
    expect(parseColor('rgb(0 0 255 / 50%)')).toBe('#0000ff80');
    expect(parseColor('hsl(120, 100%, 50%)')).toBe('#00ff00');
    expect(parseColor('hsla(120, 100%, 50%, 0.5)')).toBe('#00ff0080');
  });

  it('accepts hsv(a)', () => {
    expect(parseColor('hsv(120, 100%, 100%)')).toBe('#00ff00');
    expect(parseColor('hsv(0 100 100)')).toBe('#ff0000');
    expect(parseColor('hsva(240, 100%, 50%, 0.5)')).toBe('#00008080');
    expect(parseColor('HSV(240deg, 100%, 50%)')).toBe('#000080');
  });

  it('turns an alpha outside 0 to 1 into 1', () => {
    expect(parseColor('rgba(0, 0, 255, 1.5)')).toBe('#0000ff');
    expect(parseColor('rgba(0, 0, 255, -0.5)')).toBe('#0000ff');
    expect(parseColor('hsla(120, 100%, 50%, 150%)')).toBe('#00ff00');
    expect(parseColor('hsva(0, 100%, 100%, 7)')).toBe('#ff0000');
    expect(parseColor('rgba(0, 0, 255, 0)')).toBe('#0000ff00');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'nope',
      'rgb(1,2)',
      'rgb(a,b,c)',
      'hsv(1,2,3,4,5)',
      'hsv(x, 1, 1)',
      'url(x)',
      '#',
      'rgba(0,0,0,abc)',
    ]) {
      expect(parseColor(bad), bad).toBeNull();
    }
  });
});
