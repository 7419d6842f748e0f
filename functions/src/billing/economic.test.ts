/**
 * The e-conomic adapter against a local HTTP server standing in for restapi.e-conomic.com: the
 * two token headers on every call, the customer and draft bodies, booking with our number, a
 * booked invoice looked up (404 → none), the PDF's bytes, and refusals surfaced with their status.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '@sim/core/billing/invoice';
import { createEconomicLedger, EconomicError, type EconomicConfig } from './economic';
import { LedgerNotBookedError } from './ledger';

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
}

const seen: Seen[] = [];
let server: Server;
let config: EconomicConfig;

const PDF = Buffer.from('%PDF-1.7 booked 1001');

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
      });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'POST' && req.url === '/customers')
        return send(201, { customerNumber: 77 });
      if (req.method === 'PUT' && req.url === '/customers/77')
        return send(200, { customerNumber: 77 });
      if (req.method === 'POST' && req.url === '/invoices/drafts') {
        return send(201, { draftInvoiceNumber: 5 });
      }
      if (req.method === 'POST' && req.url === '/invoices/booked') {
        const body = JSON.parse(raw) as { bookWithNumber: number };
        if (body.bookWithNumber === 1002) {
          return send(400, { message: 'Validation error', errorCode: 'E04300' });
        }
        return send(201, {
          bookedInvoiceNumber: body.bookWithNumber,
          netAmount: 490,
          vatAmount: 0,
          grossAmount: 490,
        });
      }
      if (req.url === '/invoices/booked/1001') {
        return send(200, {
          bookedInvoiceNumber: 1001,
          netAmount: 490,
          vatAmount: 0,
          grossAmount: 490,
        });
      }
      if (req.url === '/invoices/booked/1001/pdf') {
        res.writeHead(200, { 'Content-Type': 'application/pdf' });
        return res.end(PDF);
      }
      return send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  config = {
    appSecretToken: 'app-secret',
    agreementGrantToken: 'grant',
    baseUrl: `http://127.0.0.1:${port}`,
    customerGroupNumber: 3,
    paymentTermsNumber: 4,
    layoutNumber: 19,
    productNumber: 'SIM-1',
  };
});

afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const invoice: InvoiceDocument = {
  kind: 'invoice',
  invoiceNumber: 1001,
  issuedAt: Date.UTC(2026, 0, 15, 9, 30),
  currency: 'EUR',
  seller: {
    name: 'Seller SAS',
    address: '',
    zip: '',
    city: 'Paris',
    countryCode: 'FR',
    vatNumber: 'FR40303265045',
    email: '',
  },
  customer: {
    name: 'Uniwersytet Łódzki',
    address: 'ul. Narutowicza 68',
    zip: '90-136',
    city: 'Łódź',
    countryCode: 'PL',
    vatNumber: 'PL7251801126',
    email: 'zakupy@example.pl',
    vatStatus: 'valid',
  },
  lines: [{ description: 'Class plan', quantity: 1, unitNet: 49_000 }],
  totals: { net: 49_000, vatRatePercent: 0, vat: 0, gross: 49_000 },
  treatment: 'eu-reverse-charge',
  mention: 'Reverse charge',
};

describe('createEconomicLedger', () => {
  it('creates then updates the customer with the agreement numbers and both tokens', async () => {
    const ledger = createEconomicLedger(config);
    const customer = {
      teamId: 't1',
      customerNumber: null,
      name: 'Uniwersytet Łódzki',
      address: 'ul. Narutowicza 68',
      zip: '90-136',
      city: 'Łódź',
      countryCode: 'PL',
      vatNumber: 'PL7251801126',
      email: 'zakupy@example.pl',
      currency: 'EUR' as const,
      vatZone: 2 as const,
    };
    expect(await ledger.upsertCustomer(customer)).toEqual({ customerNumber: 77 });
    expect(await ledger.upsertCustomer({ ...customer, customerNumber: 77 })).toEqual({
      customerNumber: 77,
    });
    const [created, updated] = seen.slice(-2);
    expect(created?.method).toBe('POST');
    expect(created?.headers['x-appsecrettoken']).toBe('app-secret');
    expect(created?.headers['x-agreementgranttoken']).toBe('grant');
    expect(created?.body).toEqual({
      name: 'Uniwersytet Łódzki',
      currency: 'EUR',
      customerGroup: { customerGroupNumber: 3 },
      paymentTerms: { paymentTermsNumber: 4 },
      vatZone: { vatZoneNumber: 2 },
      address: 'ul. Narutowicza 68',
      zip: '90-136',
      city: 'Łódź',
      country: 'PL',
      email: 'zakupy@example.pl',
      corporateIdentificationNumber: 'PL7251801126',
    });
    expect([updated?.method, updated?.url]).toEqual(['PUT', '/customers/77']);
    expect(updated?.body).toMatchObject({ customerNumber: 77 });
  });

  it('drafts the invoice in major units with our id as reference, and books it with our number', async () => {
    const ledger = createEconomicLedger(config);
    expect(
      await ledger.createDraft({ invoiceId: 'inv-1', customerNumber: 77, document: invoice }),
    ).toEqual({
      draftNumber: 5,
    });
    expect(seen.at(-1)?.body).toEqual({
      date: '2026-01-15',
      currency: 'EUR',
      paymentTerms: { paymentTermsNumber: 4 },
      layout: { layoutNumber: 19 },
      customer: { customerNumber: 77 },
      recipient: {
        name: 'Uniwersytet Łódzki',
        address: 'ul. Narutowicza 68',
        zip: '90-136',
        city: 'Łódź',
        country: 'PL',
        vatZone: { vatZoneNumber: 2 },
      },
      references: { other: 'inv-1' },
      notes: { textLine2: 'Reverse charge' },
      lines: [
        {
          lineNumber: 1,
          description: 'Class plan',
          quantity: 1,
          unitNetPrice: 490,
          product: { productNumber: 'SIM-1' },
        },
      ],
    });
    expect(await ledger.bookDraft(5, 1001)).toEqual({
      bookedNumber: 1001,
      net: 49_000,
      vat: 0,
      gross: 49_000,
    });
    expect(seen.at(-1)?.body).toEqual({
      draftInvoice: { draftInvoiceNumber: 5 },
      bookWithNumber: 1001,
    });
  });

  it('finds a booked invoice, or none, and fetches its PDF', async () => {
    const ledger = createEconomicLedger(config);
    expect(await ledger.findBooked(1001)).toMatchObject({ bookedNumber: 1001, gross: 49_000 });
    expect(await ledger.findBooked(1003)).toBeNull();
    expect(Buffer.from(await ledger.pdf(1001)).toString()).toBe(PDF.toString());
    await expect(ledger.pdf(1003)).rejects.toBeInstanceOf(LedgerNotBookedError);
  });

  it('surfaces a refusal with its status and answer', async () => {
    const ledger = createEconomicLedger(config);
    const refusal = ledger.bookDraft(6, 1002);
    await expect(refusal).rejects.toBeInstanceOf(EconomicError);
    await expect(ledger.bookDraft(6, 1002)).rejects.toThrow(/400.*E04300/);
  });
});
