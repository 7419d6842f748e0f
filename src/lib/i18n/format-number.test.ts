import { describe, expect, it } from 'vitest';
import { numberFormatter } from '@/lib/i18n/format-number';

describe('numbers in the language on screen', () => {
  it('uses the language’s decimal separator and grouping, with at most one decimal', () => {
    expect(numberFormatter('en')(1234.56)).toBe('1,234.6');
    expect(numberFormatter('de')(1234.56)).toBe('1.234,6');
    expect(numberFormatter('fr')(7.5)).toBe('7,5');
    expect(numberFormatter('en')(12)).toBe('12');
  });
  it('shows a cost of 12.5 as "12,5" in German and French, "12.5" in English', () => {
    expect(numberFormatter('de')(12.5)).toBe('12,5');
    expect(numberFormatter('fr')(12.5)).toBe('12,5');
    expect(numberFormatter('en')(12.5)).toBe('12.5');
  });
  it('can keep two decimals (the demand variance of the debrief)', () => {
    expect(numberFormatter('de', 2)(0.25)).toBe('0,25');
    expect(numberFormatter('en', 2)(3.14159)).toBe('3.14');
  });
  it('builds one formatter per language and precision, and keeps them apart', () => {
    expect(numberFormatter('de', 2)).toBe(numberFormatter('de', 2));
    expect(numberFormatter('de', 2)(0.25)).toBe('0,25');
    expect(numberFormatter('de')(0.25)).toBe('0,3');
    expect(numberFormatter('en', 2)(0.25)).toBe('0.25');
  });
});
