/**
 * What a lean player may see (design B.14, LEAN-VIS-1..5). One function, used by the backend to
 * decide what goes into the documents a player can read, and by the UI.
 *
 * - VIS-1 The creator, observers and those who see all (viewer null with `all`) see every
 *   facility in full, units in transit and the defect flags of every paint.
 * - VIS-2 A player sees its own facility in full: `in`, desk, task and its end, `out`, setup and
 *   its desk buckets; for each unit the op states, `detected` flags and tools painted. Never a
 *   defect flag, nor a count of defective paints that would reveal a hidden one.
 * - VIS-3 Of each neighbour (Manhattan distance 1, LEAN-GRID-4) a player sees the counts in `in`,
 *   desk and `out`, and whether a task runs. Other facilities show id, name, type, line and
 *   position only, unless the game is transparent: then every facility is shown like the
 *   player's own (still without defect flags).
 * - VIS-4 Every viewer sees the visible orders (LEAN-DEM-2) and their counters.
 * - VIS-5 No view carries the seed or an order that is not visible yet.
 */
import {
  ms,
  type DeskBuckets,
  type FacilityId,
  type FacilityType,
  type LeanFacility,
  type LeanState,
  type LeanUnit,
  type OpType,
  type OrderCounters,
  type TaskKind,
  type TemplateId,
  type UnitOp,
  type Zone,
} from './model';

export interface LeanViewOptions {
  /** With viewer null: the creator, observers and those who see all (LEAN-VIS-1). */
  all?: boolean;
}

export interface LeanFacilityPublic {
  id: FacilityId;
  name: string;
  type: FacilityType;
  line: number;
  position: [number, number];
}

export interface LeanUnitOpView {
  state: UnitOp['state'];
  detected: boolean;
  paintedBy: FacilityId | null;
  tool: OpType | null;
  attempts: number;
  /** Only in the view of those who see all (LEAN-VIS-1, -2). */
  defect?: boolean;
}

export interface LeanUnitView {
  rank: number;
  template: TemplateId;
  order: number;
  initial: boolean;
  launchedAt: number;
  zone: Zone;
  ops: LeanUnitOpView[];
  inspectedAt: FacilityId[];
  /** Only in the view of those who see all: defective paints, every attempt. */
  defectivePaints?: number;
}

export interface LeanTaskView {
  kind: TaskKind;
  start: number;
  end: number;
  units: number[];
  op?: number;
  tool?: OpType;
  template?: TemplateId;
}

export interface LeanFacilityDetail extends LeanFacilityPublic {
  batchSize: number;
  changeoverTime: number;
  loadTime: number;
  inspectTime: number;
  removeTime: number;
  wipInMax: number;
  wipOutMax: number;
  rework: boolean;
  /** At the warehouse: the finished goods (fg). */
  in: LeanUnitView[];
  desk: LeanUnitView[];
  /** At the warehouse: the launched units waiting to be sent (whOut). */
  out: LeanUnitView[];
  task: LeanTaskView | null;
  setup: TemplateId | null;
  buckets: DeskBuckets;
  leftDesk: number;
  paints: number;
  /** Defects found here. */
  detected: number;
  /** Only in the view of those who see all: defective paints made here, hidden ones included. */
  defectivePaints?: number;
}

export interface LeanNeighbourView extends LeanFacilityPublic {
  in: number;
  desk: number;
  out: number;
  busy: boolean;
}

export interface LeanOrderView extends OrderCounters {
  index: number;
  created_min: number;
  template_id: TemplateId;
  qty: number;
  due_min: number;
}

export interface LeanTransitView {
  from: FacilityId;
  to: FacilityId;
  units: LeanUnitView[];
  arrive: number;
}

export interface LeanPlayerView {
  /** Game ms. */
  now: number;
  /** `now` in whole tenths of a minute, as on screen. */
  minute: number;
  /** Run length T, game ms. */
  duration: number;
  status: LeanState['status'];
  transparent: boolean;
  viewer: FacilityId | null;
  /** Whether this is the view of those who see all. */
  all: boolean;
  /** Every facility's public identity, in line order. */
  facilities: LeanFacilityPublic[];
  /** The facilities this viewer sees in full, in line order. */
  details: LeanFacilityDetail[];
  /** The viewer's neighbours not already in `details`, as counts (LEAN-VIS-3). */
  neighbours: LeanNeighbourView[];
  /** Visible orders with their counters, by index (LEAN-VIS-4). */
  orders: LeanOrderView[];
  /** Units in transit; only for those who see all. */
  transit: LeanTransitView[];
}

function publicOf(f: LeanFacility): LeanFacilityPublic {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    line: f.line,
    position: [f.position[0], f.position[1]],
  };
}

