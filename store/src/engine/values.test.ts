/** Field paths read own fields only. */
import { describe, expect, it } from 'vitest';
import { readField } from './values';

describe('readField', () => {
  it('never finds an inherited property', () => {
    expect(readField({ a: 1 }, 'constructor')).toBeUndefined();
    expect(readField({ m: {} }, 'm.toString')).toBeUndefined();
    expect(readField({ m: { n: 2 } }, 'm.hasOwnProperty')).toBeUndefined();
  });

  it('reads fields named like inherited properties when the document has them', () => {
    expect(readField({ constructor: 5 }, 'constructor')).toBe(5);
    expect(readField({ m: { valueOf: 'v' } }, 'm.valueOf')).toBe('v');
    expect(readField({ m: { n: 2 } }, 'm.n')).toBe(2);
  });
});
