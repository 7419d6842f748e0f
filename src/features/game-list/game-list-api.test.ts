/**
 * Spec §4 copies as the games list writes them, through a data port signed in as the instructor
 * (local store under its access policy).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildBeerGameDocs, chainConfig } from '@sim/core/beer/game-docs';
import { buildLeanGameDocs, leanGameFromDocs, type LeanGameDoc } from '@sim/core/lean/game-docs';
import { normalizeLeanGame, type LeanGameInput } from '@sim/core/lean/model';
import { validateLeanGame } from '@sim/core/lean/validate';
import { LEAN_TEMPLATES } from '@sim/core/templates/lean-templates';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { startTestStore, type TestStore } from '@sim/store/testing/test-store';
import type { GameListItem } from '@/features/game-list/game-list-model';

let port: DataPort | undefined;
vi.mock('@/lib/data/port', () => ({
  getDataPort: () => {
    if (!port) throw new Error('no port yet');
    return port;
  },
}));

const { copyGame, mergeIntoTemplate, saveGameAsTemplate } =
  await import('@/features/game-list/game-list-api');

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
  port = store.as({ uid: 'alice', email: 'alice@example.com' });
}, 60_000);
afterAll(async () => {
  await store?.close();
});

/** A game played to week 12 in a session, with its timer on and messages already sent. */
async function playedBeerGame(): Promise<GameListItem> {
  const config = chainConfig({ count: 4 });
  config.params.timer = 60;
  config.params.playTimer = true;
  const fresh = buildBeerGameDocs({
    gid: 'played',
    creator: 'alice',
    creatorName: 'Alice',
    name: 'Played',
    now: 1000,
    template: { config },
  });
  const game = structuredClone(fresh.game) as unknown as Record<string, unknown>;
  const facilities = game['facilities'] as Record<string, Record<string, unknown>>;
  const fids = Object.keys(facilities);
  for (const [i, fid] of fids.entries()) {
    Object.assign(facilities[fid]!, {
      user: `p${i}`,
      playerName: `Player ${i}`,
      validatedOrder: true,
    });
  }
  const params = game['params'] as { configMessages: Record<string, { sentTo: string[] }> };
  params.configMessages['backlogMessage']!.sentTo = [fids[0]!];
  params.configMessages['stockMessage']!.sentTo = [fids[1]!];
  Object.assign(game, {
    week: 12,
    finished: true,
    archived: true,
    session: 's1',
    roundNumber: 1,
    teamNumber: 2,
    players: fids.map((_, i) => `p${i}`),
    observers: ['o1'],
    paused: true,
  });
  const admin = store.service();
  await admin.docs.set('games/played', game as DocData);
  await admin.docs.set('games/played/private/params', fresh.privateParams as unknown as DocData);
  return {
    id: 'played',
    name: 'Played',
    type: 'beergame',
    creator: 'alice',
    team: null,
    createdAt: 1000,
    archived: true,
    finished: true,
    draft: false,
    players: 4,
    session: 's1',
    owner: 'Me',
    mine: true,
  };
}

describe('copying a beer game (spec §4)', () => {
  it('starts each copy afresh: first week, no session, players, timer or sent messages', async () => {
    const item = await playedBeerGame();
    const ids = await copyGame(item, 2, '', { uid: 'alice', creatorName: 'Alice', now: 5000 });
    expect(ids).toHaveLength(2);
    const admin = store.service();
    const fresh = buildBeerGameDocs({
      gid: 'x',
      creator: 'alice',
      creatorName: 'Alice',
      name: 'x',
      now: 0,
      template: { config: chainConfig({ count: 4 }) },
    });
    for (const gid of ids) {
      const game = (await admin.docs.get(`games/${gid}`)).data as Record<string, unknown>;
      expect(game).toMatchObject({
        week: fresh.game.week,
        finished: false,
        archived: false,
        deleted: false,
        paused: false,
        session: null,
        roundNumber: null,
        teamNumber: null,
        players: [],
        observers: [],
        params: {
          timer: 0,
          playTimer: false,
          configMessages: { backlogMessage: { sentTo: [] }, stockMessage: { sentTo: [] } },
        },
      });
      for (const f of Object.values(game['facilities'] as Record<string, DocData>)) {
        expect(f).toMatchObject({ user: null, playerName: null, validatedOrder: false });
      }
      // The facilities start again from their start metrics, no week played.
      for (const fid of Object.keys(fresh.facilities)) {
        const doc = (await admin.docs.get(`games/${gid}/facilities/${fid}`)).data;
        expect(doc).toMatchObject({ week: fresh.game.week, validatedOrder: false });
        expect(doc?.['view']).toEqual(
          JSON.parse(JSON.stringify(fresh.facilities[fid]!.view)) as unknown,
        );
      }
    }
  }, 60_000);
});

