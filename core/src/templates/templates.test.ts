import { describe, expect, it } from 'vitest';
import { createGame } from '../beer/engine';
import { normalizeGame, validateGame, type BeerGameInput } from '../beer/model';
import { chainStages, mapSizeFor, positionFor, visualOfIcon } from './beer-templates';
import { GAME_TEMPLATES } from './game-templates';
import {
  ADVANCED_SESSION_TEMPLATES,
  SESSION_TEMPLATES,
  sessionTemplateById,
  sessionTemplatesFor,
} from './session-templates';
import { SESSION_DEFAULTS, type GameConfig } from './types';

function beerConfigs(): [string, GameConfig][] {
  const all: [string, GameConfig][] = GAME_TEMPLATES.map((t) => [t.id, t.config]);
  for (const s of [...SESSION_TEMPLATES, ...ADVANCED_SESSION_TEMPLATES]) {
    for (const r of s.rounds) all.push([`${s.id}/${r.id}`, r.config]);
  }
  return all.filter(([, c]) => c.type === 'beergame');
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
    for (const t of GAME_TEMPLATES) expect(t.config.type).toBe(t.type);
    for (const t of [...GAME_TEMPLATES, ...SESSION_TEMPLATES]) {
      expect(t.version).toBeGreaterThanOrEqual(1);
      expect(t.title).not.toBe('');
      expect(t.description).not.toBe('');
      expect(['beergame', 'leangame']).toContain(t.type);
    }
  });

  it('offers beer chains of 2 to 8 facilities, a transparent one and a two-product network', () => {
    const beer = GAME_TEMPLATES.filter((t) => t.config.type === 'beergame');
    const sizes = beer.map((t) => Object.keys(t.config.facilities).length);
    expect(Math.min(...sizes)).toBe(2);
    expect(Math.max(...sizes)).toBe(8);
    expect(beer.some((t) => t.config.type === 'beergame' && t.config.params.transparent)).toBe(
      true,
    );
    const network = beer.find((t) => t.id === 'beer-two-products');
    expect(
      network?.config.type === 'beergame' && Object.keys(network.config.params.productsTemplates),
    ).toEqual(['ale', 'lager']);
  });

  it.each(beerConfigs())('beer config %s is accepted by the core', (_id, config) => {
    const game = normalizeGame(config as unknown as BeerGameInput);
    expect(validateGame(game)).toEqual([]);
    expect(() => createGame(game)).not.toThrow();
  });

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
      for (const r of s.rounds) expect(r.config.type).toBe(s.type);
    }
    expect(sessionTemplateById('s-adv-profit')?.advanced).toBe(true);
  });

  it('places facilities on the map sizes and visuals of spec §9', () => {
    expect(mapSizeFor(2)).toEqual({ rows: 3, cols: 3 });
    expect(mapSizeFor(4)).toEqual({ rows: 3, cols: 3 });
    expect(mapSizeFor(5)).toEqual({ rows: 3, cols: 5 });
    expect(mapSizeFor(6)).toEqual({ rows: 3, cols: 5 });
    expect(mapSizeFor(7)).toEqual({ rows: 3, cols: 7 });
    expect(mapSizeFor(8)).toEqual({ rows: 3, cols: 7 });
    expect(['cart', 'domain', 'call-split', 'factory', 'wrench'].map(visualOfIcon)).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'factory',
      'workshop',
    ]);
    for (let n = 2; n <= 8; n++) {
      const stages = chainStages(n);
      expect(stages).toHaveLength(n);
      const cells = stages.map((_, i) => positionFor(i, n).join(','));
      expect(new Set(cells).size).toBe(n);
      const { rows, cols } = mapSizeFor(n);
      for (let i = 0; i < n; i++) {
        const [x, y] = positionFor(i, n);
        expect(x).toBeLessThan(cols);
        expect(y).toBeLessThan(rows);
      }
    }
  });
});
