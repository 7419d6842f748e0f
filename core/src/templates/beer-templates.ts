/**
 * The default beer game templates. Each config is a beer game document as the core reads it
 * (`normalizeGame` / `validateGame` accept every one, see templates.test.ts) plus the public
 * fields the screens need (icon, visual, position, map size, product names).
 */
import type { BeerFacilityConfig, BeerGameConfig, GameTemplate, MapSize } from './types';

/** Spec §9: the visual of a facility follows its icon; any other icon is a workshop. */
export function visualOfIcon(icon: string): string {
  switch (icon) {
    case 'cart':
      return 'retailer';
    case 'domain':
      return 'wholesaler';
    case 'call-split':
      return 'distributor';
    case 'factory':
      return 'factory';
    default:
      return 'workshop';
  }
}

/** Spec §9 map sizes: 2-4 facilities 3x3, 5-6 3x5, 7-8 3x7. */
export function mapSizeFor(count: number): MapSize {
  if (count <= 4) return { rows: 3, cols: 3 };
  if (count <= 6) return { rows: 3, cols: 5 };
  return { rows: 3, cols: 7 };
}

/** Fixed positions [column, row] of the n-th facility (downstream first) on each map size. */
const POSITIONS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  3: [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [4, 0],
    [4, 2],
    [2, 2],
    [0, 2],
  ],
  7: [
    [0, 0],
    [2, 0],
    [4, 0],
    [6, 0],
    [6, 2],
    [4, 2],
    [2, 2],
    [0, 2],
  ],
};

export function positionFor(index: number, count: number): readonly [number, number] {
  const list = POSITIONS[mapSizeFor(count).cols] ?? [];
  return list[index] ?? [0, 0];
}

interface Stage {
  readonly id: string;
  readonly name: string;
  readonly icon: string;
}

/** Stage names of a serial chain of `count` facilities, downstream first. */
export function chainStages(count: number): Stage[] {
  const retailer: Stage = { id: 'retailer', name: 'Retailer', icon: 'cart' };
  const wholesaler: Stage = { id: 'wholesaler', name: 'Wholesaler', icon: 'domain' };
  const distributor: Stage = { id: 'distributor', name: 'Distributor', icon: 'call-split' };
  const factory: Stage = { id: 'factory', name: 'Factory', icon: 'factory' };
  if (count <= 2) return [retailer, factory];
  if (count === 3) return [retailer, wholesaler, factory];
  const workshops: Stage[] = [];
  for (let i = 1; i <= count - 4; i++) {
    workshops.push({ id: `workshop${i}`, name: `Workshop ${i}`, icon: 'wrench' });
  }
  return [retailer, wholesaler, distributor, ...workshops.reverse(), factory];
}

export interface ChainTemplateOptions {
  readonly count: number;
  readonly leadtime?: number;
  readonly ordertime?: number;
  readonly stock?: number;
  readonly startOrders?: number;
  readonly transparent?: boolean;
  readonly weeks?: number;
  readonly forcedOrderWeeks?: number;
  readonly demand?: unknown;
  readonly timer?: number;
  /** Extra capability fields for every stage (moq, batchSize, leadtimeVariability...). */
  readonly capability?: Readonly<Record<string, number>>;
  /** Extra product fields for every stage (unitPrice, maxShipQty...). */
  readonly product?: Readonly<Record<string, number | boolean>>;
}

const BEER_PRODUCT = { beer: { name: 'Beer', productEmoji: '🍺' } } as const;

