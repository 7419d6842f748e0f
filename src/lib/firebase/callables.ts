/**
 * Typed wrappers of the server's callable functions (spec §7). Every call goes to the page's own
 * origin, `/api/<name>` (`callableUrl`): Firebase Hosting rewrites that path to the function in
 * production and Vite's server proxies it to the Functions emulator locally, so the browser
 * never sends a CORS preflight before a call (decision 0026).
 */
import type {
  Functions,
  httpsCallableFromURL as httpsCallableFromURLType,
} from 'firebase/functions';
import type { Currency } from '@sim/core/billing/money';
import type { Treatment, VatStatus } from '@sim/core/billing/tax';
import type { LeanImprovementChange, RaisedCap } from '@sim/core/lean/improvements';
import type { OpType } from '@sim/core/lean/model';
import type { LeanPlayerView } from '@sim/core/lean/view';
import { loadAuth } from '@/lib/firebase/auth-loader';
import { offerToTests } from '@/lib/perf/test-probes';

/** The same-origin address of a callable: `/api/<name>` on the page's own origin. */
export function callableUrl(origin: string, name: string): string {
  return new URL(`/api/${encodeURIComponent(name)}`, origin).href;
}

interface FunctionsSdk {
  readonly functions: Functions;
  readonly httpsCallableFromURL: typeof httpsCallableFromURLType;
}

let functionsSdk: FunctionsSdk | undefined;

/**
 * The Functions SDK with Auth before it: a call carries the signed-in user's token, and a page
 * drawn from its first reads (decision 0029) may not have loaded Auth yet.
 */
async function loadFunctionsSdk(): Promise<FunctionsSdk> {
  await loadAuth();
  const [functions, { httpsCallableFromURL }] = await Promise.all([
    import('@/lib/firebase/app').then((app) => app.getFirebaseFunctions()),
    import('firebase/functions'),
  ]);
  functionsSdk = { functions, httpsCallableFromURL };
  return functionsSdk;
}

/** Calls the named callable and resolves with its `data`; rejects with the SDK's `FunctionsError`. */
export async function callFunction<Req, Res>(name: string, payload: Req): Promise<Res> {
  // Once loaded, nothing is awaited before the SDK sends the request: a player's order leaves
  // in the task of the click, before the page renders what the click changed (decision 0026).
  const { functions, httpsCallableFromURL } = functionsSdk ?? (await loadFunctionsSdk());
  const url = callableUrl(window.location.origin, name);
  const result = await httpsCallableFromURL<Req, Res>(functions, url)(payload);
  return result.data;
}

export type VerifyEmailReason = 'signup' | 'demo';

export interface VerifyEmailRequest {
  readonly email: string;
  readonly reason: VerifyEmailReason;
}

/**
 * The accepted address, trimmed and lowercased. A refusal rejects with a `FunctionsError` whose
 * message (and `details.messageKey`) is a locale key: authInvalidEmail or authDisposableEmail
 * (invalid-argument), authEmailAlreadyInUse (already-exists).
 */
export interface VerifyEmailResponse {
  readonly ok: true;
  readonly email: string;
}

/** Checks an email address before an account or a demo is created; rejects when it is refused. */
export function verifyEmail(request: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return callFunction<VerifyEmailRequest, VerifyEmailResponse>('verifyEmail', request);
}

export interface CreateDemoGameRequest {
  /** The address verifyEmail accepted for the demo. */
  readonly email: string;
  /** The role the visitor plays (the retailer unless given). */
  readonly roleId?: string;
  /** The game's name in the visitor's language. */
  readonly name?: string;
  readonly playerName?: string;
  /** The visitor agrees to be named on the public leaderboard. */
  readonly showName?: boolean;
}

/**
 * The demo game, already joined: open `/game/{id}/play`. Refusals: the verifyEmail keys,
 * errorAlreadyLoggedIn, roleUnknown, demoEmailPerDay, demoCallerPerDay, demoDailyLimit.
 */
export interface CreateDemoGameResponse {
  readonly id: string;
  readonly name: string;
  readonly type: 'beergame';
  readonly facilities: readonly { readonly id: string; readonly name: string }[];
  readonly fromTemplate: string;
  readonly roleId: string;
}

