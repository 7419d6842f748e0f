/**
 * A beer game's results workbook (business.md §3.12): Summary, Players, Weekly (long format, one
 * row per week, facility and product), Orders, Lead times and Debrief answers. Every figure comes
 * from the core's `debriefMetrics` and `referenceRuns` on the game's state, as on the results and
 * debrief pages, and answers are graded with the debrief's own grading. Pure.
 */
import { compile, type BeerState, type WeekRecord } from '@sim/core/beer/engine';
import { facilityDisplayName, productDisplayName } from '@sim/core/beer/default-names';
import type { DebriefQuestion } from '@sim/core/beer/game-docs';
import { debriefMetrics, referenceRuns, type BeerDebrief } from '@sim/core/beer/metrics';
import { answerText, gradeAnswer } from '@sim/core/debrief/answers';
import type { Translate } from './labels';
import { dateOf, num, type Cell, type CellFormat, type Column, type SheetModel } from './workbook';

/** Who holds a facility, from the public game document. */
export interface FacilityHolder {
  readonly playerName: string | null;
  readonly user: string | null;
  readonly computer: boolean;
}

/** One document of `games/{gid}/orders`: a player's validated order. */
export interface OrderLogEntry {
  readonly fid: string;
  readonly cid: string;
  readonly week: number;
  readonly createdAt: number | null;
}

export interface AnswerEntry {
  readonly uid: string;
  readonly answers: Readonly<Record<string, string | number>>;
}

export interface BeerExportInput {
  readonly name: string;
  readonly sessionName: string | null;
  readonly roundNumber: number | null;
  readonly teamNumber: number | null;
  readonly finished: boolean;
  /** Seconds per week, 0 without a timer. */
  readonly timer: number;
  readonly transparent: boolean;
  readonly state: BeerState;
  readonly holders: Readonly<Record<string, FacilityHolder>>;
  readonly orderLog: readonly OrderLogEntry[];
  readonly questions: readonly DebriefQuestion[];
  readonly quizMode: boolean;
  readonly rightAnswers: Readonly<Record<string, unknown>> | null;
  readonly answers: readonly AnswerEntry[];
  readonly exportedAt: number;
}

/** The names shown for a game's facilities, products and roles in the workbook's language. */
export interface BeerNames {
  facility(fid: string): string;
  product(pid: string): string;
  role(fid: string): string;
  player(fid: string): string;
}

function own<T>(
  record: Readonly<Record<string, T>> | null | undefined,
  key: string,
): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

export function beerNames(
  state: BeerState,
  holders: BeerExportInput['holders'],
  t: Translate,
): BeerNames {
  const translate = (key: string, n: number | undefined) => t(key, n === undefined ? {} : { n });
  return {
    facility: (fid) => facilityDisplayName(own(state.game.facilities, fid)?.name ?? fid, translate),
    product: (pid) =>
      productDisplayName(own(state.game.params.productsTemplates, pid)?.name ?? pid, translate),
    role: (fid) => {
      const type = own(state.game.facilities, fid)?.type;
      return type ? t(`game.defaults.facility.${type}`, { defaultValue: type }) : '';
    },
    player: (fid) => {
      const h = own(holders, fid);
      if (!h || h.computer || !h.user) return t('excel.values.computer');
      return h.playerName ?? t('excel.values.human');
    },
  };
}

const col = (t: Translate, key: string, format: CellFormat): Column => ({
  header: t(`excel.columns.${key}`),
  format,
});

/** The distinct values of a list as one cell: the number when all agree, else "min–max". */
function spread(values: readonly number[]): Cell {
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? min : `${min}–${max}`;
}

function summarySheet(input: BeerExportInput, m: BeerDebrief, t: Translate): SheetModel {
  const refs = referenceRuns(input.state.game);
  const caps = Object.values(input.state.game.facilities).flatMap((f) =>
    Object.values(f.capabilities),
  );
  const s = (key: string) => t(`excel.summary.${key}`);
  const rows: [string, Cell][] = [
    [s('game'), input.name],
    [s('type'), t('sessions.types.beergame')],
    [s('session'), input.sessionName],
    [s('round'), { value: input.roundNumber, format: 'integer' }],
    [s('team'), { value: input.teamNumber, format: 'integer' }],
    [s('weeksPlayed'), { value: m.weeks.length, format: 'integer' }],
    [s('finished'), input.finished],
    [s('exportedAt'), { value: new Date(input.exportedAt), format: 'date' }],
    [s('teamCost'), { value: num(m.teamPerformance.cost), format: 'money' }],
    [s('revenue'), { value: num(m.teamPerformance.revenue), format: 'money' }],
    [s('profit'), { value: num(m.teamPerformance.profit), format: 'money' }],
    [s('benchmarkCost'), { value: num(refs.benchmark.cost), format: 'money' }],
    [s('typicalCost'), { value: num(refs.typical.cost), format: 'money' }],
    [s('leadTime'), spread(caps.map((c) => c.leadtime))],
    [s('orderTime'), spread(caps.map((c) => c.ordertime))],
    [s('transparent'), input.transparent],
    [s('timer'), { value: input.timer, format: 'integer' }],
  ];
  return {
    name: t('excel.sheets.summary'),
    columns: [
      { header: s('item'), format: 'text', width: 30 },
      { header: s('value'), format: 'text', width: 30 },
    ],
    rows,
  };
}

