import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLASSIC_BENCHMARK_TABLE, CLASSIC_BENCHMARK_TOTALS } from './classic.fixture';
import { debriefMetrics, referenceRuns } from './metrics';
import type { Policy } from './policies';
import { CLASSIC_ROLES, CLASSIC_SPRIME, classicGame } from './presets';
import { simulate, simulateStepwise } from './simulate';

const benchmark: Record<string, Policy> = Object.fromEntries(
  CLASSIC_ROLES.map((r, i) => [
    r,
    { kind: 'anchor', theta: 0, alpha: 1, beta: 1, sprime: CLASSIC_SPRIME[i] },
  ]),
);

describe("Sterman's classic with the benchmark rule", () => {
  const end = simulate(classicGame(), benchmark);

  it('BEER-WEEK-1 BEER-SL-1 BEER-AI-1: reproduces the derived week-by-week table exactly', () => {
    expect(end.history).toHaveLength(36);
    end.history.forEach((r, k) => {
      const row = CLASSIC_BENCHMARK_TABLE[k]!;
      expect(r.week).toBe(row[0]);
      expect(r.facilities[0]!.products[0]!.demand).toBe(row[1]);
      r.facilities.forEach((f, fi) => {
        const [stock, backlog, order, weekCost] = row[2 + fi] as readonly number[];
        expect({
          week: r.week,
          role: f.id,
          stock: f.products[0]!.stock,
          backlog: f.products[0]!.backlog,
        }).toEqual({
          week: r.week,
          role: CLASSIC_ROLES[fi],
          stock,
          backlog,
        });
        expect(f.capabilities[0]!.ordered).toBe(order);
        expect(f.cost).toBe(weekCost);
      });
    });
  });

  it('costs $204: retailer 46, wholesaler 50, distributor 54, factory 54', () => {
    const totals = Object.fromEntries(end.facilities.map((f) => [f.id, f.cumCost]));
    expect(totals).toEqual({ retailer: 46, wholesaler: 50, distributor: 54, factory: 54 });
    expect(debriefMetrics(end).teamPerformance.cost).toBe(CLASSIC_BENCHMARK_TOTALS.team);
  });

  it('the default S′ of BEER-AI-1 is Sterman’s 28, 28, 28, 20, so the reference benchmark run also costs $204', () => {
    expect(referenceRuns(classicGame()).benchmark.cost).toBe(204);
  });

  it('simulate (in place) and advanceWeek week by week give the same game', () => {
    expect(simulate(classicGame(), benchmark)).toEqual(simulateStepwise(classicGame(), benchmark));
  });
});

describe('command line', () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'core/src/beer/cli.ts', ...args], {
      encoding: 'utf8',
    });

  it('prints the classic benchmark as JSON', () => {
    const r = run(
      ...'--preset classic --policy anchor --theta 0 --alpha 1 --beta 1 --sprime 28,28,28,20 --weeks 36 --format json'.split(
        ' ',
      ),
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      weeks: { week: number; demand: number; facilities: Record<string, unknown>[] }[];
      totals: Record<string, number>;
    };
    expect(out.totals).toEqual({
      retailer: 46,
      wholesaler: 50,
      distributor: 54,
      factory: 54,
      team: 204,
    });
    expect(out.weeks[0]).toEqual({
      week: 1,
      demand: 4,
      facilities: CLASSIC_ROLES.map((role) => ({
        role,
        stock: 12,
        backlog: 0,
        order: 4,
        weekCost: 6,
        cumCost: 6,
      })),
    });
    expect(out.weeks).toHaveLength(36);
  }, 30000);

  it('runs the other policies and presets, and prints a table without --format json', () => {
    const c = run(
      '--preset',
      'default',
      '--policy',
      'constant',
      '--constant',
      '4',
      '--format',
      'json',
      '--seed',
      '3',
    );
    expect(c.status).toBe(0);
    const out = JSON.parse(c.stdout) as { weeks: { facilities: { order: number }[] }[] };
    expect(out.weeks.every((w) => w.facilities.every((f) => f.order === 4))).toBe(true);
    const t = run('--policy', 'passthrough', '--weeks', '10');
    expect(t.status).toBe(0);
    expect(t.stdout).toContain('retailer');
    expect(t.stdout).toContain('total cost');
  }, 30000);

  it('rejects bad arguments with a message on stderr and exit code 2', () => {
    for (const args of [
      ['--policy', 'nonsense'],
      ['--weeks', 'many'],
      ['--sprime', '1,2'],
      ['--bogus'],
      ['--format', 'xml'],
      ['--theta'],
    ]) {
      const r = run(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^sim: /);
      expect(r.stdout).toBe('');
    }
  }, 60000);
});
