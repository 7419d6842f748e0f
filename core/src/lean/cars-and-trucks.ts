/**
 * The Cars and Trucks scenario of the design's Appendix, as lean game input documents: a computer
 * warehouse, three painting stations organised by colour (Yellow, Grey, Blue) and a Quality &
 * Rework station; cars and trucks of six 0.1-minute dots each; ten orders of four units every
 * 1.8 minutes. The default templates, the benchmark and the tests build on it.
 *
 * Names are the English defaults stored in the documents; screens translate them
 * (`./default-names.ts`).
 */
import type {
  FacilityId,
  LeanFacilityInput,
  LeanGameInput,
  LeanOrderInput,
  LeanSettings,
  Improvement,
} from './model';

import { CT_FACILITIES, CT_NAMES, type CarsAndTrucksFacility } from './cars-and-trucks-names';

export { CT_FACILITIES, CT_NAMES, type CarsAndTrucksFacility };

/** The Appendix's spread layout, [column, row]. */
export const CT_LAYOUT: Readonly<Record<CarsAndTrucksFacility, [number, number]>> = {
  warehouse: [0, 0],
  yellow: [3, 0],
  grey: [6, 0],
  blue: [6, 3],
  quality: [3, 3],
};

/** The Appendix's compact layout (movestations): the U of neighbours. */
export const CT_COMPACT_LAYOUT: Readonly<Record<CarsAndTrucksFacility, [number, number]>> = {
  warehouse: [0, 0],
  yellow: [1, 0],
  grey: [2, 0],
  blue: [2, 1],
  quality: [1, 1],
};

/** Operation types by colour: each colour's station paints its dots. */
export const CT_ASSIGNMENT: Readonly<Record<string, FacilityId>> = {
  'circle:yellow': 'yellow',
  'square:yellow': 'yellow',
  'circle:grey': 'grey',
  'square:grey': 'grey',
  'triangle:grey': 'grey',
  'hbar:grey': 'grey',
  'circle:blue': 'blue',
  'square:blue': 'blue',
};

/** The Appendix's balance variant: the grey triangle to Blue, the grey bar to Quality. */
export const CT_BALANCED_ASSIGNMENT: Readonly<Record<string, FacilityId>> = {
  ...CT_ASSIGNMENT,
  'triangle:grey': 'blue',
  'hbar:grey': 'quality',
};

/** The order mix of the Appendix, repeated when a longer run has more orders. */
export const CT_ORDER_MIX = [
  'car',
  'car',
  'truck',
  'car',
  'truck',
  'truck',
  'car',
  'car',
  'truck',
  'car',
] as const;

export const CT_ORDER_EVERY_MIN = 1.8;
export const CT_ORDER_QTY = 4;

/** `count` orders of 4 units, one every 1.8 minutes from minute 0 (minutes to 0.1). */
export function carsAndTrucksOrders(count: number = CT_ORDER_MIX.length): LeanOrderInput[] {
  return Array.from({ length: count }, (_, k) => ({
    // k × 1.8 in tenths, so 5.4 is stored as 5.4 and not 5.3999…
    created_min: (k * Math.round(CT_ORDER_EVERY_MIN * 10)) / 10,
    template_id: CT_ORDER_MIX[k % CT_ORDER_MIX.length]!,
    qty: CT_ORDER_QTY,
  }));
}

/** A round of the scenario: the improvements in place (a row of the Appendix table). */
export interface CarsAndTrucksVariant {
  /** Batch size of every facility, the warehouse's included (default 4). */
  batch?: number;
  /** The compact layout instead of the spread one. */
  compact?: boolean;
  /** The balance variant of the op assignment. */
  balance?: boolean;
  settings?: Partial<LeanSettings>;
  /** Levers players may edit (`params.improvements`). */
  improvements?: readonly Improvement[];
  totalDuration?: number;
  /** Number of orders (default 10). */
  orders?: number;
  /** The uid playing each facility; absent: the computer plays it. */
  users?: Partial<Record<CarsAndTrucksFacility, string>>;
}

const STATION: LeanFacilityInput = {
  type: 'station',
  changeoverTime: 0.5,
  loadTime: 0.1,
  removeTime: 0.05,
  defectRate: 0.05,
};

