/** The pure parts of the beer screens: the game document, order checks, the editor's draft. */
import { describe, expect, it } from 'vitest';
import { facilityDoc, validateBeerConfig } from '@sim/core/beer/game-docs';
import {
  addProduct,
  demandDraftOf,
  demandPattern,
  docsForNew,
  editPlan,
  removeProduct,
  templateDraft,
  validateDraft,
} from '@/features/games/beer/editor-draft';
import {
  allocationTargets,
  messagesShown,
  parseBeerGame,
  parseFacilityPrivate,
  parseSentMessage,
  parseWeights,
  withWeights,
} from '@/features/games/beer/game-model';
import { checkOrder } from '@/features/games/beer/order-rules';
import {
  answerRows,
  gradeAnswer,
  isGameAdmin,
  parseAnswerDoc,
} from '@/features/games/shared/debrief-answers';
import { buildBeerGameDocs } from '@sim/core/beer/game-docs';
import { twoProductNetworkConfig } from '@sim/core/templates/beer-templates';

const meta = { gid: 'g1', creator: 'alice', creatorName: 'Alice', now: 1000 };

function storedGame(over: Record<string, unknown> = {}) {
  const draft = { ...templateDraft(4, (t) => t), name: 'Class' };
  const docs = docsForNew(draft, meta);
  return { docs, game: parseBeerGame('g1', { ...docs.game, ...over }) };
}

describe('the beer game document', () => {
  it('reads the facilities downstream first with their capabilities', () => {
    const { game } = storedGame();
    expect(game.facilities.map((f) => f.id)).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'factory',
    ]);
    expect(game.facilities[0]?.capabilities[0]).toMatchObject({
      id: 'retailer-beer',
      type: 'purchase',
      from: 'wholesaler',
    });
    expect(game.params.mapSize).toEqual({ rows: 3, cols: 3 });
  });
});

describe('order entry (BEER-ORD-1..4)', () => {
  const cap = { moq: 5, batchSize: 4, maxOrderQty: 20 };
  it('refuses what is not a whole number in 0…999', () => {
    for (const text of ['', '-1', '2.5', 'abc', '1000']) {
      expect(checkOrder(text, cap).valid).toBe(false);
    }
  });

  it('shows the quantity the rules will order', () => {
    expect(checkOrder('0', cap)).toEqual({ valid: true, placed: 0, adjusted: false });
    expect(checkOrder('3', cap)).toEqual({ valid: true, placed: 8, adjusted: true });
    expect(checkOrder('8', cap)).toEqual({ valid: true, placed: 8, adjusted: false });
    expect(checkOrder('50', cap)).toEqual({ valid: true, placed: 20, adjusted: true });
    expect(checkOrder(' 7 ', { moq: 0, batchSize: 0, maxOrderQty: 0 }).placed).toBe(7);
  });
});

describe('messages sent by the backend', () => {
  const sent = (id: string, data: Record<string, unknown>) => {
    const m = parseSentMessage(id, { game_id: 'g1', ...data });
    if (!m) throw new Error('not a message');
    return m;
  };
  it('shows the broadcasts and the inbox from their week on, each once, newest first', () => {
    const broadcast = [
      sent('schedule-1-0', { to: 'all', message: 'Welcome', show_at: 1 }),
      sent('both', { to: ['retailer', 'all'], message: 'Everyone', show_at: 2 }),
      sent('hello', { to: 'all', message: 'Later', show_at: 9 }),
    ];
    const inbox = [
      sent('backlog-retailer', { to: ['retailer'], message: 'You owe beer', show_at: 3 }),
      sent('both', { to: ['retailer', 'all'], message: 'Everyone', show_at: 2 }),
    ];
    expect(messagesShown(broadcast, inbox, 3).map((m) => m.message)).toEqual([
      'You owe beer',
      'Everyone',
      'Welcome',
    ]);
    expect(messagesShown(broadcast, [], 9)).toHaveLength(3);
  });

  it('ignores documents without a message', () => {
    expect(parseSentMessage('x', { to: 'all', show_at: 1 })).toBeNull();
    expect(sent('y', { to: ['f1'], message: 'Hi' })).toEqual({
      id: 'y',
      message: 'Hi',
      showAt: 1,
      to: ['f1'],
    });
  });
});

