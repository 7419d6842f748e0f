/**
 * leanAction {gid, fid, action} → {seq, at, view} (design Part E Q13, LEAN-CALL-4).
 *
 * A player's action on its own facility during the run: load, paint (with a tool), inspect,
 * remove, send, and at the warehouse launch and ship. The backend applies it with the core at
 * server time (`now − game_start_at`; a time sent by the client is refused) on the run as stored,
 * and refuses what the core refuses with the core's key (`lean.desk.busy`,
 * `lean.pokayoke.wrongTool`…; texts in `locales/<lang>/errors.json`). An accepted action is the
 * next document of the action log; the result carries the player's new view, which its screen
 * shows at once, before the shared documents are rewritten (at most once a second).
 */
import { z } from 'zod';
import { COLORS, SHAPES } from '@sim/core/lean/model';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import { type CallableHandler } from '../callable';
import { requireAuth } from '../beer/beer-game';
import { idSchema } from '../ids';
import { applyLeanAction, type LeanActionResult } from '../lean/lean-game';

export const name = 'leanAction';

/** Every tool: an op type "shape:color". */
export const OP_TYPES = SHAPES.flatMap((s) => COLORS.map((c) => `${s}:${c}` as const));

const orderIndex = z
  .number()
  .int()
  .min(0)
  .max(LEAN_BOUNDS.orders.max - 1);
/** A unit's rank: a run launches at most the demand's total plus the initial stock. */
const rank = z
  .number()
  .int()
  .min(0)
  .max(LEAN_BOUNDS.totalQty.max + LEAN_BOUNDS.templates.max * LEAN_BOUNDS.initialStock.max);
const opIndex = z
  .number()
  .int()
  .min(0)
  .max(LEAN_BOUNDS.ops.max - 1);

export const actionSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('launch'), order: orderIndex }),
  z.strictObject({ kind: z.literal('ship'), order: orderIndex }),
  z.strictObject({ kind: z.literal('send') }),
  z.strictObject({ kind: z.literal('load'), template: idSchema.optional() }),
  z.strictObject({
    kind: z.literal('paint'),
    unit: rank,
    op: opIndex,
    tool: z.enum(OP_TYPES).optional(),
  }),
  z.strictObject({ kind: z.literal('inspect'), unit: rank }),
  z.strictObject({ kind: z.literal('remove'), unit: rank, op: opIndex }),
]);

export const schema = z.object({
  gid: idSchema,
  fid: idSchema,
  action: actionSchema,
});

export type LeanActionData = z.output<typeof schema>;

export const handle: CallableHandler<LeanActionData, LeanActionResult> = async (ctx, data) => {
  const uid = requireAuth(ctx.auth).uid;
  return applyLeanAction(ctx.port, data.gid, uid, data.fid, data.action, ctx.now());
};
