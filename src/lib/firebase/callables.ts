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

/** The server's answer is not specified beyond success; anything returned is passed through. */
export type VerifyEmailResponse = unknown;

/** Checks an email address before an account or a demo is created; rejects when it is refused. */
export function verifyEmail(request: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return callFunction<VerifyEmailRequest, VerifyEmailResponse>('verifyEmail', request);
}

export interface GenerateSessionCodeRequest {
  readonly sid: string;
}

export function generateSessionCode(request: GenerateSessionCodeRequest): Promise<unknown> {
  return callFunction<GenerateSessionCodeRequest, unknown>('generateSessionCode', request);
}
