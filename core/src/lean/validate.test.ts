import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { carsAndTrucks } from './cars-and-trucks';
import { normalizeLeanGame, type LeanGameInput } from './model';
import { validateLeanGame, type ValidationIssue } from './validate';

/** The issues of the Cars and Trucks game after one change to its input documents. */
function issuesAfter(change: (g: LeanGameInput) => void): ValidationIssue[] {
  const input = carsAndTrucks();
  change(input);
  return validateLeanGame(normalizeLeanGame(input));
}

/** Asserts that the change gives exactly one issue, with this key and path. */
function expectOnly(change: (g: LeanGameInput) => void, key: string, path: string) {
  const issues = issuesAfter(change);
  expect(issues.map((i) => [i.key, i.path])).toEqual([[key, path]]);
  return issues[0]!;
}

/** A hostile value where the types say a number or a string. */
function hostile<T>(v: unknown): T {
  return v as T;
}

describe('validateLeanGame (design B.16)', () => {
  it('B.16: the Cars and Trucks game and each of its rounds give no issue', () => {
    expect(validateLeanGame(normalizeLeanGame(carsAndTrucks()))).toEqual([]);
    const all = carsAndTrucks({
      batch: 1,
      compact: true,
      balance: true,
      settings: { smed: true, kanban: true, heijunka: true, autoinspect: true, pokayoke: true },
    });
    expect(validateLeanGame(normalizeLeanGame(all))).toEqual([]);
  });

  it('LEAN-FAC-1: lean.facilities.warehouse when there is not exactly one warehouse', () => {
    // A second warehouse also stands on line 0, so its line is a duplicate as well.
    expect(
      issuesAfter((g) => (g.facilities['quality'] = { type: 'warehouse', position: [3, 3] })),
    ).toEqual([
      { key: 'lean.line.duplicate', path: 'facilities.quality.line' },
      { key: 'lean.facilities.warehouse', path: 'facilities', min: 1, max: 1 },
    ]);
    const none = expectOnly(
      (g) => {
        g.facilities['warehouse']!.type = 'rework';
        g.facilities['warehouse']!.line = 5;
      },
      'lean.facilities.warehouse',
      'facilities',
    );
    expect(none).toMatchObject({ min: 1, max: 1 });
  });

  it('LEAN-FAC-1: lean.facilities.stations for no painting station or more than 12', () => {
    expectOnly(
      (g) => {
        // Rework facilities may take the operations under autoinspect (LEAN-PROD-3).
        for (const id of ['yellow', 'grey', 'blue']) g.facilities[id]!.type = 'rework';
        g.params.settings = { ...g.params.settings, autoinspect: true };
      },
      'lean.facilities.stations',
      'facilities',
    );
    const many = issuesAfter((g) => {
      for (let i = 0; i < 10; i++) {
        const position: [number, number] = i < 8 ? [i, 4] : [i - 8, 2];
        g.facilities[`s${i}`] = { type: 'station', name: `S${i}`, line: 10 + i, position };
      }
    });
    expect(many).toEqual([
      { key: 'lean.facilities.stations', path: 'facilities', min: 1, max: 12 },
    ]);
  });

  it('B.16: lean.facilities.count above 20 facilities', () => {
    expectOnly(
      (g) => {
        for (let i = 0; i < 16; i++) {
          g.facilities[`q${i}`] = {
            type: 'quality',
            name: `Q${i}`,
            line: 10 + i,
            position: [i % 8, 1 + Math.floor(i / 8)],
          };
        }
      },
      'lean.facilities.count',
      'facilities',
    );
  });

  it('B.16: lean.facility.id for an id that is not a plain key', () => {
    for (const id of ['__proto__', 'constructor', 'a/b', '']) {
      const issues = issuesAfter((g) => {
        const quality = g.facilities['quality']!;
        delete g.facilities['quality'];
        // JSON.parse makes `__proto__` an own key, as a document read from the store would.
        const extra = JSON.parse(`{${JSON.stringify(id)}: ${JSON.stringify(quality)}}`) as Record<
          string,
          typeof quality
        >;
        g.facilities = { ...g.facilities, ...extra };
      });
      expect(issues, id).toEqual([{ key: 'lean.facility.id', path: `facilities.${id}.id` }]);
    }
  });

  it('LEAN-FAC-1: lean.facility.type for an unknown facility type', () => {
    expectOnly(
      (g) => (g.facilities['quality']!.type = 'robot'),
      'lean.facility.type',
      'facilities.quality.type',
    );
  });

  it('B.16: lean.name.range for a facility or template name empty, too long or not text', () => {
    expectOnly(
      (g) => (g.facilities['grey']!.name = ' '),
      'lean.name.range',
      'facilities.grey.name',
    );
    expectOnly(
      (g) => (g.facilities['grey']!.name = 'x'.repeat(61)),
      'lean.name.range',
      'facilities.grey.name',
    );
    expectOnly(
      (g) => (g.params.productsTemplates!['car']!.name = hostile<string>(42)),
      'lean.name.range',
      'params.productsTemplates.car.name',
    );
  });

  it('LEAN-GRID-1: lean.position.range outside mapSize, negative, fractional or not a pair', () => {
    const cases: unknown[] = [[8, 0], [0, 5], [-1, 2], [1.5, 2], [1], 'a', {}, [NaN, 1]];
    for (const pos of cases) {
      expectOnly(
        (g) => (g.facilities['blue']!.position = hostile<[number, number]>(pos)),
        'lean.position.range',
        'facilities.blue.position',
      );
    }
    // A smaller map puts the same cell outside.
    const issues = issuesAfter((g) => (g.params.mapSize = { rows: 5, cols: 6 }));
    expect(issues.map((i) => i.path)).toEqual([
      'facilities.grey.position',
      'facilities.blue.position',
    ]);
  });

  it('LEAN-GRID-1: lean.position.taken when two facilities share a cell', () => {
    expectOnly(
      (g) => (g.facilities['quality']!.position = [6, 3]),
      'lean.position.taken',
      'facilities.quality.position',
    );
  });

  it('LEAN-FAC-2: lean.line.duplicate when two facilities share a line', () => {
    expectOnly(
      (g) => (g.facilities['quality']!.line = 2),
      'lean.line.duplicate',
      // Facilities are checked in line order; the quality station comes after the grey one.
      'facilities.quality.line',
    );
  });

  it('LEAN-FAC-2: lean.line.range for a warehouse off line 0, another on 0, or a fraction', () => {
    expectOnly(
      (g) => (g.facilities['warehouse']!.line = 9),
      'lean.line.range',
      'facilities.warehouse.line',
    );
    expectOnly((g) => (g.facilities['blue']!.line = 0), 'lean.line.range', 'facilities.blue.line');
    expectOnly(
      (g) => (g.facilities['blue']!.line = 3.5),
      'lean.line.range',
      'facilities.blue.line',
    );
    expectOnly(
      (g) => (g.facilities['blue']!.line = 100),
      'lean.line.range',
      'facilities.blue.line',
    );
  });

  it('LEAN-FAC-3: lean.batch.range outside 1–20 or fractional', () => {
    for (const b of [0, 21, 2.5, Infinity]) {
      const issue = expectOnly(
        (g) => (g.facilities['grey']!.batchSize = b),
        'lean.batch.range',
        'facilities.grey.batchSize',
      );
      expect(issue).toMatchObject({ min: 1, max: 20 });
    }
  });

  it('LEAN-FAC-3: lean.time.range for every duration outside 0–30 or not finite', () => {
    for (const field of ['changeoverTime', 'loadTime', 'inspectTime', 'removeTime'] as const) {
      for (const v of [-0.1, 30.5, NaN, Infinity, hostile<number>('1')]) {
        expectOnly(
          (g) => (g.facilities['quality']![field] = v),
          'lean.time.range',
          `facilities.quality.${field}`,
        );
      }
    }
    expectOnly(
      (g) => (g.params.productsTemplates!['truck']!.ops![3]!.time = 31),
      'lean.time.range',
      'params.productsTemplates.truck.ops.3.time',
    );
    expectOnly(
      (g) => {
        delete g.params.productsTemplates!['truck']!.ops![3]!.time;
        g.params.shapeTimes = { hbar: -1 };
      },
      'lean.time.range',
      'params.productsTemplates.truck.ops.3.time',
    );
  });

  it('LEAN-FAC-3: lean.rate.range for a defect rate outside 0–0.5', () => {
    for (const v of [-0.01, 0.51, NaN]) {
      expectOnly(
        (g) => (g.facilities['yellow']!.defectRate = v),
        'lean.rate.range',
        'facilities.yellow.defectRate',
      );
    }
  });

  it('LEAN-FAC-3: lean.kanban.range for a cap that is not a whole number of 1–99', () => {
    expectOnly(
      (g) => (g.facilities['grey']!.wipInMax = 100),
      'lean.kanban.range',
      'facilities.grey.wipInMax',
    );
    expectOnly(
      (g) => (g.facilities['grey']!.wipOutMax = 2.5),
      'lean.kanban.range',
      'facilities.grey.wipOutMax',
    );
  });

  it('LEAN-IMP-7: lean.kanban.capBelowBatch, only when kanban is on', () => {
    const kanban = (g: LeanGameInput) =>
      (g.params.settings = { ...g.params.settings, kanban: true });
    // Batch 4, defaults 2 × 4: valid with kanban.
    expectOnly(
      (g) => {
        kanban(g);
        g.facilities['grey']!.wipOutMax = 3;
      },
      'lean.kanban.capBelowBatch',
      'facilities.grey.wipOutMax',
    );
    // Grey receives from Yellow (batch 4) and the warehouse (batch 4).
    const issue = expectOnly(
      (g) => {
        kanban(g);
        g.facilities['grey']!.batchSize = 1;
        g.facilities['grey']!.wipInMax = 3;
      },
      'lean.kanban.capBelowBatch',
      'facilities.grey.wipInMax',
    );
    expect(issue.min).toBe(4);
    // A station down the line receives from every facility before it, the warehouse included.
    expectOnly(
      (g) => {
        kanban(g);
        for (const f of Object.values(g.facilities)) {
          f.batchSize = 1;
          f.wipInMax = 2;
          f.wipOutMax = 2;
        }
        g.facilities['warehouse']!.batchSize = 2;
        g.facilities['quality']!.wipInMax = 1;
      },
      'lean.kanban.capBelowBatch',
      'facilities.quality.wipInMax',
    );
    expect(
      issuesAfter((g) => {
        g.facilities['grey']!.wipOutMax = 3;
        g.facilities['blue']!.wipInMax = 1;
      }),
    ).toEqual([]);
  });

  it('LEAN-GRID-3: lean.moveCellTime.range outside 0–5', () => {
    for (const v of [-1, 5.5, NaN]) {
      expectOnly(
        (g) => (g.params.moveCellTime = v),
        'lean.moveCellTime.range',
        'params.moveCellTime',
      );
    }
  });

  it('LEAN-TIME-2: lean.duration.range outside 1–120 minutes', () => {
    for (const v of [0, 121, Infinity]) {
      expectOnly(
        (g) => (g.params.consumerDemandParams!.totalDuration = v),
        'lean.duration.range',
        'params.consumerDemandParams.totalDuration',
      );
    }
    // Orders must fall inside the run: 10 minutes leaves the last four orders out.
    const short = issuesAfter((g) => (g.params.consumerDemandParams!.totalDuration = 10));
    expect(short.map((i) => i.path)).toEqual([
      'params.consumerDemand.6.created_min',
      'params.consumerDemand.7.created_min',
      'params.consumerDemand.8.created_min',
      'params.consumerDemand.9.created_min',
    ]);
  });

  it('LEAN-DEM-4: lean.dueDelay.range outside 0–totalDuration', () => {
    expectOnly(
      (g) => (g.params.consumerDemandParams!.dueDelay = 21),
      'lean.dueDelay.range',
      'params.consumerDemandParams.dueDelay',
    );
  });

  it('LEAN-GRID-1: lean.mapSize.range for a map side that is not 1–30', () => {
    expectOnly(
      (g) => (g.params.mapSize = { rows: 0, cols: 8 }),
      'lean.mapSize.range',
      'params.mapSize.rows',
    );
    expectOnly(
      (g) => (g.params.mapSize = { rows: 5, cols: hostile<number>('8') }),
      'lean.mapSize.range',
      'params.mapSize.cols',
    );
  });

  it('LEAN-EVT-9: lean.seed.range for a seed that is not a whole number', () => {
    for (const v of [1.5, -1, NaN]) {
      expectOnly((g) => (g.params.seed = v), 'lean.seed.range', 'params.seed');
    }
  });

  it('LEAN-IMP-8, LEAN-IMP-5: lean.smedFactor.range and lean.heijunkaPitch.range', () => {
    expectOnly((g) => (g.params.smedFactor = 1.5), 'lean.smedFactor.range', 'params.smedFactor');
    expectOnly(
      (g) => (g.params.heijunkaPitch = 0),
      'lean.heijunkaPitch.range',
      'params.heijunkaPitch',
    );
    expect(issuesAfter((g) => (g.params.heijunkaPitch = 0.5))).toEqual([]);
  });

  it('Part C: lean.money.range for prices, costs and penalties outside 0–999', () => {
    expectOnly(
      (g) => (g.params.productsTemplates!['car']!.price = -1),
      'lean.money.range',
      'params.productsTemplates.car.price',
    );
    expectOnly(
      (g) => (g.params.economics = { materialCost: { truck: 1000 } }),
      'lean.money.range',
      'params.productsTemplates.truck.materialCost',
    );
    expectOnly(
      (g) => (g.params.economics = { latePenalty: NaN }),
      'lean.money.range',
      'params.economics.latePenalty',
    );
  });

  it('LEAN-WH-5: lean.stock.range for an initial stock that is not 0–999 whole units', () => {
    expectOnly(
      (g) => (g.params.productsTemplates!['car']!.initialStock = 1.5),
      'lean.stock.range',
      'params.productsTemplates.car.initialStock',
    );
  });

  it('LEAN-PROD-1: lean.templates.count outside 1–12 templates', () => {
    expectOnly(
      (g) => {
        for (let i = 0; i < 11; i++) {
          g.params.productsTemplates![`extra${i}`] = {
            name: `Extra ${i}`,
            ops: [{ shape: 'circle', color: 'blue' }],
          };
        }
      },
      'lean.templates.count',
      'params.productsTemplates',
    );
  });

  it('LEAN-PROD-1: lean.template.id for a template id that is not a plain key', () => {
    expectOnly(
      (g) => {
        g.params.productsTemplates = {
          ...g.params.productsTemplates,
          ...(JSON.parse(
            '{"__proto__": {"name": "Odd", "ops": [{"shape": "circle", "color": "blue"}]}}',
          ) as Record<string, { name: string }>),
        };
      },
      'lean.template.id',
      'params.productsTemplates.__proto__',
    );
  });

  it('LEAN-PROD-1: lean.template.ops for no op, more than 12, or an unknown shape or colour', () => {
    expectOnly(
      (g) => (g.params.productsTemplates!['car']!.ops = []),
      'lean.template.ops',
      'params.productsTemplates.car.ops',
    );
    expectOnly(
      (g) => {
        const ops = g.params.productsTemplates!['car']!.ops!;
        g.params.productsTemplates!['car']!.ops = [
          ...ops,
          ...ops,
          { shape: 'circle', color: 'blue' },
        ];
      },
      'lean.template.ops',
      'params.productsTemplates.car.ops',
    );
    expectOnly(
      (g) => (g.params.productsTemplates!['car']!.ops![1]!.shape = 'star'),
      'lean.template.ops',
      'params.productsTemplates.car.ops.1',
    );
    expectOnly(
      (g) => (g.params.productsTemplates!['truck']!.ops![0]!.color = 'toString'),
      'lean.template.ops',
      'params.productsTemplates.truck.ops.0',
    );
  });

  it('LEAN-PROD-1: a legacy template {shape, color} reads as one op and validates', () => {
    expect(
      issuesAfter((g) => {
        g.params.productsTemplates!['car'] = { name: 'Car', shape: 'circle', color: 'grey' };
      }),
    ).toEqual([]);
  });

  it('LEAN-PROD-3: lean.op.unassigned for a used op type with no facility', () => {
    expectOnly(
      (g) => delete g.params.opAssignment!['hbar:grey'],
      'lean.op.unassigned',
      'params.opAssignment.hbar:grey',
    );
    expectOnly(
      (g) => {
        g.params.productsTemplates!['truck']!.ops![3]!.shape = 'vbar';
      },
      'lean.op.unassigned',
      'params.opAssignment.vbar:grey',
    );
  });

  it('LEAN-PROD-3: lean.op.assignee for the warehouse, an unknown facility, or quality without jidoka', () => {
    for (const fid of ['warehouse', 'nobody', 'quality', '__proto__', 'constructor', 7]) {
      expectOnly(
        (g) => (g.params.opAssignment!['hbar:grey'] = hostile<string>(fid)),
        'lean.op.assignee',
        'params.opAssignment.hbar:grey',
      );
    }
    // Autoinspect or pokayoke lets quality and rework facilities take operations (LEAN-IMP-3, -6).
    for (const setting of ['autoinspect', 'pokayoke'] as const) {
      expect(
        issuesAfter((g) => {
          g.params.opAssignment!['hbar:grey'] = 'quality';
          g.params.settings = { ...g.params.settings, [setting]: true };
        }),
      ).toEqual([]);
    }
  });

  it('LEAN-PROD-2: lean.op.type for an assignment key that is no operation type', () => {
    expectOnly(
      (g) => (g.params.opAssignment!['star:grey'] = 'grey'),
      'lean.op.type',
      'params.opAssignment.star:grey',
    );
  });

  it('LEAN-DEM-1: lean.order.range for created_min, qty, template or due outside bounds', () => {
    const at =
      (
        i: number,
        change: (o: NonNullable<LeanGameInput['params']['consumerDemand']>[number]) => void,
      ) =>
      (g: LeanGameInput) =>
        change(g.params.consumerDemand![i]!);
    const created = expectOnly(
      at(3, (o) => (o.created_min = 20)),
      'lean.order.range',
      'params.consumerDemand.3.created_min',
    );
    expect(created).toMatchObject({ min: 0, max: 20 });
    expectOnly(
      at(3, (o) => (o.created_min = -0.1)),
      'lean.order.range',
      'params.consumerDemand.3.created_min',
    );
    for (const qty of [0, 1000, 1.5, hostile<number>('4')]) {
      expectOnly(
        at(0, (o) => (o.qty = qty)),
        'lean.order.range',
        'params.consumerDemand.0.qty',
      );
    }
    for (const tid of ['bike', 'toString', '__proto__']) {
      expectOnly(
        at(1, (o) => (o.template_id = tid)),
        'lean.order.range',
        'params.consumerDemand.1.template_id',
      );
    }
    expectOnly(
      at(2, (o) => (o.due_min = 3)),
      'lean.order.range',
      'params.consumerDemand.2.due_min',
    );
    expect(issuesAfter(at(2, (o) => (o.due_min = 3.6)))).toEqual([]);
  });

  it('LEAN-DEM-1: lean.orders.count above 200 orders and lean.orders.total above 5000 units', () => {
    expectOnly(
      (g) => {
        g.params.consumerDemand = Array.from({ length: 201 }, () => ({
          created_min: 0,
          template_id: 'car',
          qty: 1,
        }));
      },
      'lean.orders.count',
      'params.consumerDemand',
    );
    expectOnly(
      (g) => {
        g.params.consumerDemand = Array.from({ length: 6 }, () => ({
          created_min: 0,
          template_id: 'car',
          qty: 999,
        }));
      },
      'lean.orders.total',
      'params.consumerDemand',
    );
  });

  it('B.16: keys are never sentences', () => {
    const issues = issuesAfter((g) => {
      g.facilities['grey']!.batchSize = 0;
      g.params.moveCellTime = 9;
      g.params.consumerDemand![0]!.qty = 0;
    });
    expect(issues).toHaveLength(3);
    for (const i of issues) expect(i.key).toMatch(/^lean(\.[A-Za-z]+)+$/);
  });
});

describe('validation messages', () => {
  it('B.16: every key validateLeanGame returns has a message in each of the eleven languages', () => {
    const root = join(__dirname, '..', '..', '..');
    const source = readFileSync(join(root, 'core/src/lean/validate.ts'), 'utf8');
    const keys = [...new Set([...source.matchAll(/'(lean\.[A-Za-z.]+)'/g)].map((m) => m[1]!))];
    expect(keys.length).toBeGreaterThanOrEqual(30);
    for (const lang of ['en', 'fr', 'es', 'de', 'pt', 'it', 'nl', 'pl', 'tr', 'cs', 'ro']) {
      // The game's validation messages: `game.validation.*`, a file of their own.
      const validation = JSON.parse(
        readFileSync(join(root, 'locales', lang, 'game.validation.json'), 'utf8'),
      ) as Record<string, unknown>;
      for (const key of keys) {
        let at: unknown = validation;
        for (const part of key.split('.')) {
          at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
        }
        expect(typeof at, `${lang} ${key}`).toBe('string');
      }
    }
  });
});
