import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from '@/lib/sha256';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe('sha256', () => {
  it('gives the FIPS 180-4 example digests', () => {
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(sha256(new Uint8Array(0)))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('equals node crypto across the padding boundaries and several blocks', () => {
    for (const length of [1, 55, 56, 57, 63, 64, 65, 119, 128, 1000]) {
      const bytes = new Uint8Array(randomBytes(length));
      expect(hex(sha256(bytes)), `length ${length}`).toBe(
        createHash('sha256').update(bytes).digest('hex'),
      );
    }
  });
});