/** A single-product serial chain: the first stage faces consumers, the last one produces. */
export function chainConfig(o: ChainTemplateOptions): BeerGameConfig {
  const stages = chainStages(o.count);
  const facilities: Record<string, BeerFacilityConfig> = {};
  stages.forEach((stage, i) => {
    const upstream = stages[i + 1];
    const downstream = stages[i - 1];
    const cap = {
      leadtime: o.leadtime ?? 3,
      ordertime: o.ordertime ?? 1,
      startOrders: o.startOrders ?? 4,
      visibleWeeks: 2,
      ...o.capability,
    };
    facilities[stage.id] = {
      id: stage.id,
      name: stage.name,
      type: stage.id,
      icon: stage.icon,
      visual: visualOfIcon(stage.icon),
      position: positionFor(i, stages.length),
      clients: downstream ? [downstream.id] : [],
      pdata: {
        beer: { stock: o.stock ?? 12, backlog: 0, stockCost: 0.5, backlogCost: 1, ...o.product },
      },
      capabilities: {
        [`${stage.id}-beer`]: upstream
          ? { pid: 'beer', type: 'purchase', from: upstream.id, ...cap }
          : { pid: 'beer', type: 'production', ...cap },
      },
    };
  });
  return {
    type: 'beergame',
    params: {
      weeks: o.weeks ?? 36,
      transparent: o.transparent ?? false,
      timer: o.timer ?? 0,
      playTimer: false,
      forcedOrderWeeks: o.forcedOrderWeeks ?? 0,
      seed: 1,
      mapSize: mapSizeFor(stages.length),
      consumerDemand: o.demand ?? { type: 'step', initial: 4, final: 8, week: 5 },
      productsTemplates: BEER_PRODUCT,
    },
    facilities,
  };
}

/** Sterman's classic board game: order and shipping delays of two weeks, orders forced to 4. */
export function classicConfig(): BeerGameConfig {
  const base = chainConfig({ count: 4, leadtime: 4, ordertime: 2, forcedOrderWeeks: 4 });
  const factory = base.facilities['factory'];
  if (!factory) return base;
  return {
    ...base,
    facilities: {
      ...base.facilities,
      // The factory's one-week production request delay plus two weeks of production.
      factory: {
        ...factory,
        capabilities: {
          'factory-beer': {
            pid: 'beer',
            type: 'production',
            leadtime: 3,
            ordertime: 1,
            startOrders: 4,
            visibleWeeks: 2,
          },
        },
      },
    },
  };
}

/** Two products (ale and lager) from one factory, through a distributor, to two retailers. */
export function twoProductNetworkConfig(): BeerGameConfig {
  const products = { ale: 'Ale', lager: 'Lager' } as const;
  const pdata = (stock: number) => ({
    ale: { stock, backlog: 0, stockCost: 0.5, backlogCost: 1 },
    lager: { stock, backlog: 0, stockCost: 0.5, backlogCost: 1 },
  });
  const buy = (prefix: string, from: string) => ({
    [`${prefix}-ale`]: { pid: 'ale', type: 'purchase' as const, from, leadtime: 3, ordertime: 1 },
    [`${prefix}-lager`]: {
      pid: 'lager',
      type: 'purchase' as const,
      from,
      leadtime: 3,
      ordertime: 1,
    },
  });
  const facilities: Record<string, BeerFacilityConfig> = {
    north: {
      id: 'north',
      name: 'Retailer North',
      type: 'retailer',
      icon: 'cart',
      visual: 'retailer',
      position: positionFor(0, 4),
      clients: [],
      pdata: pdata(8),
      capabilities: buy('north', 'distributor'),
    },
    south: {
      id: 'south',
      name: 'Retailer South',
      type: 'retailer',
      icon: 'cart',
      visual: 'retailer',
      position: positionFor(3, 4),
      clients: [],
      pdata: pdata(8),
      capabilities: buy('south', 'distributor'),
    },
    distributor: {
      id: 'distributor',
      name: 'Distributor',
      type: 'distributor',
      icon: 'call-split',
      visual: 'distributor',
      position: positionFor(1, 4),
      clients: ['north', 'south'],
      pdata: pdata(16),
      capabilities: buy('distributor', 'factory'),
    },
    factory: {
      id: 'factory',
      name: 'Factory',
      type: 'factory',
      icon: 'factory',
      visual: 'factory',
      position: positionFor(2, 4),
      clients: ['distributor'],
      pdata: pdata(16),
      capabilities: {
        'factory-ale': { pid: 'ale', type: 'production', leadtime: 3, ordertime: 1 },
        'factory-lager': { pid: 'lager', type: 'production', leadtime: 3, ordertime: 1 },
      },
    },
  };
  return {
    type: 'beergame',
    params: {
      weeks: 30,
      transparent: false,
      timer: 0,
      playTimer: false,
      forcedOrderWeeks: 0,
      seed: 1,
      mapSize: mapSizeFor(4),
      consumerDemand: [4],
      productsConsumerDemand: {
        ale: { type: 'step', initial: 4, final: 6, week: 6 },
        lager: { type: 'uniform', min: 2, max: 6 },
      },
      productsTemplates: {
        ale: { name: products.ale, productEmoji: '🍺' },
        lager: { name: products.lager, productEmoji: '🍻' },
      },
    },
    facilities,
  };
}

