/** Runs every case of the access-policy table against the TypeScript policy module. */
import { describe, expect, it } from 'vitest';
import { logoInvalid } from '@sim/store/policy/access-policy';
import { DOC_CASES, FILE_CASES } from './cases';
import { decideFileWithModule, decideWithModule } from './harness';

describe('access policy module: documents', () => {
  it('has at least 100 cases in all, with unique names', () => {
    expect(DOC_CASES.length + FILE_CASES.length).toBeGreaterThanOrEqual(100);
    const names = [...DOC_CASES, ...FILE_CASES].map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const c of DOC_CASES) {
    it(`${c.name} → ${c.expect}`, () => {
      const d = decideWithModule(c);
      expect(d.allowed, d.allowed ? 'allowed' : d.reason).toBe(c.expect === 'allow');
    });
  }
});

describe('access policy module: files', () => {
  for (const c of FILE_CASES) {
    it(`${c.name} → ${c.expect}`, () => {
      const d = decideFileWithModule(c);
      expect(d.allowed, d.allowed ? 'allowed' : d.reason).toBe(c.expect === 'allow');
      if (c.logoInvalid === true && !d.allowed) expect(d.reason).toBe(logoInvalid);
    });
  }

  it("refuses a bad logo with the spec's message", () => {
    expect(logoInvalid).toBe('Only .PNG , .JPG or .SVG file less than 2MB please.');
  });
});
