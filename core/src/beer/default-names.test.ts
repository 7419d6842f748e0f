import { describe, expect, it } from 'vitest';
import {
  defaultFacilityNameKey,
  defaultProductNameKey,
  facilityDisplayName,
} from './default-names';
import { chainConfig } from './game-docs';

describe('default content names', () => {
  it('recognises every name the default chains store', () => {
    for (let count = 2; count <= 8; count++) {
      for (const f of Object.values(chainConfig({ count }).facilities)) {
        expect(defaultFacilityNameKey(f.name), f.name).not.toBeNull();
      }
    }
    expect(defaultFacilityNameKey('Workshop 3')).toEqual({ key: 'facility.workshop', n: 3 });
    expect(defaultProductNameKey('Beer')).toEqual({ key: 'product.beer' });
  });

  it('treats any other name as typed by the instructor', () => {
    for (const name of ['Retailer ', 'retailer', 'Workshop', 'Workshop 0', 'toString', 'Shop']) {
      expect(defaultFacilityNameKey(name), name).toBeNull();
    }
    expect(defaultProductNameKey('constructor')).toBeNull();
  });

  it('keeps the stored name when a translation is missing', () => {
    expect(facilityDisplayName('Factory', (key) => key)).toBe('Factory');
    expect(facilityDisplayName('Factory', () => 'Usine')).toBe('Usine');
  });
});