/** Creates a visitor's demo game (signed in anonymously) with the computer on the other roles. */
export function createDemoGame(request: CreateDemoGameRequest): Promise<CreateDemoGameResponse> {
  return callFunction<CreateDemoGameRequest, CreateDemoGameResponse>('createDemoGame', request);
}

export interface PreviousPlayerLoginRequest {
  readonly uid: string;
  /** The restore key this browser kept (its SHA-256 is in `users/{uid}.restoreKeyHash`). */
  readonly key: string;
}

/**
 * A custom sign-in token for a previous anonymous player of this browser. Refusals:
 * previousPlayerUnknown (not-found), previousPlayerNotAnonymous (permission-denied).
 */
export interface PreviousPlayerLoginResponse {
  readonly token: string;
}

export function previousPlayerLogin(
  request: PreviousPlayerLoginRequest,
): Promise<PreviousPlayerLoginResponse> {
  return callFunction<PreviousPlayerLoginRequest, PreviousPlayerLoginResponse>(
    'previousPlayerLogin',
    request,
  );
}

export interface GenerateSessionCodeRequest {
  readonly sid: string;
}

/** The session's join code (6 characters, no 0/O/1/I); the same code on every later call. */
export interface GenerateSessionCodeResponse {
  readonly code: string;
}

export function generateSessionCode(
  request: GenerateSessionCodeRequest,
): Promise<GenerateSessionCodeResponse> {
  return callFunction<GenerateSessionCodeRequest, GenerateSessionCodeResponse>(
    'generateSessionCode',
    request,
  );
}

// ---- beer game (docs/games/beer-documents.md) ----
// Errors reject with a FunctionsError whose message is a key of locales/*/errors.json:
// errorJoinNoUser, errorUnauthenticated, messGameUnknown, messGameNotPublished, roleUnknown,
// roleTaken, gameNotAdmin, gameNotPlayer, gameConfigInvalid, allocationsInvalid,
// errorInvalidPayload.

export type BeerCallType = 'beergame';

export interface JoinAsRequest {
  readonly gid: string;
  /** A facility id, or 'observer'. */
  readonly roleId: string;
  readonly roleName?: string;
  readonly playerName?: string;
  readonly isDemo?: boolean;
  /** The player's answer to "show my name on the leaderboard", kept on its profile. */
  readonly showName?: boolean;
}

/** The role taken; `playerName` null = anonymous (spec §6: firstname, else playerName). */
export interface JoinAsResponse {
  readonly gid: string;
  readonly roleId: string;
  readonly playerName: string | null;
}

export function joinAs(request: JoinAsRequest): Promise<JoinAsResponse> {
  return callFunction<JoinAsRequest, JoinAsResponse>('joinAs', request);
}

export interface QuitGameRequest {
  readonly gid: string;
  /** An admin names another player's role to remove that player; otherwise omit. */
  readonly roleId?: string;
}

export interface QuitGameResponse {
  readonly gid: string;
  /** The facility left, 'observer', or null when the caller held nothing. */
  readonly left: string | null;
}

export function quitGame(request: QuitGameRequest): Promise<QuitGameResponse> {
  return callFunction<QuitGameRequest, QuitGameResponse>('quitGame', request);
}

export interface CreateNewTurnTaskRequest {
  readonly gid: string;
  readonly type?: BeerCallType;
  /**
   * A number (admins): seconds per week, starts the week timer now (0 stops it). `true`: this
   * week's countdown ran out (players: advances only once the stored deadline has passed;
   * admins: forces the week).
   */
  readonly timer?: number | boolean;
  /** Advance the week now, computer orders for who has not validated (admins). */
  readonly force?: boolean;
  /** The week the caller saw; a call about a week that already turned changes nothing. */
  readonly week?: number;
}

export interface CreateNewTurnTaskResponse {
  readonly advanced: boolean;
  readonly week: number;
  readonly finished: boolean;
  /** Human-held facilities that have not validated yet. */
  readonly waitingFor: readonly string[];
  /** Roles awaiting a player while the game waits for its players (BEER-SEAT-3). */
  readonly awaiting: readonly string[];
  readonly paused: boolean;
  /** Epoch ms of the week's timer when one runs. */
  readonly deadline: number | null;
}

