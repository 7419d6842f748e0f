import { describe, expect, it } from 'vitest';
import { buildLeanGameDocs, leanConfigFromDocs } from '@sim/core/lean/game-docs';
import { normalizeLeanGame, type LeanGameInput } from '@sim/core/lean/model';
import { LEAN_TEMPLATES } from '@sim/core/templates/lean-templates';
import {
  addFacility,
  addOp,
  addTemplate,
  blankLeanConfig,
  capOf,
  docsForNewLean,
  draftFromDocs,
  draftOf,
  facilityAt,
  hasRun,
  leanEditPlan,
  moveFacility,
  moveInLine,
  patternOrders,
  removeFacility,
  removeOp,
  removeTemplate,
  setFacility,
  setOp,
  setOrder,
  stepTarget,
  validateLeanDraft,
  withDefaults,
} from '@/features/games/lean/editor-draft';

const NAMES = { warehouse: 'Lager', station: 'Station 1', product: 'Produkt' };

function template(id: string): LeanGameInput {
  const t = LEAN_TEMPLATES.find((x) => x.id === id);
  if (!t) throw new Error(id);
  return structuredClone(t.config) as LeanGameInput;
}

describe('a blank lean game', () => {
  it('is a warehouse, one station, one product and one order, valid as it is', () => {
    const draft = draftOf('Blank', blankLeanConfig(NAMES));
    expect(validateLeanDraft(draft)).toEqual([]);
    const game = normalizeLeanGame(draft.config);
    expect(game.facilities.map((f) => [f.type, f.name])).toEqual([
      ['warehouse', 'Lager'],
      ['station', 'Station 1'],
    ]);
    expect(game.templates.map((t) => t.name)).toEqual(['Produkt']);
    expect(game.orders).toHaveLength(1);
  });

  it('needs a name', () => {
    const draft = draftOf('  ', blankLeanConfig(NAMES));
    expect(validateLeanDraft(draft)).toEqual([{ key: 'general.name.required', path: 'name' }]);
  });
});

describe('a draft of a stored game', () => {
  it('shows the values the game runs with and round-trips through the documents', () => {
    const docs = buildLeanGameDocs({
      gid: 'g1',
      creator: 'alice',
      creatorName: 'Alice',
      name: 'Line',
      now: 1,
      config: template('lean-flow'),
    });
    const draft = draftFromDocs(docs.game, docs.privateParams);
    expect(draft.name).toBe('Line');
    // The template leaves prices and caps to their defaults: the draft shows the prices.
    expect(draft.config.params.productsTemplates?.['car']?.price).toBe(10);
    expect(capOf(draft.config.facilities['yellow']!, 'wipInMax')).toBe(8);
    // Every debrief section is on when the game does not say.
    expect(draft.configDebrief.debriefContent).toHaveLength(7);
    expect(validateLeanDraft(draft)).toEqual([]);
    // The demand and the seed come from private/params.
    expect(draft.config.params.consumerDemand).toHaveLength(10);
    expect(draft.config.params.seed).toBe(7);
    // The same game as the stored one.
    expect(normalizeLeanGame(draft.config)).toEqual(
      normalizeLeanGame(leanConfigFromDocs(docs.game, docs.privateParams)),
    );
  });

  it('writes the seed, the demand and the quiz answers to private/params only', () => {
    const draft = draftOf('Line', template('lean-basic'));
    draft.answers = { q1: 3 };
    draft.configDebrief.questionsSection.active = true;
    draft.configDebrief.questionsSection.questions = [
      { id: 'q1', text: 'How many?', kind: 'number' },
    ];
    const plan = leanEditPlan(draft, {});
    const text = JSON.stringify(plan.game);
    expect(text).not.toContain('consumerDemand"');
    expect(text).not.toContain('"seed"');
    expect(text).not.toContain('"answers"');
    expect((plan.game.params as Record<string, unknown>)['configDebrief']).toMatchObject({
      questionsSection: { active: true },
    });
    expect(plan.privateParams.seed).toBe(7);
    expect(plan.privateParams.consumerDemand).toHaveLength(10);
    expect(plan.privateParams.answers).toEqual({ q1: 3 });
  });

  it('keeps who plays a facility that stays', () => {
    const draft = draftOf('Line', template('lean-basic'));
    draft.config.facilities['yellow']!.user = 'p1';
    const plan = leanEditPlan(draft, {
      facilities: { yellow: { user: 'p1', playerName: 'Ann' } },
    });
    expect(plan.game.facilities['yellow']).toMatchObject({ user: 'p1', playerName: 'Ann' });
    expect(plan.game.facilities['grey']).toMatchObject({ user: null, playerName: null });
  });

  it('a new game is built reset by the documents module', () => {
    const draft = draftOf('New', template('lean-basic'));
    const docs = docsForNewLean(draft, {
      gid: 'n1',
      creator: 'alice',
      creatorName: 'Alice',
      team: null,
      now: 5,
    });
    expect(docs.game).toMatchObject({ id: 'n1', type: 'leangame', name: 'New', finished: false });
    expect(docs.game.params.game_start_at).toBeNull();
    expect(docs.privateParams.consumerDemand).toHaveLength(10);
  });

  it('knows a game that has a run', () => {
    expect(hasRun({ params: { game_start_at: null } })).toBe(false);
    expect(hasRun({ params: { game_start_at: 5 } })).toBe(true);
    expect(hasRun({ finished: true, params: {} })).toBe(true);
  });
});

