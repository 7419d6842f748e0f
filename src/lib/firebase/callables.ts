/**
 * Typed wrappers of the server's callable functions (spec §7). The SPA reaches functions only
 * through `httpsCallable`, pointed at the Functions emulator locally (see `./app`).
 */
import { getFirebaseFunctions } from '@/lib/firebase/app';

/** Calls the named callable and resolves with its `data`; rejects with the SDK's `FunctionsError`. */
export async function callFunction<Req, Res>(name: string, payload: Req): Promise<Res> {
  const [functions, { httpsCallable }] = await Promise.all([
    getFirebaseFunctions(),
    import('firebase/functions'),
  ]);
  const result = await httpsCallable<Req, Res>(functions, name)(payload);
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

export interface JoinAsRequest {
  readonly gid: string;
  /** A facility id, or 'observer'. */
  readonly roleId: string;
  readonly roleName?: string;
  readonly playerName?: string;
  readonly isDemo?: boolean;
}

export function joinAs(request: JoinAsRequest): Promise<unknown> {
  return callFunction<JoinAsRequest, unknown>('joinAs', request);
}

export interface QuitGameRequest {
  readonly gid: string;
  readonly roleId?: string;
}

export function quitGame(request: QuitGameRequest): Promise<unknown> {
  return callFunction<QuitGameRequest, unknown>('quitGame', request);
}

export interface CreateNewTurnTaskRequest {
  readonly gid: string;
  readonly type?: 'beergame' | 'leangame' | 'bgadvanced';
  /** Seconds per week: starts the week timer (creator). */
  readonly timer?: number;
  /** Advance the week now, computer orders for who has not validated (creator). */
  readonly force?: boolean;
}

export interface CreateNewTurnTaskResponse {
  readonly advanced: boolean;
  readonly week: number;
  readonly finished: boolean;
  readonly waitingFor: readonly string[];
}

export function createNewTurnTask(
  request: CreateNewTurnTaskRequest,
): Promise<CreateNewTurnTaskResponse> {
  return callFunction<CreateNewTurnTaskRequest, CreateNewTurnTaskResponse>(
    'createNewTurnTask',
    request,
  );
}

export interface AutoPlaySecGenRequest {
  readonly gid: string;
  readonly type?: 'beergame' | 'leangame' | 'bgadvanced';
  /** The roles to hand to (or take back from) the computer; every empty role when absent. */
  readonly roleIds?: readonly string[];
  readonly computer?: boolean;
}

export function autoPlaySecGen(request: AutoPlaySecGenRequest): Promise<unknown> {
  return callFunction<AutoPlaySecGenRequest, unknown>('autoPlaySecGen', request);
}

export function resetBeerGame(request: { readonly gid: string }): Promise<unknown> {
  return callFunction<{ gid: string }, unknown>('resetBeerGame', request);
}

export function resetStartingOrders(request: { readonly gid: string }): Promise<unknown> {
  return callFunction<{ gid: string }, unknown>('resetStartingOrders', request);
}
