/**
 * The default beer game templates. Each config is a `BeerGameConfig` of the beer documents module
 * (`core/src/beer/game-docs.ts`): `buildBeerGameDocs` turns it into a game's documents, and every
 * one passes `validateBeerConfig` (the core's `validateGame` plus map and timer checks), see
 * templates.test.ts.
 */
import {
  chainConfig,
  classicBeerTemplate,
  defaultConfigDebrief,
  emptyConfigMessages,
  fixedPositions,
  type BeerFacilityConfig,
  type BeerGameConfig,
  type ChainConfigOptions,
} from '../beer/game-docs';
import type { BeerGameTemplate } from './types';

type CapabilityExtras = Readonly<Record<string, number>>;
type ProductExtras = Readonly<Record<string, number | boolean>>;

/** A chain of `chainConfig` with extra capability and product fields on every stage. */
export function tunedChain(
  options: ChainConfigOptions,
  tune: { transparent?: boolean; capability?: CapabilityExtras; product?: ProductExtras } = {},
): BeerGameConfig {
  const base = chainConfig(options);
  const facilities: Record<string, BeerFacilityConfig> = {};
  for (const [id, f] of Object.entries(base.facilities)) {
    const capabilities: BeerFacilityConfig['capabilities'] = {};
    for (const [cid, c] of Object.entries(f.capabilities)) {
      capabilities[cid] = { ...c, ...tune.capability };
    }
    const pdata: BeerFacilityConfig['pdata'] = {};
    for (const [pid, d] of Object.entries(f.pdata)) pdata[pid] = { ...d, ...tune.product };
    facilities[id] = { ...f, capabilities, pdata };
  }
  return {
    params: { ...base.params, transparent: tune.transparent ?? base.params.transparent },
    facilities,
  };
}

/** Two products (ale and lager) from one factory, through a distributor, to two retailers. */
export function twoProductNetworkConfig(): BeerGameConfig {
  const product = (stock: number) => ({
    stock,
    backlog: 0,
    allowBacklog: true,
    maxShipQty: 0,
    unitPrice: 0,
    stockCost: 0.5,
    backlogCost: 1,
    missedSaleCost: 0,
  });
  const pdata = (stock: number) => ({ ale: product(stock), lager: product(stock) });
  const buy = (prefix: string, from: string): BeerFacilityConfig['capabilities'] => ({
    [`${prefix}-ale`]: { pid: 'ale', type: 'purchase', from, leadtime: 3, ordertime: 1 },
    [`${prefix}-lager`]: { pid: 'lager', type: 'purchase', from, leadtime: 3, ordertime: 1 },
  });
  // Downstream first: the two retailers, the distributor, the factory.
  const [p0, p1, p2, p3] = fixedPositions(4);
  const facilities: Record<string, BeerFacilityConfig> = {
    north: {
      id: 'north',
      name: 'Retailer North',
      type: 'retailer',
      icon: 'cart',
      visual: 'retailer',
      ...(p0 ? { position: p0 } : {}),
      pdata: pdata(8),
      capabilities: buy('north', 'distributor'),
    },
    south: {
      id: 'south',
      name: 'Retailer South',
      type: 'retailer',
      icon: 'cart',
      visual: 'retailer',
      ...(p1 ? { position: p1 } : {}),
      pdata: pdata(8),
      capabilities: buy('south', 'distributor'),
    },
    distributor: {
      id: 'distributor',
      name: 'Distributor',
      type: 'distributor',
      icon: 'call-split',
      visual: 'distributor',
      ...(p2 ? { position: p2 } : {}),
      pdata: pdata(16),
      capabilities: buy('distributor', 'factory'),
    },
    factory: {
      id: 'factory',
      name: 'Factory',
      type: 'factory',
      icon: 'factory',
      visual: 'factory',
      ...(p3 ? { position: p3 } : {}),
      pdata: pdata(16),
      capabilities: {
        'factory-ale': { pid: 'ale', type: 'production', leadtime: 3, ordertime: 1 },
        'factory-lager': { pid: 'lager', type: 'production', leadtime: 3, ordertime: 1 },
      },
    },
  };
  return {
    params: {
      weeks: 30,
      seed: 1,
      forcedOrderWeeks: 0,
      transparent: false,
      timer: 0,
      playTimer: false,
      consumerDemand: [4],
      productsConsumerDemand: {
        ale: { type: 'step', initial: 4, final: 6, week: 6 },
        lager: { type: 'uniform', min: 2, max: 6 },
      },
      productsTemplates: {
        ale: { name: 'Ale', productEmoji: '🍺' },
        lager: { name: 'Lager', productEmoji: '🍻' },
      },
      configMessages: emptyConfigMessages(),
      configDebrief: defaultConfigDebrief(),
      bckCells: [],
    },
    facilities,
  };
}