describe('saving a game as a template (spec §5: name optional)', () => {
  it("takes the game's name when no title is given, the title given otherwise", async () => {
    const item = await playedBeerGame();
    const owner = { uid: 'alice', team: null, now: 6000 };
    const admin = store.service();
    const untitled = await saveGameAsTemplate(item, '   ', owner);
    expect((await admin.docs.get(`templates/${untitled}`)).data).toMatchObject({
      title: 'Played',
      type: 'beergame',
      creator: 'alice',
    });
    const titled = await saveGameAsTemplate(item, ' Act 1 ', owner);
    expect((await admin.docs.get(`templates/${titled}`)).data?.['title']).toBe('Act 1');
  }, 60_000);
});

describe('merging lean games into a session template (spec §5)', () => {
  it("keeps each game's line: its facilities, positions and batches, so the round is playable", async () => {
    const template = LEAN_TEMPLATES.find((t) => t.id === 'lean-flow')!;
    const { params, facilities } = template.config as LeanGameInput;
    const moved = structuredClone(facilities);
    moved['blue']!.position = [7, 4];
    const admin = store.service();
    await admin.docs.set('games/lean1', {
      id: 'lean1',
      type: 'leangame',
      creator: 'alice',
      creatorName: 'Alice',
      name: 'Lean line',
      team: null,
      session: null,
      created_at: 1000,
      params: JSON.parse(JSON.stringify(params)) as DocData,
      facilities: JSON.parse(JSON.stringify(moved)) as DocData,
      draft: false,
      archived: false,
      deleted: false,
      finished: false,
      players: [],
      observers: [],
    });
    const item: GameListItem = {
      id: 'lean1',
      name: 'Lean line',
      type: 'leangame',
      creator: 'alice',
      team: null,
      createdAt: 1000,
      archived: false,
      finished: false,
      draft: false,
      players: 0,
      session: null,
      owner: 'Me',
      mine: true,
    };
    const id = await mergeIntoTemplate([item], 'Lean class', {
      uid: 'alice',
      team: null,
      now: 7000,
    });
    const saved = (await admin.docs.get(`sessionTemplates/${id}`)).data as {
      rounds: { config: LeanGameInput & { type: string } }[];
    };
    const config = saved.rounds[0]!.config;
    expect(config.type).toBe('leangame');
    expect(config.facilities['blue']?.position).toEqual([7, 4]);
    expect(Object.keys(config.facilities)).toEqual(Object.keys(facilities));
    expect(validateLeanGame(normalizeLeanGame(config))).toEqual([]);
  }, 60_000);
});

