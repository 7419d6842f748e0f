/**
 * Command line for the lean core:
 *   npm run --silent lean-sim -- --config FILE.json [--actions FILE.json] --format json
 *
 * FILE.json is `{"params": …, "facilities": {fid: …}}` (design B.17 field names, minutes); a
 * facility without `user` is played by the computer. The actions file is a list of
 * `{at (minutes), fid, kind, …}` (B.17 `LeanAction`), applied in file order. The output holds
 * the units, the order counters and the debrief (Part C), times in minutes and ratios as
 * fractions. Bad arguments, unreadable files and an invalid game print on stderr and exit with
 * code 2; an action the game refuses is reported on stderr and the run goes on.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { endRun, applyAction, startRun } from './engine';
import type { LeanDebrief, OrderRecord, UnitRecord } from './debrief';
import { leanDebrief, orderRecords, unitRecords } from './debrief';
import type { LeanAction, LeanGame, LeanGameInput } from './model';
import { ms, normalizeLeanGame } from './model';
import { validateLeanGame } from './validate';

const USAGE = `usage: lean-sim --config FILE.json [--actions FILE.json] [--format json|table]
  --config FILE     the game: {"params": …, "facilities": {fid: …}}
  --actions FILE    player actions: [{"at": minutes, "fid": …, "kind": …, …}], in order
  --format json|table   output (default: table)
  --help`;

class UsageError extends Error {}

const VALUE_OPTIONS = new Set(['config', 'actions', 'format']);
const ACTION_KINDS = new Set(['launch', 'ship', 'send', 'load', 'paint', 'inspect', 'remove']);

function parseArgs(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    let name = arg.slice(2);
    let value: string | undefined;
    const eq = name.indexOf('=');
    if (eq >= 0) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    }
    if (name === 'help') {
      if (value !== undefined) throw new UsageError('option --help takes no value');
      out.set(name, 'true');
      continue;
    }
    if (!VALUE_OPTIONS.has(name)) throw new UsageError(`unknown option --${name}`);
    if (value === undefined) {
      value = argv[i + 1];
      i++;
    }
    if (value === undefined || value === '') throw new UsageError(`option --${name} needs a value`);
    if (out.has(name)) throw new UsageError(`option --${name} given twice`);
    out.set(name, value);
  }
  return out;
}

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read the ${what} file "${path}": ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (e) {
    throw new UsageError(`the ${what} file "${path}" is not JSON: ${(e as Error).message}`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The shape the normalisation reads; the values themselves are checked by validateLeanGame. */
function readConfig(raw: unknown): LeanGameInput {
  if (!isRecord(raw) || !isRecord(raw['params']) || !isRecord(raw['facilities'])) {
    throw new UsageError('the config must be {"params": {…}, "facilities": {fid: {…}}}');
  }
  const params = raw['params'];
  for (const key of [
    'consumerDemandParams',
    'productsTemplates',
    'settings',
    'economics',
    'opAssignment',
    'shapeTimes',
    'mapSize',
  ]) {
    if (params[key] !== undefined && !isRecord(params[key])) {
      throw new UsageError(`params.${key} must be an object`);
    }
  }
  if (params['improvements'] !== undefined && !Array.isArray(params['improvements'])) {
    throw new UsageError('params.improvements must be a list');
  }
  if (params['consumerDemand'] !== undefined) {
    const demand = params['consumerDemand'];
    if (!Array.isArray(demand) || !demand.every(isRecord)) {
      throw new UsageError('params.consumerDemand must be a list of orders');
    }
  }
  const templates = params['productsTemplates'];
  if (isRecord(templates)) {
    for (const [id, t] of Object.entries(templates)) {
      if (!isRecord(t)) throw new UsageError(`params.productsTemplates.${id} must be an object`);
      if (t['ops'] !== undefined && (!Array.isArray(t['ops']) || !t['ops'].every(isRecord))) {
        throw new UsageError(`params.productsTemplates.${id}.ops must be a list of ops`);
      }
    }
  }
  for (const [id, f] of Object.entries(raw['facilities'])) {
    if (!isRecord(f)) throw new UsageError(`facilities.${id} must be an object`);
  }
  // The fields are now objects where the normalisation reads into them; the rest is validated.
  return raw as unknown as LeanGameInput;
}

/** Actions as the file gives them (minutes), turned into game ms. */
function readActions(raw: unknown): LeanAction[] {
  if (!Array.isArray(raw)) throw new UsageError('the actions file must be a list of actions');
  return raw.map((a: unknown, i) => {
    if (
      !isRecord(a) ||
      typeof a['at'] !== 'number' ||
      !Number.isFinite(a['at']) ||
      a['at'] < 0 ||
      typeof a['fid'] !== 'string' ||
      typeof a['kind'] !== 'string' ||
      !ACTION_KINDS.has(a['kind'])
    ) {
      throw new UsageError(
        `action ${i} must be {"at": minutes ≥ 0, "fid": "…", "kind": launch|ship|send|load|paint|inspect|remove, …}`,
      );
    }
    // The engine checks the remaining fields (order, unit, op, tool) like any client value.
    return { ...a, at: ms(a['at']) } as unknown as LeanAction;
  });
}

