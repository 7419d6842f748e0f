/**
 * Command line for the beer core:
 *   npm run --silent sim -- --preset classic --policy anchor --theta 0 --alpha 1 \
 *     --beta 1 --sprime 28,28,28,20 --weeks 36 --format json
 * Bad arguments print a message on stderr and exit with code 2.
 */
import type { FinishedBeerState } from './engine';
import { BeerConfigError, facilityOrder } from './engine';
import type { BeerGameInput, DemandPattern } from './model';
import type { Policy } from './policies';
import { STERMAN_MEAN } from './policies';
import { classicGame, defaultGame } from './presets';
import { simulate } from './simulate';

const USAGE = `usage: sim [options]
  --preset classic|default        game (default: classic)
  --policy anchor|sterman|orderupto|passthrough|constant|spec   computer players (default: anchor)
  --theta N --alpha N --beta N    anchor parameters (anchor: 0, 1, 1; sterman: 0.36, 0.26, 0.34)
  --sprime N[,N…]                 anchor S′, one value or one per facility, downstream first
  --level N[,N…]                  order-up-to level, one value or one per facility
  --constant N                    quantity of the constant policy (default 4)
  --weeks N                       weeks played (default 36)
  --seed N                        seed of random draws (default 1)
  --demand SPEC                   step:4:8:5 | series:4,4,8 | uniform:0:8 | normal:8:2
  --transparent                   transparent game (changes the spec policy)
  --format json|table             output (default: table)
  --help`;

class UsageError extends Error {}

