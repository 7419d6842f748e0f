import { describe, expect, it } from 'vitest';
import { leanDebrief } from '../lean/debrief';
import { endRun, startRun } from '../lean/engine';
import { buildLeanGameDocs, leanGameFromDocs } from '../lean/game-docs';
import { applyImprovementChange } from '../lean/improvements';
import type { LeanGame, LeanGameInput } from '../lean/model';
import type { LeaderboardRoleInput } from './leaderboard';
import {
  leanLeaderboardEntry,
  rankedLeanTemplate,
  rankedLeanTemplateIds,
} from './lean-leaderboard';
import { LEAN_TEMPLATES } from './lean-templates';

/** The game the backend runs: the template written as the SPA writes it, read back. */
function storedGame(config: LeanGameInput): LeanGame {
  const docs = buildLeanGameDocs({
    gid: 'g',
    creator: 'u',
    creatorName: 'U',
    name: 'Line',
    config,
    now: 0,
  });
  return leanGameFromDocs(
    JSON.parse(JSON.stringify(docs.game)),
    JSON.parse(JSON.stringify(docs.privateParams)),
  );
}

function templateConfig(id: string): LeanGameInput {
  const t = LEAN_TEMPLATES.find((x) => x.id === id);
  if (!t || t.type !== 'leangame') throw new Error(`no lean template ${id}`);
  return structuredClone(t.config);
}

const roles = (humans: readonly string[], consenting: readonly string[]): LeaderboardRoleInput[] =>
  ['warehouse', 'yellow', 'grey', 'blue', 'quality'].map((id) => ({
    id,
    name: id,
    human: humans.includes(id),
    playerName: humans.includes(id) ? `Player ${id}` : null,
    consent: consenting.includes(id),
  }));

describe('lean leaderboard: which runs are ranked', () => {
  it('ranks a run of each default lean template under that template', () => {
    for (const t of LEAN_TEMPLATES) {
      if (t.type !== 'leangame') continue;
      expect(rankedLeanTemplate(storedGame(structuredClone(t.config)))).toBe(t.id);
    }
    expect(rankedLeanTemplateIds().sort()).toEqual(LEAN_TEMPLATES.map((t) => t.id).sort());
  });

  it('keeps a run ranked after the players use the levers its template opens', () => {
    const base = templateConfig('lean-full');
    const facilities = Object.keys(base.facilities);
    const { config } = applyImprovementChange(base, {
      batchSize: Object.fromEntries(facilities.map((f) => [f, 1])),
      kanban: true,
      smed: true,
      positions: { yellow: [1, 1] },
    });
    expect(rankedLeanTemplate(storedGame(config))).toBe('lean-full');
  });

  it('does not rank a run whose configuration was changed beyond its levers', () => {
    // lean-basic opens no lever: a smaller batch is an edit of the game, not a player's choice.
    const basic = templateConfig('lean-basic');
    const smallBatch = applyImprovementChange(
      { ...basic, params: { ...basic.params, improvements: ['batch'] } },
      { batchSize: { yellow: 1 } },
    ).config;
    smallBatch.params.improvements = [];
    expect(rankedLeanTemplate(storedGame(smallBatch))).toBeNull();

    const cheaper = templateConfig('lean-flow');
    cheaper.params.economics = { ...cheaper.params.economics, stationCostPerMin: 0 };
    expect(rankedLeanTemplate(storedGame(cheaper))).toBeNull();

    const longer = templateConfig('lean-flow');
    longer.params.consumerDemandParams = {
      ...longer.params.consumerDemandParams,
      totalDuration: 40,
    };
    expect(rankedLeanTemplate(storedGame(longer))).toBeNull();

    const moreLevers = templateConfig('lean-flow');
    moreLevers.params.improvements = [...(moreLevers.params.improvements ?? []), 'kanban'];
    expect(rankedLeanTemplate(storedGame(moreLevers))).toBeNull();
  });

  it('ignores facility and product names, which the editor may translate', () => {
    const renamed = templateConfig('lean-basic');
    for (const f of Object.values(renamed.facilities)) f.name = `Poste ${f.name ?? ''}`;
    for (const t of Object.values(renamed.params.productsTemplates ?? {})) t.name = 'Voiture';
    expect(rankedLeanTemplate(storedGame(renamed))).toBe('lean-basic');
  });
});

describe('lean leaderboard: the entry of an ended run', () => {
  const game = storedGame(templateConfig('lean-basic'));
  // Every station on the computer, ended after 12 minutes: a run with shipped units and costs.
  const ended = endRun(
    startRun(
      game,
      game.facilities.map((f) => f.id),
    ),
    12 * 60000,
  );

  it('holds the debrief’s profit as the rank measure, highest first, with its other figures', () => {
    const entry = leanLeaderboardEntry({
      gid: 'lg1',
      state: ended,
      roles: roles(['yellow'], ['yellow']),
      finishedAt: 1234,
    });
    const debrief = leanDebrief(ended);
    expect(debrief.deliveries.delivered).toBeGreaterThan(0);
    expect(entry).toEqual({
      gid: 'lg1',
      type: 'leangame',
      template: 'lean-basic',
      demo: false,
      profit: debrief.pnl.profit,
      revenue: debrief.pnl.revenue,
      otifRate: debrief.deliveries.otifRate,
      flowEfficiency: debrief.flowefficiency.value,
      delivered: debrief.deliveries.delivered,
      minutes: 12,
      rankScore: -debrief.pnl.profit,
      roles: [
        { id: 'warehouse', name: 'warehouse', kind: 'computer', player: null },
        { id: 'yellow', name: 'yellow', kind: 'player', player: 'Player yellow' },
        { id: 'grey', name: 'grey', kind: 'computer', player: null },
        { id: 'blue', name: 'blue', kind: 'computer', player: null },
        { id: 'quality', name: 'quality', kind: 'computer', player: null },
      ],
      finished_at: 1234,
    });
  });

  it('names only the players who agreed; the others stay anonymous', () => {
    const entry = leanLeaderboardEntry({
      gid: 'lg1',
      state: ended,
      roles: roles(['warehouse', 'yellow', 'grey'], ['grey']),
      finishedAt: 1,
    });
    expect(entry?.roles.filter((r) => r.kind === 'player')).toEqual([
      { id: 'warehouse', name: 'warehouse', kind: 'player', player: null },
      { id: 'yellow', name: 'yellow', kind: 'player', player: null },
      { id: 'grey', name: 'grey', kind: 'player', player: 'Player grey' },
    ]);
    expect(JSON.stringify(entry)).not.toContain('Player yellow');
  });

  it('writes nothing for a run still going, played by nobody, or on an edited game', () => {
    const running = startRun(game, []);
    expect(
      leanLeaderboardEntry({
        gid: 'x',
        state: running,
        roles: roles(['yellow'], []),
        finishedAt: 1,
      }),
    ).toBeNull();
    expect(
      leanLeaderboardEntry({ gid: 'x', state: ended, roles: roles([], []), finishedAt: 1 }),
    ).toBeNull();
    const edited = templateConfig('lean-basic');
    edited.params.seed = 99;
    const other = storedGame(edited);
    const otherEnded = endRun(
      startRun(
        other,
        other.facilities.map((f) => f.id),
      ),
      60000,
    );
    expect(
      leanLeaderboardEntry({
        gid: 'x',
        state: otherEnded,
        roles: roles(['yellow'], []),
        finishedAt: 1,
      }),
    ).toBeNull();
  });
});
