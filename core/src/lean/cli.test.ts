/**
 * The lean command line (issue 10 item 9), spawned as a program on oracle 1 of the design.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LeanSimOutput } from './cli';
import type { LeanGameInput } from './model';

const dir = mkdtempSync(join(tmpdir(), 'lean-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'core/src/lean/cli.ts', ...args], {
    encoding: 'utf8',
  });

/** Oracle 1: W (0,0), A (2,0), B (4,0), batch 1, moveCellTime 0.5, one order of 1 due at 6. */
function oracle1(users: { A?: string } = {}): LeanGameInput {
  const station = { type: 'station', batchSize: 1, changeoverTime: 0, loadTime: 0, defectRate: 0 };
  return {
    params: {
      consumerDemand: [{ created_min: 0, template_id: 'P', qty: 1, due_min: 6 }],
      consumerDemandParams: { totalDuration: 10 },
      moveCellTime: 0.5,
      productsTemplates: {
        P: {
          ops: [
            { shape: 'circle', color: 'green', time: 1 },
            { shape: 'square', color: 'blue', time: 2 },
          ],
        },
      },
      opAssignment: { 'circle:green': 'A', 'square:blue': 'B' },
    },
    facilities: {
      W: { type: 'warehouse', position: [0, 0], batchSize: 1 },
      A: { ...station, position: [2, 0], ...(users.A ? { user: users.A } : {}) },
      B: { ...station, position: [4, 0] },
    },
  };
}

const oracle1Unit = {
  rank: 0,
  template: 'P',
  launchedAt: 0,
  exitedAt: 5.5,
  shipped: true,
  scrapped: false,
  leadTime: 5.5,
  workdeskTime: 3,
  changeoverTime: 0,
  loadTime: 0,
  moveTime: 2.5,
  waitTime: 0,
};

const oracle1Order = {
  index: 0,
  fulfilled_qty: 1,
  fulfilled_at: 5.5,
  lateProducts: 0,
  otifProducts: 1,
  defectProducts: 0,
  defectOpes: 0,
  prod_started_qty: 1,
};

describe('lean-sim command line', () => {
  it('LEAN-GRID-3, LEAN-MET-1, C.4, C.6, C.7: prints oracle 1 as JSON, times in minutes and ratios as fractions', () => {
    const r = run('--config', file('oracle1.json', oracle1()), '--format', 'json');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as LeanSimOutput;
    expect(out.units).toEqual([oracle1Unit]);
    expect(out.orders).toEqual([oracle1Order]);
    const d = out.debrief;
    expect(d.flowefficiency.value).toBeCloseTo(3 / 5.5, 12);
    expect(d.wip).toMatchObject({ max: 1, throughput: 0.1, averageLeadTime: 5.5 });
    expect(d.wip.average).toBeCloseTo(0.55, 12);
    expect(d.wip.littleGap).toBeLessThan(1e-12);
    expect(d.resefficiency.byFacility).toEqual({ A: 0.1, B: 0.2 });
    expect(d.resefficiency.team).toBeCloseTo(0.15, 12);
    expect(d.deliveries).toMatchObject({ otifRate: 1, onTimeFillRate: 1, delivered: 1 });
    expect(d.pnl.revenue).toBe(10);
    expect(d.balance).toMatchObject({ takt: 10, bottleneck: 'B' });
    expect(d.quality).toMatchObject({ defectRate: 0, firstPassYield: 1, scrapped: 0 });
    expect(Object.keys(d)).toEqual([
      'duration',
      'pnl',
      'deliveries',
      'balance',
      'wip',
      'quality',
      'flowefficiency',
      'resefficiency',
    ]);
  }, 30000);

  it('LEAN-EVT-5: applies the actions file in minutes; a refused action goes to stderr and the run goes on', () => {
    const actions = [
      // u0 arrives at A at 0.5: not on the desk yet.
      { at: 0.5, fid: 'A', kind: 'paint', unit: 0, op: 0 },
      { at: 0.5, fid: 'A', kind: 'load' },
      { at: 0.5, fid: 'A', kind: 'paint', unit: 0, op: 0 },
      { at: 1.5, fid: 'A', kind: 'send' },
    ];
    const r = run(
      '--config',
      file('oracle1-human.json', oracle1({ A: 'alice' })),
      '--actions',
      file('actions.json', actions),
      '--format',
      'json',
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^lean-sim: action 0 \(paint by A at 0.5 min\) refused: lean\.\S+\n$/);
    const out = JSON.parse(r.stdout) as LeanSimOutput;
    expect(out.units).toEqual([oracle1Unit]);
    expect(out.orders).toEqual([oracle1Order]);
  }, 30000);

  it('prints a readable summary without --format json', () => {
    const r = run('--config', file('oracle1-table.json', oracle1()));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('1 units launched, 1 shipped');
    expect(r.stdout).toContain('flow efficiency 54.5 %');
    expect(r.stdout).toContain('resource efficiency: team 15.0 %; A 10.0 %, B 20.0 %');
  }, 30000);

  it('B.16: an invalid game prints its validation keys on stderr and exits with code 2', () => {
    const game = oracle1();
    delete game.facilities['W'];
    const r = run('--config', file('no-warehouse.json', game), '--format', 'json');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('lean-sim: invalid game: ');
    expect(r.stderr).toContain('lean.facilities.warehouse');
  }, 30000);

  it('bad arguments and unreadable files exit with code 2', () => {
    const cases: string[][] = [
      [],
      ['--config', file('ok.json', oracle1()), '--format', 'xml'],
      ['--config', join(dir, 'missing.json')],
      ['--config', file('not-json.json', '{"params": ')],
      ['--config', file('array.json', [1, 2])],
      ['--config', file('bad-improvements.json', { ...oracle1(), params: { improvements: 'x' } })],
      [
        '--config',
        file('ok2.json', oracle1()),
        '--actions',
        file('bad-actions.json', [{ at: -1 }]),
      ],
      [
        '--config',
        file('ok3.json', oracle1()),
        '--actions',
        file('bad-kind.json', [{ at: 0, fid: 'W', kind: 'fly' }]),
      ],
      ['--config', file('ok4.json', oracle1()), '--nope'],
    ];
    for (const args of cases) {
      const r = run(...args);
      expect({ args, status: r.status, stdout: r.stdout }).toEqual({ args, status: 2, stdout: '' });
      expect(r.stderr).toMatch(/^lean-sim: /);
    }
  }, 60000);
});
