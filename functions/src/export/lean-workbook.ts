/**
 * A lean game's results workbook (business.md §3.12): Summary (P&L, on time in full, lead time,
 * work in process, flow and resource efficiency), Deliveries, Stations, Units and Improvements.
 * The figures are the core's `leanDebrief` as the results page shows it (the final stats once the
 * run ended, else the run so far), the units the core's `unitRecords`. Pure.
 */
import { unitRecords, type LeanDebrief } from '@sim/core/lean/debrief';
import { leanFacilityDisplayName, leanProductDisplayName } from '@sim/core/lean/default-names';
import {
  IMPROVEMENTS,
  SETTING_IMPROVEMENTS,
  type LeanState,
  type SettingImprovement,
} from '@sim/core/lean/model';
import type { FacilityHolder } from './beer-workbook';
import type { Translate } from './labels';
import { num, type Cell, type CellFormat, type Column, type SheetModel } from './workbook';

export interface LeanExportInput {
  readonly name: string;
  readonly sessionName: string | null;
  readonly roundNumber: number | null;
  readonly teamNumber: number | null;
  readonly finished: boolean;
  readonly state: LeanState;
  readonly debrief: LeanDebrief;
  readonly holders: Readonly<Record<string, FacilityHolder>>;
  readonly exportedAt: number;
}

function own<T>(
  record: Readonly<Record<string, T>> | null | undefined,
  key: string,
): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

const col = (t: Translate, key: string, format: CellFormat): Column => ({
  header: t(`excel.columns.${key}`),
  format,
});

export interface LeanNames {
  facility(fid: string): string;
  product(tid: string): string;
  player(fid: string): string;
}

export function leanNames(
  state: LeanState,
  holders: LeanExportInput['holders'],
  t: Translate,
): LeanNames {
  const translate = (key: string, n: number | undefined) => t(key, n === undefined ? {} : { n });
  return {
    facility: (fid) =>
      leanFacilityDisplayName(
        state.game.facilities.find((f) => f.id === fid)?.name ?? fid,
        translate,
      ),
    product: (tid) =>
      leanProductDisplayName(
        state.game.templates.find((x) => x.id === tid)?.name ?? tid,
        translate,
      ),
    player: (fid) => {
      const h = own(holders, fid);
      if (!h || h.computer || !h.user) return t('excel.values.computer');
      return h.playerName ?? t('excel.values.human');
    },
  };
}

function summarySheet(input: LeanExportInput, t: Translate): SheetModel {
  const d = input.debrief;
  const s = (key: string) => t(`excel.summary.${key}`);
  const money = (v: number): Cell => ({ value: num(v), format: 'money' });
  const rows: [string, Cell][] = [
    [s('game'), input.name],
    [s('type'), t('sessions.types.leangame')],
    [s('session'), input.sessionName],
    [s('round'), { value: input.roundNumber, format: 'integer' }],
    [s('team'), { value: input.teamNumber, format: 'integer' }],
    [s('finished'), input.finished],
    [s('exportedAt'), { value: new Date(input.exportedAt), format: 'date' }],
    [s('duration'), { value: num(d.duration), format: 'decimal' }],
    [s('revenue'), money(d.pnl.revenue)],
    [s('material'), money(d.pnl.material)],
    [s('labour'), money(d.pnl.labour)],
    [s('holding'), money(d.pnl.holding)],
    [s('latePenalties'), money(d.pnl.latePenalties)],
    [s('defectPenalties'), money(d.pnl.defectPenalties)],
    [s('costs'), money(d.pnl.costs)],
    [s('profit'), money(d.pnl.profit)],
    [s('otifRate'), { value: num(d.deliveries.otifRate), format: 'percent' }],
    [s('onTimeFillRate'), { value: num(d.deliveries.onTimeFillRate), format: 'percent' }],
    [s('delivered'), { value: d.deliveries.delivered, format: 'integer' }],
    [s('backlog'), { value: d.deliveries.backlog, format: 'integer' }],
    [s('averageLeadTime'), { value: num(d.wip.averageLeadTime), format: 'decimal' }],
    [s('averageWip'), { value: num(d.wip.average), format: 'decimal' }],
    [s('throughput'), { value: num(d.wip.throughput), format: 'decimal' }],
    [s('flowEfficiency'), { value: num(d.flowefficiency.value), format: 'percent' }],
    [s('resourceEfficiency'), { value: num(d.resefficiency.team), format: 'percent' }],
  ];
  return {
    name: t('excel.sheets.summary'),
    columns: [
      { header: s('item'), format: 'text', width: 34 },
      { header: s('value'), format: 'text', width: 30 },
    ],
    rows,
  };
}

