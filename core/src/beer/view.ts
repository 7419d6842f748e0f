/**
 * What a player may see (BEER-VIS-*). One function, used by the backend to
 * decide what goes into the documents a player can read, and by the UI.
 *
 * - VIS-1 Without a viewer facility (the creator, observers, non-players) the
 *   view holds every facility in full.
 * - VIS-2 A player sees its own facility in full as it stands now: stock,
 *   backlog and what it owes each client, the orders that arrived this week,
 *   what it received and shipped, costs, revenue and profit, its own history.
 * - VIS-3 Of its own pipeline a player sees the goods arriving in the next
 *   `visibleWeeks` weeks of each capability (0 = none), and the total it has on
 *   order (a sum it could keep itself); not the split between the supplier's
 *   backlog and goods in transit.
 * - VIS-4 Other facilities show only id, name and type, unless the game is
 *   transparent, in which case they are shown in full like the player's own,
 *   their pipelines too limited to each capability's `visibleWeeks`.
 * - VIS-5 No player view carries the seed or the demand pattern: the future
 *   demand is never visible, even in transparent games.
 */
import type { BeerState, CompiledFacility, FacilityWeek } from './engine';
import { compile, supplyLine } from './engine';
import type { CapabilityId, CapabilityType, FacilityId, ProductId } from './model';

export interface FacilityPublic {
  id: FacilityId;
  name: string;
  type: string | undefined;
}

export interface CapabilityView {
  id: CapabilityId;
  pid: ProductId;
  type: CapabilityType;
  from: FacilityId | null;
  leadtime: number;
  ordertime: number;
  visibleWeeks: number;
  moq: number;
  batchSize: number;
  maxOrderQty: number;
  /** Goods arriving in week + 1, week + 2, … (limited to visibleWeeks in a player's view). */
  arriving: number[];
  /** Everything ordered and not yet received. */
  onOrder: number;
}

export interface FacilityDetail extends FacilityPublic {
  cumCost: number;
  cumRevenue: number;
  cumProfit: number;
  products: {
    pid: ProductId;
    stock: number;
    backlog: number;
    /** What is owed to each client (facility id, or 'consumer'). */
    owed: { to: FacilityId | 'consumer'; quantity: number }[];
  }[];
  capabilities: CapabilityView[];
  /** This week's record (steps 1–4), null when the game is finished. */
  current: FacilityWeek | null;
  history: FacilityWeek[];
}

export interface PlayerView {
  week: number;
  weeks: number;
  status: BeerState['status'];
  transparent: boolean;
  viewer: FacilityId | null;
  /** Every facility's public identity, downstream first. */
  facilities: FacilityPublic[];
  /** Full details of the facilities this viewer may see, downstream first. */
  details: FacilityDetail[];
}

function detail(
  state: BeerState,
  fi: number,
  cf: CompiledFacility,
  limited: boolean,
): FacilityDetail {
  const model = compile(state.game);
  const fs = state.facilities[fi];
  const cumCost = fs?.cumCost ?? 0;
  const cumRevenue = fs?.cumRevenue ?? 0;
  return {
    id: cf.id,
    name: cf.name,
    type: cf.type,
    cumCost,
    cumRevenue,
    cumProfit: cumRevenue - cumCost,
    products: cf.pids.map((pid, p) => {
      const ps = fs?.products[p];
      const owed = (ps?.owed ?? []).map((q, j) => {
        const slot = cf.slots[p]?.[j];
        const to = slot && slot.fac >= 0 ? (model.facilities[slot.fac]?.id ?? '') : 'consumer';
        return { to, quantity: q };
      });
      return {
        pid,
        stock: ps?.stock ?? 0,
        backlog: owed.reduce((a, o) => a + o.quantity, 0),
        owed,
      };
    }),
    capabilities: cf.caps.map((c, ci) => {
      const transit = fs?.capabilities[ci]?.transit ?? [];
      const arriving = limited ? transit.slice(0, c.visibleWeeks) : transit.slice();
      while (limited && arriving.length < c.visibleWeeks) arriving.push(0);
      return {
        id: c.id,
        pid: c.pid,
        type: c.type,
        from: c.sup >= 0 ? (model.facilities[c.sup]?.id ?? null) : null,
        leadtime: c.leadtime,
        ordertime: c.ordertime,
        visibleWeeks: c.visibleWeeks,
        moq: c.moq,
        batchSize: c.batchSize,
        maxOrderQty: c.maxOrderQty,
        arriving,
        onOrder: supplyLine(state, fi, ci),
      };
    }),
    current: state.current?.facilities[fi] ?? null,
    history: state.history.flatMap((r) => {
      const f = r.facilities[fi];
      return f ? [f] : [];
    }),
  };
}

/**
 * The view of `viewer` (a facility id, or null for the creator and observers)
 * on a game state. Throws on an unknown facility id.
 */
export function playerView(state: BeerState, viewer: FacilityId | null): PlayerView {
  const model = compile(state.game);
  const transparent = state.game.params.transparent;
  if (viewer !== null && !model.index.has(viewer)) throw new Error(`unknown facility ${viewer}`);
  const details: FacilityDetail[] = [];
  model.facilities.forEach((cf, fi) => {
    // A player never sees a pipeline further than its visible weeks, not even in a transparent
    // game (VIS-3, VIS-4); the creator and observers see it all.
    if (viewer === null) details.push(detail(state, fi, cf, false));
    else if (transparent || cf.id === viewer) details.push(detail(state, fi, cf, true));
  });
  return {
    week: state.week,
    weeks: state.game.params.weeks,
    status: state.status,
    transparent,
    viewer,
    facilities: model.facilities.map((cf) => ({ id: cf.id, name: cf.name, type: cf.type })),
    details,
  };
}
