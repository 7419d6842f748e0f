/**
 * The one wrapper every callable goes through.
 *
 * - The payload is validated with the callable's zod schema before the handler runs; a bad payload
 *   is refused with `invalid-argument` and the handler (so any write) never runs.
 * - The handler gets `{ auth, port, now }` and the typed data: `handle(ctx, data)`. It stays a plain
 *   async function, exported on its own, so tests call it against the local store without the
 *   Functions emulator.
 * - Errors become `HttpsError`s: `CallableError` (typed domain errors) keeps its code, and its
 *   `messageKey` is the client-facing message (a locale key) and `details.messageKey`; `PortError`
 *   keeps its code; anything else is logged and becomes `internal` with no detail leaked.
 */
import * as logger from 'firebase-functions/logger';
import {
  HttpsError,
  onCall,
  type CallableFunction,
  type CallableOptions,
  type CallableRequest,
  type FunctionsErrorCode,
} from 'firebase-functions/v2/https';
import type { z } from 'zod';
import type { DataPort } from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import { getDataPort } from './data/port';

export interface CallerAuth {
  readonly uid: string;
  /** The verified ID token's claims (email, firebase.sign_in_provider, custom claims…). */
  readonly token: Readonly<Record<string, unknown>>;
}

export interface CallableContext {
  /** null when the caller is signed out. */
  readonly auth: CallerAuth | null;
  readonly port: DataPort;
  /** The clock, in epoch milliseconds (injected so handlers stay testable). */
  readonly now: () => number;
}

export type CallableHandler<Data, Result> = (ctx: CallableContext, data: Data) => Promise<Result>;

/** A domain error with a client-facing code and a locale key for the message. */
export class CallableError extends Error {
  constructor(
    readonly code: FunctionsErrorCode,
    readonly messageKey: string,
    message: string = messageKey,
  ) {
    super(message);
    this.name = 'CallableError';
  }
}

export interface ErrorDetails {
  readonly messageKey: string;
  readonly issues?: readonly { readonly path: string; readonly message: string }[];
}

const PORT_MESSAGE_KEYS: Readonly<Record<PortError['code'], string>> = {
  'permission-denied': 'errorPermissionDenied',
  unauthenticated: 'errorUnauthenticated',
  'not-found': 'errorNotFound',
  'already-exists': 'errorAlreadyExists',
  aborted: 'errorConflict',
  'invalid-argument': 'errorInvalidArgument',
  'failed-precondition': 'errorFailedPrecondition',
  unavailable: 'errorUnavailable',
  internal: 'errorInternal',
};

function formatIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(payload)',
    message: issue.message,
  }));
}

/** Any thrown value → the HttpsError the client receives. */
export function toHttpsError(name: string, err: unknown): HttpsError {
  if (err instanceof HttpsError) return err;
  if (err instanceof CallableError) {
    const details: ErrorDetails = { messageKey: err.messageKey };
    return new HttpsError(err.code, err.messageKey, details);
  }
  if (err instanceof PortError && err.code !== 'internal') {
    const details: ErrorDetails = { messageKey: PORT_MESSAGE_KEYS[err.code] };
    return new HttpsError(err.code, err.message, details);
  }
  logger.error(`Callable ${name} failed`, err);
  const details: ErrorDetails = { messageKey: PORT_MESSAGE_KEYS.internal };
  return new HttpsError('internal', 'Internal error', details);
}

/** Keys Firestore reserves (`__…__`), `__proto__` among them. */
const RESERVED_KEY = /^__.*__$/;
/** Deeper payloads are refused rather than walked. */
const MAX_PAYLOAD_DEPTH = 32;

/**
 * The first reserved key of the payload, as an issue. zod drops a `__proto__` key of a record
 * without a word, so an id like that would otherwise pass as an empty map.
 */
function reservedKeyIssue(
  value: unknown,
  path: string[] = [],
): { path: string; message: string } | null {
  if (path.length > MAX_PAYLOAD_DEPTH) {
    return { path: path.join('.'), message: 'nested too deeply' };
  }
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    if (RESERVED_KEY.test(key)) return { path: [...path, key].join('.'), message: 'reserved key' };
    const inner = reservedKeyIssue(child, [...path, key]);
    if (inner) return inner;
  }
  return null;
}

/** Validates the payload; a failure is `invalid-argument` listing every issue. */
export function parsePayload<S extends z.ZodType>(
  name: string,
  schema: S,
  data: unknown,
): z.output<S> {
  const reserved = reservedKeyIssue(data);
  let issues: { path: string; message: string }[];
  if (reserved) issues = [reserved];
  else {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
    issues = formatIssues(parsed.error);
  }
  const details: ErrorDetails = { messageKey: 'errorInvalidPayload', issues };
  throw new HttpsError(
    'invalid-argument',
    `Invalid payload for ${name}: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
    details,
  );
}

/**
 * The caller from the request's auth: null when signed out. An auth without a usable uid (missing,
 * empty, not a string) is refused, never handed on: every handler keys its checks on the uid.
 */
function callerAuth(raw: unknown): CallerAuth | null {
  if (raw === undefined || raw === null) return null;
  const uid = typeof raw === 'object' ? (raw as { uid?: unknown }).uid : undefined;
  if (typeof uid !== 'string' || uid === '') {
    throw new CallableError('unauthenticated', 'errorUnauthenticated');
  }
  const token = (raw as { token?: unknown }).token;
  return { uid, token: typeof token === 'object' && token !== null ? { ...token } : {} };
}

export interface InvocationEnv {
  readonly port: () => DataPort;
  readonly now: () => number;
}

const defaultEnv: InvocationEnv = { port: getDataPort, now: () => Date.now() };

/**
 * Runs one invocation: validation, then the handler, then error mapping. Exported for tests; the
 * port is only created after validation, so a bad payload touches no backend at all.
 */
export async function invokeCallable<S extends z.ZodType, Result>(
  name: string,
  schema: S,
  handler: CallableHandler<z.output<S>, Result>,
  request: {
    readonly auth?: { readonly uid: string; readonly token: object } | undefined;
    readonly data: unknown;
  },
  env: InvocationEnv = defaultEnv,
): Promise<Result> {
  try {
    const auth = callerAuth(request.auth);
    const data = parsePayload(name, schema, request.data);
    const ctx: CallableContext = {
      auth,
      // Created on first use: a handler that needs no documents never opens a connection.
      get port() {
        return env.port();
      },
      now: env.now,
    };
    return await handler(ctx, data);
  } catch (err) {
    throw toHttpsError(name, err);
  }
}

export interface DefineCallableOptions {
  /** Options passed to `onCall` (region, memory, enforceAppCheck…). */
  readonly callable?: CallableOptions;
  /** Overrides for tests that run the deployed function object (`fn.run(request)`). */
  readonly env?: InvocationEnv;
}

/** Declares the callable `name`: export the result from `index.ts` under the same name. */
export function defineCallable<S extends z.ZodType, Result>(
  name: string,
  schema: S,
  handler: CallableHandler<z.output<S>, Result>,
  options: DefineCallableOptions = {},
): CallableFunction<unknown, Promise<Result>> {
  return onCall(options.callable ?? {}, (request: CallableRequest<unknown>) =>
    invokeCallable(name, schema, handler, request, options.env ?? defaultEnv),
  );
}
