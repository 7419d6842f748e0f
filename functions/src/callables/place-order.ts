/**
 * placeOrder {gid, facility, week, quantities} → {advanced, week, finished, waitingFor, awaiting,
 * paused, deadline} (docs/games/beer-documents.md "A week").
 *
 * A player's order in one request: the backend checks it, records it (the week's order documents
 * and the facility's validation) and, when it is the last order the week waits for, turns the
 * week, all in the week's transaction (`processWeek` with `order`). Refusals, with nothing written:
 *
 * - `permission-denied / gameNotPlayer`: the caller does not hold `facility`;
 * - `failed-precondition / orderGameFinished`, `orderGamePaused`, `orderComputerPlays` (the role
 *   was handed to the computer);
 * - `failed-precondition / orderWeekTurned` (the week turned before the order arrived) or
 *   `orderWeekNotOpen` (a week still to come); the same order sent again after it turned its
 *   week answers as if it had just arrived, since it was counted then;
 * - `failed-precondition / orderAlreadyPlaced`: another order for a week already decided;
 * - `invalid-argument / orderQuantitiesInvalid`: quantities for other capabilities than the
 *   facility's own (each one, none missing), or above a capability's `maxOrderQty`;
 * - `invalid-argument / errorInvalidPayload`: the schema (quantities are whole numbers 0…999).
 *
 * A game that waits for its players takes orders; its week waits for the awaited roles
 * (BEER-SEAT-3).
 */
import { z } from 'zod';
import { BEER_BOUNDS } from '@sim/core/beer/model';
import { CallableError, type CallableHandler } from '../callable';
import {
  type AdvanceResult,
  type WeekTimer,
  armTimer,
  facilitiesOf,
  facilityIn,
  loadGame,
  needsDeadline,
  processWeek,
  requireAuth,
  roleOf,
} from '../beer/beer-game';
import { idSchema } from '../ids';

export const name = 'placeOrder';

/** A facility has at most 8 capabilities (the rules and the editor's bound). */
const MAX_CAPABILITIES = 8;

const quantity = z.number().int().min(BEER_BOUNDS.quantity.min).max(BEER_BOUNDS.quantity.max);

export const schema = z.strictObject({
  gid: idSchema,
  facility: idSchema,
  week: z.number().int().min(1).max(10_000),
  quantities: z.record(idSchema, quantity).refine((q) => {
    const n = Object.keys(q).length;
    return n >= 1 && n <= MAX_CAPABILITIES;
  }, 'one quantity per capability, at most 8'),
});

export type PlaceOrderData = z.output<typeof schema>;
export type PlaceOrderResult = AdvanceResult;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The quantities when they name exactly the facility's capabilities (own keys of the public
 * game document's definitions) and none is above its capability's `maxOrderQty`; else refused.
 */
export function checkedQuantities(
  facility: Record<string, unknown>,
  quantities: Readonly<Record<string, number>>,
): Record<string, number> {
  const caps = isRecord(facility.capabilities) ? facility.capabilities : {};
  const refuse = () => new CallableError('invalid-argument', 'orderQuantitiesInvalid');
  const capIds = Object.keys(caps);
  const given = Object.keys(quantities);
  if (given.length !== capIds.length) throw refuse();
  const out: Record<string, number> = {};
  for (const cid of given) {
    const cap = Object.hasOwn(caps, cid) ? caps[cid] : undefined;
    const qty = Object.hasOwn(quantities, cid) ? quantities[cid] : undefined;
    if (!isRecord(cap) || typeof qty !== 'number') throw refuse();
    const max = cap.maxOrderQty;
    if (typeof max === 'number' && max > 0 && qty > max) throw refuse();
    out[cid] = qty;
  }
  return out;
}

export function createHandler(deps: {
  readonly timer: WeekTimer;
}): CallableHandler<PlaceOrderData, PlaceOrderResult> {
  return async (ctx, data) => {
    const uid = requireAuth(ctx.auth).uid;
    const game = await loadGame(ctx.port, data.gid);
    const facility = facilityIn(facilitiesOf(game), data.facility);
    if (!facility || roleOf(game, uid) !== data.facility) {
      throw new CallableError('permission-denied', 'gameNotPlayer');
    }
    if (game.finished === true) throw new CallableError('failed-precondition', 'orderGameFinished');
    if (game.paused === true) throw new CallableError('failed-precondition', 'orderGamePaused');
    if (facility.computer === true) {
      throw new CallableError('failed-precondition', 'orderComputerPlays');
    }
    const quantities = checkedQuantities(facility, data.quantities);
    const now = ctx.now();
    const result = await processWeek(ctx.port, data.gid, {
      mode: 'validated',
      now,
      timer: deps.timer,
      game,
      order: { fid: data.facility, week: data.week, quantities },
    });
    // As createNewTurnTask does: a timer switched on while no week started arms with this call.
    if (!result.advanced && !result.finished && needsDeadline(game)) {
      const deadline = await armTimer(ctx.port, data.gid, now, deps.timer);
      if (deadline !== null) return { ...result, deadline };
    }
    return result;
  };
}
