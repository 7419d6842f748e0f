/**
 * leanImprovements {gid, op: 'open' | 'close' | 'set', settings?} → {improvementsPanelBy, raised}
 * (spec §4, design LEAN-IMP-0, Part E Q8 and Q13).
 *
 * The improvements panel of a lean game, before the run starts only
 * (`lean.improvement.started` after). `open`: the creator (an admin of the game) or a player with
 * a facility takes the panel; its uid is kept in `improvementsPanelBy` until closed, and nobody
 * else may open it meanwhile (`lean.improvement.panelTaken`). `close`: the holder or an admin.
 * `set`: the holder or an admin changes levers the game lists in `params.improvements`
 * (`lean.improvement.locked` for any other): switches (autoinspect, heijunka, pokayoke, kanban,
 * smed), `positions` (movestations), `batchSize` (batch; a kanban cap below a new batch size is
 * raised to it), `opAssignment` (balancestations), `wipInMax` / `wipOutMax` (kanban). A change
 * that leaves the game invalid (a taken cell, an op on a facility that may not paint it…) is
 * `lean.improvement.invalid`.
 */
import { z } from 'zod';
import { LEAN_BOUNDS } from '@sim/core/lean/validate';
import { CallableError, type CallableHandler } from '../callable';
import { isGameAdmin, requireAuth } from '../beer/beer-game';
import { idSchema } from '../ids';
import { leanImprovementsPanel, loadLeanGame, type PanelResult } from '../lean/lean-game';
import { OP_TYPES } from './lean-action';

export const name = 'leanImprovements';

const B = LEAN_BOUNDS;
/** A facility map of the change: at most as many entries as a game has facilities. */
function byFacility<T extends z.ZodType>(value: T) {
  return z
    .record(idSchema, value)
    .refine((r) => Object.keys(r).length <= B.facilities.max, 'too many facilities');
}

export const settingsSchema = z
  .strictObject({
    autoinspect: z.boolean().optional(),
    heijunka: z.boolean().optional(),
    pokayoke: z.boolean().optional(),
    kanban: z.boolean().optional(),
    smed: z.boolean().optional(),
    positions: byFacility(
      z.tuple([
        z
          .number()
          .int()
          .min(0)
          .max(B.mapSide.max - 1),
        z
          .number()
          .int()
          .min(0)
          .max(B.mapSide.max - 1),
      ]),
    ).optional(),
    batchSize: byFacility(z.number().int().min(B.batchSize.min).max(B.batchSize.max)).optional(),
    wipInMax: byFacility(z.number().int().min(B.cap.min).max(B.cap.max)).optional(),
    wipOutMax: byFacility(z.number().int().min(B.cap.min).max(B.cap.max)).optional(),
    opAssignment: z
      .partialRecord(z.enum(OP_TYPES), idSchema)
      .refine((r) => Object.keys(r).length <= OP_TYPES.length, 'too many op types')
      .optional(),
  })
  .refine(
    (s) =>
      Object.values(s).some(
        (v) => typeof v === 'boolean' || (v !== undefined && Object.keys(v).length > 0),
      ),
    'an empty change',
  );

export const schema = z
  .object({
    gid: idSchema,
    op: z.enum(['open', 'close', 'set']),
    settings: settingsSchema.optional(),
  })
  .refine((d) => (d.op === 'set') === (d.settings !== undefined), {
    message: "settings go with op 'set', and only with it",
    path: ['settings'],
  });

export type LeanImprovementsData = z.output<typeof schema>;

export const handle: CallableHandler<LeanImprovementsData, PanelResult> = async (ctx, data) => {
  const uid = requireAuth(ctx.auth).uid;
  const game = await loadLeanGame(ctx.port, data.gid);
  const admin = await isGameAdmin(ctx.port, game, uid);
  if (data.op === 'set' && !data.settings) {
    throw new CallableError('invalid-argument', 'lean.improvement.invalid');
  }
  return leanImprovementsPanel(ctx.port, data.gid, uid, admin, data.op, data.settings);
};