describe('the private facility document', () => {
  it('gives the facility its own details and its validation', () => {
    const { docs } = storedGame();
    const doc = facilityDoc(docs.state, 'retailer', 1000);
    const priv = parseFacilityPrivate('retailer', {
      ...doc,
      validatedOrder: true,
      capabilities: { 'retailer-beer': { validatedOrder: true, validatedOrderQty: 6 } },
    });
    expect(priv.week).toBe(1);
    expect(priv.own?.id).toBe('retailer');
    expect(priv.own?.products[0]?.stock).toBe(12);
    expect(priv.view?.details).toHaveLength(1);
    expect(priv.capabilities['retailer-beer']).toEqual({
      validatedOrder: true,
      validatedOrderQty: 6,
    });
  });
});

describe('the editor draft', () => {
  it('a fresh template is valid once named, for 2 to 8 facilities', () => {
    for (let n = 2; n <= 8; n++) {
      const draft = templateDraft(n, (t) => t);
      expect(validateDraft(draft).map((i) => i.key)).toEqual(['general.name.required']);
      expect(validateDraft({ ...draft, name: 'x' })).toEqual([]);
    }
  });

  it('reports out-of-bounds values with the core keys and paths', () => {
    const draft = { ...templateDraft(4, (t) => t), name: 'x' };
    draft.config.facilities['retailer']!.pdata['beer']!.stockCost = 0.3;
    draft.config.facilities['factory']!.capabilities['factory-beer']!.leadtime = 9;
    draft.config.params.configMessages.scheduleList.push({ week: 99, message: '', to: 'all' });
    const issues = validateDraft(draft);
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'beer.stockCost.range',
          path: 'facilities.retailer.pdata.beer.stockCost',
        }),
        expect.objectContaining({
          key: 'beer.leadtime.range',
          path: 'facilities.factory.capabilities.factory-beer.leadtime',
          min: 2,
          max: 6,
        }),
        expect.objectContaining({ key: 'beer.message.week', path: 'messages.0.week' }),
        expect.objectContaining({ key: 'beer.message.empty', path: 'messages.0.message' }),
      ]),
    );
  });

  it('adding and removing a product keeps the chain valid', () => {
    const base = templateDraft(3, (t) => t).config;
    const two = addProduct(base, 'wine', 'Wine', '🍷');
    expect(validateBeerConfig(two)).toEqual([]);
    expect(Object.keys(two.facilities['retailer']!.capabilities)).toEqual([
      'retailer-beer',
      'retailer-wine',
    ]);
    expect(two.facilities['retailer']!.capabilities['retailer-wine']!.from).toBe('wholesaler');
    const back = removeProduct(two, 'wine');
    expect(validateBeerConfig(back)).toEqual([]);
    expect(removeProduct(base, 'beer')).toBe(base);
  });

  it('demand patterns round-trip through the form', () => {
    const step = { type: 'step' as const, initial: 4, final: 8, week: 5 };
    expect(demandPattern(demandDraftOf(step))).toEqual(step);
    expect(demandPattern({ ...demandDraftOf([4, 6, 8]) })).toEqual({
      type: 'series',
      values: [4, 6, 8],
    });
  });

  it('editing keeps who holds each kept role, creates new facilities and removes old ones', () => {
    const { docs } = storedGame();
    const stored = {
      facilities: {
        ...docs.game.facilities,
        retailer: { ...docs.game.facilities['retailer']!, user: 'p1', playerName: 'Sam' },
      },
    };
    const three = { ...templateDraft(3, (t) => t), name: 'Smaller' };
    const plan = editPlan(three, stored, meta);
    const facilities = plan.gameUpdate['facilities'] as Record<string, { user: unknown }>;
    expect(facilities['retailer']?.user).toBe('p1');
    expect(plan.remove).toEqual(['distributor']);
    expect(Object.keys(plan.create)).toEqual([]);
    expect(plan.gameUpdate['name']).toBe('Smaller');
  });
});

describe('allocations', () => {
  it('finds the suppliers that ship a product to several facilities', () => {
    expect(allocationTargets(storedGame().game)).toEqual([]);
    const docs = buildBeerGameDocs({
      ...meta,
      name: 'Net',
      template: { config: twoProductNetworkConfig() },
    });
    expect(allocationTargets(parseBeerGame('g1', docs.game))).toEqual([
      { supplier: 'distributor', pid: 'ale', clients: ['north', 'south'] },
      { supplier: 'distributor', pid: 'lager', clients: ['north', 'south'] },
    ]);
  });

  it('replaces one supplier and product, and goes back to null when nothing is left', () => {
    const one = withWeights(null, 'distributor', 'ale', { north: 3, south: 1 });
    expect(one).toEqual({ distributor: { ale: { north: 3, south: 1 } } });
    const two = withWeights(one, 'distributor', 'lager', { north: 0, south: 2 });
    expect(two).toEqual({
      distributor: { ale: { north: 3, south: 1 }, lager: { north: 0, south: 2 } },
    });
    expect(withWeights(two, 'distributor', 'ale', null)).toEqual({
      distributor: { lager: { north: 0, south: 2 } },
    });
    expect(withWeights(one, 'distributor', 'ale', null)).toBeNull();
  });

  it('accepts whole weights 0 to 999 with one above 0', () => {
    const clients = ['north', 'south'];
    expect(parseWeights(clients, { north: '3', south: ' 1 ' })).toEqual({ north: 3, south: 1 });
    expect(parseWeights(clients, { north: '0', south: '0' })).toBeNull();
    expect(parseWeights(clients, { north: '1.5', south: '1' })).toBeNull();
    expect(parseWeights(clients, { north: '1000', south: '1' })).toBeNull();
    expect(parseWeights(clients, { north: '2' })).toBeNull();
  });
});

