import { describe, expect, it } from 'vitest';
import { GAME_TEMPLATES } from '@sim/core/templates/game-templates';
import { sessionTemplatesFor } from '@sim/core/templates/session-templates';
import { SESSION_DEFAULTS } from '@sim/core/templates/types';
import {
  gameTemplateDoc,
  parseSavedSessionTemplate,
  templateCards,
} from '@/features/templates/templates-model';

const beerConfig = GAME_TEMPLATES[0]?.config;

describe('templateCards', () => {
  it('lists saved game templates (own, then teammates by name, newest first, once) before the 13 defaults', () => {
    const cards = templateCards({
      kind: 'game',
      uid: 'me',
      defaults: GAME_TEMPLATES,
      memberNames: { ada: 'Ada' },
      saved: [
        {
          id: 't1',
          data: {
            type: 'beergame',
            title: 'Old',
            creator: 'me',
            created_at: 1,
            config: beerConfig,
          },
        },
        {
          id: 't2',
          data: {
            type: 'beergame',
            title: 'New',
            creator: 'ada',
            created_at: 5,
            config: beerConfig,
          },
        },
        {
          id: 't1',
          data: {
            type: 'beergame',
            title: 'Old',
            creator: 'me',
            created_at: 1,
            config: beerConfig,
          },
        },
        { id: 'bad', data: { title: 'No type', creator: 'me' } },
      ],
    });
    expect(cards).toHaveLength(2 + 13);
    expect(cards.slice(0, 2).map((c) => [c.id, c.source, c.ownerName])).toEqual([
      ['t2', 'team', 'Ada'],
      ['t1', 'mine', undefined],
    ]);
    expect(cards.slice(2).every((c) => c.source === 'default' && c.game)).toBe(true);
  });

  it('offers 12 default session templates, 15 with advancedModelBeta', () => {
    const base = templateCards({
      kind: 'session',
      uid: 'me',
      defaults: sessionTemplatesFor([]),
      saved: [],
      memberNames: {},
    });
    expect(base).toHaveLength(12);
    expect(base.every((c) => c.session && c.session.rounds.length > 0)).toBe(true);
    expect(sessionTemplatesFor(['advancedModelBeta'])).toHaveLength(15);
  });
});

describe('saved session templates', () => {
  it('complete their settings with the spec defaults and keep rounds', () => {
    const t = parseSavedSessionTemplate('s1', {
      type: 'beergame',
      title: 'Merged',
      config: { teamCount: 3 },
      rounds: [{ name: 'Week', config: beerConfig }],
    });
    expect(t?.config).toEqual({ ...SESSION_DEFAULTS, teamCount: 3 });
    expect(t?.rounds[0]).toMatchObject({ id: 'r1', name: 'Week' });
    expect(parseSavedSessionTemplate('s2', { type: 'beergame', rounds: [] })).toBeNull();
  });
  it('a game saved as a template keeps its type and config, titled and owned', () => {
    expect(
      gameTemplateDoc({
        title: ' Mine ',
        type: 'leangame',
        config: { a: 1 },
        creator: 'me',
        team: null,
        now: 7,
      }),
    ).toEqual({
      title: 'Mine',
      type: 'leangame',
      description: '',
      creator: 'me',
      team: null,
      created_at: 7,
      config: { a: 1 },
    });
  });
});