export function createNewTurnTask(
  request: CreateNewTurnTaskRequest,
): Promise<CreateNewTurnTaskResponse> {
  return callFunction<CreateNewTurnTaskRequest, CreateNewTurnTaskResponse>(
    'createNewTurnTask',
    request,
  );
}

export interface PlaceOrderRequest {
  readonly gid: string;
  /** The player's own facility. */
  readonly facility: string;
  /** The week the order is for (the facility's week on screen). */
  readonly week: number;
  /** A quantity (0…999) for every capability of the facility. */
  readonly quantities: Readonly<Record<string, number>>;
}

/**
 * A player's order in one request: recorded, and the week turned when it was the last one the
 * week waited for (the answer says which). Refusals (nothing recorded): orderWeekTurned (the week
 * turned before the order arrived), orderWeekNotOpen, orderAlreadyPlaced, orderGamePaused,
 * orderGameFinished, orderComputerPlays, orderQuantitiesInvalid, gameNotPlayer. The same order
 * sent again is taken once.
 */
export function placeOrder(request: PlaceOrderRequest): Promise<CreateNewTurnTaskResponse> {
  return callFunction<PlaceOrderRequest, CreateNewTurnTaskResponse>('placeOrder', request);
}

export interface AutoPlaySecGenRequest {
  readonly gid: string;
  /** 'leangame': the computer takes a lean station or gives it back (LEAN-AI-5). */
  readonly type?: BeerCallType | 'leangame';
  /**
   * The roles to hand to (or take back from) the computer; every empty role when absent, which
   * also starts a game that waits for its players (BEER-SEAT-4).
   */
  readonly roleIds?: readonly string[];
  readonly roleId?: string;
  /** Default true; false gives the named roles back to their players. */
  readonly computer?: boolean;
}

export interface AutoPlaySecGenResponse {
  /** Every facility played by the computer after the call. */
  readonly computer: readonly string[];
  readonly advanced: boolean;
  readonly week: number;
}

export function autoPlaySecGen(request: AutoPlaySecGenRequest): Promise<AutoPlaySecGenResponse> {
  return callFunction<AutoPlaySecGenRequest, AutoPlaySecGenResponse>('autoPlaySecGen', request);
}

/** Restarts the game at week 1 from its documents (also applies an edited configuration). */
export function resetBeerGame(request: { readonly gid: string }): Promise<{ week: number }> {
  return callFunction<{ gid: string }, { week: number }>('resetBeerGame', request);
}

/** Clears the orders validated this week, so every player orders again. */
export function resetStartingOrders(request: {
  readonly gid: string;
}): Promise<{ week: number; cleared: string[] }> {
  return callFunction<{ gid: string }, { week: number; cleared: string[] }>(
    'resetStartingOrders',
    request,
  );
}

/** allocations[supplierFid][pid][clientFid | 'consumer'] = weight (0..999); null = proportional. */
export type BeerAllocations = Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, number>>>>>
>;

export function confirmAllocations(request: {
  readonly gid: string;
  readonly allocations: BeerAllocations | null;
}): Promise<{ ok: true }> {
  return callFunction<{ gid: string; allocations: BeerAllocations | null }, { ok: true }>(
    'confirmAllocations',
    request,
  );
}

// ---- teams (business.md §3.4, §3.9) ----
// Errors reject with a FunctionsError whose message is a key of locales/*/errors.json:
// teamAdminOnly, authInvalidEmail, teamMemberExists, teamLicensesExhausted, teamInviteMailFailed,
// teamJoinVerifyEmail, teamInviteMissing, teamAlreadyInOther, teamMemberUnknown, teamLastAdmin,
// errorPermissionDenied.

export type TeamGameType = 'beergame' | 'leangame';

export interface AddTeamMemberRequest {
  /** Omitted: the caller's team, created (caller = admin) when they have none. */
  readonly teamId?: string | null;
  readonly email: string;
  readonly name?: string;
  readonly games: readonly TeamGameType[];
  readonly adminName?: string;
  /** The language of the invitation email. */
  readonly locale?: string;
}

