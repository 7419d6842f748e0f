/**
 * The deployed functions. Every callable goes through `defineCallable` (validation, auth, data
 * port, error mapping); its pure handler lives in `callables/` and is tested on its own.
 */
import { setGlobalOptions } from 'firebase-functions/v2';
import * as logger from 'firebase-functions/logger';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { defineCallable } from './callable';
import { cloudTaskTimer } from './beer/cloud-task-timer';
import * as autoPlaySecGenCall from './callables/auto-play-sec-gen';
import * as confirmAllocationsCall from './callables/confirm-allocations';
import * as createNewTurnTaskCall from './callables/create-new-turn-task';
import * as placeOrderCall from './callables/place-order';
import * as joinAsCall from './callables/join-as';
import * as quitGameCall from './callables/quit-game';
import * as resetBeerGameCall from './callables/reset-beer-game';
import * as resetStartingOrdersCall from './callables/reset-starting-orders';
import { getDataPort } from './data/port';
import { handleWeekTimer } from './tasks/beer-week-timer';
import * as generateSessionCodeCall from './callables/generate-session-code';
import * as verifyEmailCall from './callables/verify-email';
import * as createDemoGameCall from './callables/create-demo-game';
import * as previousPlayerLoginCall from './callables/previous-player-login';
import * as addTeamMemberCall from './callables/add-team-member';
import * as joinTeamMemberCall from './callables/join-team-member';
import * as removeTeamMemberCall from './callables/remove-team-member';
import * as startTrialCall from './callables/start-trial';
import * as setTeamMemberRoleCall from './callables/set-team-member-role';
import { readAppUrl } from './app-url';
import { MAIL_SECRETS, lazyMailer } from './mail/providers';
import { cloudLeanTicker } from './lean/cloud-lean-ticker';
import * as leanActionCall from './callables/lean-action';
import * as leanImprovementsCall from './callables/lean-improvements';
import * as leanScheduleCall from './callables/lean-schedule-computer-actions';
import * as resetLeanGameCall from './callables/reset-lean-game';
import { handleLeanTick } from './tasks/lean-tick';
import { defineSecret } from 'firebase-functions/params';
import * as getEconomicInvoicePdfCall from './callables/get-economic-invoice-pdf';
import * as createSessionCall from './callables/create-session-from-economic-invoice';
import {
  LEDGER_SECRETS,
  PAYMENT_SECRETS,
  lazyLedger,
  lazyPayments,
  readFunctionsBaseUrl,
} from './billing/boundary-config';
import { cloudEconomicSyncQueue } from './billing/economic-sync-queue';
import { FAKE_WEBHOOK_SECRET } from './billing/fake-payments';
import { appOrigins, defineHttpFunction } from './http/http-function';
import * as stripeWebhookHttp from './http/stripe-webhook';
import * as fakeCheckoutHttp from './http/fake-checkout';
import * as exportExcelHttp from './http/export-excel';
import { handleEconomicSync } from './tasks/economic-sync';
import * as updateCustomerCall from './callables/update-customer';
import * as createInvoiceCall from './callables/create-invoice';
import * as cancelEconomicInvoiceCall from './callables/cancel-economic-invoice';
import { lazyVatChecker } from './billing/providers';
import { readBillingSettings } from './billing/settings';
import * as authCannyCall from './callables/auth-canny';
import * as voteSuggestionCall from './callables/vote-suggestion';
import { CANNY_SECRETS, lazyCannySettings } from './feedback-board/canny';

setGlobalOptions({ maxInstances: 10 });

export const generateSessionCode = defineCallable(
  generateSessionCodeCall.name,
  generateSessionCodeCall.schema,
  generateSessionCodeCall.handle,
);

export const verifyEmail = defineCallable(
  verifyEmailCall.name,
  verifyEmailCall.schema,
  verifyEmailCall.handle,
);

export const createDemoGame = defineCallable(
  createDemoGameCall.name,
  createDemoGameCall.schema,
  createDemoGameCall.handle,
);

export const previousPlayerLogin = defineCallable(
  previousPlayerLoginCall.name,
  previousPlayerLoginCall.schema,
  previousPlayerLoginCall.handle,
);

// ---- teams (business.md §3.2, §3.9) ----

/**
 * The SMTP secrets are bound where mail is sent. Not in the emulator, where the outbox adapter
 * needs none and an unset secret would stop the callable from loading.
 */
const mailSecrets = process.env.FUNCTIONS_EMULATOR === 'true' ? [] : [...MAIL_SECRETS];

export const addTeamMember = defineCallable(
  addTeamMemberCall.name,
  addTeamMemberCall.schema,
  addTeamMemberCall.createHandler({
    mailer: lazyMailer(
      () => process.env,
      getDataPort,
      () => Date.now(),
    ),
    appUrl: () => readAppUrl(process.env),
  }),
  { callable: { secrets: mailSecrets } },
);

export const joinTeamMember = defineCallable(
  joinTeamMemberCall.name,
  joinTeamMemberCall.schema,
  joinTeamMemberCall.handle,
);