function unitView(u: LeanUnit, all: boolean): LeanUnitView {
  const view: LeanUnitView = {
    rank: u.rank,
    template: u.template,
    order: u.order,
    initial: u.initial,
    launchedAt: u.launchedAt,
    zone: u.zone,
    ops: u.ops.map((op) => {
      const o: LeanUnitOpView = {
        state: op.state,
        detected: op.detected,
        paintedBy: op.paintedBy,
        tool: op.tool,
        attempts: op.attempts,
      };
      if (all) o.defect = op.defect;
      return o;
    }),
    inspectedAt: [...u.inspectedAt],
  };
  if (all) view.defectivePaints = u.defectivePaints;
  return view;
}

/**
 * The view of `viewer` (a facility id, or null) on a run. With viewer null and `all`, the view
 * of the creator and observers; with viewer null alone, that of a team member without a
 * facility. Throws on an unknown facility id.
 */
export function leanPlayerView(
  state: LeanState,
  viewer: FacilityId | null,
  options: LeanViewOptions = {},
): LeanPlayerView {
  const game = state.game;
  const all = viewer === null && options.all === true;
  const own = viewer === null ? undefined : game.facilities.find((f) => f.id === viewer);
  if (viewer !== null && (!own || !Object.hasOwn(state.facilities, viewer))) {
    throw new Error(`unknown facility ${viewer}`);
  }
  const units = (ranks: readonly number[]) =>
    ranks.flatMap((r) => {
      const u = state.units[r];
      return u ? [unitView(u, all)] : [];
    });

  const details: LeanFacilityDetail[] = [];
  const neighbours: LeanNeighbourView[] = [];
  for (const f of game.facilities) {
    const fs = Object.hasOwn(state.facilities, f.id) ? state.facilities[f.id] : undefined;
    if (!fs) continue;
    if (all || game.transparent || f.id === viewer) {
      const t = fs.task;
      const detail: LeanFacilityDetail = {
        ...publicOf(f),
        batchSize: f.batchSize,
        changeoverTime: f.changeoverTime,
        loadTime: f.loadTime,
        inspectTime: f.inspectTime,
        removeTime: f.removeTime,
        wipInMax: f.wipInMax,
        wipOutMax: f.wipOutMax,
        rework: f.rework,
        in: units(fs.in),
        desk: units(fs.desk),
        out: units(fs.out),
        task: t
          ? {
              kind: t.kind,
              start: t.start,
              end: t.end,
              units: [...t.units],
              ...(t.op !== undefined ? { op: t.op } : {}),
              ...(t.tool !== undefined ? { tool: t.tool } : {}),
              ...(t.template !== undefined ? { template: t.template } : {}),
            }
          : null,
        setup: fs.setup,
        buckets: { ...fs.buckets },
        leftDesk: fs.leftDesk,
        paints: fs.paints,
        detected: fs.detected,
      };
      if (all) detail.defectivePaints = fs.defectivePaints;
      details.push(detail);
    } else if (own) {
      // LEAN-GRID-4: neighbours stand at Manhattan distance 1.
      const d =
        Math.abs(f.position[0] - own.position[0]) + Math.abs(f.position[1] - own.position[1]);
      if (d === 1) {
        neighbours.push({
          ...publicOf(f),
          in: fs.in.length,
          desk: fs.desk.length,
          out: fs.out.length,
          busy: fs.task !== null,
        });
      }
    }
  }

  // LEAN-DEM-2: visible when the game shows all orders or the order has been created.
  const orders: LeanOrderView[] = [];
  for (const o of game.orders) {
    if (!game.visibility && ms(o.created_min) > state.now) continue;
    const c = state.orders[o.index];
    if (!c) continue;
    orders.push({
      index: o.index,
      created_min: o.created_min,
      template_id: o.template_id,
      qty: o.qty,
      due_min: o.due_min,
      fulfilled_at: c.fulfilled_at,
      fulfilled_qty: c.fulfilled_qty,
      defectOpes: c.defectOpes,
      defectProducts: c.defectProducts,
      lateProducts: c.lateProducts,
      otifProducts: c.otifProducts,
      prod_started_qty: c.prod_started_qty,
    });
  }

  return {
    now: state.now,
    minute: Math.floor(state.now / 6000) / 10,
    duration: state.duration,
    status: state.status,
    transparent: game.transparent,
    viewer,
    all,
    facilities: game.facilities.map(publicOf),
    details,
    neighbours,
    orders,
    transit: all
      ? state.transit.map((tr) => ({
          from: tr.from,
          to: tr.to,
          units: units(tr.units),
          arrive: tr.arrive,
        }))
      : [],
  };
}
