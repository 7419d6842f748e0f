/**
 * The results workbooks written to .xlsx and read back with exceljs: sheet names and order,
 * figures equal to the core's debriefs, numbers stored as numbers with their formats, the header
 * frozen and filtered, and headers in the requested language.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { debriefMetrics, referenceRuns } from '@sim/core/beer/metrics';
import { classicBeerTemplate, toGameInput } from '@sim/core/beer/game-docs';
import { STERMAN_MEAN } from '@sim/core/beer/policies';
import { simulate } from '@sim/core/beer/simulate';
import { rankRound } from '@sim/core/beer/round-ranking';
import { carsAndTrucks } from '@sim/core/lean/cars-and-trucks';
import { leanDebrief, unitRecords } from '@sim/core/lean/debrief';
import { runToEnd } from '@sim/core/lean/engine';
import { normalizeLeanGame } from '@sim/core/lean/model';
import type { Policy } from '@sim/core/beer/policies';
import { beerSheets, type BeerExportInput } from './beer-workbook';
import { exportTranslator } from './labels';
import { leanSheets } from './lean-workbook';
import { beerCostByWeek, sessionSheets, type SessionGame } from './session-workbook';
import { safeFileName, sheetName, workbook, type SheetModel } from './workbook';
import { writeXlsx } from './xlsx';

const EXPORTED_AT = Date.UTC(2026, 2, 14, 9, 30);

/** A chain of human-like players (Sterman's fitted parameters): costs differ along the chain. */
const anchor: Policy = STERMAN_MEAN;

/** The classic template as an instructor creates it (English default names), 36 weeks. */
const classicInput = toGameInput(classicBeerTemplate().config);

function classicState() {
  return simulate(classicInput, anchor);
}

function beerInput(overrides: Partial<BeerExportInput> = {}): BeerExportInput {
  const state = classicState();
  const [retailer = '', wholesaler = '', distributor = '', factory = ''] = debriefMetrics(
    state,
  ).individualPerformance.map((p) => p.id);
  const firstCapability = Object.keys(state.game.facilities[retailer]?.capabilities ?? {})[0];
  return {
    name: 'Tuesday class',
    sessionName: null,
    roundNumber: null,
    teamNumber: null,
    finished: true,
    timer: 60,
    transparent: false,
    state,
    holders: {
      [retailer]: { user: 'u1', playerName: 'Ana', computer: false },
      [wholesaler]: { user: 'u2', playerName: 'Bo', computer: false },
      [distributor]: { user: null, playerName: null, computer: true },
      [factory]: { user: 'u4', playerName: 'Dee', computer: false },
    },
    orderLog: [
      {
        fid: retailer,
        cid: firstCapability ?? '',
        week: 5,
        createdAt: Date.UTC(2026, 2, 14, 9, 5),
      },
    ],
    questions: [
      { id: 'q1', text: 'What was the peak order?', kind: 'number' },
      { id: 'q2', text: 'Name the effect', kind: 'text' },
    ],
    quizMode: true,
    rightAnswers: { q1: 20, q2: 'bullwhip' },
    answers: [
      { uid: 'u2', answers: { q1: '21', q2: 'bullwip' } },
      { uid: 'u1', answers: { q1: 20, q2: 'stock' } },
    ],
    exportedAt: EXPORTED_AT,
    ...overrides,
  };
}

async function roundTrip(sheets: SheetModel[]): Promise<ExcelJS.Workbook> {
  const bytes = await writeXlsx(workbook(sheets), {
    created: new Date(EXPORTED_AT),
    creator: 'SimGames',
  });
  const book = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer; the bytes' own buffer is exactly the file.
  await book.xlsx.load(new Uint8Array(bytes).buffer);
  return book;
}

function sheet(book: ExcelJS.Workbook, name: string): ExcelJS.Worksheet {
  const ws = book.getWorksheet(name);
  if (!ws) throw new Error(`no sheet ${name}`);
  return ws;
}

/** The row of a key/value Summary whose first cell is `key`. */
function summaryValue(ws: ExcelJS.Worksheet, key: string): ExcelJS.Cell {
  for (let r = 2; r <= ws.rowCount; r++) {
    if (ws.getRow(r).getCell(1).value === key) return ws.getRow(r).getCell(2);
  }
  throw new Error(`no summary row ${key}`);
}

