/**
 * Ready-made games: Sterman's classic board game and the product's default
 * chain (spec §9 defaults).
 */
import type { BeerGameInput, DemandPattern, FacilityInput } from './model';

export const CLASSIC_ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;

/** Sterman's benchmark S′ per role, downstream first. */
export const CLASSIC_SPRIME = [28, 28, 28, 20] as const;

export interface ChainOptions {
  roles: readonly string[];
  leadtime: number;
  ordertime: number;
  /** Lead time and order time of the most upstream stage's production. */
  productionLeadtime: number;
  productionOrdertime: number;
  startOrders: number;
  stock: number;
  demand: DemandPattern;
  weeks: number;
  forcedOrderWeeks: number;
  seed: number;
  pid?: string;
}

/** A single-product serial chain: roles[0] faces consumers, the last one produces. */
export function chainGame(o: ChainOptions): BeerGameInput {
  const pid = o.pid ?? 'beer';
  const facilities: Record<string, FacilityInput> = {};
  o.roles.forEach((role, i) => {
    const last = i === o.roles.length - 1;
    const upstream = o.roles[i + 1];
    facilities[role] = {
      id: role,
      name: role,
      type: role,
      pdata: { [pid]: { stock: o.stock, backlog: 0, stockCost: 0.5, backlogCost: 1 } },
      capabilities: {
        [`${role}-${pid}`]:
          last || upstream === undefined
            ? {
                pid,
                type: 'production',
                leadtime: o.productionLeadtime,
                ordertime: o.productionOrdertime,
                startOrders: o.startOrders,
              }
            : {
                pid,
                type: 'purchase',
                from: upstream,
                leadtime: o.leadtime,
                ordertime: o.ordertime,
                startOrders: o.startOrders,
              },
      },
    };
  });
  return {
    params: {
      weeks: o.weeks,
      transparent: false,
      consumerDemand: o.demand,
      forcedOrderWeeks: o.forcedOrderWeeks,
      seed: o.seed,
    },
    facilities,
  };
}

/**
 * Sterman's classic: order delay 2 and shipping delay 2 (lead time 4, order
 * time 2) for retailer, wholesaler and distributor; the factory's one-week
 * production request delay plus two weeks of production (lead time 3, order
 * time 1); stock 12, every pipeline slot 4; demand 4, then 8 from week 5;
 * orders forced to 4 in weeks 1–4; holding 0.5, backlog 1.0; 36 weeks.
 */
export function classicGame(
  overrides: { weeks?: number; seed?: number; demand?: DemandPattern } = {},
): BeerGameInput {
  return chainGame({
    roles: CLASSIC_ROLES,
    leadtime: 4,
    ordertime: 2,
    productionLeadtime: 3,
    productionOrdertime: 1,
    startOrders: 4,
    stock: 12,
    demand: overrides.demand ?? { type: 'step', initial: 4, final: 8, week: 5 },
    weeks: overrides.weeks ?? 36,
    forcedOrderWeeks: 4,
    seed: overrides.seed ?? 1,
  });
}

/**
 * The product's default game (spec §9): four facilities, lead time 3, order
 * time 1, start orders 4, stock 12, costs 0.5 / 1; demand 4 then 8 from week 5.
 */
export function defaultGame(
  overrides: { weeks?: number; seed?: number; demand?: DemandPattern } = {},
): BeerGameInput {
  return chainGame({
    roles: CLASSIC_ROLES,
    leadtime: 3,
    ordertime: 1,
    productionLeadtime: 3,
    productionOrdertime: 1,
    startOrders: 4,
    stock: 12,
    demand: overrides.demand ?? { type: 'step', initial: 4, final: 8, week: 5 },
    weeks: overrides.weeks ?? 36,
    forcedOrderWeeks: 0,
    seed: overrides.seed ?? 1,
  });
}