describe('the grid', () => {
  const config = withDefaults(template('lean-basic'));

  it('moves a station to a free cell and refuses a taken or outside one', () => {
    const moved = moveFacility(config, 'yellow', [1, 1]);
    expect(facilityAt(moved, [1, 1])).toBe('yellow');
    expect(facilityAt(moved, [3, 0])).toBeNull();
    // grey is on [6, 0]
    expect(moveFacility(config, 'yellow', [6, 0])).toBe(config);
    expect(moveFacility(config, 'yellow', [8, 0])).toBe(config);
    expect(moveFacility(config, 'nobody', [1, 1])).toBe(config);
  });

  it('a keyboard step goes to the next free cell that way', () => {
    expect(stepTarget(config, 'yellow', 1, 0)).toEqual([4, 0]);
    // From [3,0] left: [2,0] is free.
    expect(stepTarget(config, 'yellow', -1, 0)).toEqual([2, 0]);
    // grey [6,0] → right: [7,0]; then the edge.
    expect(stepTarget(config, 'grey', 1, 0)).toEqual([7, 0]);
    expect(stepTarget(moveFacility(config, 'grey', [7, 0]), 'grey', 1, 0)).toBeNull();
    // warehouse [0,0] going right skips nothing: [1,0] is free.
    expect(stepTarget(config, 'warehouse', 1, 0)).toEqual([1, 0]);
  });

  it('a position taken twice or off the map is named at the facility', () => {
    const shrunk = { ...config, params: { ...config.params, mapSize: { rows: 5, cols: 5 } } };
    const issues = validateLeanDraft(draftOf('x', shrunk));
    expect(issues).toContainEqual({ key: 'lean.position.range', path: 'facilities.grey.position' });
  });
});

