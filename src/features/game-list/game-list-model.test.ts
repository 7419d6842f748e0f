import { describe, expect, it } from 'vitest';
import { chainConfig } from '@sim/core/beer/game-docs';
import {
  copyCountProblem,
  copyNames,
  deleteConfirmed,
  mergedTemplate,
  mergeGameLists,
  mergeProblem,
  naturalCompare,
  orderGames,
  parseGameItem,
  resetBeerConfig,
  resetGameFields,
  type GameListItem,
} from '@/features/game-list/game-list-model';

const item = (id: string, name: string, createdAt: number, creator = 'me'): GameListItem =>
  parseGameItem(
    id,
    { name, created_at: createdAt, creator, creatorName: `N-${creator}` },
    'me',
    'Me',
  );

describe('copy naming and validation (spec §5)', () => {
  it('numbers copies zero-padded to the width of the count', () => {
    expect(copyNames('Beer', 3)).toEqual(['Beer 1', 'Beer 2', 'Beer 3']);
    const twelve = copyNames('Class A', 12);
    expect(twelve[0]).toBe('Class A 01');
    expect(twelve[11]).toBe('Class A 12');
    expect(copyNames('X', 200)[6]).toBe('X 007');
    expect(copyNames('X', 100)[99]).toBe('X 100');
    expect(copyNames('  ', 2)).toEqual(['1', '2']);
  });

  it('needs a number of copies from 1 to 200', () => {
    expect(copyCountProblem('')).toBe('required');
    expect(copyCountProblem('abc')).toBe('notANumber');
    expect(copyCountProblem('2.5')).toBe('notANumber');
    expect(copyCountProblem('0')).toBe('range');
    expect(copyCountProblem('201')).toBe('range');
    expect(copyCountProblem('1')).toBeNull();
    expect(copyCountProblem(' 200 ')).toBeNull();
  });

  it('deletes only when the typed number is the count of selected games', () => {
    expect(deleteConfirmed('3', 3)).toBe(true);
    expect(deleteConfirmed(' 3 ', 3)).toBe(true);
    expect(deleteConfirmed('2', 3)).toBe(false);
    expect(deleteConfirmed('', 3)).toBe(false);
  });
});

describe('ordering and merging (spec §7, §9)', () => {
  it('orders naturally', () => {
    expect(['Game 10', 'Game 2', 'Game 1'].sort(naturalCompare)).toEqual([
      'Game 1',
      'Game 2',
      'Game 10',
    ]);
  });

  it('lists newest first, games created within 5 s by natural name', () => {
    const games = [
      item('a', 'Copy 10', 100_000),
      item('b', 'Copy 2', 101_000),
      item('c', 'Copy 1', 104_000),
      item('d', 'Older', 50_000),
      item('e', 'Newest', 200_000),
    ];
    expect(orderGames(games).map((g) => g.name)).toEqual([
      'Newest',
      'Copy 1',
      'Copy 2',
      'Copy 10',
      'Older',
    ]);
  });

  it('merges own games as Me and team games by teammate name, without duplicates', () => {
    const own = [item('g1', 'Mine', 3000)];
    const team = [
      item('g1', 'Mine', 3000),
      item('g2', 'Theirs', 1000, 'bob'),
      item('g3', 'Mine too', 2000, 'me'),
    ];
    const merged = mergeGameLists(own, team, {
      uid: 'me',
      ownLabel: 'Me',
      memberNames: { bob: 'Bob' },
    });
    expect(merged.map((g) => [g.id, g.owner])).toEqual([
      ['g1', 'Me'],
      ['g2', 'Bob'],
    ]);
  });
});

describe('copy reset rules (spec §4)', () => {
  it('resets a copied game', () => {
    const reset = resetGameFields({
      name: 'G',
      finished: true,
      archived: true,
      session: 's1',
      players: ['p1'],
      observers: ['o'],
      week: 12,
      params: { timer: 60, playTimer: true, transparent: true },
      facilities: { f1: { name: 'Retailer', user: 'p1', playerName: 'Ann', validatedOrder: true } },
    });
    expect(reset).toMatchObject({
      name: 'G',
      finished: false,
      archived: false,
      session: null,
      players: [],
      observers: [],
      week: 0,
      params: { timer: 0, playTimer: false, transparent: true },
      facilities: { f1: { name: 'Retailer', user: null, playerName: null, validatedOrder: false } },
    });
  });

  it('clears the beer message sent-lists and the timer', () => {
    const base = chainConfig({ count: 2 });
    const used = {
      ...base,
      params: {
        ...base.params,
        timer: 30,
        playTimer: true,
        configMessages: {
          ...base.params.configMessages,
          backlogMessage: { ...base.params.configMessages.backlogMessage, sentTo: ['retailer'] },
          stockMessage: { ...base.params.configMessages.stockMessage, sentTo: ['factory'] },
        },
      },
    };
    const reset = resetBeerConfig(used);
    expect(reset.params.configMessages.backlogMessage.sentTo).toEqual([]);
    expect(reset.params.configMessages.stockMessage.sentTo).toEqual([]);
    expect(reset.params.timer).toBe(0);
    expect(reset.params.playTimer).toBe(false);
    expect(reset.facilities).toEqual(base.facilities);
  });
});

describe('merge into a template (spec §5)', () => {
  it('needs a title and games of one type', () => {
    expect(mergeProblem(' ', [{ type: 'beergame' }])).toBe('titleRequired');
    expect(mergeProblem('T', [])).toBe('noGames');
    expect(mergeProblem('T', [{ type: 'beergame' }, { type: 'leangame' }])).toBe('mixedTypes');
    expect(mergeProblem('T', [{ type: 'beergame' }, { type: 'beergame' }])).toBeNull();
  });

  it('makes one round per game', () => {
    const t = mergedTemplate(
      ' Two rounds ',
      'beergame',
      [
        { name: 'A', config: { x: 1 } },
        { name: 'B', config: { x: 2 } },
      ],
      { creator: 'me', team: null, now: 5 },
      { teamComposition: 'maintainall' },
    );
    expect(t['title']).toBe('Two rounds');
    expect(t['rounds']).toEqual([
      { id: 'r1', name: 'A', description: '', gameTemplateId: null, config: { x: 1 } },
      { id: 'r2', name: 'B', description: '', gameTemplateId: null, config: { x: 2 } },
    ]);
  });
});
