import { describe, expect, it } from 'vitest';
import { buildBeerGameDocs, validateBeerConfig, type BeerGameConfig } from '../beer/game-docs';
import { normalizeGame, validateGame } from '../beer/model';
import { toGameInput } from '../beer/game-docs';
import { GAME_TEMPLATES } from './game-templates';
import {
  ADVANCED_SESSION_TEMPLATES,
  SESSION_TEMPLATES,
  sessionTemplateById,
  sessionTemplatesFor,
} from './session-templates';
import { SESSION_DEFAULTS } from './types';

function beerConfigs(): [string, BeerGameConfig][] {
  const all: [string, BeerGameConfig][] = [];
  for (const t of GAME_TEMPLATES) if (t.type === 'beergame') all.push([t.id, t.config]);
  for (const s of [...SESSION_TEMPLATES, ...ADVANCED_SESSION_TEMPLATES]) {
    for (const r of s.rounds) {
      if (s.type === 'beergame' && !('type' in r.config)) all.push([`${s.id}/${r.id}`, r.config]);
    }
  }
  return all;
}

describe('default templates (spec §9)', () => {
  it('loads 13 game templates and 12 session templates, 3 more with advancedModelBeta', () => {
    expect(GAME_TEMPLATES).toHaveLength(13);
    expect(SESSION_TEMPLATES).toHaveLength(12);
    expect(sessionTemplatesFor([])).toHaveLength(12);
    expect(sessionTemplatesFor(undefined)).toHaveLength(12);
    expect(sessionTemplatesFor(['advancedModelBeta'])).toHaveLength(15);
    expect(ADVANCED_SESSION_TEMPLATES.every((t) => t.advanced && t.type === 'beergame')).toBe(true);
  });

  it('has unique ids and a version, title, type and description on each', () => {
    const ids = [...GAME_TEMPLATES, ...SESSION_TEMPLATES, ...ADVANCED_SESSION_TEMPLATES].map(
      (t) => t.id,
    );
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of GAME_TEMPLATES) {
      if (t.type === 'leangame') expect(t.config.type).toBe('leangame');
    }
    for (const t of [...GAME_TEMPLATES, ...SESSION_TEMPLATES]) {
      expect(t.version).toBeGreaterThanOrEqual(1);
      expect(t.title).not.toBe('');
      expect(t.description).not.toBe('');
      expect(['beergame', 'leangame']).toContain(t.type);
    }
  });

  it('offers beer chains of 2 to 8 facilities, a transparent one and a two-product network', () => {
    const beer = beerConfigs().filter(([id]) => !id.includes('/'));
    const sizes = beer.map(([, c]) => Object.keys(c.facilities).length);
    expect(Math.min(...sizes)).toBe(2);
    expect(Math.max(...sizes)).toBe(8);
    expect(beer.some(([, c]) => c.params.transparent)).toBe(true);
    const network = beer.find(([id]) => id === 'beer-two-products');
    expect(Object.keys(network?.[1].params.productsTemplates ?? {})).toEqual(['ale', 'lager']);
  });

  it.each(beerConfigs())(
    'beer config %s is accepted by the core and builds documents',
    (_id, config) => {
      expect(validateGame(normalizeGame(toGameInput(config)))).toEqual([]);
      expect(validateBeerConfig(config)).toEqual([]);
      const docs = buildBeerGameDocs({
        gid: 'g1',
        creator: 'u1',
        creatorName: 'Ann',
        name: 'Game',
        template: { config },
        now: 1,
      });
      expect(Object.keys(docs.facilities)).toEqual(Object.keys(config.facilities));
    },
  );

  it('gives every session template the spec defaults and at least one round', () => {
    expect(SESSION_DEFAULTS).toMatchObject({
      teamComposition: 'maintainall',
      instructionsMode: 'hostvideo-playerslides',
      debriefingMode: 'access',
      allowAudioPlayer: ['instructor'],
      allowJoinRandom: true,
      allowLanguagePicker: true,
    });
    for (const s of [...SESSION_TEMPLATES, ...ADVANCED_SESSION_TEMPLATES]) {
      expect(s.config).toEqual(SESSION_DEFAULTS);
      expect(s.rounds.length).toBeGreaterThan(0);
      expect(new Set(s.rounds.map((r) => r.id)).size).toBe(s.rounds.length);
      for (const r of s.rounds) expect('type' in r.config ? 'leangame' : 'beergame').toBe(s.type);
    }
    expect(sessionTemplateById('s-adv-profit')?.advanced).toBe(true);
  });
});