describe('beer game workbook', () => {
  const en = exportTranslator('en');

  it('has the sheets of business.md §3.12 in order', async () => {
    const book = await roundTrip(beerSheets(beerInput(), en));
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Players',
      'Weekly',
      'Orders',
      'Lead times',
      'Debrief answers',
    ]);
  });

  it('puts the core debrief figures in the Players sheet as numbers with formats', async () => {
    const input = beerInput();
    const m = debriefMetrics(input.state);
    const book = await roundTrip(beerSheets(input, en));
    const ws = sheet(book, 'Players');
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 4)).toEqual(['Facility', 'Role', 'Player', 'Cost']);
    expect(ws.rowCount).toBe(1 + 4);
    m.individualPerformance.forEach((p, i) => {
      const row = ws.getRow(i + 2);
      expect(row.getCell(1).value).toBe(['Retailer', 'Wholesaler', 'Distributor', 'Factory'][i]);
      expect(typeof row.getCell(4).value).toBe('number');
      expect(row.getCell(4).value).toBeCloseTo(p.cost, 9);
      expect(row.getCell(4).numFmt).toBe('#,##0.00');
      expect(row.getCell(9).value).toBeCloseTo(p.fillRate, 12);
      expect(row.getCell(9).numFmt).toBe('0.0%');
      expect(row.getCell(11).value).toBe(p.peakOrder);
    });
    expect(ws.getRow(4).getCell(3).value).toBe('Computer');
    expect(ws.getRow(2).getCell(3).value).toBe('Ana');
    // The chain's costs differ: a constant column would pass a looser check.
    expect(new Set(m.individualPerformance.map((p) => p.cost)).size).toBe(4);
  });

  it('has a Weekly row per week, facility and product with numbers only in number columns', async () => {
    const input = beerInput();
    const book = await roundTrip(beerSheets(input, en));
    const ws = sheet(book, 'Weekly');
    expect(ws.rowCount).toBe(36 * 4 + 1);
    const m = debriefMetrics(input.state);
    for (let r = 2; r <= ws.rowCount; r++) {
      const row = ws.getRow(r);
      for (const c of [1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) {
        expect(typeof row.getCell(c).value).toBe('number');
      }
    }
    // Week 36 of the factory: its cumulative cost equals the debrief's cost of the factory.
    const last = ws.getRow(ws.rowCount);
    expect(last.getCell(1).value).toBe(36);
    expect(last.getCell(2).value).toBe('Factory');
    expect(last.getCell(12).value).toBeCloseTo(m.individualPerformance[3]?.cost ?? NaN, 9);
    expect(last.getCell(12).numFmt).toBe('#,##0.00');
  });

  it('freezes and filters the header row of every sheet', async () => {
    const book = await roundTrip(beerSheets(beerInput(), en));
    for (const ws of book.worksheets) {
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(ws.autoFilter).toBeTruthy();
      expect(ws.getRow(1).font?.bold).toBe(true);
    }
  });

  it('gives the team cost, references and export time in the Summary', async () => {
    const input = beerInput();
    const m = debriefMetrics(input.state);
    const refs = referenceRuns(input.state.game);
    const ws = sheet(await roundTrip(beerSheets(input, en)), 'Summary');
    expect(summaryValue(ws, 'Team cost').value).toBeCloseTo(m.teamPerformance.cost, 9);
    expect(summaryValue(ws, 'Benchmark cost').value).toBeCloseTo(refs.benchmark.cost, 9);
    expect(summaryValue(ws, 'Typical human cost').value).toBeCloseTo(refs.typical.cost, 9);
    expect(summaryValue(ws, 'Weeks played').value).toBe(36);
    const exported = summaryValue(ws, 'Exported at (UTC)');
    expect(exported.value).toBeInstanceOf(Date);
    expect((exported.value as Date).getTime()).toBe(EXPORTED_AT);
    expect(exported.numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(summaryValue(ws, 'Lead time (weeks)').value).toBe('3–4');
  });

  it('lists every order with who placed it, lead times and graded answers', async () => {
    const input = beerInput();
    const book = await roundTrip(beerSheets(input, en));
    const orders = sheet(book, 'Orders');
    expect(orders.rowCount).toBe(36 * 4 + 1);
    const week5 = orders.getRow(1 + 4 * 4 + 1);
    expect(week5.getCell(1).value).toBe(5);
    expect(week5.getCell(2).value).toBe('Retailer');
    expect(week5.getCell(5).value).toBe('Wholesaler');
    expect(week5.getCell(8).value).toBe('Player');
    expect((week5.getCell(7).value as Date).getTime()).toBe(Date.UTC(2026, 2, 14, 9, 5));
    expect(orders.getRow(2).getCell(8).value).toBe('Computer');
    expect(orders.getRow(5).getCell(5).value).toBe('Own production');
    const leads = sheet(book, 'Lead times');
    const m = debriefMetrics(input.state);
    expect(leads.rowCount).toBe(1 + m.leadTimes.length);
    expect(leads.getRow(2).getCell(5).value).toBeCloseTo(m.leadTimes[0]?.average ?? NaN, 9);
    const answers = sheet(book, 'Debrief answers');
    // Ana (retailer) first, then Bo: two questions each.
    expect(answers.getRow(2).getCell(1).value).toBe('Ana');
    expect(answers.getRow(2).getCell(5).value).toBe(true);
    expect(answers.getRow(3).getCell(5).value).toBe(false);
    expect(answers.getRow(2).getCell(6).value).toBe(1);
    expect(answers.getRow(4).getCell(1).value).toBe('Bo');
    expect(answers.getRow(4).getCell(5).value).toBe(false);
    // "bullwip" is within one edit of "bullwhip" (spec §5).
    expect(answers.getRow(5).getCell(5).value).toBe(true);
    expect(answers.getRow(5).getCell(6).value).toBe(1);
  });

  it('speaks the requested language, default names included', async () => {
    const book = await roundTrip(beerSheets(beerInput(), exportTranslator('fr')));
    const names = book.worksheets.map((w) => w.name);
    expect(names).not.toContain('Players');
    const players = book.worksheets[1];
    expect(players?.getRow(1).getCell(1).value).not.toBe('Facility');
    expect(players?.getRow(2).getCell(1).value).toBe('Détaillant');
    expect(players?.getRow(4).getCell(3).value).not.toBe('Computer');
  });
});