export interface AddTeamMemberResponse {
  readonly invited: true;
  readonly email: string;
  readonly teamId: string;
  /** The link the email carries (`/dashboard/intro?joinTeam=<teamId>`). */
  readonly inviteUrl: string;
  readonly expiresAt: number;
}

/** Invites a colleague by email (an admin of the team); the invitation lasts 14 days. */
export function addTeamMember(request: AddTeamMemberRequest): Promise<AddTeamMemberResponse> {
  return callFunction<AddTeamMemberRequest, AddTeamMemberResponse>('addTeamMember', request);
}

export interface JoinTeamMemberRequest {
  readonly teamId: string;
  readonly userId: string;
  readonly userEmail: string;
  readonly name: string;
}

export interface JoinTeamMemberResponse {
  readonly teamId: string;
  readonly role: 'admin' | 'member';
  readonly games: readonly TeamGameType[];
}

/** Joins the team that invited the caller's (verified) address. */
export function joinTeamMember(request: JoinTeamMemberRequest): Promise<JoinTeamMemberResponse> {
  return callFunction<JoinTeamMemberRequest, JoinTeamMemberResponse>('joinTeamMember', request);
}

/** A member to remove (an admin), the caller leaving (`userId` = own uid), or an invitation. */
export type RemoveTeamMemberRequest =
  | { readonly teamId: string; readonly userId: string }
  | { readonly teamId: string; readonly inviteId: string };

export function removeTeamMember(request: RemoveTeamMemberRequest): Promise<{ removed: true }> {
  return callFunction<RemoveTeamMemberRequest, { removed: true }>('removeTeamMember', request);
}

// ---- lean game (docs/games/lean-documents.md) ----

/** The run's times after a start or an end (epoch ms; null before). */
export interface LeanTurnResponse {
  /** False when the run had started already (nothing changed). */
  readonly started: boolean;
  readonly finished: boolean;
  readonly game_start_at: number | null;
  readonly game_end_at: number | null;
}

/** The creator starts the run now (server time); a second call changes nothing. */
export function startLeanRun(gid: string): Promise<LeanTurnResponse> {
  return callFunction<{ gid: string; type: 'leangame' }, LeanTurnResponse>('createNewTurnTask', {
    gid,
    type: 'leangame',
  });
}

/** The creator ends the run now (LEAN-RUN-2). */
export function endLeanRun(gid: string): Promise<LeanTurnResponse> {
  return callFunction<{ gid: string; type: 'leangame'; end: true }, LeanTurnResponse>(
    'createNewTurnTask',
    { gid, type: 'leangame', end: true },
  );
}

/** A player's action on its own facility; the server adds the time and the facility. */
export type LeanActionInput =
  | { readonly kind: 'launch' | 'ship'; readonly order: number }
  | { readonly kind: 'send' }
  | { readonly kind: 'load'; readonly template?: string }
  | { readonly kind: 'paint'; readonly unit: number; readonly op: number; readonly tool?: OpType }
  | { readonly kind: 'inspect'; readonly unit: number }
  | { readonly kind: 'remove'; readonly unit: number; readonly op: number };

export interface LeanActionResponse {
  readonly seq: number;
  /** Game ms the action was applied at. */
  readonly at: number;
  /** The player's view right after the action: show it at once. */
  readonly view: LeanPlayerView;
}

/**
 * Applies a player's action. A refusal rejects with a `FunctionsError` whose message is the
 * core's key (`lean.desk.busy`, `lean.pokayoke.wrongTool`…, texts in errors.json).
 */
export function leanAction(request: {
  readonly gid: string;
  readonly fid: string;
  readonly action: LeanActionInput;
}): Promise<LeanActionResponse> {
  return callFunction('leanAction', request);
}

export interface LeanImprovementsResponse {
  readonly improvementsPanelBy: string | null;
  /** Kanban caps raised to a new batch size. */
  readonly raised: readonly RaisedCap[];
}

/** The improvements panel before the start: open, close, or set listed levers. */
export function leanImprovements(
  request:
    | { readonly gid: string; readonly op: 'open' | 'close' }
    | { readonly gid: string; readonly op: 'set'; readonly settings: LeanImprovementChange },
): Promise<LeanImprovementsResponse> {
  return callFunction('leanImprovements', request);
}

