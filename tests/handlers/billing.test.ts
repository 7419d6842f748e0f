/**
 * Billing callables on both backends (business.md §3.4, §3.6, §4): updateCustomer with the VAT
 * checker, createInvoice with the gapless counter (50 at once, and with commits aborted or the
 * transaction failing under them), cancelEconomicInvoice with its credit note, and bad input to
 * the three callables that take an invoice id (cancelEconomicInvoice, getEconomicInvoicePdf,
 * createSessionFromEconomicInvoice): each refused with its code and message key, nothing written.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import { invoiceDocumentOf } from '@sim/core/billing/invoice';
import {
  type DataPort,
  type DocData,
  type DocumentPort,
  PortError,
  type Transaction,
} from '@sim/core/port/data-port';
import {
  CallableError,
  invokeCallable,
  type CallableContext,
  type CallerAuth,
  type InvocationEnv,
} from '../../functions/src/callable';
import { createFakeVatChecker } from '../../functions/src/billing/fake-vat-checker';
import type { VatChecker, VatCheckResult } from '../../functions/src/billing/ports';
import type { BillingSettings } from '../../functions/src/billing/settings';
import { INVOICE_COUNTER_PATH } from '../../functions/src/billing/numbering';
import type { EconomicSyncQueue } from '../../functions/src/billing/economic-sync-queue';
import * as updateCustomer from '../../functions/src/callables/update-customer';
import * as createInvoice from '../../functions/src/callables/create-invoice';
import * as cancelInvoice from '../../functions/src/callables/cancel-economic-invoice';
import * as checkoutSession from '../../functions/src/callables/create-session-from-economic-invoice';
import * as invoicePdf from '../../functions/src/callables/get-economic-invoice-pdf';
import {
  createFakePayments,
  FAKE_SESSIONS,
  fakeSessionPath,
} from '../../functions/src/billing/fake-payments';
import { createFakeLedger, fakeBookedPath } from '../../functions/src/billing/fake-ledger';
import { handleEconomicSync } from '../../functions/src/tasks/economic-sync';
import { DEFAULT_PLAN_PRICES, seedBilling } from '../../scripts/billing-seed';
import { describeBackends } from '../backends';
import { FIXED_NOW } from './helpers';

const NOW = FIXED_NOW;

/** business.md §4: a seller in Denmark, so the spec's literal cases are not domestic. */
const SETTINGS: BillingSettings = {
  sellerCountry: 'DK',
  seller: {
    name: 'Simulations ApS',
    address: 'Nørregade 1',
    zip: '1165',
    city: 'København',
    countryCode: 'DK',
    vatNumber: 'DK13585628',
    email: 'billing@simulations.test',
  },
};

const VALID_FR = 'FR40303265045';

function instructor(uid: string): CallerAuth {
  return {
    uid,
    token: {
      uid,
      email: `${uid}@school.test`,
      email_verified: true,
      firebase: { sign_in_provider: 'password' },
    },
  };
}

function player(uid: string): CallerAuth {
  return { uid, token: { uid, firebase: { sign_in_provider: 'anonymous' } } };
}

const ctxOf = (port: DataPort, auth: CallerAuth | null, now = NOW): CallableContext => ({
  auth,
  port,
  now: () => now,
});

const tag = () => randomBytes(4).toString('hex');

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'accepted',
    (err: unknown) => err,
  );
}

async function expectRefused(promise: Promise<unknown>, code: string, messageKey: string) {
  const err = await refusal(promise);
  expect(err).toBeInstanceOf(CallableError);
  expect(err).toMatchObject({ code, messageKey });
}

/** A refusal as the client receives it from the callable wrapper. */
async function expectHttpsRefused(promise: Promise<unknown>, code: string, messageKey: string) {
  const err = await refusal(promise);
  expect(err).toBeInstanceOf(HttpsError);
  expect(err).toMatchObject({ code, details: { messageKey } });
}

/** One of the callables that take `{invoiceId}`: its handler, and through the wrapper. */
interface InvoiceCallable {
  readonly name: string;
  readonly handle: (ctx: CallableContext, data: { invoiceId: string }) => Promise<unknown>;
  readonly invoke: (
    request: { readonly auth?: CallerAuth; readonly data: unknown },
    env: InvocationEnv,
  ) => Promise<unknown>;
}

/** A checker that counts its calls and answers through `answer`. */
function spyChecker(answer: (cc: string, n: string) => Promise<VatCheckResult>): {
  checker: VatChecker;
  calls: [string, string][];
} {
  const calls: [string, string][] = [];
  return {
    calls,
    checker: {
      check: (cc, n) => {
        calls.push([cc, n]);
        return answer(cc, n);
      },
    },
  };
}

/** The port with `runTransaction` replaced; everything else is the backend's. */
function withTransactions(
  inner: DataPort,
  runTransaction: DocumentPort['runTransaction'],
): DataPort {
  const docs = Object.create(inner.docs) as DocumentPort;
  return { files: inner.files, docs: Object.assign(docs, { runTransaction }) };
}

class InjectedAbort extends Error {}

/** One wrapper per backend port, so calls sharing a port still share its numbering queue. */
function perPort(wrap: (inner: DataPort) => DataPort): (inner: DataPort) => DataPort {
  const wrapped = new WeakMap<DataPort, DataPort>();
  return (inner) => {
    const known = wrapped.get(inner);
    if (known) return known;
    const made = wrap(inner);
    wrapped.set(inner, made);
    return made;
  };
}

/**
 * Every `abortEvery`-th attempt's commit is refused after its work ran (as a backend refuses a
 * commit whose reads changed), and the attempt is run again, as the adapters do on `aborted`.
 */
