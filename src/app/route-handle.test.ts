import { describe, expect, it } from 'vitest';
import { deepestHandle } from '@/app/route-handle';

describe('deepestHandle', () => {
  it('takes the deepest route that sets the field', () => {
    const handles = [
      { hideNavbar: false, title: 'titles.home' },
      undefined,
      { access: { need: 'public' } },
      { title: 'titles.game' },
    ];
    expect(deepestHandle(handles, 'title')).toBe('titles.game');
    expect(deepestHandle(handles, 'access')).toEqual({ need: 'public' });
    expect(deepestHandle(handles, 'hideNavbar')).toBe(false);
  });
  it('gives undefined when no route sets it', () => {
    expect(deepestHandle([undefined, null, {}], 'title')).toBeUndefined();
  });
});
