/**
 * Errors inside a transaction, shared by both Firestore adapters.
 *
 * A transaction's own work may throw a domain error (a `CallableError` such as `roleTaken`, a
 * `PortError`): it must reach the caller unchanged, as it does on the local store, and must not
 * make the SDK retry. Errors of the SDK's own reads keep their SDK form, so the SDK still retries
 * on contention. Contention that outlasts the SDK's retries becomes the retryable `aborted`, never
 * `internal`.
 */
import { PortError } from './data-port';

/** A value thrown by a transaction's work, carried through the SDK untouched. */
class WorkFailure {
  constructor(readonly error: unknown) {}
}

/**
 * Runs a transaction's work for one attempt. `sdkErrors` holds the errors the SDK's reads threw
 * in it: those stay as they are (the SDK decides whether to retry); anything else is the work's.
 */
export function runTransactionWork<T>(
  work: () => Promise<T>,
  sdkErrors: WeakSet<object>,
): Promise<T> {
  return work().catch((err: unknown) => {
    if (typeof err === 'object' && err !== null && sdkErrors.has(err)) throw err;
    throw new WorkFailure(err);
  });
}

/** Remembers an SDK read's error (see `runTransactionWork`) and rethrows it. */
export function rethrowSdkError(err: unknown, sdkErrors: WeakSet<object>): never {
  if (typeof err === 'object' && err !== null) sdkErrors.add(err);
  throw err;
}

/** The SDKs' message when their own back-off gives up; it carries no status code. */
const RETRIES_EXHAUSTED = /Exceeded maximum number of retries|too much contention/i;

/**
 * The error a transaction's caller sees: the work's own error unchanged, exhausted contention as
 * `aborted`, anything else through the adapter's SDK mapping.
 */
export function transactionError(err: unknown, toPortError: (err: unknown) => PortError): unknown {
  if (err instanceof WorkFailure) return err.error;
  if (err instanceof Error && RETRIES_EXHAUSTED.test(err.message)) {
    return new PortError('aborted', err.message);
  }
  return toPortError(err);
}

/**
 * The Cloud Firestore emulator's answer when it has closed a transaction that lost its locks to a
 * concurrent one; production answers ABORTED there, which the SDKs retry on their own. The SDKs
 * treat this INVALID_ARGUMENT as final, so simultaneous players' actions failed on the emulator.
 */
const CLOSED_TRANSACTION = /Transaction is invalid or closed/i;

/** Whether an SDK's error is the emulator's closed transaction (see `CLOSED_TRANSACTION`). */
export function isClosedTransaction(err: unknown): boolean {
  if (err instanceof WorkFailure || typeof err !== 'object' || err === null) return false;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && CLOSED_TRANSACTION.test(message);
}

/**
 * Runs a whole transaction (`run` calls the SDK's runTransaction) again when the emulator closed
 * it: nothing of a closed transaction was written, and the work re-reads everything it uses.
 * `pause(attempt)` waits before the next attempt (see `closedTransactionDelayMs`).
 */
export function retryClosedTransaction<T>(
  run: () => Promise<T>,
  attempts: number,
  pause: (attempt: number) => Promise<void>,
  attempt = 1,
): Promise<T> {
  return run().catch((err: unknown) => {
    if (attempt >= attempts || !isClosedTransaction(err)) throw err;
    return pause(attempt).then(() => retryClosedTransaction(run, attempts, pause, attempt + 1));
  });
}

/**
 * The wait before attempt `attempt + 1` of a closed transaction, from a random number in [0, 1):
 * up to 50 ms after the first attempt, 100 ms after the second, so racing transactions spread out.
 */
export function closedTransactionDelayMs(attempt: number, random: number): number {
  return random * 50 * attempt;
}
