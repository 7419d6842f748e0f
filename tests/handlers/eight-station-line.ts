/**
 * The line the lean load figures play: a warehouse and 7 painting stations in a row, a car of 7
 * dots (one per station), an order of 2 cars every `orderEveryMin` minutes. The write-budget test
 * and the lean play benchmark both run it.
 */
import type { LeanGameInput } from '@sim/core/lean/model';

const DOTS = [
  ['circle', 'yellow'],
  ['square', 'yellow'],
  ['circle', 'grey'],
  ['square', 'grey'],
  ['triangle', 'grey'],
  ['circle', 'blue'],
  ['square', 'blue'],
] as const;

export const EIGHT_LINE_STATIONS: readonly string[] = DOTS.map((_, i) => `s${i + 1}`);
/** The warehouse first, then the stations in line order. */
export const EIGHT_LINE_FACILITIES: readonly string[] = ['w', ...EIGHT_LINE_STATIONS];

export function eightStationLine(minutes: number, orderEveryMin: number): LeanGameInput {
  const facilities: LeanGameInput['facilities'] = {
    w: { type: 'warehouse', name: 'Warehouse', line: 0, position: [0, 0], batchSize: 2 },
  };
  EIGHT_LINE_STATIONS.forEach((id, i) => {
    facilities[id] = {
      type: 'station',
      name: `Station ${i + 1}`,
      line: i + 1,
      position: [i + 1, 0],
      batchSize: 2,
    };
  });
  const opAssignment: Record<string, string> = {};
  DOTS.forEach(
    ([shape, color], i) => (opAssignment[`${shape}:${color}`] = EIGHT_LINE_STATIONS[i]!),
  );
  // Tenths of a minute as integers, so the order times carry no float noise.
  const everyTenths = Math.round(orderEveryMin * 10);
  const orders = Math.floor((minutes * 10) / everyTenths);
  return {
    params: {
      consumerDemand: Array.from({ length: orders }, (_, k) => ({
        created_min: (k * everyTenths) / 10,
        template_id: 'car',
        qty: 2,
      })),
      consumerDemandParams: { visibility: false, totalDuration: minutes, dueDelay: 1 },
      productsTemplates: {
        car: { name: 'Car', ops: DOTS.map(([shape, color]) => ({ shape, color, time: 0.05 })) },
      },
      opAssignment,
      mapSize: { rows: 5, cols: 8 },
      seed: 3,
    },
    facilities,
  };
}