/** Re-arms the server ticks of a running game (the start arms them for the whole run). */
export function leanScheduleComputerActions(request: {
  readonly gid: string;
  readonly totalDurationMin: number;
}): Promise<{ until: number; end: number }> {
  return callFunction('leanScheduleComputerActions', { ...request, type: 'leangame' });
}

/** Back to "not started" (LEAN-RUN-6): the run's documents are deleted, the settings kept. */
export function resetLeanGame(request: { readonly gid: string }): Promise<{ reset: true }> {
  return callFunction<{ gid: string }, { reset: true }>('resetLeanGame', request);
}

export interface StartTrialRequest {
  readonly uid: string;
  /** The caller's name, for the team created when they have none. */
  readonly name?: string;
  readonly pack: 'beergame' | 'leangame';
}

export interface StartTrialResponse {
  readonly gameName: string;
  readonly gameType: 'beergame' | 'leangame';
  /** End of the trial (ms). */
  readonly until: number;
}

/**
 * Starts the caller's trial of a game type (business.md §3.8). Refusals: teamAdminOnly,
 * errorPermissionDenied (permission-denied), trialAlreadyUsed, trialPlanActive
 * (failed-precondition).
 */
export function startTrial(request: StartTrialRequest): Promise<StartTrialResponse> {
  return callFunction<StartTrialRequest, StartTrialResponse>('startTrial', request);
}

export interface SetTeamMemberRoleRequest {
  readonly teamId: string;
  readonly userId: string;
  readonly role: 'admin' | 'member';
}

/**
 * An admin changes a member's role. Refusals: teamAdminOnly (permission-denied),
 * teamMemberUnknown (not-found), teamLastAdmin (failed-precondition).
 */
export function setTeamMemberRole(
  request: SetTeamMemberRoleRequest,
): Promise<SetTeamMemberRoleRequest> {
  return callFunction<SetTeamMemberRoleRequest, SetTeamMemberRoleRequest>(
    'setTeamMemberRole',
    request,
  );
}

// ---- billing (business.md §3.4; docs/billing.md) ----

export interface UpdateCustomerRequest {
  /** Absent for an instructor without a team: the save makes one, with them as its admin. */
  readonly teamId?: string;
  /** ISO 3166 alpha-2, upper case (Greece is GR; its VAT numbers start with EL). */
  readonly countryCode: string;
  /** With or without the country prefix; spaces and dots are ignored. Empty or absent: none. */
  readonly euvatnr?: string;
  readonly companyName: string;
  readonly address?: string;
  readonly zip?: string;
  readonly city?: string;
  readonly email?: string;
}

/**
 * The saved billing data's VAT status and the tax the team's invoices will carry. 'valid' and
 * 'unverified' (the register could not answer) both show billing.vatValidated ("Your VAT number
 * was validated").
 */
export interface UpdateCustomerResponse {
  /** The team whose billing data was saved (made by the call when none was named). */
  readonly teamId: string;
  readonly vatStatus: VatStatus;
  /** The number as saved, with its prefix; '' when none. */
  readonly euvatnr: string;
  readonly currency: Currency;
  readonly ratePercent: number;
  readonly treatment: Treatment;
}

/**
 * A team admin saves the team's billing data. Refusals (nothing is saved): teamAdminOnly
 * (permission-denied), billingVatInvalid ("Incorrect VAT number": invalid-argument, or
 * unavailable when the check itself failed), vatRateMissing (failed-precondition).
 */
export function updateCustomer(request: UpdateCustomerRequest): Promise<UpdateCustomerResponse> {
  return callFunction<UpdateCustomerRequest, UpdateCustomerResponse>('updateCustomer', request);
}

export interface CreateInvoiceRequest {
  readonly teamId: string;
  /** A `planCatalog/{planId}` id; the price and the tax are the server's. */
  readonly planId: string;
}

/** Amounts in minor units (cents) of `currency`. */
export interface CreateInvoiceResponse {
  readonly invoiceId: string;
  readonly invoiceNumber: number;
  readonly currency: Currency;
  readonly net: number;
  readonly ratePercent: number;
  readonly vat: number;
  readonly gross: number;
  readonly treatment: Treatment;
}

