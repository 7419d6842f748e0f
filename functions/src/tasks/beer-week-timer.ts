/**
 * The week timer of a beer game (docs/games/beer-documents.md, "A week", step 5). A Cloud Task
 * `{gid, week}` is enqueued on the `beerWeekTimer` queue for the week's deadline; when it fires
 * and the game is still at that week (not paused, not finished, deadline passed), roles that did
 * not validate get computer orders for that week and the week advances. A task of a week that
 * has already moved, or of a reset game, does nothing.
 *
 * A payload that is not `{gid, week}` throws `invalid-argument`: the task fails where Cloud Tasks
 * and the logs show it, rather than passing for done. It is never going to succeed, so the queue's
 * retry limits (`WEEK_TIMER_RETRY` in index.ts) end it after a few attempts.
 */
import { HttpsError } from 'firebase-functions/v2/https';
import { z } from 'zod';
import type { DataPort } from '@sim/core/port/data-port';
import { type AdvanceResult, type WeekTimer, gamePath, processWeek } from '../beer/beer-game';
import { idSchema } from '../ids';

export const QUEUE = 'beerWeekTimer';

export const payloadSchema = z.object({
  gid: idSchema,
  week: z.number().int().min(1),
});

export type WeekTimerPayload = z.output<typeof payloadSchema>;

/** Tolerance for a task that fires slightly before the stored deadline (clock skew). */
export const EARLY_MS = 1000;

export async function handleWeekTimer(
  port: DataPort,
  payload: unknown,
  now: number,
  timer: WeekTimer,
): Promise<AdvanceResult | null> {
  const parsed = payloadSchema.safeParse(payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `${i.path.join('.') || '(payload)'}: ${i.message}`,
    );
    throw new HttpsError('invalid-argument', `Bad ${QUEUE} payload: ${issues.join('; ')}`);
  }
  const { gid, week } = parsed.data;
  const game = (await port.docs.get(gamePath(gid))).data;
  if (!game || game.week !== week || game.finished === true || game.paused === true) return null;
  const deadline = game.turnDeadline;
  if (typeof deadline !== 'number' || deadline > now + EARLY_MS) return null;
  return processWeek(port, gid, { mode: 'timeout', expectedWeek: week, now, timer });
}
