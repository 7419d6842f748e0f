/** The week-timer task: a payload it can never use fails loudly, and its retries are bounded. */
import { describe, expect, it } from 'vitest';
import { HttpsError } from 'firebase-functions/v2/https';
import type { DataPort } from '@sim/core/port/data-port';
import { handleWeekTimer } from '../../functions/src/tasks/beer-week-timer';
import { WEEK_TIMER_RETRY, beerWeekTimer } from '../../functions/src/index';
import { noTimer } from '../../functions/src/beer/beer-game';
import { FIXED_NOW } from './helpers';

/** A port that must not be used: any access fails the test. */
const untouchablePort = new Proxy({} as DataPort, {
  get(_target, prop) {
    throw new Error(`port.${String(prop)} was used`);
  },
});

describe('beerWeekTimer task', () => {
  it('throws invalid-argument on a payload that is not {gid, week}, without reading anything', async () => {
    const bad: unknown[] = [
      null,
      'g1',
      {},
      { gid: 'g1' },
      { week: 2 },
      { gid: 'g/1', week: 2 },
      { gid: 'g1', week: 0 },
      { gid: 'g1', week: 1.5 },
      { gid: 'g1', week: '2' },
    ];
    for (const payload of bad) {
      const err: unknown = await handleWeekTimer(untouchablePort, payload, FIXED_NOW, noTimer).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err, JSON.stringify(payload)).toBeInstanceOf(HttpsError);
      expect((err as HttpsError).code).toBe('invalid-argument');
    }
  });

  it('is retried a bounded number of times, for a bounded time', () => {
    expect(WEEK_TIMER_RETRY.maxAttempts).toBeGreaterThan(0);
    expect(WEEK_TIMER_RETRY.maxAttempts).toBeLessThanOrEqual(5);
    // Cloud Tasks stops only when both limits are reached: without a time limit it could go on.
    expect(WEEK_TIMER_RETRY.maxRetrySeconds).toBeGreaterThan(0);
    expect(WEEK_TIMER_RETRY.maxRetrySeconds).toBeLessThanOrEqual(600);
    const trigger = (
      beerWeekTimer as unknown as {
        __endpoint: { taskQueueTrigger: { retryConfig: Record<string, unknown> } };
      }
    ).__endpoint.taskQueueTrigger;
    expect(trigger.retryConfig).toMatchObject(WEEK_TIMER_RETRY);
  });
});