function abortingCommits(abortEvery: number): {
  wrap: (inner: DataPort) => DataPort;
  aborted: () => number;
} {
  let attempts = 0;
  let aborted = 0;
  const wrap = perPort((inner) =>
    withTransactions(inner, async (work, options) => {
      const maxAttempts = options?.maxAttempts ?? 5;
      for (let attempt = 1; ; attempt++) {
        try {
          return await inner.docs.runTransaction(async (tx) => {
            const result = await work(tx);
            attempts += 1;
            if (attempts % abortEvery === 0) {
              aborted += 1;
              throw new InjectedAbort('commit refused');
            }
            return result;
          }, options);
        } catch (err) {
          if (!(err instanceof InjectedAbort) || attempt >= maxAttempts) throw err;
        }
      }
    }),
  );
  return { wrap, aborted: () => aborted };
}

/** Every `failEvery`-th read of the counter inside a transaction throws (the call then fails). */
function failingReads(failEvery: number): (inner: DataPort) => DataPort {
  let reads = 0;
  return perPort((inner) =>
    withTransactions(inner, (work, options) =>
      inner.docs.runTransaction((tx) => {
        const wrapped: Transaction = {
          get: async (path) => {
            if (path === INVOICE_COUNTER_PATH && ++reads % failEvery === 0) {
              throw new PortError('unavailable', 'read failed inside the transaction');
            }
            return tx.get(path);
          },
          set: (path, data, setOptions) => (tx.set(path, data, setOptions), wrapped),
          update: (path, data) => (tx.update(path, data), wrapped),
          delete: (path) => (tx.delete(path), wrapped),
        };
        return work(wrapped);
      }, options),
    ),
  );
}

