import { describe, expect, it } from 'vitest';
import { signupHidden } from '@/features/portal/portal-store';
import { parsePortal } from '@/features/portal/portal-model';

describe('signupHidden (spec §2: signup hidden when a portal look is active)', () => {
  it('shows signup on the app’s own host and for an unknown portal', () => {
    expect(signupHidden({ status: 'none', portal: null })).toBe(false);
    expect(signupHidden({ status: 'ready', portal: null })).toBe(false);
  });

  it('hides it on a portal, and while a portal host’s look is loading', () => {
    expect(signupHidden({ status: 'loading', portal: null })).toBe(true);
    expect(signupHidden({ status: 'ready', portal: parsePortal('acme', { slug: 'acme' }) })).toBe(
      true,
    );
  });
});