describe('copying a lean game (spec §4, LEAN-RUN-6)', () => {
  it('resets the run and keeps the seed and the demand out of the copy’s public document', async () => {
    const template = LEAN_TEMPLATES.find((t) => t.id === 'lean-basic')!;
    const docs = buildLeanGameDocs({
      gid: 'leanPlayed',
      creator: 'alice',
      creatorName: 'Alice',
      name: 'Lean played',
      now: 1000,
      config: template.config as LeanGameInput,
    });
    const admin = store.service();
    // A run that has ended: its times, rank, panel and counters, a player.
    const played = structuredClone(docs.game) as unknown as DocData & LeanGameDoc;
    played.params.game_start_at = 5000;
    played.params.game_end_at = 65000;
    played.params.nextRank = 12;
    played.improvementsPanelBy = 'p1';
    played.players = ['p1'];
    played.facilities['yellow']!.user = 'p1';
    await admin.docs.set('games/leanPlayed', played);
    const demand = docs.privateParams.consumerDemand.map((o) => ({ ...o, fulfilled_qty: 4 }));
    await admin.docs.set('games/leanPlayed/private/params', {
      ...docs.privateParams,
      consumerDemand: demand,
    });
    const item: GameListItem = {
      id: 'leanPlayed',
      name: 'Lean played',
      type: 'leangame',
      creator: 'alice',
      team: null,
      createdAt: 1000,
      archived: false,
      finished: true,
      draft: false,
      players: 1,
      session: null,
      owner: 'Me',
      mine: true,
    };
    const [copy] = await copyGame(item, 1, 'Again', {
      uid: 'alice',
      creatorName: 'Alice',
      now: 9000,
    });
    const game = (await admin.docs.get(`games/${copy}`)).data as unknown as LeanGameDoc;
    const text = JSON.stringify(game);
    expect(text).not.toContain('"seed"');
    expect(text).not.toContain('"consumerDemand"');
    expect(game.params).toMatchObject({ game_start_at: null, game_end_at: null, nextRank: 0 });
    expect(game.improvementsPanelBy).toBeNull();
    expect(game.players).toEqual([]);
    expect(game.facilities['yellow']!.user).toBeNull();
    const secret = (await admin.docs.get(`games/${copy}/private/params`)).data as DocData;
    expect(secret['seed']).toBe(7);
    expect((secret['consumerDemand'] as DocData[]).every((o) => o['fulfilled_qty'] === 0)).toBe(
      true,
    );
  }, 60_000);
  it('resets exactly what spec §4 says and keeps the line as it was played', async () => {
    const template = LEAN_TEMPLATES.find((t) => t.id === 'lean-full')!;
    const config = structuredClone(template.config) as LeanGameInput;
    // The line as the class left it: a station moved, a batch and a cap changed, kanban on, the
    // balanced assignment, a quiz answer.
    config.facilities['yellow']!.position = [1, 1];
    config.facilities['grey']!.batchSize = 2;
    config.facilities['grey']!.wipInMax = 6;
    config.params.settings = { ...config.params.settings, kanban: true };
    config.params.opAssignment = { ...config.params.opAssignment, 'hbar:grey': 'blue' };
    const docs = buildLeanGameDocs({
      gid: 'leanRound',
      creator: 'alice',
      creatorName: 'Alice',
      name: 'Round 2',
      now: 1000,
      config,
    });
    const admin = store.service();
    const played = structuredClone(docs.game) as unknown as DocData & LeanGameDoc;
    Object.assign(played, {
      finished: true,
      archived: true,
      session: 'sess1',
      roundNumber: 2,
      teamNumber: 3,
      players: ['p1', 'p2'],
      observers: ['o1'],
      improvementsPanelBy: 'p2',
    });
    Object.assign(played.params, { game_start_at: 5000, game_end_at: 1_805_000, nextRank: 31 });
    Object.assign(played.facilities['yellow']!, { user: 'p1', playerName: 'Ann', computer: false });
    Object.assign(played.facilities['blue']!, { user: 'p2', playerName: 'Bo', computer: false });
    played.facilities['grey']!.computer = true;
    await admin.docs.set('games/leanRound', played);
    const counters = {
      fulfilled_at: 6.2,
      fulfilled_qty: 4,
      defectOpes: 2,
      defectProducts: 1,
      lateProducts: 3,
      otifProducts: 1,
      prod_started_qty: 4,
    };
    await admin.docs.set('games/leanRound/private/params', {
      ...docs.privateParams,
      consumerDemand: docs.privateParams.consumerDemand.map((o) => ({ ...o, ...counters })),
      answers: { q1: 2 },
    });
    const item: GameListItem = {
      id: 'leanRound',
      name: 'Round 2',
      type: 'leangame',
      creator: 'alice',
      team: null,
      createdAt: 1000,
      archived: true,
      finished: true,
      draft: false,
      players: 2,
      session: 'sess1',
      owner: 'Me',
      mine: true,
    };
    const [copy] = await copyGame(item, 1, '', { uid: 'alice', creatorName: 'Alice', now: 9000 });
    const game = (await admin.docs.get(`games/${copy}`)).data as unknown as LeanGameDoc;
    const secret = (await admin.docs.get(`games/${copy}/private/params`)).data as unknown as {
      seed: number;
      consumerDemand: Record<string, unknown>[];
      answers: Record<string, unknown>;
    };

    // Reset: unfinished, unarchived, no session, no players, rank, start and end times, the
    // improvements panel, the demand's fulfilment counters.
    expect(game).toMatchObject({
      finished: false,
      archived: false,
      session: null,
      roundNumber: null,
      teamNumber: null,
      players: [],
      observers: [],
      improvementsPanelBy: null,
    });
    expect(game.params).toMatchObject({ game_start_at: null, game_end_at: null, nextRank: 0 });
    for (const f of Object.values(game.facilities)) {
      expect(f).toMatchObject({ user: null, playerName: null, computer: false });
    }
    expect(secret.consumerDemand).toHaveLength(docs.privateParams.consumerDemand.length);
    secret.consumerDemand.forEach((o, i) => {
      const before = docs.privateParams.consumerDemand[i]!;
      expect(o).toEqual({
        created_min: before.created_min,
        template_id: before.template_id,
        qty: before.qty,
        fulfilled_at: null,
        fulfilled_qty: 0,
        defectOpes: 0,
        defectProducts: 0,
        lateProducts: 0,
        otifProducts: 0,
        prod_started_qty: 0,
      });
    });

    // Kept: the line, its levers and settings, the seed and the quiz answers.
    expect(game.facilities['yellow']!.position).toEqual([1, 1]);
    expect(game.facilities['grey']).toMatchObject({ batchSize: 2, wipInMax: 6 });
    expect(game.params.settings).toMatchObject({ kanban: true });
    expect(game.params.improvements).toEqual(config.params.improvements);
    expect(game.params.opAssignment?.['hbar:grey']).toBe('blue');
    expect(secret.seed).toBe(docs.privateParams.seed);
    expect(secret.answers).toEqual({ q1: 2 });
    // And the copy is a game the core runs.
    expect(() => leanGameFromDocs(game, secret)).not.toThrow();
  }, 60_000);
});