function beer(
  id: string,
  title: string,
  description: string,
  config: BeerGameConfig,
): BeerGameTemplate {
  return { id, version: 1, title, type: 'beergame', description, config };
}

export const BEER_TEMPLATES: readonly BeerGameTemplate[] = [
  beer(
    'beer-classic',
    'Classic beer game',
    "Sterman's four-stage board game: two-week order and shipping delays, demand steps from 4 to 8 in week 5.",
    classicBeerTemplate().config,
  ),
  beer(
    'beer-default',
    'Four-stage supply chain',
    'Retailer, wholesaler, distributor and factory with a three-week lead time.',
    chainConfig({ count: 4 }),
  ),
  beer(
    'beer-transparent',
    'Transparent supply chain',
    'The four-stage chain where every player sees the whole chain: stocks, orders, demand.',
    tunedChain({ count: 4 }, { transparent: true }),
  ),
  beer(
    'beer-chain-2',
    'Two-stage chain',
    'A retailer and a factory: the shortest chain, for a first contact or small groups.',
    chainConfig({ count: 2 }),
  ),
  beer(
    'beer-chain-3',
    'Three-stage chain',
    'Retailer, wholesaler and factory.',
    chainConfig({ count: 3 }),
  ),
  beer(
    'beer-chain-6',
    'Six-stage chain',
    'A longer chain with two workshops between the distributor and the factory.',
    chainConfig({ count: 6 }),
  ),
  beer(
    'beer-chain-8',
    'Eight-stage chain',
    'The longest chain: eight stages, to see the bullwhip grow upstream.',
    chainConfig({ count: 8 }),
  ),
  beer(
    'beer-two-products',
    'Network with two products',
    'Ale and lager made by one factory, shipped through a distributor to two retailers.',
    twoProductNetworkConfig(),
  ),
  beer(
    'beer-random-demand',
    'Random demand',
    'The four-stage chain facing a random consumer demand between 2 and 10.',
    chainConfig({ count: 4, demand: { type: 'uniform', min: 2, max: 10 } }),
  ),
  beer(
    'beer-short-leadtime',
    'Short lead times',
    'The four-stage chain with two-week lead times: what faster deliveries change.',
    chainConfig({ count: 4, leadtime: 2, ordertime: 1, productionLeadtime: 2 }),
  ),
];

/** Advanced beer configs (constraints of spec §5), used by the advanced session templates. */
export function advancedConfigs(): {
  constrained: BeerGameConfig;
  variable: BeerGameConfig;
  priced: BeerGameConfig;
} {
  return {
    constrained: tunedChain(
      { count: 4 },
      { capability: { moq: 4, batchSize: 4, maxOrderQty: 40 } },
    ),
    variable: tunedChain(
      { count: 4, demand: { type: 'normal', mean: 8, sd: 2 } },
      { capability: { leadtimeVariability: 2 } },
    ),
    priced: tunedChain(
      { count: 4 },
      { product: { unitPrice: 2, missedSaleCost: 1 }, capability: { productionCost: 0.5 } },
    ),
  };
}