const VALUE_OPTIONS = new Set([
  'preset',
  'policy',
  'theta',
  'alpha',
  'beta',
  'sprime',
  'level',
  'constant',
  'weeks',
  'seed',
  'demand',
  'format',
]);
const FLAG_OPTIONS = new Set(['transparent', 'help']);

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
    if (FLAG_OPTIONS.has(name)) {
      if (value !== undefined) throw new UsageError(`option --${name} takes no value`);
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

function num(
  opts: Map<string, string>,
  name: string,
  check?: (n: number) => boolean,
  what?: string,
): number | undefined {
  const raw = opts.get(name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || (check && !check(n))) {
    throw new UsageError(`--${name} must be ${what ?? 'a number'}, got "${raw}"`);
  }
  return n;
}

function numList(opts: Map<string, string>, name: string, count: number): number[] | undefined {
  const raw = opts.get(name);
  if (raw === undefined) return undefined;
  const parts = raw.split(',').map((s) => s.trim());
  const values = parts.map(Number);
  if (parts.some((p) => p === '') || values.some((v) => !Number.isFinite(v))) {
    throw new UsageError(
      `--${name} must be a number or a comma-separated list of numbers, got "${raw}"`,
    );
  }
  if (values.length === 1) return new Array<number>(count).fill(values[0] as number);
  if (values.length !== count) {
    throw new UsageError(
      `--${name} needs 1 or ${count} values (one per facility, downstream first), got ${values.length}`,
    );
  }
  return values;
}

function parseDemand(raw: string): DemandPattern {
  const [kind, ...rest] = raw.split(':');
  const nums = (s: string | undefined) => (s ?? '').split(',').map((x) => Number(x));
  const bad = () =>
    new UsageError(
      `--demand: cannot read "${raw}" (step:4:8:5, series:4,4,8, uniform:0:8, normal:8:2)`,
    );
  const ok = (xs: number[]) => xs.length > 0 && xs.every((x) => Number.isFinite(x) && x >= 0);
  switch (kind) {
    case 'step': {
      const [a, b, w] = rest.map(Number);
      if (
        rest.length !== 3 ||
        !ok([a ?? NaN, b ?? NaN, w ?? NaN]) ||
        !Number.isInteger(w) ||
        (w ?? 0) < 1
      )
        throw bad();
      return { type: 'step', initial: a as number, final: b as number, week: w as number };
    }
    case 'series': {
      const xs = nums(rest[0]);
      if (rest.length !== 1 || !ok(xs)) throw bad();
      return { type: 'series', values: xs };
    }
    case 'uniform': {
      const [a, b] = rest.map(Number);
      if (rest.length !== 2 || !ok([a ?? NaN, b ?? NaN]) || (a as number) > (b as number))
        throw bad();
      return { type: 'uniform', min: a as number, max: b as number };
    }
    case 'normal': {
      const [m, sd] = rest.map(Number);
      if (rest.length !== 2 || !ok([m ?? NaN, sd ?? NaN])) throw bad();
      return { type: 'normal', mean: m as number, sd: sd as number };
    }
    default:
      throw bad();
  }
}

interface Output {
  weeks: {
    week: number;
    demand: number;
    facilities: {
      role: string;
      stock: number;
      backlog: number;
      order: number;
      weekCost: number;
      cumCost: number;
    }[];
  }[];
  totals: Record<string, number>;
}

function toOutput(end: FinishedBeerState): Output {
  const weeks = end.history.map((r) => ({
    week: r.week,
    demand: r.facilities.reduce((a, f) => a + f.products.reduce((b, p) => b + p.demand, 0), 0),
    facilities: r.facilities.map((f) => ({
      role: f.id,
      stock: f.products.reduce((a, p) => a + p.stock, 0),
      backlog: f.products.reduce((a, p) => a + p.backlog, 0),
      order: f.capabilities.reduce((a, c) => a + c.ordered, 0),
      weekCost: f.cost,
      cumCost: f.cumCost,
    })),
  }));
  const totals: Record<string, number> = {};
  let team = 0;
  for (const f of end.facilities) {
    totals[f.id] = f.cumCost;
    team += f.cumCost;
  }
  totals['team'] = team;
  return { weeks, totals };
}

function table(out: Output): string {
  const roles = out.weeks[0]?.facilities.map((f) => f.role) ?? [];
  const pad = (s: string | number, w: number) => String(s).padStart(w);
  const lines: string[] = [];
  lines.push(`${pad('week', 4)} ${pad('demand', 6)}  ${roles.map((r) => pad(r, 27)).join('  ')}`);
  lines.push(
    `${pad('', 4)} ${pad('', 6)}  ${roles.map(() => `${pad('stock', 5)} ${pad('back', 5)} ${pad('order', 5)} ${pad('cum cost', 9)}`).join('  ')}`,
  );
  for (const w of out.weeks) {
    const cells = w.facilities.map(
      (f) => `${pad(f.stock, 5)} ${pad(f.backlog, 5)} ${pad(f.order, 5)} ${pad(f.cumCost, 9)}`,
    );
    lines.push(`${pad(w.week, 4)} ${pad(w.demand, 6)}  ${cells.join('  ')}`);
  }
  lines.push('');
  lines.push(
    `total cost: ${Object.entries(out.totals)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  return lines.join('\n');
}

function main(argv: string[]): number {
  let opts: Map<string, string>;
  try {
    opts = parseArgs(argv);
    if (opts.has('help')) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const preset = opts.get('preset') ?? 'classic';
    if (preset !== 'classic' && preset !== 'default') {
      throw new UsageError(`--preset must be classic or default, got "${preset}"`);
    }
    const format = opts.get('format') ?? 'table';
    if (format !== 'json' && format !== 'table')
      throw new UsageError(`--format must be json or table, got "${format}"`);
    const isInt = (min: number, max: number) => (n: number) =>
      Number.isInteger(n) && n >= min && n <= max;
    const weeks = num(opts, 'weeks', isInt(1, 200), 'an integer from 1 to 200');
    const seed = num(opts, 'seed', isInt(-2147483648, 4294967295), 'an integer');
    const demandRaw = opts.get('demand');
    const overrides: { weeks?: number; seed?: number; demand?: DemandPattern } = {};
    if (weeks !== undefined) overrides.weeks = weeks;
    if (seed !== undefined) overrides.seed = seed;
    if (demandRaw !== undefined) overrides.demand = parseDemand(demandRaw);
    const game: BeerGameInput =
      preset === 'classic' ? classicGame(overrides) : defaultGame(overrides);
    if (opts.has('transparent')) game.params = { ...game.params, transparent: true };
    const ids = Object.keys(game.facilities);
    const policyName = opts.get('policy') ?? 'anchor';
    const unit = (n: number) => n >= 0 && n <= 1;
    const policies: Record<string, Policy> = {};
    const order = ids; // presets list facilities downstream first
    switch (policyName) {
      case 'anchor':
      case 'sterman': {
        const base = policyName === 'sterman' ? STERMAN_MEAN : { theta: 0, alpha: 1, beta: 1 };
        const theta = num(opts, 'theta', unit, 'between 0 and 1') ?? base.theta;
        const alpha = num(opts, 'alpha', unit, 'between 0 and 1') ?? base.alpha;
        const beta = num(opts, 'beta', (n) => n >= 0, 'a number ≥ 0') ?? base.beta;
        const sprime = numList(opts, 'sprime', order.length);
        order.forEach((id, i) => {
          const s = sprime?.[i] ?? (policyName === 'sterman' ? STERMAN_MEAN.sprime : undefined);
          policies[id] =
            s === undefined
              ? { kind: 'anchor', theta, alpha, beta }
              : { kind: 'anchor', theta, alpha, beta, sprime: s };
        });
        break;
      }
      case 'orderupto': {
        const level = numList(opts, 'level', order.length);
        order.forEach((id, i) => {
          const l = level?.[i];
          policies[id] = l === undefined ? { kind: 'orderupto' } : { kind: 'orderupto', level: l };
        });
        break;
      }
      case 'passthrough':
        order.forEach((id) => (policies[id] = { kind: 'passthrough' }));
        break;
      case 'constant': {
        const q = num(opts, 'constant', (n) => n >= 0, 'a number ≥ 0') ?? 4;
        order.forEach((id) => (policies[id] = { kind: 'constant', quantity: q }));
        break;
      }
      case 'spec':
        order.forEach((id) => (policies[id] = { kind: 'spec' }));
        break;
      default:
        throw new UsageError(
          `--policy must be anchor, sterman, orderupto, passthrough, constant or spec, got "${policyName}"`,
        );
    }
    const end = simulate(game, policies);
    const out = toOutput(end);
    if (facilityOrder(end).join() !== out.weeks[0]?.facilities.map((f) => f.role).join()) {
      throw new Error('facility order mismatch');
    }
    process.stdout.write(format === 'json' ? `${JSON.stringify(out)}\n` : `${table(out)}\n`);
    return 0;
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`sim: ${e.message}\n${USAGE}\n`);
      return 2;
    }
    if (e instanceof BeerConfigError) {
      process.stderr.write(
        `sim: invalid game: ${e.issues.map((i) => `${i.key} at ${i.path}`).join(', ')}\n`,
      );
      return 2;
    }
    throw e;
  }
}

process.exitCode = main(process.argv.slice(2));
