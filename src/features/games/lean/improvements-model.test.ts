/**
 * The improvements panel (spec §4, design B.12): who may open it, who holds it, the levers with
 * those the game lists unlocked, the free cells and the stations an op may go to, and that each
 * control's change is one the backend's panel accepts (applied here with the same core module).
 */
import { describe, expect, it } from 'vitest';
import { validateLeanConfig } from '@sim/core/lean/game-docs';
import { applyImprovementChange, leversOf } from '@sim/core/lean/improvements';
import {
  assignableRoles,
  assignChange,
  batchChange,
  capChange,
  freeCells,
  leverRows,
  moveChange,
  opTypesUsed,
  panelAccess,
  parseWhole,
  switchChange,
} from '@/features/games/lean/improvements-model';
import { testGame } from '@/features/games/lean/play-testing';

describe('the levers (LEAN-IMP-0)', () => {
  it('lists the eight in the spec’s order, unlocked when the game lists them', () => {
    const { game } = testGame({ improvements: ['batch', 'smed'], settings: { smed: true } });
    expect(leverRows(game)).toEqual([
      { lever: 'movestations', unlocked: false, on: null },
      { lever: 'batch', unlocked: true, on: null },
      { lever: 'autoinspect', unlocked: false, on: false },
      { lever: 'balancestations', unlocked: false, on: null },
      { lever: 'heijunka', unlocked: false, on: false },
      { lever: 'pokayoke', unlocked: false, on: false },
      { lever: 'kanban', unlocked: false, on: false },
      { lever: 'smed', unlocked: true, on: true },
    ]);
  });

  it('each control sends a change of its own lever that the line accepts', () => {
    const { config } = testGame();
    const changes = [
      [switchChange('kanban', true), ['kanban']],
      [moveChange('yellow', [1, 0]), ['movestations']],
      [batchChange('grey', 1), ['batch']],
      [capChange('blue', 'wipInMax', 9), ['kanban']],
      [assignChange('triangle:grey', 'blue'), ['balancestations']],
    ] as const;
    for (const [change, levers] of changes) {
      expect(leversOf(change)).toEqual(levers);
      const applied = applyImprovementChange(config, change);
      expect(applied.unknown).toEqual([]);
      expect(validateLeanConfig(applied.config)).toEqual([]);
    }
  });

  it('reads a typed whole number within bounds only', () => {
    expect(parseWhole(' 4 ', 1, 20)).toBe(4);
    expect(parseWhole('0', 1, 20)).toBeNull();
    expect(parseWhole('21', 1, 20)).toBeNull();
    expect(parseWhole('2.5', 1, 20)).toBeNull();
    expect(parseWhole('1e1', 1, 20)).toBeNull();
    expect(parseWhole('', 1, 20)).toBeNull();
  });
});

describe('who opens the panel (spec §4)', () => {
  const withPlayers = (panelBy: string | null, started = false) =>
    testGame({ improvements: ['batch'] }, (doc) => ({
      ...doc,
      players: ['u1', 'u2'],
      improvementsPanelBy: panelBy,
      params: { ...doc.params, game_start_at: started ? 1000 : null },
      facilities: {
        ...doc.facilities,
        yellow: { ...doc.facilities['yellow']!, user: 'u1', playerName: 'Yuki' },
        grey: { ...doc.facilities['grey']!, user: 'u2', playerName: 'Gus' },
      },
    })).game;

  it('a player with a facility or the creator, before the start only', () => {
    const game = withPlayers(null);
    expect(panelAccess(game, { kind: 'player', facilityId: 'yellow' }, 'u1')).toEqual({
      mayOpen: true,
      holder: { kind: 'none' },
      anyLever: true,
    });
    expect(panelAccess(game, { kind: 'creator' }, 'teacher').mayOpen).toBe(true);
    expect(panelAccess(game, { kind: 'observer' }, 'o1').mayOpen).toBe(false);
    expect(panelAccess(game, { kind: 'none' }, null).mayOpen).toBe(false);
    expect(panelAccess(withPlayers(null, true), { kind: 'creator' }, 'teacher').mayOpen).toBe(
      false,
    );
  });

  it('one at a time: the holder by name; a holder who left no longer counts', () => {
    const held = withPlayers('u2');
    expect(panelAccess(held, { kind: 'player', facilityId: 'yellow' }, 'u1').holder).toEqual({
      kind: 'other',
      uid: 'u2',
      name: 'Gus',
    });
    expect(panelAccess(held, { kind: 'player', facilityId: 'grey' }, 'u2').holder).toEqual({
      kind: 'me',
    });
    expect(
      panelAccess(withPlayers('teacher'), { kind: 'player', facilityId: 'yellow' }, 'u1').holder,
    ).toEqual({ kind: 'other', uid: 'teacher', name: 'Ada' });
    expect(panelAccess(withPlayers('gone'), { kind: 'creator' }, 'teacher').holder).toEqual({
      kind: 'none',
    });
  });
});

describe('where a station may go and who may paint a dot (LEAN-IMP-1, -4, LEAN-PROD-3)', () => {
  it('a station moves to any cell no other facility stands on', () => {
    const { game } = testGame();
    const cells = freeCells(game, 'yellow');
    expect(cells).toHaveLength(8 * 5 - 4);
    expect(cells).toContainEqual([3, 0]);
    expect(cells).not.toContainEqual([0, 0]);
    expect(cells).not.toContainEqual([6, 3]);
  });

  it('dots go to painting stations, and to quality when jidoka or poka-yoke is on', () => {
    const { game } = testGame();
    expect(opTypesUsed(game)).toHaveLength(8);
    expect(assignableRoles(game).map((r) => r.id)).toEqual(['yellow', 'grey', 'blue']);
    const jidoka = testGame({ settings: { autoinspect: true } }).game;
    expect(assignableRoles(jidoka).map((r) => r.id)).toEqual(['yellow', 'grey', 'blue', 'quality']);
  });
});