function playerColumns(t: Translate): Column[] {
  return [
    col(t, 'facility', 'text'),
    col(t, 'role', 'text'),
    col(t, 'player', 'text'),
    col(t, 'cost', 'money'),
    col(t, 'revenue', 'money'),
    col(t, 'profit', 'money'),
    col(t, 'avgStock', 'decimal'),
    col(t, 'avgBacklog', 'decimal'),
    col(t, 'fillRate', 'percent'),
    col(t, 'stockOutWeeks', 'integer'),
    col(t, 'peakOrder', 'integer'),
    col(t, 'peakOrderWeek', 'integer'),
    col(t, 'orderVariance', 'decimal'),
    col(t, 'bullwhip', 'decimal'),
    col(t, 'amplification', 'decimal'),
  ];
}

/** One row per facility, downstream first, with the Players sheet's columns. */
export function playerRows(m: BeerDebrief, names: BeerNames): Cell[][] {
  return m.individualPerformance.map((p, i) => [
    names.facility(p.id),
    names.role(p.id),
    names.player(p.id),
    num(p.cost),
    num(p.revenue),
    num(p.profit),
    num(p.avgStock),
    num(p.avgBacklog),
    num(p.fillRate),
    p.stockOutWeeks,
    p.peakOrder,
    p.peakOrderWeek,
    num(m.variability.facilities[i]?.orderVariance),
    num(m.variability.facilities[i]?.bullwhip),
    num(m.responseToDemand.facilities[i]?.amplification),
  ]);
}

export { playerColumns };

/** Week × facility × product: the product's own figures; the order placed sums its capabilities. */
function weeklySheet(history: readonly WeekRecord[], names: BeerNames, t: Translate): SheetModel {
  const rows: Cell[][] = [];
  const cumulative = new Map<string, number>();
  for (const r of history) {
    for (const f of r.facilities) {
      for (const p of f.products) {
        const cost =
          p.holdingCost + p.backlogCost + p.missedSaleCost + p.productionCost + p.purchaseCost;
        const key = `${f.id}\u0000${p.pid}`;
        const cum = (cumulative.get(key) ?? 0) + cost;
        cumulative.set(key, cum);
        const ordered = f.capabilities
          .filter((c) => c.pid === p.pid)
          .reduce((s, c) => s + c.ordered, 0);
        rows.push([
          r.week,
          names.facility(f.id),
          names.product(p.pid),
          p.demand,
          p.incoming,
          ordered,
          p.received,
          p.shipped,
          p.stock,
          p.backlog,
          num(cost),
          num(cum),
          num(p.revenue - cost),
        ]);
      }
    }
  }
  return {
    name: t('excel.sheets.weekly'),
    columns: [
      col(t, 'week', 'integer'),
      col(t, 'facility', 'text'),
      col(t, 'product', 'text'),
      col(t, 'demand', 'integer'),
      col(t, 'incoming', 'integer'),
      col(t, 'ordered', 'integer'),
      col(t, 'received', 'integer'),
      col(t, 'shipped', 'integer'),
      col(t, 'stock', 'integer'),
      col(t, 'backlog', 'integer'),
      col(t, 'weeklyCost', 'money'),
      col(t, 'cumCost', 'money'),
      col(t, 'weeklyProfit', 'money'),
    ],
    rows,
  };
}

/**
 * Every order the chain placed, week by week: the quantity the core recorded after the order
 * rules; "by" is the player when a validated order of theirs is in the log, else the computer.
 */
