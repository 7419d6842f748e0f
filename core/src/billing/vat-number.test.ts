import { describe, expect, it } from 'vitest';
import { normaliseVatNumber, vatChecksumValid, vatNumberFormat, vatPrefixOf } from './vat-number';

describe('VAT number format (business.md §2.4)', () => {
  it('accepts a French number with or without its prefix, spaces and dots removed', () => {
    const expected = { ok: true, full: 'FR40303265045', national: '40303265045' };
    expect(vatNumberFormat('FR', 'FR40303265045')).toEqual(expected);
    expect(vatNumberFormat('FR', 'fr 403.032.650-45')).toEqual(expected);
    expect(vatNumberFormat('FR', '403 032 650 45')).toEqual(expected);
  });

  it('refuses FR123, an empty or overlong number, and a prefix of another country', () => {
    expect(vatNumberFormat('FR', 'FR123')).toEqual({ ok: false });
    expect(vatNumberFormat('FR', '')).toEqual({ ok: false });
    expect(vatNumberFormat('FR', 'FR' + '1'.repeat(40))).toEqual({ ok: false });
    expect(vatNumberFormat('BE', 'FR40303265045')).toEqual({ ok: false });
  });

  it('writes Greece as EL: GR094259216 is refused, EL094259216 and 094259216 accepted', () => {
    expect(vatPrefixOf('GR')).toBe('EL');
    expect(vatNumberFormat('GR', 'GR094259216')).toEqual({ ok: false });
    expect(vatNumberFormat('GR', 'EL094259216')).toEqual({
      ok: true,
      full: 'EL094259216',
      national: '094259216',
    });
    expect(vatNumberFormat('GR', '094259216')).toMatchObject({ ok: true, full: 'EL094259216' });
  });

  it('checks the format only; the checksum is separate (the tax authority decides)', () => {
    expect(vatNumberFormat('FR', 'FR00000000000')).toMatchObject({ ok: true });
    expect(vatChecksumValid('FR00000000000')).toBe(false);
    expect(vatChecksumValid('FR40303265045')).toBe(true);
    expect(normaliseVatNumber(' de 136.695.976 ')).toBe('DE136695976');
  });
});
