import { describe, expect, it } from 'vitest';
import { BOARDS, boardFromAddress } from '@/features/marketing/leaderboard-boards';
import { rowOf } from '@/features/marketing/marketing-api';

const at = (search: string) => boardFromAddress(new URLSearchParams(search));

describe('leaderboard boards', () => {
  it('lists the beer demo first, then the beer templates; the lean templates on their tab', () => {
    expect(BOARDS.beer[0]).toBe('beer-demo');
    expect(BOARDS.lean).toEqual(['lean-basic', 'lean-flow', 'lean-full']);
  });

  it('opens the board the address names, else its game type’s first', () => {
    expect(at('')).toEqual({ kind: 'beer', board: 'beer-demo' });
    expect(at('game=lean')).toEqual({ kind: 'lean', board: 'lean-basic' });
    expect(at('game=lean&board=lean-flow')).toEqual({ kind: 'lean', board: 'lean-flow' });
    // A board of the other game type, or none at all, is not read.
    expect(at('game=lean&board=beer-demo')).toEqual({ kind: 'lean', board: 'lean-basic' });
    expect(at('game=chess&board=__proto__')).toEqual({ kind: 'beer', board: 'beer-demo' });
  });
});

describe('leaderboard rows', () => {
  const roles = [{ id: 'yellow', name: 'Yellow', kind: 'player', player: 'Ada' }];

  it('reads a lean entry with its figures, shares outside 0…1 shown as a dash', () => {
    expect(
      rowOf({
        gid: 'lg1',
        type: 'leangame',
        profit: -12.5,
        otifRate: 0.75,
        flowEfficiency: 7,
        delivered: 16,
        minutes: 20,
        roles,
        finished_at: 5,
      }),
    ).toEqual({
      gid: 'lg1',
      type: 'leangame',
      profit: -12.5,
      otifRate: 0.75,
      flowEfficiency: null,
      delivered: 16,
      minutes: 20,
      roles,
      finished_at: 5,
    });
  });

  it('reads a beer entry as before, and drops what is not an entry', () => {
    expect(
      rowOf({ gid: 'g1', type: 'beergame', cost: 900, benchmarkCost: 600, ratio: 1.5, roles: [] }),
    ).toMatchObject({ type: 'beergame', cost: 900, benchmarkCost: 600, ratio: 1.5 });
    expect(rowOf({ gid: 'g2', type: 'leangame', profit: 'a lot' })).toBeNull();
    expect(rowOf({ gid: 'g3', cost: Infinity, benchmarkCost: 1 })).toBeNull();
    expect(rowOf(undefined)).toBeNull();
    // A role's player is a name or nobody.
    expect(
      rowOf({
        gid: 'g4',
        type: 'leangame',
        profit: 1,
        roles: [{ id: 'grey', name: 'Grey', kind: 'player', player: { html: '<b>' } }, 'x'],
      })?.roles,
    ).toEqual([{ id: 'grey', name: 'Grey', kind: 'player', player: null }]);
  });
});