function ordersSheet(input: BeerExportInput, names: BeerNames, t: Translate): SheetModel {
  const model = compile(input.state.game);
  const logged = new Map<string, number | null>();
  for (const o of input.orderLog) {
    const key = `${o.week}\u0000${o.fid}\u0000${o.cid}`;
    const before = logged.get(key);
    logged.set(key, Math.max(before ?? 0, o.createdAt ?? 0) || null);
  }
  const rows: Cell[][] = [];
  for (const r of input.state.history) {
    r.facilities.forEach((f, fi) => {
      f.capabilities.forEach((c, ci) => {
        const cap = model.facilities[fi]?.caps[ci];
        const supplier =
          cap && cap.sup >= 0
            ? names.facility(model.facilities[cap.sup]?.id ?? '')
            : t('excel.values.production');
        const key = `${r.week}\u0000${f.id}\u0000${c.id}`;
        const human = logged.has(key);
        rows.push([
          r.week,
          names.facility(f.id),
          c.id,
          names.product(c.pid),
          supplier,
          c.ordered,
          human ? dateOf(logged.get(key)) : null,
          human ? t('excel.values.human') : t('excel.values.computer'),
        ]);
      });
    });
  }
  return {
    name: t('excel.sheets.orders'),
    columns: [
      col(t, 'week', 'integer'),
      col(t, 'facility', 'text'),
      col(t, 'capability', 'text'),
      col(t, 'product', 'text'),
      col(t, 'supplier', 'text'),
      col(t, 'quantity', 'integer'),
      col(t, 'placedAt', 'date'),
      col(t, 'by', 'text'),
    ],
    rows,
  };
}

function leadTimesSheet(m: BeerDebrief, names: BeerNames, t: Translate): SheetModel {
  return {
    name: t('excel.sheets.leadTimes'),
    columns: [
      col(t, 'facility', 'text'),
      col(t, 'capability', 'text'),
      col(t, 'product', 'text'),
      col(t, 'nominal', 'integer'),
      col(t, 'observedAvg', 'decimal'),
      col(t, 'min', 'integer'),
      col(t, 'max', 'integer'),
      col(t, 'units', 'integer'),
    ],
    rows: m.leadTimes.map((l) => [
      names.facility(l.facility),
      l.capability,
      names.product(l.pid),
      l.nominal,
      num(l.average),
      num(l.min),
      num(l.max),
      l.units,
    ]),
  };
}

/** One row per player and question, in facility order; the score in quiz mode. */
function answersSheet(input: BeerExportInput, names: BeerNames, t: Translate): SheetModel {
  const fidOf = new Map<string, string>();
  for (const [fid, h] of Object.entries(input.holders)) if (h.user) fidOf.set(h.user, fid);
  const order = Object.keys(input.state.game.facilities);
  const rank = (uid: string) => {
    const i = order.indexOf(fidOf.get(uid) ?? '');
    return i < 0 ? order.length : i;
  };
  const graded = input.quizMode
    ? input.questions.filter((q) => own(input.rightAnswers, q.id) !== undefined)
    : [];
  const rows: Cell[][] = [];
  for (const a of [...input.answers].sort(
    (x, y) => rank(x.uid) - rank(y.uid) || x.uid.localeCompare(y.uid),
  )) {
    const fid = fidOf.get(a.uid);
    const player = fid ? names.player(fid) : a.uid;
    const score = input.quizMode
      ? graded.filter((q) => gradeAnswer(q, own(a.answers, q.id), own(input.rightAnswers, q.id)))
          .length
      : null;
    for (const q of input.questions) {
      const given = own(a.answers, q.id);
      rows.push([
        player,
        fid ? names.facility(fid) : null,
        q.text,
        answerText(q, given),
        input.quizMode ? gradeAnswer(q, given, own(input.rightAnswers, q.id)) : null,
        score,
      ]);
    }
  }
  return {
    name: t('excel.sheets.answers'),
    columns: [
      col(t, 'player', 'text'),
      col(t, 'facility', 'text'),
      { ...col(t, 'question', 'text'), width: 40 },
      { ...col(t, 'answer', 'text'), width: 30 },
      col(t, 'correct', 'text'),
      col(t, 'score', 'integer'),
    ],
    rows,
  };
}

/** The beer game's sheets, in the order of business.md §3.12. */
export function beerSheets(input: BeerExportInput, t: Translate): SheetModel[] {
  const m = debriefMetrics(input.state);
  const names = beerNames(input.state, input.holders, t);
  return [
    summarySheet(input, m, t),
    { name: t('excel.sheets.players'), columns: playerColumns(t), rows: playerRows(m, names) },
    weeklySheet(input.state.history, names, t),
    ordersSheet(input, names, t),
    leadTimesSheet(m, names, t),
    answersSheet(input, names, t),
  ];
}