export interface LeanSimOutput {
  units: UnitRecord[];
  orders: OrderRecord[];
  debrief: LeanDebrief;
}

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(1)} %`);
const num = (x: number | null, digits = 2) => (x === null ? '–' : x.toFixed(digits));

function summary(out: LeanSimOutput): string {
  const d = out.debrief;
  const shipped = out.units.filter((u) => u.shipped).length;
  const lines = [
    `run: ${num(d.duration, 1)} min, ${out.units.length} units launched, ${shipped} shipped, ${d.quality.scrapped} scrapped, ${d.wip.inProcessAtEnd} in process at the end`,
    `P&L: revenue ${num(d.pnl.revenue)}, late ${num(d.pnl.latePenalties)}, defects ${num(d.pnl.defectPenalties)}, material ${num(d.pnl.material)}, labour ${num(d.pnl.labour)}, holding ${num(d.pnl.holding)}, profit ${num(d.pnl.profit)}`,
    `deliveries: OTIF orders ${d.deliveries.otifOrders}/${d.deliveries.countedOrders} (${pct(d.deliveries.otifRate)}), on-time fill rate ${d.deliveries.otifProducts}/${d.deliveries.countedQty} (${pct(d.deliveries.onTimeFillRate)}), delivered ${d.deliveries.delivered}, backlog ${d.deliveries.backlog}, customer lead time ${num(d.deliveries.averageCustomerLeadTime)} min`,
    `balance: takt ${num(d.balance.takt, 3)} min, bottleneck ${d.balance.bottleneck ?? '–'}, efficiency ${pct(d.balance.balanceEfficiency)}, minimum facilities ${d.balance.minimumFacilities ?? '–'}, bottleneck capacity ${num(d.balance.bottleneckCapacity, 1)}`,
    `  work content: ${d.balance.facilities.map((f) => `${f.id} ${num(f.workContent, 3)}`).join(', ')}`,
    `WIP: average ${num(d.wip.average)}, max ${d.wip.max}, throughput ${num(d.wip.throughput, 3)}/min, lead time ${num(d.wip.averageLeadTime)} min, TH×W ${num(d.wip.throughputTimesLeadTime)}, Little gap ${pct(d.wip.littleGap)}`,
    `quality: defect rate ${pct(d.quality.defectRate)}, first-pass yield ${pct(d.quality.firstPassYield)}, escapes ${d.quality.escapes}, rework ${num(d.quality.reworkTime)} min`,
    `flow efficiency ${pct(d.flowefficiency.value)}, touch ratio ${pct(d.flowefficiency.touchRatio)}, main waste ${d.flowefficiency.mainWaste ?? '–'}`,
    `resource efficiency: team ${pct(d.resefficiency.team)}; ${d.resefficiency.facilities.map((f) => `${f.id} ${pct(f.efficiency)}`).join(', ')}`,
    '',
    'orders:  #  fulfilled  at      late  OTIF  defects',
    ...d.deliveries.orders.map(
      (o) =>
        `${String(o.index).padStart(9)}  ${`${o.fulfilled_qty}/${o.qty}`.padStart(9)}  ${num(o.fulfilled_at, 2).padStart(6)}  ${String(o.lateProducts).padStart(4)}  ${(o.otif ? 'yes' : 'no').padStart(4)}  ${String(o.defectProducts).padStart(7)}`,
    ),
  ];
  return lines.join('\n');
}

/** Runs a valid game with the actions in order; each refused action is passed to `refused`. */
export function leanSim(
  game: LeanGame,
  actions: readonly LeanAction[],
  refused: (index: number, action: LeanAction, issue: string) => void = () => {},
): LeanSimOutput {
  let state = startRun(game);
  actions.forEach((action, i) => {
    const r = applyAction(state, action);
    state = r.state;
    if (r.issue !== undefined) refused(i, action, r.issue);
  });
  state = endRun(state);
  return { units: unitRecords(state), orders: orderRecords(state), debrief: leanDebrief(state) };
}

function main(argv: string[]): number {
  try {
    const opts = parseArgs(argv);
    if (opts.has('help')) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const format = opts.get('format') ?? 'table';
    if (format !== 'json' && format !== 'table') {
      throw new UsageError(`--format must be json or table, got "${format}"`);
    }
    const configPath = opts.get('config');
    if (configPath === undefined) throw new UsageError('--config is required');
    const input = readConfig(readJson(configPath, 'config'));
    const actionsPath = opts.get('actions');
    const actions = actionsPath === undefined ? [] : readActions(readJson(actionsPath, 'actions'));

    let game: LeanGame;
    try {
      game = normalizeLeanGame(input);
    } catch (e) {
      // A value of the wrong kind where the normalisation reads into it.
      throw new UsageError(`the config cannot be read as a lean game: ${(e as Error).message}`);
    }
    const issues = validateLeanGame(game);
    if (issues.length > 0) {
      process.stderr.write(
        `lean-sim: invalid game: ${issues.map((i) => `${i.key} at ${i.path}`).join(', ')}\n`,
      );
      return 2;
    }

    const out = leanSim(game, actions, (i, a, issue) => {
      process.stderr.write(
        `lean-sim: action ${i} (${a.kind} by ${a.fid} at ${a.at / 60000} min) refused: ${issue}\n`,
      );
    });
    process.stdout.write(format === 'json' ? `${JSON.stringify(out)}\n` : `${summary(out)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`lean-sim: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    throw e;
  }
}

// Run only as a program, so that tests may import `leanSim`.
const script = process.argv[1];
if (script !== undefined && import.meta.url === pathToFileURL(resolve(script)).href) {
  process.exitCode = main(process.argv.slice(2));
}