describe("the players' debrief answers for the instructor", () => {
  const questions = [
    { id: 'q1', text: 'Best order?', kind: 'number' as const },
    { id: 'q2', text: 'Which stage?', kind: 'choice' as const, options: ['Retailer', 'Factory'] },
    { id: 'q3', text: 'Why?', kind: 'text' as const },
  ];
  function quizGame(quizMode: boolean) {
    const { game } = storedGame();
    game.params.configDebrief.questionsSection = {
      ...game.params.configDebrief.questionsSection,
      active: true,
      quizMode,
      questions,
    };
    game.facilities[0]!.user = 'u-ret';
    game.facilities[0]!.playerName = 'Rita';
    game.facilities[0]!.name = 'Retailer';
    return game;
  }

  it('grades numbers and choices exactly, text without case or spaces; no right answer, no mark', () => {
    const [num, choice, text] = questions;
    expect(gradeAnswer(num!, 8, 8)).toBe(true);
    expect(gradeAnswer(num!, '8', 8)).toBe(true);
    expect(gradeAnswer(num!, 7, 8)).toBe(false);
    expect(gradeAnswer(choice!, 1, 1)).toBe(true);
    expect(gradeAnswer(choice!, 0, 1)).toBe(false);
    expect(gradeAnswer(text!, '  The  Pipeline ', 'the pipeline')).toBe(true);
    expect(gradeAnswer(text!, 'stock', 'the pipeline')).toBe(false);
    expect(gradeAnswer(text!, 'stock', undefined)).toBeNull();
    expect(gradeAnswer(num!, undefined, 8)).toBeNull();
  });

  it('gives one row per player, facility players first, with marks and a score in quiz mode', () => {
    const docs = [
      parseAnswerDoc('u-zed', { uid: 'u-zed', answers: { q1: 8 }, submitted: false }),
      parseAnswerDoc('u-ret', {
        uid: 'u-ret',
        answers: { q1: 8, q2: 0, q3: 'Pipeline' },
        submitted: true,
      }),
    ];
    const rows = answerRows(quizGame(true), docs, { q1: 8, q2: 1 });
    expect(rows.map((r) => [r.uid, r.name, r.role, r.submitted])).toEqual([
      ['u-ret', 'Rita', 'Retailer', true],
      ['u-zed', null, null, false],
    ]);
    expect(rows[0]!.cells).toEqual([
      { text: '8', correct: true },
      { text: 'Retailer', correct: false },
      { text: 'Pipeline', correct: null },
    ]);
    expect(rows[0]!.score).toEqual({ right: 1, total: 2 });
    expect(rows[1]!.score).toEqual({ right: 1, total: 2 });
    const plain = answerRows(quizGame(false), docs, null);
    expect(plain[0]!.score).toBeNull();
    expect(plain[0]!.cells.map((c) => c.correct)).toEqual([null, null, null]);
  });

  it('recognises the admins of a game: creator, team members, session creator and team', () => {
    const none = { gameTeamMembers: null, sessionCreator: null, sessionTeamMembers: null };
    expect(isGameAdmin({ creator: 'alice' }, 'alice', none)).toBe(true);
    expect(isGameAdmin({ creator: 'alice' }, 'bob', none)).toBe(false);
    expect(isGameAdmin({ creator: 'alice' }, 'bob', { ...none, gameTeamMembers: ['bob'] })).toBe(
      true,
    );
    expect(isGameAdmin({ creator: 'alice' }, 'bob', { ...none, sessionCreator: 'bob' })).toBe(true);
    expect(isGameAdmin({ creator: 'alice' }, 'bob', { ...none, sessionTeamMembers: ['bob'] })).toBe(
      true,
    );
  });
});
