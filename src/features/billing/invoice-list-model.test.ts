import { describe, expect, it } from 'vitest';
import {
  invoiceRowOf,
  invoiceRowsOf,
  paymentRowsOf,
  purchaseStateOf,
} from '@/features/billing/invoice-list-model';
import { pdfBytesOf, pdfFileName } from '@/features/billing/invoice-pdf';

const OPEN = {
  teamId: 't1',
  invoiceNumber: 1001,
  kind: 'invoice',
  status: 'open',
  planId: 'beergame-class',
  lines: [{ description: 'Beer game: Class plan, 365 days, up to 50 players', quantity: 1 }],
  currency: 'EUR',
  net: 49_000,
  vatRatePercent: 20,
  vat: 9_800,
  gross: 58_800,
  created_at: 10,
  sync: { state: 'pending' },
};

describe('invoice rows', () => {
  it('an admin may pay and cancel an open invoice; a member only downloads', () => {
    expect(invoiceRowOf('i1', OPEN, true)).toMatchObject({
      invoiceNumber: 1001,
      status: 'open',
      booking: 'pending',
      description: 'Beer game: Class plan, 365 days, up to 50 players',
      gross: 58_800,
      canPay: true,
      canCancel: true,
    });
    expect(invoiceRowOf('i1', OPEN, false)).toMatchObject({ canPay: false, canCancel: false });
  });

  it('nothing to pay or cancel on a paid or cancelled invoice, or on a credit note', () => {
    const paid = { ...OPEN, status: 'paid', paid_at: 99, sync: { state: 'done' } };
    expect(invoiceRowOf('i1', paid, true)).toMatchObject({
      status: 'paid',
      paidAt: 99,
      booking: 'booked',
      canPay: false,
      canCancel: false,
    });
    const cancelled = { ...OPEN, status: 'cancelled', creditNoteNumber: 1002 };
    expect(invoiceRowOf('i1', cancelled, true)).toMatchObject({
      creditNoteNumber: 1002,
      canPay: false,
      canCancel: false,
    });
    const credit = {
      ...OPEN,
      invoiceNumber: 1002,
      kind: 'credit-note',
      creditForNumber: 1001,
      net: -49_000,
      vat: -9_800,
      gross: -58_800,
      sync: { state: 'failed' },
    };
    expect(invoiceRowOf('c1', credit, true)).toMatchObject({
      kind: 'credit-note',
      status: 'open',
      creditForNumber: 1001,
      gross: -58_800,
      booking: 'failed',
      canPay: false,
      canCancel: false,
    });
  });

  it('skips documents without a number, a currency or whole amounts', () => {
    expect(invoiceRowOf('x', { ...OPEN, invoiceNumber: '1001' }, true)).toBeNull();
    expect(invoiceRowOf('x', { ...OPEN, currency: 'GBP' }, true)).toBeNull();
    expect(invoiceRowOf('x', { ...OPEN, gross: 588.5 }, true)).toBeNull();
    expect(invoiceRowOf('x', null, true)).toBeNull();
  });

  it('lists the highest number first', () => {
    const rows = invoiceRowsOf(
      [
        { id: 'a', data: OPEN },
        { id: 'c', data: { ...OPEN, invoiceNumber: 1003 } },
        { id: 'bad', data: { nothing: true } },
        { id: 'b', data: { ...OPEN, invoiceNumber: 1002 } },
      ],
      true,
    );
    expect(rows.map((r) => r.invoiceNumber)).toEqual([1003, 1002, 1001]);
  });
});

describe('payment history', () => {
  it('newest first, malformed records skipped', () => {
    const rows = paymentRowsOf([
      { id: 'p1', data: { invoiceNumber: 1001, amount: 58_800, currency: 'EUR', paid_at: 5 } },
      { id: 'p2', data: { invoiceNumber: 1004, amount: 53_000, currency: 'USD', paid_at: 9 } },
      { id: 'p3', data: { invoiceNumber: 1005, amount: '1', currency: 'USD', paid_at: 9 } },
    ]);
    expect(rows).toEqual([
      { id: 'p2', invoiceNumber: 1004, amount: 53_000, currency: 'USD', paidAt: 9 },
      { id: 'p1', invoiceNumber: 1001, amount: 58_800, currency: 'EUR', paidAt: 5 },
    ]);
  });
});

describe('back from the payment page (business.md §3.11)', () => {
  const back = { outcome: 'success', invoiceId: 'i1' } as const;
  const open = invoiceRowsOf([{ id: 'i1', data: OPEN }], true);
  const paid = invoiceRowsOf([{ id: 'i1', data: { ...OPEN, status: 'paid' } }], true);

  it('processing until the invoice listener shows it paid', () => {
    expect(purchaseStateOf(back, undefined)).toBe('processing');
    expect(purchaseStateOf(back, open)).toBe('processing');
    expect(purchaseStateOf(back, paid)).toBe('paid');
  });

  it('a cancelled payment, an invoice the team lacks, no return at all', () => {
    expect(purchaseStateOf({ outcome: 'cancelled', invoiceId: 'i1' }, open)).toBe('cancelled');
    expect(purchaseStateOf({ outcome: 'success', invoiceId: 'zz' }, open)).toBe('unknown');
    expect(purchaseStateOf(null, paid)).toBeNull();
  });
});

describe('the invoice PDF download', () => {
  it('decodes the base64 answer to the PDF’s bytes', () => {
    const bytes = pdfBytesOf(Buffer.from('%PDF-1.7\n\u00e9', 'latin1').toString('base64'));
    expect(Buffer.from(bytes).toString('latin1')).toBe('%PDF-1.7\n\u00e9');
  });

  it('saves <number>.pdf whatever name the answer carries', () => {
    expect(pdfFileName('1001.pdf', 1001)).toBe('1001.pdf');
    expect(pdfFileName('../../evil.exe', 1001)).toBe('1001.pdf');
    expect(pdfFileName('', 1002)).toBe('1002.pdf');
  });
});
