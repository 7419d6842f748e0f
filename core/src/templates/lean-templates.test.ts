import { describe, expect, it } from 'vitest';
import { runToEnd } from '../lean/engine';
import { normalizeLeanGame } from '../lean/model';
import { validateLeanGame } from '../lean/validate';
import { GAME_TEMPLATES } from './game-templates';
import { LEAN_TEMPLATES } from './lean-templates';
import { SESSION_TEMPLATES } from './session-templates';
import type { LeanGameConfig } from './types';

/** Every lean config of the defaults: the game templates, then each lean session round. */
function leanConfigs(): [string, LeanGameConfig][] {
  const all: [string, LeanGameConfig][] = [];
  for (const t of GAME_TEMPLATES) if (t.type === 'leangame') all.push([t.id, t.config]);
  for (const s of SESSION_TEMPLATES) {
    for (const r of s.rounds) {
      if ('type' in r.config && r.config.type === 'leangame')
        all.push([`${s.id}/${r.id}`, r.config]);
    }
  }
  return all;
}

describe('default lean templates (design Part E Q22)', () => {
  it('covers the three lean game templates and the rounds of the four lean sessions', () => {
    expect(LEAN_TEMPLATES.map((t) => t.id)).toEqual(['lean-basic', 'lean-flow', 'lean-full']);
    expect(leanConfigs()).toHaveLength(3 + 1 + 2 + 2 + 3);
  });

  it.each(leanConfigs())(
    'LEAN-PROD-3, B.16: %s normalises and validates with no issue',
    (_id, config) => {
      const game = normalizeLeanGame(config);
      expect(validateLeanGame(game)).toEqual([]);
      // A warehouse, stations and a quality station on distinct lines; ops on every product.
      expect(game.facilities.map((f) => f.type)).toEqual([
        'warehouse',
        'station',
        'station',
        'station',
        'quality',
      ]);
      expect(game.templates.every((t) => t.ops.length > 0)).toBe(true);
      expect(game.orders.length).toBeGreaterThan(0);
      // Every facility is played by the computer until a player takes it (LEAN-FAC-4).
      expect(game.facilities.every((f) => f.user === null)).toBe(true);
    },
  );

  it.each(leanConfigs())(
    'LEAN-AI-1..3: %s run by the computer alone ships units to the orders',
    (_id, config) => {
      const state = runToEnd(normalizeLeanGame(config));
      expect(state.status).toBe('ended');
      expect(state.computer).toEqual(['warehouse', 'yellow', 'grey', 'blue', 'quality']);
      const shipped = state.units.filter((u) => u.zone === 'shipped').length;
      // Units in process at the end stay; most of the demand is delivered.
      const ordered = state.game.orders.reduce((n, o) => n + o.qty, 0);
      expect(shipped).toBeGreaterThan(ordered / 2);
      expect(state.orders.reduce((n, o) => n + o.fulfilled_qty, 0)).toBe(shipped);
    },
  );

  it('LEAN-IMP-0: the basic line opens no lever; the others open their lesson’s levers', () => {
    const levers = Object.fromEntries(
      LEAN_TEMPLATES.map((t) => [
        t.id,
        t.type === 'leangame' ? t.config.params.improvements : null,
      ]),
    );
    expect(levers).toEqual({
      'lean-basic': [],
      'lean-flow': ['movestations', 'batch', 'balancestations'],
      'lean-full': [
        'movestations',
        'batch',
        'autoinspect',
        'balancestations',
        'heijunka',
        'pokayoke',
        'kanban',
        'smed',
      ],
    });
  });

  it('LEAN-TIME-2, LEAN-DEM-1: the toolbox runs 30 minutes with orders until minute 25.2', () => {
    const full = LEAN_TEMPLATES.find((t) => t.id === 'lean-full')!;
    const game = normalizeLeanGame(full.config as LeanGameConfig);
    expect(game.totalDuration).toBe(30);
    expect(game.orders.map((o) => o.created_min).at(-1)).toBe(25.2);
    expect(Math.max(...game.orders.map((o) => o.due_min))).toBeLessThanOrEqual(30);
  });

  it('bumps the version of every lean template made playable', () => {
    for (const t of LEAN_TEMPLATES) expect(t.version, t.id).toBe(2);
    for (const s of SESSION_TEMPLATES.filter((x) => x.type === 'leangame')) {
      expect(s.version, s.id).toBe(2);
    }
  });

  it('keeps each template’s data its own: the configs are plain JSON', () => {
    for (const [id, config] of leanConfigs()) {
      expect(JSON.parse(JSON.stringify(config)), id).toEqual(config);
    }
  });
});
