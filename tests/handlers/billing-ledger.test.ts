/**
 * The ledger side of billing on both backends (business.md §3.4, §4): `economicSync` books an
 * issued invoice in the local ledger under our number, once, even when the ledger fails midway
 * and the task is retried; `getEconomicInvoicePdf` gives team members the booked invoice's PDF,
 * whose text (read back with unpdf) holds the number, date, both parties with their VAT numbers
 * (Polish, Czech, Romanian and Turkish letters intact), the line, the amounts and the reverse
 * charge mention, labelled in the customer's language.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DataPort } from '@sim/core/port/data-port';
import type { CallableError } from '../../functions/src/callable';
import type { EconomicSyncQueue } from '../../functions/src/billing/economic-sync-queue';
import { createFakeLedger, fakeBookedPath } from '../../functions/src/billing/fake-ledger';
import type { Ledger } from '../../functions/src/billing/ledger';
import { createHandler as createPdfHandler } from '../../functions/src/callables/get-economic-invoice-pdf';
import { handleEconomicSync } from '../../functions/src/tasks/economic-sync';
import { describeBackends } from '../backends';
import { billingWorld, issueInvoice, TURKISH_CUSTOMER } from './billing-fixtures';
import { caller, context, FIXED_NOW } from './helpers';

type LedgerStep = keyof Ledger;

/** A ledger that fails the first call of `step`, then behaves. */
function failingOnce(ledger: Ledger, step: LedgerStep): Ledger & { failures: () => number } {
  let failures = 0;
  const wrapped = { ...ledger } as Ledger;
  const original = ledger[step] as (...args: unknown[]) => Promise<unknown>;
  (wrapped as unknown as Record<string, unknown>)[step] = (...args: unknown[]) => {
    if (failures === 0) {
      failures++;
      return Promise.reject(new Error(`ledger down during ${step}`));
    }
    return original(...args);
  };
  return Object.assign(wrapped, { failures: () => failures });
}

function recordingQueue(): EconomicSyncQueue & { queued: string[] } {
  const queued: string[] = [];
  return {
    queued,
    enqueue: (payload) => {
      queued.push(payload.invoiceId);
      return Promise.resolve();
    },
  };
}

async function pdfText(base64: string): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(Buffer.from(base64, 'base64')));
  const { text } = await extractText(pdf, { mergePages: true });
  // Group separators are no-break spaces; compare with plain ones.
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