export const removeTeamMember = defineCallable(
  removeTeamMemberCall.name,
  removeTeamMemberCall.schema,
  removeTeamMemberCall.handle,
);

export const setTeamMemberRole = defineCallable(
  setTeamMemberRoleCall.name,
  setTeamMemberRoleCall.schema,
  setTeamMemberRoleCall.handle,
);

// ---- plans (business.md §3.7, §3.8) ----

export const startTrial = defineCallable(
  startTrialCall.name,
  startTrialCall.schema,
  startTrialCall.handle,
);

// ---- beer game (docs/games/beer-documents.md) ----

export const joinAs = defineCallable(
  joinAsCall.name,
  joinAsCall.schema,
  joinAsCall.createHandler({ timer: cloudTaskTimer }),
);

export const quitGame = defineCallable(
  quitGameCall.name,
  quitGameCall.schema,
  quitGameCall.createHandler({ timer: cloudTaskTimer }),
);

export const createNewTurnTask = defineCallable(
  createNewTurnTaskCall.name,
  createNewTurnTaskCall.schema,
  createNewTurnTaskCall.createTurnHandler({ timer: cloudTaskTimer, ticker: cloudLeanTicker }),
);

/** A player's order: recorded, and the week turned when it was the last one, in one call. */
export const placeOrder = defineCallable(
  placeOrderCall.name,
  placeOrderCall.schema,
  placeOrderCall.createHandler({ timer: cloudTaskTimer }),
);

export const autoPlaySecGen = defineCallable(
  autoPlaySecGenCall.name,
  autoPlaySecGenCall.schema,
  autoPlaySecGenCall.createHandler({ timer: cloudTaskTimer }),
);

export const resetBeerGame = defineCallable(
  resetBeerGameCall.name,
  resetBeerGameCall.schema,
  resetBeerGameCall.handle,
);

export const resetStartingOrders = defineCallable(
  resetStartingOrdersCall.name,
  resetStartingOrdersCall.schema,
  resetStartingOrdersCall.handle,
);

export const confirmAllocations = defineCallable(
  confirmAllocationsCall.name,
  confirmAllocationsCall.schema,
  confirmAllocationsCall.handle,
);

/**
 * Retries of the week timer. Cloud Tasks stops once a task has had `maxAttempts` attempts and
 * `maxRetrySeconds` have passed since the first; with no time limit set it may go on retrying, so
 * both are set. A failing timer (the store unreachable, a payload that can never pass) is given up
 * after about a minute; the players' screens also ask for the week when their countdown ends.
 */
export const WEEK_TIMER_RETRY = { maxAttempts: 3, minBackoffSeconds: 1, maxRetrySeconds: 60 };

/** The week timer of beer games: fires at a week's deadline (queue `beerWeekTimer`). */
export const beerWeekTimer = onTaskDispatched(
  { retryConfig: WEEK_TIMER_RETRY },
  async (request) => {
    const result = await handleWeekTimer(getDataPort(), request.data, Date.now(), cloudTaskTimer);
    logger.info('beerWeekTimer', { data: request.data, advanced: result?.advanced ?? false });
  },
);

// ---- lean game (docs/games/lean-documents.md) ----

export const leanAction = defineCallable(
  leanActionCall.name,
  leanActionCall.schema,
  leanActionCall.handle,
);

export const leanImprovements = defineCallable(
  leanImprovementsCall.name,
  leanImprovementsCall.schema,
  leanImprovementsCall.handle,
);

export const leanScheduleComputerActions = defineCallable(
  leanScheduleCall.name,
  leanScheduleCall.schema,
  leanScheduleCall.createHandler({ ticker: cloudLeanTicker }),
);

export const resetLeanGame = defineCallable(
  resetLeanGameCall.name,
  resetLeanGameCall.schema,
  resetLeanGameCall.handle,
);

/**
 * Retries of a lean tick: a few, within a few seconds. The chain's next tick is scheduled by the
 * one before, and the end task ends the run on its own, so a tick given up loses nothing but a
 * second of the floor's refresh.
 */
export const LEAN_TICK_RETRY = { maxAttempts: 3, minBackoffSeconds: 1, maxRetrySeconds: 10 };

