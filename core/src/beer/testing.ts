/** Small builders of games for tests and examples. Pure. */
import type { BeerState, RunningBeerState, WeekOrders } from './engine';
import { advanceWeek } from './engine';
import type { BeerGameInput, DemandPattern, FacilityInput, ProductData } from './model';

export interface TwoStageOptions {
  demand?: DemandPattern;
  weeks?: number;
  shop?: Partial<ProductData>;
  plant?: Partial<ProductData>;
  buy?: {
    visibleWeeks?: number;
    leadtime?: number;
    ordertime?: number;
    startOrders?: number;
    moq?: number;
    batchSize?: number;
    maxOrderQty?: number;
    leadtimeVariability?: number;
  };
  make?: { leadtime?: number; ordertime?: number; startOrders?: number; productionCost?: number };
  forcedOrderWeeks?: number;
  seed?: number;
  transparent?: boolean;
}

/** A shop buying product 'p' from a plant that produces it. */
export function twoStage(o: TwoStageOptions = {}): BeerGameInput {
  const shop: FacilityInput = {
    name: 'Shop',
    pdata: { p: { stock: 12, ...o.shop } },
    capabilities: {
      buy: {
        pid: 'p',
        type: 'purchase',
        from: 'plant',
        leadtime: 4,
        ordertime: 2,
        startOrders: 0,
        ...o.buy,
      },
    },
  };
  const plant: FacilityInput = {
    name: 'Plant',
    pdata: { p: { stock: 100, ...o.plant } },
    capabilities: {
      make: { pid: 'p', type: 'production', leadtime: 2, ordertime: 1, startOrders: 0, ...o.make },
    },
  };
  return {
    params: {
      weeks: o.weeks ?? 10,
      consumerDemand: o.demand ?? [0],
      forcedOrderWeeks: o.forcedOrderWeeks ?? 0,
      seed: o.seed ?? 1,
      transparent: o.transparent ?? false,
    },
    facilities: { shop: { id: 'shop', ...shop }, plant: { id: 'plant', ...plant } },
  };
}

/**
 * A warehouse 'w' serving two shops 'a' and 'b' (product 'p'); the shops face
 * consumers, the warehouse produces.
 */
export function oneToTwo(
  o: { wStock?: number; aStart?: number; bStart?: number; weeks?: number } = {},
): BeerGameInput {
  const shop = (start: number): FacilityInput => ({
    pdata: { p: { stock: 0 } },
    capabilities: {
      buy: { pid: 'p', type: 'purchase', from: 'w', leadtime: 3, ordertime: 1, startOrders: start },
    },
  });
  return {
    params: { weeks: o.weeks ?? 6, consumerDemand: [0] },
    facilities: {
      a: { id: 'a', ...shop(o.aStart ?? 6) },
      b: { id: 'b', ...shop(o.bStart ?? 3) },
      w: {
        id: 'w',
        pdata: { p: { stock: o.wStock ?? 4 } },
        capabilities: {
          make: { pid: 'p', type: 'production', leadtime: 2, ordertime: 1, startOrders: 0 },
        },
      },
    },
  };
}

/** Advances with the same orders every week, `n` times or until the end. */
export function advanceN(state: BeerState, n: number, orders: WeekOrders = {}): BeerState {
  let s = state;
  for (let i = 0; i < n && s.status === 'running'; i++) s = advanceWeek(s, orders);
  return s;
}

export function running(s: BeerState): RunningBeerState {
  if (s.status !== 'running') throw new Error('game finished');
  return s;
}
