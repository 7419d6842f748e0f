import { describe, expect, it } from 'vitest';
import { buildBeerGameDocs, initialStateFromDocs, plain } from '../beer/game-docs';
import { BENCHMARK_ANCHOR, STERMAN_MEAN } from '../beer/policies';
import { simulate } from '../beer/simulate';
import { BEER_TEMPLATES } from './beer-templates';
import { DEMO_TEMPLATE_ID, DEMO_WEEKS, demoBeerTemplate } from './demo-game';
import {
  beerLeaderboardEntry,
  benchmarkCostOf,
  rankedBeerTemplate,
  rankedBeerTemplateIds,
  type LeaderboardRoleInput,
} from './leaderboard';

const SPEC_POLICY = { kind: 'spec' } as const;

/** The state the backend builds from a game's stored documents (as on the first join). */
function storedState(config: ReturnType<typeof demoBeerTemplate>['config']) {
  const docs = buildBeerGameDocs({
    gid: 'g',
    creator: 'u',
    creatorName: '',
    name: 'Game',
    template: { config },
    now: 0,
  });
  return initialStateFromDocs(plain(docs.game), plain(docs.privateParams));
}

const roles = (names: Record<string, [boolean, string | null, boolean]>): LeaderboardRoleInput[] =>
  Object.entries(names).map(([id, [human, playerName, consent]]) => ({
    id,
    name: id,
    human,
    playerName,
    consent,
  }));

describe('leaderboard: which games are ranked', () => {
  it('ranks a game stored from each default template and the demo under that template', () => {
    for (const t of [...BEER_TEMPLATES, demoBeerTemplate()]) {
      const state = storedState(structuredClone(t.config));
      expect(rankedBeerTemplate(state.game, t.config.params.computerPolicy ?? SPEC_POLICY)).toBe(
        t.id,
      );
    }
    expect(new Set(rankedBeerTemplateIds()).size).toBe(BEER_TEMPLATES.length + 1);
  });

  it('does not rank a game whose configuration or computer policy was changed', () => {
    const zeroDemand = structuredClone(demoBeerTemplate().config);
    zeroDemand.params.consumerDemand = { type: 'step', initial: 0, final: 0, week: 5 };
    expect(rankedBeerTemplate(storedState(zeroDemand).game, SPEC_POLICY)).toBeNull();

    const moreStock = structuredClone(demoBeerTemplate().config);
    const retailer = moreStock.facilities['retailer'];
    if (!retailer?.pdata['beer']) throw new Error('the demo has a retailer selling beer');
    retailer.pdata['beer'].stock = 40;
    expect(rankedBeerTemplate(storedState(moreStock).game, SPEC_POLICY)).toBeNull();

    const demo = storedState(structuredClone(demoBeerTemplate().config));
    expect(rankedBeerTemplate(demo.game, BENCHMARK_ANCHOR)).toBeNull();
  });

  it('ignores facility and product names, which the editor may translate', () => {
    const renamed = structuredClone(demoBeerTemplate().config);
    for (const f of Object.values(renamed.facilities)) f.name = `Rôle ${f.id}`;
    renamed.params.productsTemplates = { beer: { name: 'Bière', productEmoji: '🍺' } };
    expect(rankedBeerTemplate(storedState(renamed).game, SPEC_POLICY)).toBe(DEMO_TEMPLATE_ID);
  });
});

describe('leaderboard: the entry of a finished game', () => {
  const game = storedState(demoBeerTemplate().config).game;
  const finished = simulate(game, STERMAN_MEAN);

  it('holds the team cost against the benchmark rule on the same game', () => {
    const entry = beerLeaderboardEntry({
      gid: 'g1',
      state: finished,
      policy: SPEC_POLICY,
      roles: roles({ retailer: [true, 'Ada', true], wholesaler: [false, null, false] }),
      demo: true,
      finishedAt: 5,
    });
    const benchmark = simulate(game, BENCHMARK_ANCHOR);
    const cost = finished.history.reduce(
      (sum, week) => sum + week.facilities.reduce((s, f) => s + f.cost, 0),
      0,
    );
    expect(entry).not.toBeNull();
    expect(entry?.template).toBe(DEMO_TEMPLATE_ID);
    expect(entry?.weeks).toBe(DEMO_WEEKS);
    expect(entry?.cost).toBeCloseTo(cost, 6);
    expect(entry?.rankScore).toBe(entry?.cost);
    const benchmarkCost = benchmark.history.reduce(
      (sum, week) => sum + week.facilities.reduce((s, f) => s + f.cost, 0),
      0,
    );
    expect(entry?.benchmarkCost).toBeCloseTo(benchmarkCost, 6);
    expect(benchmarkCostOf(DEMO_TEMPLATE_ID)).toBeCloseTo(benchmarkCost, 6);
    expect(entry?.ratio).toBeCloseTo(cost / benchmarkCost, 6);
    // Sterman's typical human play costs more than the benchmark rule.
    expect(entry?.ratio ?? 0).toBeGreaterThan(1);
    expect(entry?.finished_at).toBe(5);
  });

  it('names only the players who agreed; the others are anonymous, computer roles the computer', () => {
    const entry = beerLeaderboardEntry({
      gid: 'g1',
      state: finished,
      policy: SPEC_POLICY,
      roles: roles({
        retailer: [true, '  Ada  ', true],
        wholesaler: [true, 'Bob', false],
        distributor: [false, 'Old name', true],
        factory: [true, null, true],
      }),
      demo: false,
      finishedAt: 5,
    });
    expect(entry?.roles).toEqual([
      { id: 'retailer', name: 'retailer', kind: 'player', player: 'Ada' },
      { id: 'wholesaler', name: 'wholesaler', kind: 'player', player: null },
      { id: 'distributor', name: 'distributor', kind: 'computer', player: null },
      { id: 'factory', name: 'factory', kind: 'player', player: null },
    ]);
  });

  it('has no entry for a running game, a game nobody played, or an unranked one', () => {
    const running = storedState(demoBeerTemplate().config);
    const base = { gid: 'g', policy: SPEC_POLICY, demo: false, finishedAt: 1 };
    const someone = roles({ retailer: [true, 'Ada', true] });
    expect(beerLeaderboardEntry({ ...base, state: running, roles: someone })).toBeNull();
    expect(
      beerLeaderboardEntry({
        ...base,
        state: finished,
        roles: roles({ retailer: [false, null, false] }),
      }),
    ).toBeNull();
    expect(
      beerLeaderboardEntry({ ...base, state: finished, policy: STERMAN_MEAN, roles: someone }),
    ).toBeNull();
  });
});
