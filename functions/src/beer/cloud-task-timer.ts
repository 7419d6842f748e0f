/** The production week timer: a Cloud Task on the `beerWeekTimer` queue (the Tasks emulator locally). */
import { getFunctions } from 'firebase-admin/functions';
import { getAdminApp } from '../admin-app';
import type { WeekTimer } from './beer-game';

export const cloudTaskTimer: WeekTimer = {
  async schedule(gid, week, at) {
    await getFunctions(getAdminApp())
      .taskQueue<{ gid: string; week: number }>('beerWeekTimer')
      .enqueue({ gid, week }, { scheduleTime: new Date(at) });
  },
};