describe('the facilities', () => {
  const config = withDefaults(template('lean-basic'));

  it('adds a station at the end of the line on a free cell', () => {
    const { config: next, id } = addFacility(config, 'station', 'Green');
    expect(id).toBe('s1');
    const f = next.facilities['s1']!;
    expect(f).toMatchObject({ type: 'station', name: 'Green', line: 5, batchSize: 4 });
    expect(facilityAt(config, f.position as [number, number])).toBeNull();
    expect(validateLeanDraft(draftOf('x', next))).toEqual([]);
  });

  it('removes a station: its dots are unassigned until given to another', () => {
    const next = removeFacility(config, 'grey');
    expect(next.facilities['grey']).toBeUndefined();
    expect(next.facilities['blue']!.line).toBe(2);
    expect(next.facilities['quality']!.line).toBe(3);
    const issues = validateLeanDraft(draftOf('x', next));
    expect(issues.map((i) => i.path)).toContain('params.opAssignment.circle:grey');
    expect(issues.every((i) => i.key === 'lean.op.unassigned')).toBe(true);
    expect(removeFacility(config, 'warehouse')).toBe(config);
  });

  it('reorders the line, the warehouse first', () => {
    const next = moveInLine(config, 'blue', -1);
    expect(next.facilities['blue']!.line).toBe(2);
    expect(next.facilities['grey']!.line).toBe(3);
    expect(moveInLine(config, 'yellow', -1)).toBe(config);
    expect(moveInLine(config, 'warehouse', 1)).toBe(config);
  });

  it('a batch size out of bounds is an issue at that field', () => {
    const next = setFacility(config, 'grey', { batchSize: 25 });
    expect(validateLeanDraft(draftOf('x', next))).toEqual([
      { key: 'lean.batch.range', path: 'facilities.grey.batchSize', min: 1, max: 20 },
    ]);
  });
});

describe('products, operations and demand', () => {
  const config = withDefaults(template('lean-basic'));

  it('a new dot type goes to the first station; a type no longer used is dropped', () => {
    const withDot = setOp(config, 'car', 0, { shape: 'vbar', color: 'red' });
    expect(withDot.params.opAssignment?.['vbar:red']).toBe('yellow');
    // circle:yellow is still not used elsewhere? truck has no circle:yellow: it is dropped.
    expect(withDot.params.opAssignment?.['circle:yellow']).toBeUndefined();
    expect(validateLeanDraft(draftOf('x', withDot))).toEqual([]);
  });

  it('adds and removes dots and products', () => {
    const more = addOp(config, 'car');
    expect(more.params.productsTemplates?.['car']?.ops).toHaveLength(7);
    expect(removeOp(more, 'car', 6).params.productsTemplates?.['car']?.ops).toHaveLength(6);
    const added = addTemplate(config, 'Bus');
    expect(added.id).toBe('p1');
    const removed = removeTemplate(config, 'truck');
    expect(removed.params.productsTemplates?.['truck']).toBeUndefined();
    // Its orders go with it; the hbar dot only trucks had is dropped.
    expect(removed.params.consumerDemand?.every((o) => o.template_id === 'car')).toBe(true);
    expect(removed.params.opAssignment?.['hbar:grey']).toBeUndefined();
    expect(validateLeanDraft(draftOf('x', removed))).toEqual([]);
  });

  it('an order for a quantity out of bounds is an issue at that order', () => {
    const next = setOrder(config, 2, { qty: 0 });
    expect(validateLeanDraft(draftOf('x', next))).toEqual([
      { key: 'lean.order.range', path: 'params.consumerDemand.2.qty', min: 1, max: 999 },
    ]);
    const due = setOrder(config, 1, { due_min: 12 });
    expect(due.params.consumerDemand?.[1]?.due_min).toBe(12);
    expect(setOrder(due, 1, { due_min: null }).params.consumerDemand?.[1]?.due_min).toBeUndefined();
  });

  it('a regular pattern gives orders to the tenth of a minute, products in turn', () => {
    const orders = patternOrders({
      first: 0.5,
      every: 1.8,
      count: 4,
      qty: 3,
      templates: ['car', 'truck'],
    });
    expect(orders).toEqual([
      { created_min: 0.5, template_id: 'car', qty: 3 },
      { created_min: 2.3, template_id: 'truck', qty: 3 },
      { created_min: 4.1, template_id: 'car', qty: 3 },
      { created_min: 5.9, template_id: 'truck', qty: 3 },
    ]);
  });
});