/** The ticks of lean runs (queue `leanTick`): computer stations and the end, browsers closed. */
export const leanTick = onTaskDispatched({ retryConfig: LEAN_TICK_RETRY }, async (request) => {
  const outcome = await handleLeanTick(
    {
      port: getDataPort(),
      clock: () => Date.now(),
      ticker: cloudLeanTicker,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
    request.data,
  );
  logger.debug('leanTick', { data: request.data, outcome });
});

// ---- billing: ledger, payments (business.md §3.4, §3.5; docs/billing-payments.md) ----

/**
 * The e-conomic and Stripe secrets, bound where they are read. Not in the emulator, where the
 * fakes need none and an unset secret would stop the function from loading.
 */
const inEmulator = process.env.FUNCTIONS_EMULATOR === 'true';
const ledgerSecrets = inEmulator ? [] : LEDGER_SECRETS.map((secret) => defineSecret(secret));
const paymentSecrets = inEmulator ? [] : PAYMENT_SECRETS.map((secret) => defineSecret(secret));

const billingLedger = lazyLedger(
  () => process.env,
  getDataPort,
  () => Date.now(),
);
const billingPayments = lazyPayments(() => process.env, getDataPort);

export const getEconomicInvoicePdf = defineCallable(
  getEconomicInvoicePdfCall.name,
  getEconomicInvoicePdfCall.schema,
  getEconomicInvoicePdfCall.createHandler({
    ledger: billingLedger,
    syncQueue: cloudEconomicSyncQueue,
  }),
  { callable: { secrets: ledgerSecrets } },
);

export const createSessionFromEconomicInvoice = defineCallable(
  createSessionCall.name,
  createSessionCall.schema,
  createSessionCall.createHandler({
    payments: billingPayments,
    appUrl: () => readAppUrl(process.env),
  }),
  { callable: { secrets: paymentSecrets } },
);

// ---- billing: customer data, invoices, credit notes (business.md §3.4, §3.6; docs/billing.md) ----

const billingSettings = () => readBillingSettings(process.env);

export const updateCustomer = defineCallable(
  updateCustomerCall.name,
  updateCustomerCall.schema,
  updateCustomerCall.createHandler({
    vat: lazyVatChecker(() => process.env),
    settings: billingSettings,
  }),
);

export const createInvoice = defineCallable(
  createInvoiceCall.name,
  createInvoiceCall.schema,
  createInvoiceCall.createHandler({
    settings: billingSettings,
    syncQueue: cloudEconomicSyncQueue,
  }),
);

export const cancelEconomicInvoice = defineCallable(
  cancelEconomicInvoiceCall.name,
  cancelEconomicInvoiceCall.schema,
  cancelEconomicInvoiceCall.createHandler({
    syncQueue: cloudEconomicSyncQueue,
    payments: billingPayments,
  }),
);

/** Stripe (or the local fake checkout) reports paid checkouts here; see http/stripe-webhook.ts. */
export const stripeWebhook = defineHttpFunction(
  stripeWebhookHttp.name,
  stripeWebhookHttp.createStripeWebhookHandler({
    payments: billingPayments,
    port: getDataPort,
    now: () => Date.now(),
  }),
  { methods: ['POST'], https: { secrets: paymentSecrets } },
);

/** The local stack's checkout page; answers 404 outside the emulator (http/fake-checkout.ts). */
export const fakeCheckout = fakeCheckoutHttp.defineFakeCheckout(
  fakeCheckoutHttp.createFakeCheckoutHandler({
    port: getDataPort,
    now: () => Date.now(),
    env: () => process.env,
    webhookSecret: FAKE_WEBHOOK_SECRET,
    deliver: async (payload, signature) => {
      const res = await fetch(`${readFunctionsBaseUrl(process.env)}/${stripeWebhookHttp.name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      });
      return { status: res.status };
    },
  }),
);

/**
 * Retries of a booking: e-conomic may be down for a while, so a few attempts over about an hour,
 * backing off; an invoice still not booked is queued again when its PDF is asked for.
 */
export const ECONOMIC_SYNC_RETRY = {
  maxAttempts: 8,
  minBackoffSeconds: 30,
  maxBackoffSeconds: 900,
  maxRetrySeconds: 3600,
};

/** Books issued invoices and credit notes in the ledger (queue `economicSync`). */
export const economicSync = onTaskDispatched(
  { retryConfig: ECONOMIC_SYNC_RETRY, secrets: ledgerSecrets },
  async (request) => {
    const outcome = await handleEconomicSync(
      { port: getDataPort(), ledger: billingLedger, now: () => Date.now() },
      request.data,
    );
    logger.info('economicSync', { data: request.data, outcome });
  },
);

// ---- results export (business.md §3.12) ----

/** The results workbook of a game or a session (http/export-excel.ts); called by the SPA. */
export const exportExcel = defineHttpFunction(
  exportExcelHttp.name,
  exportExcelHttp.createHandler({
    verifyIdToken: exportExcelHttp.firebaseIdTokenVerifier,
    port: getDataPort,
    now: () => Date.now(),
  }),
  {
    methods: ['POST'],
    cors: {
      origins: () => appOrigins(process.env),
      allowHeaders: exportExcelHttp.ALLOW_HEADERS,
      exposeHeaders: ['Content-Disposition'],
    },
    // A session's workbook replays every game's debrief.
    https: { memory: '512MiB', timeoutSeconds: 120 },
  },
);

// ---- Suggest-a-feature board (spec §2, §7; functions/src/feedback-board/canny.ts) ----

const cannySecrets = inEmulator ? [] : CANNY_SECRETS.map((secret) => defineSecret(secret));

export const authCanny = defineCallable(
  authCannyCall.name,
  authCannyCall.schema,
  authCannyCall.createHandler({ settings: lazyCannySettings(() => process.env) }),
  { callable: { secrets: cannySecrets } },
);

export const voteSuggestion = defineCallable(
  voteSuggestionCall.name,
  voteSuggestionCall.schema,
  voteSuggestionCall.handle,
);
