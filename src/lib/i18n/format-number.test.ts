import { describe, expect, it } from 'vitest';
import { numberFormatter } from '@/lib/i18n/format-number';

describe('numbers in the language on screen', () => {
  it('uses the language’s decimal separator and grouping, with at most one decimal', () => {
    expect(numberFormatter('en')(1234.56)).toBe('1,234.6');
    expect(numberFormatter('de')(1234.56)).toBe('1.234,6');
    expect(numberFormatter('fr')(7.5)).toBe('7,5');
    expect(numberFormatter('en')(12)).toBe('12');
  });
});