describeBackends('ledger and invoice PDF', (backend) => {
  let port: DataPort;
  let ledger: Ledger;
  const now = () => FIXED_NOW;

  beforeAll(() => {
    port = backend().service();
    ledger = createFakeLedger(() => port, now);
  });

  const get = async (path: string) => (await port.docs.get(path)).data;

  describe('economicSync', () => {
    it('books the invoice under our number and keeps the customer number on the team', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 5001);
      expect(await handleEconomicSync({ port, ledger, now }, { invoiceId: id })).toBe('booked');
      const invoice = await get(`economicInvoices/${id}`);
      expect(invoice?.sync).toMatchObject({ state: 'done', economicBooked: 5001 });
      const booked = await get(fakeBookedPath(5001));
      expect(booked).toMatchObject({ invoiceId: id });
      expect((booked?.document as { customer: { name: string } }).customer.name).toBe(
        'Uniwersytet Łódzki',
      );
      const team = await get(`teams/${w.teamId}`);
      expect(typeof team?.economicCustomerNumber).toBe('number');
      // Delivered again: nothing more is booked.
      expect(await handleEconomicSync({ port, ledger, now }, { invoiceId: id })).toBe(
        'done-before',
      );
    });

    const NUMBERS: Readonly<Partial<Record<LedgerStep, number>>> = {
      upsertCustomer: 5011,
      createDraft: 5012,
      bookDraft: 5013,
    };

    it.each<LedgerStep>(['upsertCustomer', 'createDraft', 'bookDraft'])(
      'is retried after the ledger fails during %s and books the number once',
      async (step) => {
        const w = await billingWorld(port);
        const number = NUMBERS[step] as number;
        const id = await issueInvoice(port, w, number);
        const flaky = failingOnce(ledger, step);
        await expect(
          handleEconomicSync({ port, ledger: flaky, now }, { invoiceId: id }),
        ).rejects.toThrow(/ledger down/);
        const failed = await get(`economicInvoices/${id}`);
        expect(failed?.sync).toMatchObject({ state: 'failed', attempts: 1 });
        expect(String((failed?.sync as { error: string }).error)).toMatch(/ledger down/);
        expect(await handleEconomicSync({ port, ledger: flaky, now }, { invoiceId: id })).toBe(
          'booked',
        );
        expect((await get(`economicInvoices/${id}`))?.sync).toMatchObject({
          state: 'done',
          economicBooked: number,
        });
        const drafts = await port.docs.query({
          collection: 'fakeLedgerDrafts',
          where: [{ field: 'invoiceId', op: '==', value: id }],
        });
        expect(drafts).toHaveLength(0);
      },
    );

    it('finishes without booking again when the booking succeeded but the task did not', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 5021);
      // The ledger booked, then the answer was lost: the task fails after the booking.
      const lostAnswer: Ledger = {
        ...ledger,
        bookDraft: async (draft, number) => {
          await ledger.bookDraft(draft, number);
          throw new Error('connection reset after booking');
        },
      };
      await expect(
        handleEconomicSync({ port, ledger: lostAnswer, now }, { invoiceId: id }),
      ).rejects.toThrow(/connection reset/);
      expect(await handleEconomicSync({ port, ledger, now }, { invoiceId: id })).toBe(
        'already-booked',
      );
      expect((await get(`economicInvoices/${id}`))?.sync).toMatchObject({ state: 'done' });
    });

    it('refuses to book a number the ledger already has, like e-conomic', async () => {
      const w = await billingWorld(port);
      const first = await issueInvoice(port, w, 5031);
      await handleEconomicSync({ port, ledger, now }, { invoiceId: first });
      const { draftNumber } = await ledger.createDraft({
        invoiceId: 'other',
        customerNumber: 1,
        document: (await import('@sim/core/billing/invoice')).invoiceDocumentOf(
          await get(`economicInvoices/${first}`),
        )!,
      });
      await expect(ledger.bookDraft(draftNumber, 5031)).rejects.toThrow(/already booked/);
    });

    it('marks the sync failed, without retrying, when the ledger books other totals', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 5041);
      const otherVat: Ledger = {
        ...ledger,
        bookDraft: async (draft, number) => ({
          ...(await ledger.bookDraft(draft, number)),
          vat: 9_800,
          gross: 58_800,
        }),
      };
      expect(await handleEconomicSync({ port, ledger: otherVat, now }, { invoiceId: id })).toBe(
        'mismatch',
      );
      const sync = (await get(`economicInvoices/${id}`))?.sync as Record<string, unknown>;
      expect(sync.state).toBe('failed');
      expect(String(sync.error)).toMatch(/9800/);
    });

    it('ignores an unknown invoice and refuses a payload that is not one', async () => {
      expect(await handleEconomicSync({ port, ledger, now }, { invoiceId: 'nope' })).toBe(
        'unknown',
      );
      await expect(
        handleEconomicSync({ port, ledger, now }, { invoiceId: '../teams/x' }),
      ).rejects.toMatchObject({ code: 'invalid-argument' });
    });
  });

  describe('getEconomicInvoicePdf', () => {
    it("gives a member the booked invoice's PDF, named after its number, in the customer's language", async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 5101);
      await handleEconomicSync({ port, ledger, now }, { invoiceId: id });
      const handler = createPdfHandler({ ledger, syncQueue: recordingQueue() });
      const pdf = await handler(context(port, caller(w.member, `${w.member}@example.com`)), {
        invoiceId: id,
      });
      expect(pdf.fileName).toBe('5101.pdf');
      expect(pdf.contentType).toBe('application/pdf');
      expect(Buffer.from(pdf.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(pdf.base64);
      for (const expected of [
        'Faktura 5101',
        '15 stycznia 2026',
        'Dvořák & Ştefan Simulations SAS',
        'FR40303265045',
        'Uniwersytet Łódzki',
        'Łódź',
        'PL7251801126',
        'Beer game — Class plan, 12 months',
        '490,00 €',
        'Stawka VAT',
        '0%',
        '0,00 €',
        'Razem brutto',
        'Reverse charge',
        'Odwrotne obciążenie',
      ]) {
        expect(text).toContain(expected);
      }
    });

    it('prints an export invoice in dollars with Turkish labels and the İ of İstanbul', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 5102, {
        customer: TURKISH_CUSTOMER,
        currency: 'USD',
        treatment: 'export',
        mention: null,
        lines: [{ description: 'Lean game — Campus plan', quantity: 2, unitNet: 61_750 }],
        net: 123_500,
        gross: 123_500,
      });
      await handleEconomicSync({ port, ledger, now }, { invoiceId: id });
      const handler = createPdfHandler({ ledger, syncQueue: recordingQueue() });
      const pdf = await handler(context(port, caller(w.admin, `${w.admin}@example.com`)), {
        invoiceId: id,
      });
      const text = await pdfText(pdf.base64);
      for (const expected of [
        'Fatura 5102',
        'Boğaziçi Akademi',
        'İstanbul',
        'Lean game — Campus plan',
        '$1.235,00',
        '$617,50',
        'KDV oranı',
        'AB dışı hizmet',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('Reverse charge');
    });

    it('answers invoicePdfPending and queues the booking again while the invoice is not booked', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 5103);
      const queue = recordingQueue();
      const handler = createPdfHandler({ ledger, syncQueue: queue });
      await expect(
        handler(context(port, caller(w.admin, `${w.admin}@example.com`)), { invoiceId: id }),
      ).rejects.toMatchObject({ code: 'unavailable', messageKey: 'invoicePdfPending' });
      expect(queue.queued).toEqual([id]);
    });

    it('refuses people outside the team, anonymous players and unknown invoices', async () => {
      const w = await billingWorld(port);
      const id = await issueInvoice(port, w, 5104);
      await handleEconomicSync({ port, ledger, now }, { invoiceId: id });
      const handler = createPdfHandler({ ledger, syncQueue: recordingQueue() });
      const refusal = (auth: ReturnType<typeof caller> | null, invoiceId = id) =>
        handler(context(port, auth), { invoiceId }).then(
          () => null,
          (err: CallableError) => [err.code, err.messageKey],
        );
      expect(await refusal(caller(w.outsider, `${w.outsider}@example.com`))).toEqual([
        'permission-denied',
        'errorPermissionDenied',
      ]);
      expect(await refusal(caller(w.member))).toEqual([
        'permission-denied',
        'errorPermissionDenied',
      ]);
      expect(await refusal(null)).toEqual(['unauthenticated', 'errorUnauthenticated']);
      expect(await refusal(caller(w.admin, `${w.admin}@example.com`), 'missing')).toEqual([
        'not-found',
        'invoiceUnknown',
      ]);
    });
  });
});