describe('lean game workbook', () => {
  const en = exportTranslator('en');
  const game = normalizeLeanGame(carsAndTrucks());
  const state = runToEnd(
    game,
    [],
    game.facilities.map((f) => f.id),
  );
  const d = leanDebrief(state);
  const input = {
    name: 'Cars and trucks',
    sessionName: null,
    roundNumber: null,
    teamNumber: null,
    finished: true,
    state,
    debrief: d,
    holders: {},
    exportedAt: EXPORTED_AT,
  };

  it('has the lean sheets with the figures of leanDebrief', async () => {
    expect(d.deliveries.delivered).toBeGreaterThan(0);
    const book = await roundTrip(leanSheets(input, en));
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Deliveries',
      'Stations',
      'Units',
      'Improvements',
    ]);
    const summary = sheet(book, 'Summary');
    expect(summaryValue(summary, 'Profit').value).toBeCloseTo(d.pnl.profit, 9);
    expect(summaryValue(summary, 'Profit').numFmt).toBe('#,##0.00');
    expect(summaryValue(summary, 'On time in full (orders)').value).toBeCloseTo(
      d.deliveries.otifRate ?? NaN,
      12,
    );
    expect(summaryValue(summary, 'On time in full (orders)').numFmt).toBe('0.0%');
    expect(summaryValue(summary, 'Average lead time (min)').value).toBeCloseTo(
      d.wip.averageLeadTime ?? NaN,
      9,
    );
    expect(summaryValue(summary, 'Average work in process (units)').value).toBeCloseTo(
      d.wip.average,
      9,
    );
    expect(summaryValue(summary, 'Flow efficiency').value).toBeCloseTo(
      d.flowefficiency.value ?? NaN,
      12,
    );
    expect(summaryValue(summary, 'Resource efficiency').value).toBeCloseTo(
      d.resefficiency.team ?? NaN,
      12,
    );
    const deliveries = sheet(book, 'Deliveries');
    expect(deliveries.rowCount).toBe(1 + d.deliveries.orders.length);
    expect(deliveries.getRow(2).getCell(3).value).toBe(d.deliveries.orders[0]?.qty);
    expect(deliveries.getRow(2).getCell(11).value).toBe(d.deliveries.orders[0]?.otif);
    const stations = sheet(book, 'Stations');
    expect(stations.rowCount).toBe(1 + state.game.facilities.length);
    const res = d.resefficiency.facilities.find((f) => f.id === state.game.facilities[1]?.id);
    expect(stations.getRow(3).getCell(6).value).toBeCloseTo(res?.efficiency ?? NaN, 12);
    expect(stations.getRow(3).getCell(6).numFmt).toBe('0.0%');
    expect(sheet(book, 'Units').rowCount).toBe(1 + unitRecords(state).length);
    expect(sheet(book, 'Improvements').rowCount).toBe(1 + 8);
  });
});

