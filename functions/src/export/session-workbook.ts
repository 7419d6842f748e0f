/**
 * A session's results workbook (business.md §3.12): a Summary, the Teams sheet (one row per
 * round and team) and one "Round N players" sheet per round with a team column. A beer session
 * ranks the teams by cost as the session results page does (the core's `rankRound` at the last
 * week every team of the round has played); a lean session gives each team's lead time, work in
 * process, flow efficiency, on time in full and profit from its game's debrief. Pure.
 */
import type { BeerState } from '@sim/core/beer/engine';
import { debriefMetrics } from '@sim/core/beer/metrics';
import { rankRound, type TeamGameResult } from '@sim/core/beer/round-ranking';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import type { LeanState } from '@sim/core/lean/model';
import { beerNames, playerColumns, playerRows, type FacilityHolder } from './beer-workbook';
import type { Translate } from './labels';
import { leanNames } from './lean-workbook';
import { num, type Cell, type CellFormat, type Column, type SheetModel } from './workbook';

interface SessionGameBase {
  readonly gid: string;
  readonly name: string;
  readonly roundNumber: number;
  readonly teamNumber: number;
  readonly finished: boolean;
  readonly holders: Readonly<Record<string, FacilityHolder>>;
}

export interface BeerSessionGame extends SessionGameBase {
  readonly type: 'beergame';
  /** Null before the first week is built. */
  readonly state: BeerState | null;
}

export interface LeanSessionGame extends SessionGameBase {
  readonly type: 'leangame';
  readonly state: LeanState | null;
  /** The results page's debrief: the final stats, else the run so far; null before the run. */
  readonly debrief: LeanDebrief | null;
}

export type SessionGame = BeerSessionGame | LeanSessionGame;

export interface SessionExportInput {
  readonly name: string;
  readonly type: 'beergame' | 'leangame';
  readonly games: readonly SessionGame[];
  readonly exportedAt: number;
}

const col = (t: Translate, key: string, format: CellFormat): Column => ({
  header: t(`excel.columns.${key}`),
  format,
});

/** The players of a game, by name, in facility order ("Computer" for the computer's roles). */
function playerList(game: SessionGame, t: Translate): string {
  return Object.values(game.holders)
    .filter((h) => h.user && !h.computer)
    .map((h) => h.playerName ?? t('excel.values.human'))
    .join(', ');
}

/**
 * The chain's cumulative cost after each week, as the session results page reads it from the
 * facilities' views: the weeks played, then the week being played (its costs already counted).
 */
export function beerCostByWeek(state: BeerState): number[] {
  const records = state.current ? [...state.history, state.current] : state.history;
  return records.map((r) => r.facilities.reduce((s, f) => s + f.cumCost, 0));
}

/** Fill rate towards consumers: the consumer-facing facilities' fill rates, weighted by demand. */
function consumerFillRate(state: BeerState): number | null {
  const m = debriefMetrics(state);
  let asked = 0;
  let weighted = 0;
  m.individualPerformance.forEach((p, fi) => {
    const demand = state.history.reduce(
      (s, r) => s + (r.facilities[fi]?.products.reduce((x, q) => x + q.demand, 0) ?? 0),
      0,
    );
    asked += demand;
    weighted += demand * p.fillRate;
  });
  return asked > 0 ? weighted / asked : null;
}

function rounds(games: readonly SessionGame[]): number[] {
  return [...new Set(games.map((g) => g.roundNumber))].sort((a, b) => a - b);
}

function beerTeams(input: SessionExportInput, t: Translate): SheetModel {
  const games = input.games.filter((g): g is BeerSessionGame => g.type === 'beergame');
  const rows: Cell[][] = [];
  for (const round of rounds(games)) {
    const inRound = games.filter((g) => g.roundNumber === round);
    const results: TeamGameResult[] = inRound.map((g) => ({
      gid: g.gid,
      roundNumber: g.roundNumber,
      teamNumber: g.teamNumber,
      week: g.state?.week ?? 1,
      finished: g.finished,
      costByWeek: g.state ? beerCostByWeek(g.state) : null,
    }));
    for (const team of rankRound(results).teams) {
      const game = inRound.find((g) => g.gid === team.gid);
      if (!game) continue;
      const m = game.state ? debriefMetrics(game.state) : null;
      const factory = m?.variability.facilities[m.variability.facilities.length - 1];
      rows.push([
        round,
        team.teamNumber,
        game.name,
        playerList(game, t),
        m ? m.weeks.length : 0,
        num(team.totalCost),
        game.state ? num(consumerFillRate(game.state)) : null,
        num(factory?.bullwhip),
        team.rank,
      ]);
    }
  }
  return {
    name: t('excel.sheets.teams'),
    columns: [
      col(t, 'round', 'integer'),
      col(t, 'teamNumber', 'integer'),
      col(t, 'game', 'text'),
      { ...col(t, 'players', 'text'), width: 30 },
      col(t, 'weeks', 'integer'),
      col(t, 'totalCost', 'money'),
      col(t, 'fillRate', 'percent'),
      col(t, 'factoryBullwhip', 'decimal'),
      col(t, 'rank', 'integer'),
    ],
    rows,
  };
}

