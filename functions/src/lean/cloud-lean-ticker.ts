/** The production ticker of lean runs: a Cloud Task on the `leanTick` queue (the Tasks emulator locally). */
import { getFunctions } from 'firebase-admin/functions';
import { getAdminApp } from '../admin-app';
import type { LeanTickPayload, LeanTicker } from './lean-game';

export const LEAN_TICK_QUEUE = 'leanTick';

export const cloudLeanTicker: LeanTicker = {
  async schedule(payload, at) {
    await getFunctions(getAdminApp())
      .taskQueue<LeanTickPayload>(LEAN_TICK_QUEUE)
      .enqueue(payload, { scheduleTime: new Date(at) });
  },
};