describe('session workbook', () => {
  const en = exportTranslator('en');

  it('ranks a beer session round by cost as the results page does, with a sheet per round', async () => {
    const states = [
      simulate(classicInput, anchor),
      simulate(classicInput, { kind: 'spec' }),
      simulate(classicInput, { kind: 'constant', quantity: 8 }),
    ];
    const games: SessionGame[] = states.map((state, i) => ({
      type: 'beergame',
      gid: `g${i}`,
      name: `Game ${i}`,
      roundNumber: i < 2 ? 1 : 2,
      teamNumber: i < 2 ? i + 1 : 1,
      finished: true,
      holders: {
        [Object.keys(state.game.facilities)[0] ?? '']: {
          user: `p${i}`,
          playerName: `Player ${i}`,
          computer: false,
        },
      },
      state,
    }));
    const book = await roundTrip(
      sessionSheets({ name: 'Spring', type: 'beergame', games, exportedAt: EXPORTED_AT }, en),
    );
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Teams',
      'Round 1 players',
      'Round 2 players',
    ]);
    const teams = sheet(book, 'Teams');
    expect(teams.rowCount).toBe(1 + 3);
    const ranking = rankRound(
      games.slice(0, 2).map((g, i) => ({
        gid: g.gid,
        roundNumber: 1,
        teamNumber: g.teamNumber,
        week: 36,
        finished: true,
        costByWeek: beerCostByWeek(states[i]!),
      })),
    );
    ranking.teams.forEach((team, k) => {
      const row = teams.getRow(2 + k);
      expect(row.getCell(2).value).toBe(team.teamNumber);
      expect(row.getCell(6).value).toBeCloseTo(team.totalCost ?? NaN, 9);
      expect(row.getCell(9).value).toBe(team.rank);
    });
    const total = debriefMetrics(states[0]!).teamPerformance.cost;
    const team1 = [2, 3].map((r) => teams.getRow(r)).find((r) => r.getCell(2).value === 1);
    expect(team1?.getCell(6).value).toBeCloseTo(total, 9);
    const round1 = sheet(book, 'Round 1 players');
    expect(round1.rowCount).toBe(1 + 2 * 4);
    expect(round1.getRow(1).getCell(1).value).toBe('Team number');
    expect(round1.getRow(2).getCell(5).value).toBeCloseTo(
      debriefMetrics(states[0]!).individualPerformance[0]?.cost ?? NaN,
      9,
    );
  });
});

describe('lean session workbook', () => {
  it('gives each team its lead time, WIP, flow efficiency, on time in full and profit', async () => {
    const runs = [carsAndTrucks(), carsAndTrucks({ compact: true })].map((input) => {
      const game = normalizeLeanGame(input);
      const state = runToEnd(
        game,
        [],
        game.facilities.map((f) => f.id),
      );
      return { state, debrief: leanDebrief(state) };
    });
    const games: SessionGame[] = runs.map((r, i) => ({
      type: 'leangame',
      gid: `l${i}`,
      name: `Line ${i}`,
      roundNumber: i + 1,
      teamNumber: 1,
      finished: true,
      holders: {},
      ...r,
    }));
    const book = await roundTrip(
      sessionSheets(
        { name: 'Lean class', type: 'leangame', games, exportedAt: EXPORTED_AT },
        exportTranslator('en'),
      ),
    );
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Teams',
      'Round 1 players',
      'Round 2 players',
    ]);
    const teams = sheet(book, 'Teams');
    runs.forEach(({ debrief: d }, i) => {
      const row = teams.getRow(2 + i);
      expect(row.getCell(1).value).toBe(i + 1);
      expect(row.getCell(5).value).toBeCloseTo(d.wip.averageLeadTime ?? NaN, 9);
      expect(row.getCell(6).value).toBeCloseTo(d.wip.average, 9);
      expect(row.getCell(7).value).toBeCloseTo(d.flowefficiency.value ?? NaN, 12);
      expect(row.getCell(8).value).toBeCloseTo(d.deliveries.otifRate ?? NaN, 12);
      expect(row.getCell(9).value).toBeCloseTo(d.pnl.profit, 9);
      expect(row.getCell(7).numFmt).toBe('0.0%');
    });
    expect(sheet(book, 'Round 1 players').rowCount).toBe(1 + runs[0]!.state.game.facilities.length);
  });
});

describe('names', () => {
  it('makes sheet names Excel accepts', () => {
    const taken = new Set<string>();
    expect(sheetName('Round [1]: a/b\\c*d?', taken)).toBe('Round -1-- a-b-c-d-');
    const long = 'A very long translated sheet title beyond the limit';
    const first = sheetName(long, taken);
    expect(first.length).toBeLessThanOrEqual(31);
    const second = sheetName(long, taken);
    expect(second).not.toBe(first);
    expect(second.length).toBeLessThanOrEqual(31);
  });

  it('makes a safe file name', () => {
    expect(safeFileName('../Class "A"/Results.xlsx', 'results')).toBe('Class A Results');
    expect(safeFileName('  ...  ', 'results')).toBe('results');
    expect(safeFileName('Łódź – Ümraniye', 'x')).toBe('Łódź – Ümraniye');
  });
});
