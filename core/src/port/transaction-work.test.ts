import { describe, expect, it } from 'vitest';
import { PortError } from './data-port';
import {
  closedTransactionDelayMs,
  isClosedTransaction,
  retryClosedTransaction,
  runTransactionWork,
  transactionError,
} from './transaction-work';

/** The error the Cloud Firestore emulator's gRPC answer becomes in firebase-admin. */
function closedError(): Error {
  return Object.assign(new Error('3 INVALID_ARGUMENT: Transaction is invalid or closed.'), {
    code: 3,
  });
}

const noPause = () => Promise.resolve();

describe('retryClosedTransaction', () => {
  it('runs a transaction the emulator closed again until it commits', async () => {
    let runs = 0;
    const result = await retryClosedTransaction(
      () => {
        runs += 1;
        return runs < 3 ? Promise.reject(closedError()) : Promise.resolve('committed');
      },
      5,
      noPause,
    );
    expect(result).toBe('committed');
    expect(runs).toBe(3);
  });

  it('gives up after the allowed attempts with the last error', async () => {
    let runs = 0;
    const attempt = retryClosedTransaction(
      () => {
        runs += 1;
        return Promise.reject(closedError());
      },
      4,
      noPause,
    );
    await expect(attempt).rejects.toThrow(/invalid or closed/);
    expect(runs).toBe(4);
  });

  it("never repeats the work's own refusal or another SDK error", async () => {
    for (const refusal of [
      new PortError('failed-precondition', 'weekTurned'),
      Object.assign(new Error('3 INVALID_ARGUMENT: Value for argument "data" is not valid.'), {
        code: 3,
      }),
    ]) {
      let runs = 0;
      const attempt = retryClosedTransaction(
        () => {
          runs += 1;
          return Promise.reject(refusal);
        },
        5,
        noPause,
      );
      await expect(attempt).rejects.toBe(refusal);
      expect(runs).toBe(1);
    }
  });

  it("does not take the work's own error for the emulator's, even with the same words", async () => {
    const sdkErrors = new WeakSet<object>();
    const own = closedError();
    const failure = await runTransactionWork(() => Promise.reject(own), sdkErrors).catch(
      (err: unknown) => err,
    );
    expect(isClosedTransaction(failure)).toBe(false);
    expect(transactionError(failure, () => new PortError('internal', 'mapped'))).toBe(own);
  });
});

describe('closedTransactionDelayMs', () => {
  it('waits longer after each attempt, never more than 50 ms per attempt', () => {
    expect(closedTransactionDelayMs(1, 0)).toBe(0);
    expect(closedTransactionDelayMs(1, 0.999)).toBeLessThan(50);
    expect(closedTransactionDelayMs(3, 0.5)).toBe(75);
  });
});
