/**
 * A player's order as the week's transaction records it (`placeOrder`, docs/games/beer-documents.md
 * "A week"): the week's order documents and the facility's validation, checked against the
 * facility document read in the same transaction. An order is counted for the week it names or
 * refused, never moved to another week; the same order sent again changes nothing.
 */
import type { DocData, DocSnapshot, Transaction } from '@sim/core/port/data-port';
import { CallableError } from '../callable';

export interface WeekOrder {
  readonly fid: string;
  /** The week the player ordered for (the facility document's week on its screen). */
  readonly week: number;
  /** Quantity by capability id: every capability of the facility, each within the order bounds. */
  readonly quantities: Readonly<Record<string, number>>;
}

export type OrderOutcome =
  /** New for the week in progress: `facility` is the facility document with the order applied. */
  | {
      readonly kind: 'new';
      readonly facility: DocData;
      readonly validation: Readonly<Record<string, unknown>>;
    }
  /** The same order again, for the week in progress: already counted, nothing to write. */
  | { readonly kind: 'repeat' }
  /** The same order again after it turned its week: it was counted then, nothing to do. */
  | { readonly kind: 'counted' };

/** An order document's path: one per facility, capability and week (docs/policy.md). */
export const orderDocPath = (gid: string, fid: string, cid: string, week: number): string =>
  `games/${gid}/orders/${fid}_${cid}_${week}`;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Whether the week's order documents hold exactly these quantities. */
async function sameOrderDocs(tx: Transaction, gid: string, order: WeekOrder): Promise<boolean> {
  const entries = Object.entries(order.quantities);
  const snaps = await Promise.all(
    entries.map(([cid]) => tx.get(orderDocPath(gid, order.fid, cid, order.week))),
  );
  return snaps.every((s, i) => s.exists && s.data?.orderQty === entries[i]?.[1]);
}

/**
 * Checks the order against its facility's document as the transaction read it. Refuses an order
 * for a week that is not the facility's (`orderWeekTurned`, `orderWeekNotOpen`) unless it is the
 * same order the week already counted, and a different order for a week already decided
 * (`orderAlreadyPlaced`). Reads only when the week has turned; writes nothing.
 */
export async function checkWeekOrder(
  tx: Transaction,
  gid: string,
  order: WeekOrder,
  facility: DocSnapshot | undefined,
): Promise<OrderOutcome> {
  const data = facility?.data;
  if (!facility?.exists || !data) {
    throw new CallableError('failed-precondition', 'errorFailedPrecondition');
  }
  const current = typeof data.week === 'number' ? data.week : 1;
  if (order.week !== current) {
    if (order.week < current && (await sameOrderDocs(tx, gid, order))) return { kind: 'counted' };
    throw new CallableError(
      'failed-precondition',
      order.week < current ? 'orderWeekTurned' : 'orderWeekNotOpen',
    );
  }
  const caps = isRecord(data.capabilities) ? data.capabilities : {};
  const capOf = (cid: string): Record<string, unknown> => {
    const c = Object.hasOwn(caps, cid) ? caps[cid] : undefined;
    return isRecord(c) ? c : {};
  };
  if (data.validatedOrder === true && data.validatedWeek === current) {
    const same = Object.entries(order.quantities).every(([cid, qty]) => {
      const c = capOf(cid);
      return c.validatedOrder === true && c.validatedOrderQty === qty;
    });
    if (same) return { kind: 'repeat' };
    throw new CallableError('failed-precondition', 'orderAlreadyPlaced');
  }
  const validation: Record<string, unknown> = { validatedOrder: true, validatedWeek: current };
  const nextCaps: Record<string, unknown> = { ...caps };
  for (const [cid, qty] of Object.entries(order.quantities)) {
    validation[`capabilities.${cid}.validatedOrder`] = true;
    validation[`capabilities.${cid}.validatedOrderQty`] = qty;
    nextCaps[cid] = { ...capOf(cid), validatedOrder: true, validatedOrderQty: qty };
  }
  return {
    kind: 'new',
    facility: { ...data, validatedOrder: true, validatedWeek: current, capabilities: nextCaps },
    validation,
  };
}

/**
 * Writes a new order: its documents (the log the debrief and the export read) and, when the week
 * does not turn in the same transaction, the facility's validation (`facilityPath`; null when the
 * week turns, which rewrites the facility document).
 */
export function writeWeekOrder(
  tx: Transaction,
  gid: string,
  order: WeekOrder,
  outcome: OrderOutcome,
  facilityPath: string | null,
  now: number,
): void {
  if (outcome.kind !== 'new') return;
  for (const [cid, qty] of Object.entries(order.quantities)) {
    tx.set(orderDocPath(gid, order.fid, cid, order.week), {
      game_id: gid,
      faci_id: order.fid,
      capa_id: cid,
      orderQty: qty,
      week: order.week,
      created_at: now,
    });
  }
  if (facilityPath !== null) tx.update(facilityPath, { ...outcome.validation });
}
