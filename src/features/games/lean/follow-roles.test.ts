/**
 * Who plays a station in the lean live view, and what the creator may do with it (LEAN-AI-5):
 * hand a player's station to the computer and back, and, during the run, let the computer take
 * an idle station or free a computer's station for a player.
 */
import { describe, expect, it } from 'vitest';
import { floorStations } from '@/features/games/lean/floor-model';
import { handKind, seatOf } from '@/features/games/lean/follow-roles';
import { testGame } from '@/features/games/lean/play-testing';

type Doc = Parameters<Parameters<typeof testGame>[1] & object>[0];

/** Yellow played by ann, Grey's player left; `computer` flags and the run's start as given. */
function game(computer: Record<string, boolean>, started: boolean) {
  return testGame({}, (d: Doc) => {
    const facilities = { ...d.facilities };
    for (const [fid, f] of Object.entries(facilities)) {
      facilities[fid] = {
        ...f,
        user: fid === 'yellow' ? 'ann' : fid === 'grey' ? 'gone' : null,
        playerName: fid === 'yellow' ? 'Ann' : null,
        computer: computer[fid] === true,
      };
    }
    return {
      ...d,
      players: ['ann'],
      facilities,
      params: { ...d.params, game_start_at: started ? 5000 : null },
    };
  }).game;
}

function row(g: ReturnType<typeof game>, fid: string) {
  const station = floorStations(g, null, null).find((s) => s.role.id === fid);
  if (!station) throw new Error(fid);
  return { seat: seatOf(g, station), kind: handKind(g, station) };
}

describe('the stations in the live view', () => {
  it('before the start: only a player’s station is handed to the computer or back', () => {
    const before = game({ blue: true }, false);
    expect(row(before, 'yellow')).toEqual({ seat: 'player', kind: 'toComputer' });
    expect(row(before, 'quality')).toEqual({ seat: 'computerAtStart', kind: null });
    expect(row(before, 'blue')).toEqual({ seat: 'computer', kind: null });
    const handed = game({ yellow: true }, false);
    expect(row(handed, 'yellow')).toEqual({ seat: 'computer', kind: 'toPlayer' });
  });

  it('during the run: the computer takes a player’s or an idle station, and frees its own', () => {
    const running = game({ yellow: true, blue: true }, true);
    expect(row(running, 'yellow')).toEqual({ seat: 'computer', kind: 'toPlayer' });
    expect(row(running, 'blue')).toEqual({ seat: 'computer', kind: 'toFree' });
    expect(row(running, 'grey')).toEqual({ seat: 'idle', kind: 'toComputer' });
    expect(row(game({}, true), 'yellow')).toEqual({ seat: 'player', kind: 'toComputer' });
  });
});