/** The scenario's game input documents (design Appendix). Fresh objects on every call. */
export function carsAndTrucks(variant: CarsAndTrucksVariant = {}): LeanGameInput {
  const batch = variant.batch ?? 4;
  const layout = variant.compact ? CT_COMPACT_LAYOUT : CT_LAYOUT;
  const settings = variant.settings ?? {};
  // Kanban caps of 2 everywhere, the warehouse's included (Appendix); never below the batch.
  const caps = settings.kanban
    ? { wipInMax: Math.max(2, batch), wipOutMax: Math.max(2, batch) }
    : {};
  const facility = (
    id: CarsAndTrucksFacility,
    line: number,
    base: LeanFacilityInput,
  ): LeanFacilityInput => ({
    ...base,
    name: CT_NAMES[id],
    line,
    position: [layout[id][0], layout[id][1]],
    batchSize: batch,
    ...caps,
    user: variant.users?.[id] ?? null,
  });
  return {
    params: {
      consumerDemand: carsAndTrucksOrders(variant.orders),
      consumerDemandParams: {
        visibility: false,
        totalDuration: variant.totalDuration ?? 20,
        dueDelay: 4,
      },
      moveCellTime: 0.1,
      productsTemplates: {
        car: {
          name: CT_NAMES.car,
          ops: [
            { shape: 'circle', color: 'yellow', time: 0.1 },
            { shape: 'square', color: 'yellow', time: 0.1 },
            { shape: 'circle', color: 'grey', time: 0.1 },
            { shape: 'square', color: 'grey', time: 0.1 },
            { shape: 'triangle', color: 'grey', time: 0.1 },
            { shape: 'circle', color: 'blue', time: 0.1 },
          ],
        },
        truck: {
          name: CT_NAMES.truck,
          ops: [
            { shape: 'square', color: 'yellow', time: 0.1 },
            { shape: 'circle', color: 'grey', time: 0.1 },
            { shape: 'triangle', color: 'grey', time: 0.1 },
            { shape: 'hbar', color: 'grey', time: 0.1 },
            { shape: 'circle', color: 'blue', time: 0.1 },
            { shape: 'square', color: 'blue', time: 0.1 },
          ],
        },
      },
      improvements: [...(variant.improvements ?? [])],
      settings: {
        autoinspect: settings.autoinspect === true,
        heijunka: settings.heijunka === true,
        pokayoke: settings.pokayoke === true,
        kanban: settings.kanban === true,
        smed: settings.smed === true,
      },
      opAssignment: { ...(variant.balance ? CT_BALANCED_ASSIGNMENT : CT_ASSIGNMENT) },
      smedFactor: 0.2,
      mapSize: { rows: 5, cols: 8 },
      seed: 7,
    },
    facilities: {
      warehouse: facility('warehouse', 0, { type: 'warehouse' }),
      yellow: facility('yellow', 1, STATION),
      grey: facility('grey', 2, STATION),
      blue: facility('blue', 3, STATION),
      quality: facility('quality', 4, {
        type: 'quality',
        rework: true,
        inspectTime: 0.1,
        loadTime: 0.1,
        removeTime: 0.05,
        defectRate: 0.05,
        changeoverTime: 0,
      }),
    },
  };
}

/** The rows of the Appendix table, each adding to the one above. */
export const CARS_AND_TRUCKS_ROUNDS: readonly {
  readonly id: string;
  readonly variant: CarsAndTrucksVariant;
}[] = [
  { id: 'push', variant: { batch: 4 } },
  { id: 'batch1', variant: { batch: 1 } },
  { id: 'compact', variant: { batch: 1, compact: true } },
  { id: 'smed', variant: { batch: 1, compact: true, settings: { smed: true } } },
  { id: 'kanban', variant: { batch: 1, compact: true, settings: { smed: true, kanban: true } } },
  {
    id: 'heijunka',
    variant: { batch: 1, compact: true, settings: { smed: true, kanban: true, heijunka: true } },
  },
  {
    id: 'autoinspect',
    variant: {
      batch: 1,
      compact: true,
      balance: true,
      settings: { smed: true, kanban: true, heijunka: true, autoinspect: true },
    },
  },
  {
    id: 'pokayoke',
    variant: {
      batch: 1,
      compact: true,
      balance: true,
      settings: { smed: true, kanban: true, heijunka: true, autoinspect: true, pokayoke: true },
    },
  },
];