/**
 * Issues the team's invoice for a plan (`economicInvoices/{invoiceId}`, status 'open').
 * Refusals: teamAdminOnly (permission-denied), billingDataMissing and vatRateMissing
 * (failed-precondition), planUnknown (not-found), errorConflict (aborted: try again).
 */
export function createInvoice(request: CreateInvoiceRequest): Promise<CreateInvoiceResponse> {
  return callFunction<CreateInvoiceRequest, CreateInvoiceResponse>('createInvoice', request);
}

export interface CancelEconomicInvoiceResponse {
  readonly invoiceId: string;
  readonly status: 'cancelled';
  /** The credit note issued for it (`economicInvoices/{creditNoteId}`, negative amounts). */
  readonly creditNoteId: string;
  readonly creditNoteNumber: number;
}

/**
 * Cancels an open invoice with a credit note of the next number; a repeat answers the same one.
 * Refusals: teamAdminOnly (permission-denied), invoiceUnknown (not-found), invoicePaid and
 * invoiceNotCancellable (failed-precondition).
 */
export function cancelEconomicInvoice(request: {
  readonly invoiceId: string;
}): Promise<CancelEconomicInvoiceResponse> {
  return callFunction<{ invoiceId: string }, CancelEconomicInvoiceResponse>(
    'cancelEconomicInvoice',
    request,
  );
}

export interface EconomicInvoicePdfResponse {
  /** The PDF's bytes, base64. */
  readonly base64: string;
  /** `<invoiceNumber>.pdf` */
  readonly fileName: string;
  readonly contentType: string;
}

/**
 * The PDF of a team's invoice or credit note, for any member. Refusals: errorPermissionDenied,
 * invoiceUnknown (not-found), invoicePdfPending (unavailable: not booked yet, try again shortly).
 */
export function getEconomicInvoicePdf(request: {
  readonly invoiceId: string;
}): Promise<EconomicInvoicePdfResponse> {
  return callFunction<{ invoiceId: string }, EconomicInvoicePdfResponse>(
    'getEconomicInvoicePdf',
    request,
  );
}

/** A card payment page for an invoice: send the browser to `url`. */
export interface CheckoutSessionResponse {
  readonly id: string;
  readonly url: string;
}

/**
 * Opens (or reuses) the payment page of an open invoice. Refusals: errorPermissionDenied,
 * invoiceUnknown, invoiceNotPayable (failed-precondition: paid, cancelled, or a credit note).
 */
export function createSessionFromEconomicInvoice(request: {
  readonly invoiceId: string;
}): Promise<CheckoutSessionResponse> {
  return callFunction<{ invoiceId: string }, CheckoutSessionResponse>(
    'createSessionFromEconomicInvoice',
    request,
  );
}

// ---- Suggest-a-feature board (spec §2, §7) ----

/** Canny's SSO redirect signed for the caller (open `url`), or the app's own board. */
export type AuthCannyResponse =
  | { readonly provider: 'canny'; readonly url: string; readonly ssoToken: string }
  | { readonly provider: 'board' };

/**
 * Signs the caller in to the feature board. Refusals: errorUnauthenticated,
 * errorCannyOtherUser (a uid other than the caller's), errorBoardNeedsAccount (anonymous).
 */
export function authCanny(request: {
  readonly uid: string;
  readonly name: string;
}): Promise<AuthCannyResponse> {
  return callFunction<{ uid: string; name: string }, AuthCannyResponse>('authCanny', request);
}

/**
 * The caller's vote on a suggestion of the in-app board (one per user), and its count after.
 * Refusals: errorBoardNeedsAccount, errorSuggestionUnknown (not-found).
 */
export function voteSuggestion(request: {
  readonly id: string;
  readonly vote: boolean;
}): Promise<{ readonly votes: number; readonly voted: boolean }> {
  return callFunction<{ id: string; vote: boolean }, { votes: number; voted: boolean }>(
    'voteSuggestion',
    request,
  );
}

// The lean run's clock, which the end-to-end tests start and end as the instructor.
offerToTests('callables', { startLeanRun, endLeanRun });
