/**
 * What the shared game pages read of any game document: a beer game and a lean game go through
 * the same guards (availability, roles) and the same debrief configuration.
 */
import { describe, expect, it } from 'vitest';
import { buildBeerGameDocs, defaultBeerTemplate } from '@sim/core/beer/game-docs';
import { buildLeanGameDocs } from '@sim/core/lean/game-docs';
import { LEAN_TEMPLATES } from '@sim/core/templates/lean-templates';
import type { LeanGameConfig } from '@sim/core/templates/types';
import {
  gameAvailability,
  parseConfigDebrief,
  parseSharedGame,
  roleIn,
} from '@/features/games/shared/game-model';

const meta = { gid: 'g1', creator: 'alice', creatorName: 'Alice', name: 'Class', now: 1000 };

function beerDoc(over: Record<string, unknown> = {}) {
  const { game } = buildBeerGameDocs({ ...meta, template: defaultBeerTemplate(4) });
  return { ...game, ...over } as Record<string, unknown>;
}

function leanDoc(over: Record<string, unknown> = {}) {
  const config = LEAN_TEMPLATES[0]!.config as LeanGameConfig;
  const { game } = buildLeanGameDocs({ ...meta, config });
  return { ...game, ...over } as Record<string, unknown>;
}

describe('game availability (spec §2)', () => {
  it('is unknown when missing, deleted or without facilities', () => {
    expect(gameAvailability(false, null, 'u')).toBe('unknown');
    for (const doc of [beerDoc, leanDoc]) {
      expect(gameAvailability(true, parseSharedGame('g1', doc({ deleted: true })), 'alice')).toBe(
        'unknown',
      );
      expect(gameAvailability(true, parseSharedGame('g1', doc({ facilities: {} })), 'alice')).toBe(
        'unknown',
      );
    }
  });

  it('is not published for a draft or archived game seen by anyone but its creator', () => {
    for (const doc of [beerDoc, leanDoc]) {
      const draft = parseSharedGame('g1', doc({ draft: true }));
      expect(gameAvailability(true, draft, 'p1')).toBe('notPublished');
      expect(gameAvailability(true, parseSharedGame('g1', doc({ archived: true })), null)).toBe(
        'notPublished',
      );
      expect(gameAvailability(true, draft, 'alice')).toBe('ok');
      expect(gameAvailability(true, parseSharedGame('g1', doc()), null)).toBe('ok');
    }
  });
});

describe('the shared part of a game document', () => {
  it('reads the type, the facilities as roles and who plays them, beer or lean', () => {
    const beer = parseSharedGame('g1', beerDoc());
    expect(beer.type).toBe('beergame');
    expect(beer.facilities.map((f) => f.id)).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'factory',
    ]);
    const lean = parseSharedGame('g1', leanDoc());
    expect(lean.type).toBe('leangame');
    expect(lean.facilities.length).toBeGreaterThan(1);
    expect(lean.facilities.every((f) => f.name !== '' && f.user === null)).toBe(true);
  });

  it('a player holds a facility and is in players; a player who quit is nobody', () => {
    for (const doc of [beerDoc, leanDoc]) {
      const stored = doc();
      const facilities = structuredClone(stored['facilities']) as Record<string, { user: unknown }>;
      const fid = Object.keys(facilities)[1]!;
      facilities[fid]!.user = 'p1';
      const game = parseSharedGame('g1', doc({ facilities, players: ['p1'], observers: ['o1'] }));
      expect(roleIn(game, 'p1')).toEqual({ kind: 'player', facilityId: fid });
      expect(roleIn(game, 'alice')).toEqual({ kind: 'creator' });
      expect(roleIn(game, 'o1')).toEqual({ kind: 'observer' });
      expect(roleIn(game, null)).toEqual({ kind: 'none' });
      const quit = parseSharedGame('g1', doc({ facilities, players: [] }));
      expect(roleIn(quit, 'p1')).toEqual({ kind: 'none' });
    }
  });

  it('reads the debrief configuration, narrowed to the sections a game type knows', () => {
    const stored = {
      debriefContent: ['teamPerformance', 'pnl', 42],
      questionsSection: {
        active: true,
        questions: [{ text: 'Why?' }, { id: 'n', text: 'How many?', kind: 'number' }],
      },
      thankYouSection: { active: true, title: 'Thanks' },
    };
    const all = parseConfigDebrief(stored);
    expect(all.debriefContent).toEqual(['teamPerformance', 'pnl']);
    expect(all.questionsSection).toMatchObject({
      active: true,
      playersViewResults: true,
      quizMode: false,
      questions: [
        { id: 'q0', text: 'Why?', kind: 'text', options: [] },
        { id: 'n', text: 'How many?', kind: 'number', options: [] },
      ],
    });
    expect(all.thankYouSection).toEqual({
      active: true,
      title: 'Thanks',
      message: '',
      ctaLabel: '',
      ctaLink: '',
    });
    expect(parseConfigDebrief(stored, ['pnl', 'wip']).debriefContent).toEqual(['pnl']);
    // No stored list: every section of the type; no list and no type: none.
    expect(parseConfigDebrief({}, ['pnl', 'wip']).debriefContent).toEqual(['pnl', 'wip']);
    expect(parseConfigDebrief(undefined).debriefContent).toEqual([]);
  });
});