export const BEER_TEMPLATES: readonly GameTemplate[] = [
  {
    id: 'beer-classic',
    version: 1,
    title: 'Classic beer game',
    type: 'beergame',
    description:
      "Sterman's four-stage board game: two-week order and shipping delays, demand steps from 4 to 8 in week 5.",
    config: classicConfig(),
  },
  {
    id: 'beer-default',
    version: 1,
    title: 'Four-stage supply chain',
    type: 'beergame',
    description: 'Retailer, wholesaler, distributor and factory with a three-week lead time.',
    config: chainConfig({ count: 4 }),
  },
  {
    id: 'beer-transparent',
    version: 1,
    title: 'Transparent supply chain',
    type: 'beergame',
    description:
      'The four-stage chain where every player sees the whole chain: stocks, orders, demand.',
    config: chainConfig({ count: 4, transparent: true }),
  },
  {
    id: 'beer-chain-2',
    version: 1,
    title: 'Two-stage chain',
    type: 'beergame',
    description:
      'A retailer and a factory: the shortest chain, for a first contact or small groups.',
    config: chainConfig({ count: 2 }),
  },
  {
    id: 'beer-chain-3',
    version: 1,
    title: 'Three-stage chain',
    type: 'beergame',
    description: 'Retailer, wholesaler and factory.',
    config: chainConfig({ count: 3 }),
  },
  {
    id: 'beer-chain-6',
    version: 1,
    title: 'Six-stage chain',
    type: 'beergame',
    description: 'A longer chain with two workshops between the distributor and the factory.',
    config: chainConfig({ count: 6 }),
  },
  {
    id: 'beer-chain-8',
    version: 1,
    title: 'Eight-stage chain',
    type: 'beergame',
    description: 'The longest chain: eight stages, to see the bullwhip grow upstream.',
    config: chainConfig({ count: 8 }),
  },
  {
    id: 'beer-two-products',
    version: 1,
    title: 'Network with two products',
    type: 'beergame',
    description:
      'Ale and lager made by one factory, shipped through a distributor to two retailers.',
    config: twoProductNetworkConfig(),
  },
  {
    id: 'beer-random-demand',
    version: 1,
    title: 'Random demand',
    type: 'beergame',
    description: 'The four-stage chain facing a random consumer demand between 2 and 10.',
    config: chainConfig({ count: 4, demand: { type: 'uniform', min: 2, max: 10 } }),
  },
  {
    id: 'beer-short-leadtime',
    version: 1,
    title: 'Short lead times',
    type: 'beergame',
    description: 'The four-stage chain with two-week lead times: what faster deliveries change.',
    config: chainConfig({ count: 4, leadtime: 2, ordertime: 1 }),
  },
];

/** Advanced beer configs (constraints of spec §5), used by the advanced session templates. */
export function advancedConfigs(): Record<string, BeerGameConfig> {
  return {
    constrained: chainConfig({
      count: 4,
      capability: { moq: 4, batchSize: 4, maxOrderQty: 40 },
    }),
    variable: chainConfig({
      count: 4,
      capability: { leadtimeVariability: 2 },
      demand: { type: 'normal', mean: 8, sd: 2 },
    }),
    priced: chainConfig({
      count: 4,
      product: { unitPrice: 2, missedSaleCost: 1 },
      capability: { productionCost: 0.5 },
    }),
  };
}