function deliveriesSheet(d: LeanDebrief, names: LeanNames, t: Translate): SheetModel {
  return {
    name: t('excel.sheets.deliveries'),
    columns: [
      col(t, 'order', 'integer'),
      col(t, 'product', 'text'),
      col(t, 'quantity', 'integer'),
      col(t, 'createdMin', 'decimal'),
      col(t, 'dueMin', 'decimal'),
      col(t, 'fulfilledQty', 'integer'),
      col(t, 'fulfilledAt', 'decimal'),
      col(t, 'customerLeadTime', 'decimal'),
      col(t, 'lateProducts', 'integer'),
      col(t, 'defects', 'integer'),
      col(t, 'otif', 'text'),
    ],
    rows: d.deliveries.orders.map((o) => [
      o.index + 1,
      names.product(o.template),
      o.qty,
      num(o.created_min),
      num(o.due_min),
      o.fulfilled_qty,
      num(o.fulfilled_at),
      num(o.customerLeadTime),
      o.lateProducts,
      o.defectProducts,
      o.otif,
    ]),
  };
}

function stationsSheet(input: LeanExportInput, names: LeanNames, t: Translate): SheetModel {
  const d = input.debrief;
  const rows = input.state.game.facilities.map((f): Cell[] => {
    const at = own(input.state.facilities, f.id);
    const wip = at ? at.in.length + at.desk.length + at.out.length : null;
    const balance = d.balance.facilities.find((b) => b.id === f.id);
    const res = d.resefficiency.facilities.find((r) => r.id === f.id);
    const quality = d.quality.byFacility.find((q) => q.id === f.id);
    return [
      names.facility(f.id),
      names.player(f.id),
      wip,
      num(balance?.workContent),
      num(balance?.observedCycleTime),
      num(res?.efficiency),
      num(res?.busy),
      num(res?.valueAdd),
      num(res?.changeover),
      num(res?.load),
      num(res?.idle),
      quality?.paints ?? null,
      quality?.detected ?? null,
      quality?.escapes ?? null,
    ];
  });
  return {
    name: t('excel.sheets.stations'),
    columns: [
      col(t, 'facility', 'text'),
      col(t, 'player', 'text'),
      col(t, 'wipAtEnd', 'integer'),
      col(t, 'workContent', 'decimal'),
      col(t, 'cycleTime', 'decimal'),
      col(t, 'utilisation', 'percent'),
      col(t, 'busy', 'decimal'),
      col(t, 'valueAdd', 'decimal'),
      col(t, 'changeover', 'decimal'),
      col(t, 'load', 'decimal'),
      col(t, 'idle', 'decimal'),
      col(t, 'paints', 'integer'),
      col(t, 'rejects', 'integer'),
      col(t, 'escapes', 'integer'),
    ],
    rows,
  };
}

function unitsSheet(state: LeanState, names: LeanNames, t: Translate): SheetModel {
  return {
    name: t('excel.sheets.units'),
    columns: [
      col(t, 'unit', 'integer'),
      col(t, 'product', 'text'),
      col(t, 'launchedAt', 'decimal'),
      col(t, 'exitedAt', 'decimal'),
      col(t, 'shipped', 'text'),
      col(t, 'scrapped', 'text'),
      col(t, 'leadTime', 'decimal'),
      col(t, 'workdeskTime', 'decimal'),
      col(t, 'changeoverTime', 'decimal'),
      col(t, 'loadTime', 'decimal'),
      col(t, 'moveTime', 'decimal'),
      col(t, 'waitTime', 'decimal'),
    ],
    rows: unitRecords(state).map((u) => [
      u.rank,
      names.product(u.template),
      num(u.launchedAt),
      num(u.exitedAt),
      u.shipped,
      u.scrapped,
      num(u.leadTime),
      num(u.workdeskTime),
      num(u.changeoverTime),
      num(u.loadTime),
      num(u.moveTime),
      num(u.waitTime),
    ]),
  };
}

/**
 * The eight levers: whether the game offers each, and for the switches whether it was on in the
 * run (the others change fields, which the Stations sheet shows).
 */
function isSwitch(id: string): id is SettingImprovement {
  return (SETTING_IMPROVEMENTS as readonly string[]).includes(id);
}

function improvementsSheet(state: LeanState, t: Translate): SheetModel {
  return {
    name: t('excel.sheets.improvements'),
    columns: [
      { ...col(t, 'improvement', 'text'), width: 28 },
      col(t, 'available', 'text'),
      col(t, 'inUse', 'text'),
    ],
    rows: IMPROVEMENTS.map((id) => [
      t(`leanEditor.levers.${id}.name`),
      state.game.improvements.includes(id),
      isSwitch(id) ? state.game.settings[id] : null,
    ]),
  };
}

export function leanSheets(input: LeanExportInput, t: Translate): SheetModel[] {
  const names = leanNames(input.state, input.holders, t);
  return [
    summarySheet(input, t),
    deliveriesSheet(input.debrief, names, t),
    stationsSheet(input, names, t),
    unitsSheet(input.state, names, t),
    improvementsSheet(input.state, t),
  ];
}