function beerRoundPlayers(input: SessionExportInput, t: Translate): SheetModel[] {
  const games = input.games.filter((g): g is BeerSessionGame => g.type === 'beergame');
  return rounds(games).map((round) => {
    const rows: Cell[][] = [];
    for (const g of games
      .filter((x) => x.roundNumber === round)
      .sort((a, b) => a.teamNumber - b.teamNumber)) {
      if (!g.state) continue;
      const names = beerNames(g.state, g.holders, t);
      for (const row of playerRows(debriefMetrics(g.state), names)) {
        rows.push([g.teamNumber, ...row]);
      }
    }
    return {
      name: t('excel.sheets.roundPlayers', { n: round }),
      columns: [col(t, 'teamNumber', 'integer'), ...playerColumns(t)],
      rows,
    };
  });
}

function leanTeams(input: SessionExportInput, t: Translate): SheetModel {
  const games = input.games
    .filter((g): g is LeanSessionGame => g.type === 'leangame')
    .sort((a, b) => a.roundNumber - b.roundNumber || a.teamNumber - b.teamNumber);
  return {
    name: t('excel.sheets.teams'),
    columns: [
      col(t, 'round', 'integer'),
      col(t, 'teamNumber', 'integer'),
      col(t, 'game', 'text'),
      { ...col(t, 'players', 'text'), width: 30 },
      col(t, 'leadTime', 'decimal'),
      col(t, 'wip', 'decimal'),
      col(t, 'flowEfficiency', 'percent'),
      col(t, 'otif', 'percent'),
      col(t, 'profit', 'money'),
    ],
    rows: games.map((g) => {
      const d = g.debrief;
      return [
        g.roundNumber,
        g.teamNumber,
        g.name,
        playerList(g, t),
        num(d?.wip.averageLeadTime),
        num(d?.wip.average),
        num(d?.flowefficiency.value),
        num(d?.deliveries.otifRate),
        num(d?.pnl.profit),
      ];
    }),
  };
}

function leanRoundPlayers(input: SessionExportInput, t: Translate): SheetModel[] {
  const games = input.games.filter((g): g is LeanSessionGame => g.type === 'leangame');
  return rounds(games).map((round) => {
    const rows: Cell[][] = [];
    for (const g of games
      .filter((x) => x.roundNumber === round)
      .sort((a, b) => a.teamNumber - b.teamNumber)) {
      if (!g.state) continue;
      const names = leanNames(g.state, g.holders, t);
      for (const f of g.state.game.facilities) {
        const res = g.debrief?.resefficiency.facilities.find((r) => r.id === f.id);
        rows.push([g.teamNumber, names.facility(f.id), names.player(f.id), num(res?.efficiency)]);
      }
    }
    return {
      name: t('excel.sheets.roundPlayers', { n: round }),
      columns: [
        col(t, 'teamNumber', 'integer'),
        col(t, 'facility', 'text'),
        col(t, 'player', 'text'),
        col(t, 'utilisation', 'percent'),
      ],
      rows,
    };
  });
}

function summarySheet(input: SessionExportInput, t: Translate): SheetModel {
  const s = (key: string) => t(`excel.summary.${key}`);
  return {
    name: t('excel.sheets.summary'),
    columns: [
      { header: s('item'), format: 'text', width: 30 },
      { header: s('value'), format: 'text', width: 30 },
    ],
    rows: [
      [s('session'), input.name],
      [s('type'), t(`sessions.types.${input.type}`)],
      [s('rounds'), { value: rounds(input.games).length, format: 'integer' }],
      [s('games'), { value: input.games.length, format: 'integer' }],
      [s('exportedAt'), { value: new Date(input.exportedAt), format: 'date' }],
    ],
  };
}

export function sessionSheets(input: SessionExportInput, t: Translate): SheetModel[] {
  return input.type === 'leangame'
    ? [summarySheet(input, t), leanTeams(input, t), ...leanRoundPlayers(input, t)]
    : [summarySheet(input, t), beerTeams(input, t), ...beerRoundPlayers(input, t)];
}