describeBackends('billing callables', (backend) => {
  let port: DataPort;
  const settings = () => SETTINGS;
  const fakeVat = createFakeVatChecker();
  const update = updateCustomer.createHandler({ vat: fakeVat, settings });
  /** The ledger bookings asked for, by invoice id (the economicSync queue's fake). */
  const queued: string[] = [];
  const syncQueue: EconomicSyncQueue = {
    enqueue: (payload) => {
      queued.push(payload.invoiceId);
      return Promise.resolve();
    },
  };
  const invoice = createInvoice.createHandler({ settings, syncQueue });
  // The local checkout adapter: its sessions are documents this test reads.
  const payments = createFakePayments({
    port: () => port,
    functionsBaseUrl: () => 'http://127.0.0.1:5001/demo-simgames/us-central1',
  });
  const cancel = cancelInvoice.createHandler({ syncQueue, payments });
  const openCheckout = checkoutSession.createHandler({
    payments,
    appUrl: () => 'https://app.example.com',
  });
  // The local ledger: its bookings are documents this test reads.
  const ledger = createFakeLedger(
    () => port,
    () => NOW,
  );
  const getPdf = invoicePdf.createHandler({ ledger, syncQueue });
  const invoiceCallables: readonly InvoiceCallable[] = [
    {
      name: cancelInvoice.name,
      handle: cancel,
      invoke: (request, env) =>
        invokeCallable(cancelInvoice.name, cancelInvoice.schema, cancel, request, env),
    },
    {
      name: invoicePdf.name,
      handle: getPdf,
      invoke: (request, env) =>
        invokeCallable(invoicePdf.name, invoicePdf.schema, getPdf, request, env),
    },
    {
      name: checkoutSession.name,
      handle: openCheckout,
      invoke: (request, env) =>
        invokeCallable(checkoutSession.name, checkoutSession.schema, openCheckout, request, env),
    },
  ];

  beforeAll(async () => {
    port = backend().service();
    await seedBilling(port, NOW);
  });

  const get = async (path: string) => (await port.docs.get(path)).data;

  /** A team of `admin` with a `member`; returns its id. */
  async function seedTeam(admin: string, member: string, billingData?: DocData): Promise<string> {
    const teamId = `team-${tag()}`;
    await port.docs.set(`teams/${teamId}`, {
      name: 'Ops faculty',
      createdBy: admin,
      created_at: NOW,
      members: {
        [admin]: { name: 'Ada', email: `${admin}@school.test`, role: 'admin', games: ['beergame'] },
        [member]: { name: 'Bo', email: `${member}@school.test`, role: 'member', games: [] },
      },
      memberIds: [admin, member],
      ...(billingData ? { billingData } : {}),
    });
    return teamId;
  }

  const billing = (countryCode: string, euvatnr = '', vatStatus = 'none'): DocData => ({
    countryCode,
    euvatnr,
    vatStatus,
    vatCheckedAt: vatStatus === 'none' ? null : NOW,
    companyName: 'Uniwersytet Łódzki',
    address: 'ul. Narutowicza 68',
    zip: '90-136',
    city: 'Łódź',
    email: 'faktury@uni.test',
  });

  const customerData = (teamId: string, extra: DocData = {}) => ({
    teamId,
    countryCode: 'FR',
    companyName: 'École des Mines',
    address: '60 boulevard Saint-Michel',
    zip: '75006',
    city: 'Paris',
    email: 'compta@mines.test',
    ...extra,
  });

  // ---------------------------------------------------------------- updateCustomer

  it('updateCustomer: FR123 is an incorrect VAT number; the checker is not asked, nothing saved', async () => {
    const teamId = await seedTeam('ua1', 'um1');
    const spy = spyChecker(() => Promise.resolve({ valid: true }));
    const handler = updateCustomer.createHandler({ vat: spy.checker, settings });
    await expectRefused(
      handler(ctxOf(port, instructor('ua1')), customerData(teamId, { euvatnr: 'FR123' })),
      'invalid-argument',
      'billingVatInvalid',
    );
    expect(spy.calls).toEqual([]);
    expect((await get(`teams/${teamId}`))?.billingData).toBeUndefined();
  });

  it('updateCustomer: the checker answers false → incorrect, nothing saved', async () => {
    const teamId = await seedTeam('ua2', 'um2', billing('DE'));
    await expectRefused(
      update(ctxOf(port, instructor('ua2')), customerData(teamId, { euvatnr: 'FR00000000000' })),
      'invalid-argument',
      'billingVatInvalid',
    );
    // The earlier billing data stays as it was.
    expect((await get(`teams/${teamId}`))?.billingData).toEqual(billing('DE'));
  });

  it('updateCustomer: the checker fails → unavailable with the same message, nothing saved', async () => {
    const teamId = await seedTeam('ua3', 'um3');
    const handler = updateCustomer.createHandler({
      vat: createFakeVatChecker({ [VALID_FR]: new Error('VIES unreachable') }),
      settings,
    });
    await expectRefused(
      handler(ctxOf(port, instructor('ua3')), customerData(teamId, { euvatnr: VALID_FR })),
      'unavailable',
      'billingVatInvalid',
    );
    expect((await get(`teams/${teamId}`))?.billingData).toBeUndefined();
  });

  it('updateCustomer: the checker answers null (register down) → saved unverified, reverse charge', async () => {
    const teamId = await seedTeam('ua4', 'um4');
    const result = await update(
      ctxOf(port, instructor('ua4')),
      customerData(teamId, { euvatnr: 'FR 123 456 78 999' }),
    );
    expect(result).toEqual({
      teamId,
      vatStatus: 'unverified',
      euvatnr: 'FR12345678999',
      currency: 'EUR',
      ratePercent: 0,
      treatment: 'eu-reverse-charge',
    });
    expect((await get(`teams/${teamId}`))?.billingData).toMatchObject({
      countryCode: 'FR',
      euvatnr: 'FR12345678999',
      vatStatus: 'unverified',
      vatCheckedAt: NOW,
    });
  });

  it('updateCustomer: a valid number is stored valid with the consultation, as typed without its prefix', async () => {
    const teamId = await seedTeam('ua5', 'um5');
    const spy = spyChecker(() =>
      Promise.resolve({ valid: true, name: 'ODIGEO', consultation: 'WAPI-1' }),
    );
    const handler = updateCustomer.createHandler({ vat: spy.checker, settings });
    const result = await handler(
      ctxOf(port, instructor('ua5')),
      customerData(teamId, { euvatnr: '403.032.650.45' }),
    );
    expect(spy.calls).toEqual([['FR', '40303265045']]);
    expect(result).toMatchObject({ vatStatus: 'valid', euvatnr: VALID_FR, ratePercent: 0 });
    expect((await get(`teams/${teamId}`))?.billingData).toEqual({
      countryCode: 'FR',
      euvatnr: VALID_FR,
      vatStatus: 'valid',
      vatCheckedAt: NOW,
      vatConsultation: 'WAPI-1',
      companyName: 'École des Mines',
      address: '60 boulevard Saint-Michel',
      zip: '75006',
      city: 'Paris',
      email: 'compta@mines.test',
      updated_at: NOW,
      updatedBy: 'ua5',
    });
  });

  it('updateCustomer: a VAT prefix of another country is incorrect; Greece takes EL', async () => {
    const teamId = await seedTeam('ua6', 'um6');
    await expectRefused(
      update(
        ctxOf(port, instructor('ua6')),
        customerData(teamId, { countryCode: 'BE', euvatnr: VALID_FR }),
      ),
      'invalid-argument',
      'billingVatInvalid',
    );
    await expectRefused(
      update(
        ctxOf(port, instructor('ua6')),
        customerData(teamId, { countryCode: 'GR', euvatnr: 'GR094259216' }),
      ),
      'invalid-argument',
      'billingVatInvalid',
    );
    expect((await get(`teams/${teamId}`))?.billingData).toBeUndefined();
    const greek = await update(
      ctxOf(port, instructor('ua6')),
      customerData(teamId, { countryCode: 'GR', euvatnr: 'EL094259216' }),
    );
    expect(greek).toMatchObject({
      vatStatus: 'valid',
      euvatnr: 'EL094259216',
      currency: 'EUR',
      ratePercent: 0,
    });
  });

  it('updateCustomer: without a number, the country decides (FR 20 %, FI 25.5 %, US in dollars unchecked)', async () => {
    const teamId = await seedTeam('ua7', 'um7');
    const admin = ctxOf(port, instructor('ua7'));
    expect(await update(admin, customerData(teamId))).toEqual({
      teamId,
      vatStatus: 'none',
      euvatnr: '',
      currency: 'EUR',
      ratePercent: 20,
      treatment: 'eu-standard',
    });
    expect(
      await update(admin, customerData(teamId, { countryCode: 'FI', euvatnr: '  ' })),
    ).toMatchObject({
      vatStatus: 'none',
      ratePercent: 25.5,
    });
    const spy = spyChecker(() => Promise.resolve({ valid: false }));
    const handler = updateCustomer.createHandler({ vat: spy.checker, settings });
    expect(
      await handler(admin, customerData(teamId, { countryCode: 'US', euvatnr: '12-3456789' })),
    ).toEqual({
      teamId,
      vatStatus: 'none',
      euvatnr: '123456789',
      currency: 'USD',
      ratePercent: 0,
      treatment: 'export',
    });
    expect(spy.calls).toEqual([]);
  });

  it('updateCustomer: a member, an outsider and a player are refused; nothing saved', async () => {
    const teamId = await seedTeam('ua8', 'um8');
    await expectRefused(
      update(ctxOf(port, instructor('um8')), customerData(teamId)),
      'permission-denied',
      'teamAdminOnly',
    );
    await expectRefused(
      update(ctxOf(port, instructor('stranger')), customerData(teamId)),
      'permission-denied',
      'teamAdminOnly',
    );
    await expectRefused(
      update(ctxOf(port, player('p1')), customerData(teamId)),
      'permission-denied',
      'errorPermissionDenied',
    );
    await expectRefused(
      update(ctxOf(port, null), customerData(teamId)),
      'unauthenticated',
      'errorUnauthenticated',
    );
    expect((await get(`teams/${teamId}`))?.billingData).toBeUndefined();
  });

  it('updateCustomer: a member state without a seeded rate is refused, nothing saved', async () => {
    const teamId = await seedTeam('ua9', 'um9');
    const saved = await get('vatRates/MT');
    await port.docs.delete('vatRates/MT');
    try {
      await expectRefused(
        update(ctxOf(port, instructor('ua9')), customerData(teamId, { countryCode: 'MT' })),
        'failed-precondition',
        'vatRateMissing',
      );
    } finally {
      await port.docs.set('vatRates/MT', saved as DocData);
    }
    expect((await get(`teams/${teamId}`))?.billingData).toBeUndefined();
  });

  it('updateCustomer: an instructor without a team names none; the save makes their team with them as admin', async () => {
    const uid = `solo-${tag()}`;
    const result = await update(ctxOf(port, instructor(uid)), {
      countryCode: 'FR',
      companyName: 'École des Mines',
      euvatnr: VALID_FR,
    });
    expect(result).toMatchObject({ vatStatus: 'valid', euvatnr: VALID_FR });
    const team = await get(`teams/${result.teamId}`);
    expect(team).toMatchObject({
      createdBy: uid,
      memberIds: [uid],
      members: { [uid]: { role: 'admin', email: `${uid}@school.test` } },
      billingData: { countryCode: 'FR', euvatnr: VALID_FR, vatStatus: 'valid' },
    });
    expect(await get(`userTeams/${uid}`)).toMatchObject({ teamId: result.teamId });
    // A second save without a team id finds the same team.
    const again = await update(ctxOf(port, instructor(uid)), {
      countryCode: 'US',
      companyName: 'Mines Inc.',
    });
    expect(again.teamId).toBe(result.teamId);
    expect((await get(`teams/${result.teamId}`))?.billingData).toMatchObject({
      countryCode: 'US',
      vatStatus: 'none',
    });
  });

  it('updateCustomer: refused billing data makes no team; a member of a team is still refused', async () => {
    const uid = `solo-${tag()}`;
    await expectRefused(
      update(ctxOf(port, instructor(uid)), {
        countryCode: 'FR',
        companyName: 'École des Mines',
        euvatnr: 'FR123',
      }),
      'invalid-argument',
      'billingVatInvalid',
    );
    expect(await get(`userTeams/${uid}`)).toBeUndefined();
    const member = `um-${tag()}`;
    const teamId = await seedTeam(`ua-${tag()}`, member);
    await port.docs.set(`userTeams/${member}`, { teamId, joined_at: NOW });
    await expectRefused(
      update(ctxOf(port, instructor(member)), { countryCode: 'FR', companyName: 'X' }),
      'permission-denied',
      'teamAdminOnly',
    );
    expect((await get(`teams/${teamId}`))?.billingData).toBeUndefined();
  });

  it('updateCustomer: the payload is validated before anything runs', async () => {
    const env = { port: () => port, now: () => NOW };
    for (const data of [
      { teamId: 't', countryCode: 'fr', companyName: 'X' },
      { teamId: 't', countryCode: 'FR', companyName: '   ' },
      { teamId: 't', countryCode: 'FR', companyName: 'X', vatStatus: 'valid' },
      { teamId: 't', countryCode: 'FR', companyName: 'X', euvatnr: 'F'.repeat(41) },
      { teamId: '__proto__', countryCode: 'FR', companyName: 'X' },
      { teamId: 't', countryCode: 'FR', companyName: 'X', email: 'not-an-address' },
    ]) {
      const err = await refusal(
        invokeCallable(
          updateCustomer.name,
          updateCustomer.schema,
          update,
          { auth: instructor('ua1'), data },
          env,
        ),
      );
      expect(err).toBeInstanceOf(HttpsError);
      expect(err).toMatchObject({
        code: 'invalid-argument',
        details: { messageKey: 'errorInvalidPayload' },
      });
    }
  });

  // ---------------------------------------------------------------- createInvoice

  it('createInvoice: FR company with a valid number → EUR, 0 %, reverse charge, the whole document', async () => {
    const teamId = await seedTeam('ia1', 'im1', billing('FR', VALID_FR, 'valid'));
    const result = await invoice(ctxOf(port, instructor('ia1')), {
      teamId,
      planId: 'beergame-class',
    });
    const price = DEFAULT_PLAN_PRICES['beergame-class']!.EUR;
    expect(result).toMatchObject({
      currency: 'EUR',
      net: price,
      ratePercent: 0,
      vat: 0,
      gross: price,
      treatment: 'eu-reverse-charge',
    });
    const stored = await get(`economicInvoices/${result.invoiceId}`);
    expect(stored).toMatchObject({
      teamId,
      invoiceNumber: result.invoiceNumber,
      kind: 'invoice',
      status: 'open',
      planId: 'beergame-class',
      lines: [
        {
          description: 'Beer game: Class plan, 365 days, up to 50 players',
          quantity: 1,
          unitNet: price,
        },
      ],
      currency: 'EUR',
      net: price,
      vatRatePercent: 0,
      vat: 0,
      gross: price,
      treatment: 'eu-reverse-charge',
      mention: 'Reverse charge',
      customer: {
        name: 'Uniwersytet Łódzki',
        countryCode: 'FR',
        vatNumber: VALID_FR,
        vatStatus: 'valid',
        city: 'Łódź',
      },
      seller: SETTINGS.seller,
      created_at: NOW,
      createdBy: 'ia1',
      sync: { state: 'pending' },
      // The plan as invoiced, which the payment activates.
      plan: {
        planName: 'Class',
        games: ['beergame'],
        players: 50,
        unlimitedPlayers: false,
        licenses: 2,
        durationDays: 365,
        renew: true,
      },
    });
    // Queued for the ledger once issued.
    expect(queued).toContain(result.invoiceId);
    // The stored document is a complete InvoiceDocument for the PDF.
    expect(invoiceDocumentOf(stored)).toMatchObject({
      kind: 'invoice',
      invoiceNumber: result.invoiceNumber,
      totals: { net: price, vatRatePercent: 0, vat: 0, gross: price },
      mention: 'Reverse charge',
    });
  });

  it('createInvoice: FR consumer → 20 %; FI → 25.5 % rounded half up; US → USD price, 0 %', async () => {
    const fr = await seedTeam('ia2', 'im2', billing('FR'));
    const r1 = await invoice(ctxOf(port, instructor('ia2')), {
      teamId: fr,
      planId: 'leangame-campus',
    });
    const eur = DEFAULT_PLAN_PRICES['leangame-campus']!.EUR;
    expect(r1).toMatchObject({
      currency: 'EUR',
      net: eur,
      ratePercent: 20,
      vat: eur * 0.2,
      gross: eur * 1.2,
      treatment: 'eu-standard',
    });
    expect((await get(`economicInvoices/${r1.invoiceId}`))?.vatRateSource).toBe('sales-tax@2.23.0');

    const fi = await seedTeam('ia3', 'im3', billing('FI'));
    const r2 = await invoice(ctxOf(port, instructor('ia3')), {
      teamId: fi,
      planId: 'beergame-class',
    });
    const classEur = DEFAULT_PLAN_PRICES['beergame-class']!.EUR;
    const fiVat = Math.floor((classEur * 2550 + 5000) / 10000);
    expect(r2).toMatchObject({ ratePercent: 25.5, vat: fiVat, gross: classEur + fiVat });

    const us = await seedTeam('ia4', 'im4', billing('US', '123456789'));
    const r3 = await invoice(ctxOf(port, instructor('ia4')), {
      teamId: us,
      planId: 'beergame-unlimited',
    });
    const usd = DEFAULT_PLAN_PRICES['beergame-unlimited']!.USD;
    expect(r3).toMatchObject({
      currency: 'USD',
      net: usd,
      ratePercent: 0,
      vat: 0,
      gross: usd,
      treatment: 'export',
    });
    expect((await get(`economicInvoices/${r3.invoiceId}`))?.lines).toEqual([
      {
        description: 'Beer game: Unlimited plan, 365 days, unlimited players',
        quantity: 1,
        unitNet: usd,
      },
    ]);
  });

  it('createInvoice: DK company with a valid number, seller in DK → domestic 25 %', async () => {
    const dk = await seedTeam('ia5', 'im5', billing('DK', 'DK13585628', 'valid'));
    const r = await invoice(ctxOf(port, instructor('ia5')), {
      teamId: dk,
      planId: 'beergame-class',
    });
    expect(r).toMatchObject({ currency: 'EUR', ratePercent: 25, treatment: 'domestic' });
  });

  it('createInvoice: no billing data, an unknown or withdrawn plan, a member → refused, no number used', async () => {
    const bare = await seedTeam('ia6', 'im6');
    const before = (await get(INVOICE_COUNTER_PATH))?.next;
    await expectRefused(
      invoice(ctxOf(port, instructor('ia6')), { teamId: bare, planId: 'beergame-class' }),
      'failed-precondition',
      'billingDataMissing',
    );
    const fr = await seedTeam('ia7', 'im7', billing('FR'));
    await expectRefused(
      invoice(ctxOf(port, instructor('ia7')), { teamId: fr, planId: 'beergame-gold' }),
      'not-found',
      'planUnknown',
    );
    await port.docs.set('planCatalog/withdrawn', {
      planName: 'Old',
      games: ['beergame'],
      durationDays: 30,
      prices: { EUR: 100, USD: 100 },
      active: false,
    });
    await expectRefused(
      invoice(ctxOf(port, instructor('ia7')), { teamId: fr, planId: 'withdrawn' }),
      'not-found',
      'planUnknown',
    );
    await expectRefused(
      invoice(ctxOf(port, instructor('im7')), { teamId: fr, planId: 'beergame-class' }),
      'permission-denied',
      'teamAdminOnly',
    );
    await expectRefused(
      invoice(ctxOf(port, player('p1')), { teamId: fr, planId: 'beergame-class' }),
      'permission-denied',
      'errorPermissionDenied',
    );
    expect((await get(INVOICE_COUNTER_PATH))?.next).toBe(before);
  });

  it('createInvoice: amounts, a currency or a number in the payload are refused before anything runs', async () => {
    const env = { port: () => port, now: () => NOW };
    for (const extra of [
      { amount: 1 },
      { net: 0 },
      { currency: 'USD' },
      { invoiceNumber: 7 },
      { ratePercent: 0 },
    ]) {
      const err = await refusal(
        invokeCallable(
          createInvoice.name,
          createInvoice.schema,
          invoice,
          { auth: instructor('ia1'), data: { teamId: 't1', planId: 'beergame-class', ...extra } },
          env,
        ),
      );
      expect(err).toMatchObject({
        code: 'invalid-argument',
        details: { messageKey: 'errorInvalidPayload' },
      });
    }
  });

  it('ids named after Object properties are nothing: planUnknown, invoiceUnknown, teamAdminOnly', async () => {
    const teamId = await seedTeam('ha1', 'hm1', billing('FR'));
    const admin = ctxOf(port, instructor('ha1'));
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      await expectRefused(invoice(admin, { teamId, planId: name }), 'not-found', 'planUnknown');
      await expectRefused(cancel(admin, { invoiceId: name }), 'not-found', 'invoiceUnknown');
      await expectRefused(
        invoice(admin, { teamId: name, planId: 'beergame-class' }),
        'permission-denied',
        'teamAdminOnly',
      );
      await expectRefused(update(admin, customerData(name)), 'permission-denied', 'teamAdminOnly');
    }
  });

  // ---------------------------------------------------------------- numbering

  /**
   * Runs `count` createInvoice calls at once for a new team, each through the port `portFor`
   * gives it; returns the outcomes and the team's stored invoices. Each call asks the backend for
   * its service port: on the local store that is a client of its own, as if every call ran in
   * an instance of its own, so all of them race on the counter; firebase-admin has one port per
   * backend, whose calls take their turn in the instance (`inNumberingOrder`).
   */
  async function concurrentInvoices(
    count: number,
    first: number,
    wrap: (inner: DataPort) => DataPort = (inner) => inner,
  ) {
    const admin = `na-${tag()}`;
    const teamId = await seedTeam(admin, `nm-${tag()}`, billing('FR'));
    await port.docs.set(INVOICE_COUNTER_PATH, { next: first, updated_at: NOW });
    const outcomes = await Promise.allSettled(
      Array.from({ length: count }, () =>
        invoice(ctxOf(wrap(backend().service()), instructor(admin)), {
          teamId,
          planId: 'beergame-class',
        }),
      ),
    );
    const stored = await port.docs.query({
      collection: 'economicInvoices',
      where: [{ field: 'teamId', op: '==', value: teamId }],
    });
    return { admin, outcomes, stored };
  }

  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

  it('numbering: 50 createInvoice calls at once → 1001…1050 without a gap or a duplicate, next 1051; a cancellation then takes 1051', async () => {
    const { admin, outcomes, stored } = await concurrentInvoices(50, 1001);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const numbers = outcomes.map((o) => (o.status === 'fulfilled' ? o.value.invoiceNumber : -1));
    expect([...numbers].sort((a, b) => a - b)).toEqual(range(1001, 50));
    expect(stored.map((d) => d.data?.invoiceNumber as number).sort((a, b) => a - b)).toEqual(
      range(1001, 50),
    );
    expect((await get(INVOICE_COUNTER_PATH))?.next).toBe(1051);
    const first = outcomes[0]!;
    if (first.status !== 'fulfilled') throw new Error('unreachable');
    const cancelled = await cancel(ctxOf(port, instructor(admin)), {
      invoiceId: first.value.invoiceId,
    });
    expect(cancelled.creditNoteNumber).toBe(1051);
    expect((await get(INVOICE_COUNTER_PATH))?.next).toBe(1052);
  }, 120_000);

  it('numbering: with a fifth of the commits refused and run again, 50 calls still take 2001…2050', async () => {
    const flaky = abortingCommits(5);
    const { outcomes, stored } = await concurrentInvoices(50, 2001, flaky.wrap);
    expect(flaky.aborted()).toBeGreaterThanOrEqual(10);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(stored.map((d) => d.data?.invoiceNumber as number).sort((a, b) => a - b)).toEqual(
      range(2001, 50),
    );
    expect((await get(INVOICE_COUNTER_PATH))?.next).toBe(2051);
  }, 120_000);

  it('numbering: calls whose transaction throws consume nothing; the issued numbers stay contiguous', async () => {
    const { outcomes, stored } = await concurrentInvoices(50, 3001, failingReads(7));
    const fulfilled = outcomes.filter((o) => o.status === 'fulfilled');
    const rejected = outcomes.filter((o) => o.status === 'rejected');
    expect(rejected.length).toBeGreaterThan(0);
    for (const r of rejected) expect(r.reason).toMatchObject({ code: 'unavailable' });
    const numbers = stored.map((d) => d.data?.invoiceNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(range(3001, fulfilled.length));
    expect((await get(INVOICE_COUNTER_PATH))?.next).toBe(3001 + fulfilled.length);
  }, 120_000);

  // ---------------------------------------------------------------- cancelEconomicInvoice

  it('cancelEconomicInvoice: open → cancelled with a credit note of the next number and negative amounts', async () => {
    const teamId = await seedTeam('ca1', 'cm1', billing('FR'));
    const admin = ctxOf(port, instructor('ca1'));
    const issued = await invoice(admin, { teamId, planId: 'beergame-class' });
    const counter = (await get(INVOICE_COUNTER_PATH))?.next as number;
    const later = ctxOf(port, instructor('ca1'), NOW + 60_000);
    const result = await cancel(later, { invoiceId: issued.invoiceId });
    expect(result).toEqual({
      invoiceId: issued.invoiceId,
      status: 'cancelled',
      creditNoteId: result.creditNoteId,
      creditNoteNumber: counter,
    });
    expect(await get(`economicInvoices/${issued.invoiceId}`)).toMatchObject({
      status: 'cancelled',
      cancelled_at: NOW + 60_000,
      cancelledBy: 'ca1',
      creditNoteId: result.creditNoteId,
      creditNoteNumber: counter,
      invoiceNumber: issued.invoiceNumber,
      gross: issued.gross,
    });
    const credit = await get(`economicInvoices/${result.creditNoteId}`);
    expect(credit).toMatchObject({
      teamId,
      kind: 'credit-note',
      invoiceNumber: counter,
      creditFor: issued.invoiceId,
      creditForNumber: issued.invoiceNumber,
      currency: 'EUR',
      net: -issued.net,
      vat: -issued.vat,
      gross: -issued.gross,
      vatRatePercent: 20,
      treatment: 'eu-standard',
      sync: { state: 'pending' },
      created_at: NOW + 60_000,
    });
    expect(credit?.lines).toEqual([expect.objectContaining({ quantity: 1, unitNet: -issued.net })]);
    expect(invoiceDocumentOf(credit)).toMatchObject({
      kind: 'credit-note',
      creditForNumber: issued.invoiceNumber,
    });
    expect((await get(INVOICE_COUNTER_PATH))?.next).toBe(counter + 1);
    expect(queued).toContain(result.creditNoteId);
  });

  it('cancelEconomicInvoice: a repeat answers the same credit note and issues nothing', async () => {
    const teamId = await seedTeam('ca2', 'cm2', billing('FR'));
    const admin = ctxOf(port, instructor('ca2'));
    const issued = await invoice(admin, { teamId, planId: 'beergame-class' });
    const [a, b] = await Promise.all([
      cancel(admin, { invoiceId: issued.invoiceId }),
      cancel(admin, { invoiceId: issued.invoiceId }),
    ]);
    expect(b).toEqual(a);
    // One credit note, booked once.
    expect(queued.filter((id) => id === a.creditNoteId)).toHaveLength(1);
    const next = (await get(INVOICE_COUNTER_PATH))?.next;
    expect(await cancel(admin, { invoiceId: issued.invoiceId })).toEqual(a);
    expect((await get(INVOICE_COUNTER_PATH))?.next).toBe(next);
    const docs = await port.docs.query({
      collection: 'economicInvoices',
      where: [{ field: 'teamId', op: '==', value: teamId }],
    });
    expect(docs).toHaveLength(2);
  });

  it('cancelEconomicInvoice: paid → invoicePaid; a credit note → not cancellable; unknown → invoiceUnknown', async () => {
    const teamId = await seedTeam('ca3', 'cm3', billing('FR'));
    const admin = ctxOf(port, instructor('ca3'));
    const issued = await invoice(admin, { teamId, planId: 'beergame-class' });
    await port.docs.update(`economicInvoices/${issued.invoiceId}`, {
      status: 'paid',
      paid_at: NOW,
    });
    const next = (await get(INVOICE_COUNTER_PATH))?.next;
    await expectRefused(
      cancel(admin, { invoiceId: issued.invoiceId }),
      'failed-precondition',
      'invoicePaid',
    );
    expect(await get(`economicInvoices/${issued.invoiceId}`)).toMatchObject({ status: 'paid' });

    const other = await invoice(admin, { teamId, planId: 'beergame-class' });
    const { creditNoteId } = await cancel(admin, { invoiceId: other.invoiceId });
    await expectRefused(
      cancel(admin, { invoiceId: creditNoteId }),
      'failed-precondition',
      'invoiceNotCancellable',
    );
    await expectRefused(
      cancel(admin, { invoiceId: 'no-such-invoice' }),
      'not-found',
      'invoiceUnknown',
    );
    expect((await get(INVOICE_COUNTER_PATH))?.next).toBe((next as number) + 2);
  });

  it("cancelEconomicInvoice: another team's admin and a member are refused; the invoice stays open", async () => {
    const teamId = await seedTeam('ca4', 'cm4', billing('FR'));
    await seedTeam('ca5', 'cm5', billing('FR'));
    const issued = await invoice(ctxOf(port, instructor('ca4')), {
      teamId,
      planId: 'beergame-class',
    });
    await expectRefused(
      cancel(ctxOf(port, instructor('ca5')), { invoiceId: issued.invoiceId }),
      'permission-denied',
      'teamAdminOnly',
    );
    await expectRefused(
      cancel(ctxOf(port, instructor('cm4')), { invoiceId: issued.invoiceId }),
      'permission-denied',
      'teamAdminOnly',
    );
    await expectRefused(
      cancel(ctxOf(port, player('p1')), { invoiceId: issued.invoiceId }),
      'permission-denied',
      'errorPermissionDenied',
    );
    expect(await get(`economicInvoices/${issued.invoiceId}`)).toMatchObject({ status: 'open' });
    expect((await get(`economicInvoices/${issued.invoiceId}`))?.creditNoteId).toBeUndefined();
  });

  it('cancelEconomicInvoice: the checkout still open for the invoice is expired; a provider that fails does not stop the cancel', async () => {
    const teamId = await seedTeam('ca6', 'cm6', billing('FR'));
    const admin = ctxOf(port, instructor('ca6'));
    const issued = await invoice(admin, { teamId, planId: 'beergame-class' });
    const session = await openCheckout(admin, { invoiceId: issued.invoiceId });
    expect((await get(fakeSessionPath(session.id)))?.status).toBe('open');
    await cancel(admin, { invoiceId: issued.invoiceId });
    expect((await get(fakeSessionPath(session.id)))?.status).toBe('expired');

    const other = await invoice(admin, { teamId, planId: 'beergame-class' });
    const kept = await openCheckout(admin, { invoiceId: other.invoiceId });
    const providerDown = cancelInvoice.createHandler({
      syncQueue,
      payments: { expire: () => Promise.reject(new Error('provider unreachable')) },
    });
    await expect(providerDown(admin, { invoiceId: other.invoiceId })).resolves.toMatchObject({
      status: 'cancelled',
    });
    expect(await get(`economicInvoices/${other.invoiceId}`)).toMatchObject({ status: 'cancelled' });
    expect((await get(fakeSessionPath(kept.id)))?.status).toBe('open');
  });

  // ---------------------------------------------------------------- bad input to the invoice callables

  /** A team with an admin and a member, and an open invoice of it booked in the ledger. */
  async function bookedInvoice() {
    const admin = `ba-${tag()}`;
    const member = `bm-${tag()}`;
    const teamId = await seedTeam(admin, member, billing('FR'));
    const issued = await invoice(ctxOf(port, instructor(admin)), {
      teamId,
      planId: 'beergame-class',
    });
    expect(
      await handleEconomicSync({ port, ledger, now: () => NOW }, { invoiceId: issued.invoiceId }),
    ).toBe('booked');
    return { admin, member, teamId, invoiceId: issued.invoiceId, number: issued.invoiceNumber };
  }

  /** Everything the three callables could write for the team's invoice. */
  async function invoiceState(teamId: string, invoiceId: string) {
    const byTeam = async (collection: string) =>
      (await port.docs.query({ collection, where: [{ field: 'teamId', op: '==', value: teamId }] }))
        .map((d) => ({ id: d.id, data: d.data }))
        .sort((a, b) => a.id.localeCompare(b.id));
    const stored = await get(`economicInvoices/${invoiceId}`);
    return {
      invoice: stored,
      teamInvoices: await byTeam('economicInvoices'),
      team: await get(`teams/${teamId}`),
      counter: await get(INVOICE_COUNTER_PATH),
      checkouts: await byTeam(FAKE_SESSIONS),
      booked: await get(fakeBookedPath(stored?.invoiceNumber as number)),
      queued: [...queued],
    };
  }

  it('invoice callables: extra fields, a missing or non-string invoiceId and reserved ids are refused before anything runs; nothing written', async () => {
    const { admin, teamId, invoiceId, number } = await bookedInvoice();
    const before = await invoiceState(teamId, invoiceId);
    expect(before.invoice).toMatchObject({ status: 'open', sync: { state: 'done' } });
    expect(before.booked).toBeDefined();
    expect(before.checkouts).toEqual([]);
    let portsOpened = 0;
    const env: InvocationEnv = {
      port: () => {
        portsOpened += 1;
        return port;
      },
      now: () => NOW,
    };
    const payloads: unknown[] = [
      undefined,
      null,
      invoiceId,
      [invoiceId],
      {},
      { invoiceID: invoiceId },
      { invoiceId: 42 },
      { invoiceId: null },
      { invoiceId: true },
      { invoiceId: [invoiceId] },
      { invoiceId: { id: invoiceId } },
      { invoiceId: '' },
      { invoiceId: 'x'.repeat(129) },
      { invoiceId: `${invoiceId} ` },
      { invoiceId: `economicInvoices/${invoiceId}` },
      { invoiceId: '__proto__' },
      { invoiceId: '__name__' },
      { invoiceId, teamId },
      { invoiceId, amount: 1 },
      { invoiceId, status: 'paid' },
      { invoiceId, gross: 0, currency: 'USD' },
      { invoiceId, constructor: { name: 'Object' } },
      JSON.parse(`{"invoiceId":"${invoiceId}","__proto__":{"status":"paid"}}`) as unknown,
      JSON.parse(`{"__proto__":{"invoiceId":"${invoiceId}"}}`) as unknown,
    ];
    for (const callable of invoiceCallables) {
      for (const data of payloads) {
        const err = await refusal(callable.invoke({ auth: instructor(admin), data }, env));
        expect(err, `${callable.name} ${JSON.stringify(data)}`).toBeInstanceOf(HttpsError);
        expect(err, `${callable.name} ${JSON.stringify(data)}`).toMatchObject({
          code: 'invalid-argument',
          details: { messageKey: 'errorInvalidPayload' },
        });
      }
    }
    // Refused before the handler: no backend was even opened.
    expect(portsOpened).toBe(0);
    expect(await invoiceState(teamId, invoiceId)).toEqual(before);
    // The same caller with the bare id is served.
    const pdfCall = invoiceCallables.find((c) => c.name === invoicePdf.name)!;
    await expect(
      pdfCall.invoke({ auth: instructor(admin), data: { invoiceId } }, env),
    ).resolves.toMatchObject({ fileName: `${number}.pdf`, contentType: 'application/pdf' });
  });

  it('invoice callables: names of Object properties as invoice ids are unknown invoices; nothing written', async () => {
    const { admin, teamId, invoiceId } = await bookedInvoice();
    const before = await invoiceState(teamId, invoiceId);
    const env = { port: () => port, now: () => NOW };
    const names = [
      'constructor',
      'prototype',
      'toString',
      'toLocaleString',
      'hasOwnProperty',
      'isPrototypeOf',
      'propertyIsEnumerable',
      'valueOf',
    ];
    for (const callable of invoiceCallables) {
      for (const name of names) {
        await expectHttpsRefused(
          callable.invoke({ auth: instructor(admin), data: { invoiceId: name } }, env),
          'not-found',
          'invoiceUnknown',
        );
      }
    }
    for (const name of names) expect(await get(`economicInvoices/${name}`)).toBeUndefined();
    expect(await invoiceState(teamId, invoiceId)).toEqual(before);
  });

  it("invoice callables: another team's admin and member, and an instructor of no team, are refused; nothing written", async () => {
    const { admin, teamId, invoiceId, number } = await bookedInvoice();
    const otherAdmin = `xa-${tag()}`;
    const otherMember = `xm-${tag()}`;
    const otherTeam = await seedTeam(otherAdmin, otherMember, billing('FR'));
    await port.docs.set(`userTeams/${otherAdmin}`, { teamId: otherTeam, joined_at: NOW });
    const before = await invoiceState(teamId, invoiceId);
    const otherBefore = await invoiceState(otherTeam, invoiceId);
    const expected: Readonly<Record<string, readonly [string, string]>> = {
      [cancelInvoice.name]: ['permission-denied', 'teamAdminOnly'],
      [invoicePdf.name]: ['permission-denied', 'errorPermissionDenied'],
      [checkoutSession.name]: ['permission-denied', 'errorPermissionDenied'],
    };
    for (const callable of invoiceCallables) {
      const [code, messageKey] = expected[callable.name]!;
      for (const uid of [otherAdmin, otherMember, `nobody-${tag()}`]) {
        await expectRefused(
          callable.handle(ctxOf(port, instructor(uid)), { invoiceId }),
          code,
          messageKey,
        );
      }
      // A team's id is no invoice of it.
      await expectRefused(
        callable.handle(ctxOf(port, instructor(otherAdmin)), { invoiceId: otherTeam }),
        'not-found',
        'invoiceUnknown',
      );
    }
    expect(await invoiceState(teamId, invoiceId)).toEqual(before);
    expect(await invoiceState(otherTeam, invoiceId)).toEqual(otherBefore);
    expect(otherBefore.teamInvoices).toEqual([]);
    expect(otherBefore.checkouts).toEqual([]);
    // Its own admin is served: the refusals were about the caller.
    await expect(getPdf(ctxOf(port, instructor(admin)), { invoiceId })).resolves.toMatchObject({
      fileName: `${number}.pdf`,
    });
  });

  it('invoice callables: a signed-out caller, an auth without a uid and an anonymous player are refused; nothing written', async () => {
    const { member, teamId, invoiceId } = await bookedInvoice();
    const before = await invoiceState(teamId, invoiceId);
    const env = { port: () => port, now: () => NOW };
    for (const callable of invoiceCallables) {
      await expectRefused(
        callable.handle(ctxOf(port, null), { invoiceId }),
        'unauthenticated',
        'errorUnauthenticated',
      );
      await expectHttpsRefused(
        callable.invoke({ data: { invoiceId } }, env),
        'unauthenticated',
        'errorUnauthenticated',
      );
      await expectHttpsRefused(
        callable.invoke({ auth: { uid: '', token: {} }, data: { invoiceId } }, env),
        'unauthenticated',
        'errorUnauthenticated',
      );
      // Signed in anonymously under a member's uid: still not an instructor.
      await expectHttpsRefused(
        callable.invoke({ auth: player(member), data: { invoiceId } }, env),
        'permission-denied',
        'errorPermissionDenied',
      );
    }
    expect(await invoiceState(teamId, invoiceId)).toEqual(before);
  });
});
