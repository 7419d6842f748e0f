/**
 * The Cars and Trucks scenario's facility ids and the English default names its documents store
 * (`./cars-and-trucks.ts`): apart from the scenario, so that translating names on screen
 * (`./default-names.ts`) does not bring the whole scenario to every page.
 */

/** Facility ids of the scenario, in line order. */
export const CT_FACILITIES = ['warehouse', 'yellow', 'grey', 'blue', 'quality'] as const;
export type CarsAndTrucksFacility = (typeof CT_FACILITIES)[number];

/** English default names, stored in the documents (translated on screen). */
export const CT_NAMES: Readonly<Record<CarsAndTrucksFacility | 'car' | 'truck', string>> = {
  warehouse: 'Warehouse',
  yellow: 'Yellow',
  grey: 'Grey',
  blue: 'Blue',
  quality: 'Quality & Rework',
  car: 'Car',
  truck: 'Truck',
};
