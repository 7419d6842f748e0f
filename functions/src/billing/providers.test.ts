import { describe, expect, it } from 'vitest';
import { createFakeVatChecker } from './fake-vat-checker';
import { lazyVatChecker, readBillingProviders } from './providers';

describe('readBillingProviders (business.md §3.5)', () => {
  it('runs the fakes inside the Functions emulator and the live services elsewhere', () => {
    expect(readBillingProviders({ FUNCTIONS_EMULATOR: 'true' })).toBe('fake');
    expect(readBillingProviders({})).toBe('live');
    expect(readBillingProviders({ BILLING_PROVIDERS: ' LIVE ', FUNCTIONS_EMULATOR: 'true' })).toBe(
      'live',
    );
  });

  it('refuses the fakes in production, and an unknown choice', () => {
    expect(() => readBillingProviders({ BILLING_PROVIDERS: 'fake' })).toThrow(/emulator/);
    expect(() =>
      readBillingProviders({ BILLING_PROVIDERS: 'fake', FUNCTIONS_EMULATOR: 'false' }),
    ).toThrow(/emulator/);
    expect(readBillingProviders({ BILLING_PROVIDERS: 'fake', NODE_ENV: 'test' })).toBe('fake');
    expect(() => readBillingProviders({ BILLING_PROVIDERS: 'vatstack' })).toThrow(
      /BILLING_PROVIDERS/,
    );
  });

  it('a checker configured for production with the fake fails the check, not the load', async () => {
    const checker = lazyVatChecker(() => ({ BILLING_PROVIDERS: 'fake' }));
    await expect(checker.check('FR', '40303265045')).rejects.toThrow(/emulator/);
  });

  it('the lazy checker uses the fake under tests', async () => {
    const checker = lazyVatChecker(() => ({ BILLING_PROVIDERS: 'fake', NODE_ENV: 'test' }));
    await expect(checker.check('FR', '40303265045')).resolves.toMatchObject({ valid: true });
  });
});

describe('fake VAT checker', () => {
  it("decides with jsvat-next's checksum, and a number ending 999 is 'service down'", async () => {
    const fake = createFakeVatChecker();
    await expect(fake.check('FR', '40303265045')).resolves.toMatchObject({ valid: true });
    await expect(fake.check('FR', '00000000000')).resolves.toEqual({ valid: false });
    await expect(fake.check('GR', '094259216')).resolves.toMatchObject({ valid: true });
    await expect(fake.check('FR', '12345678999')).resolves.toEqual({ valid: null });
  });

  it('answers from a table a test passes, errors included', async () => {
    const fake = createFakeVatChecker({
      FR40303265045: { valid: false },
      DE136695976: new Error('network down'),
    });
    await expect(fake.check('FR', '40303265045')).resolves.toEqual({ valid: false });
    await expect(fake.check('DE', '136695976')).rejects.toThrow('network down');
  });
});
