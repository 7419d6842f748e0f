import { describe, expect, it } from 'vitest';
import { workspaceOwnerSource } from '@/app/use-workspace-locale';

describe('workspaceOwnerSource (spec §2 custom-look pages)', () => {
  it("finds the workspace from the user page, or from a game's or session's creator", () => {
    expect(workspaceOwnerSource('/user/u%201')).toEqual({ owner: 'u 1' });
    expect(workspaceOwnerSource('/game/g1/play')).toEqual({ doc: 'games/g1' });
    expect(workspaceOwnerSource('/session/s1/lobby')).toEqual({ doc: 'sessions/s1' });
  });

  it('has none elsewhere', () => {
    expect(workspaceOwnerSource('/dashboard/intro')).toBeNull();
    expect(workspaceOwnerSource('/')).toBeNull();
    expect(workspaceOwnerSource('/user/%E0%A4%A')).toBeNull();
  });
});
