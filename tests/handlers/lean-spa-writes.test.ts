/**
 * The lean game documents the SPA writes, on both backends and under the access policy (the local
 * store's, and `firestore.rules` on the Cloud Firestore emulator): the lean editor's new game and
 * edit, a copy of a played lean game (spec §4 reset rules), and a lean session's rounds (a game
 * per team and round). Each goes through the lean documents module (core/src/lean/game-docs.ts).
 */
import { beforeAll, expect, it, vi } from 'vitest';
import { buildLeanGameDocs, leanGameFromDocs, type LeanGameDoc } from '@sim/core/lean/game-docs';
import { normalizeLeanGame, type LeanGameInput } from '@sim/core/lean/model';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { LEAN_TEMPLATES } from '@sim/core/templates/lean-templates';
import { SESSION_TEMPLATES } from '@sim/core/templates/session-templates';
import type { GameListItem } from '@/features/game-list/game-list-model';
import {
  parseRoundConfigs,
  parseSession,
  sessionFromTemplate,
  withRoundConfigs,
} from '@/features/sessions/session-model';
import { describeBackends } from '../backends';

// The SPA's data port is the signed-in instructor of the backend under test.
let port: DataPort | undefined;
vi.mock('@/lib/data/port', () => ({
  getDataPort: () => {
    if (!port) throw new Error('no port yet');
    return port;
  },
}));

const { copyGame } = await import('@/features/game-list/game-list-api');
const { createSession, roundConfigsPath, sessionPath, startRound } =
  await import('@/features/sessions/session-api');
const { createLeanGame, updateLeanGame } = await import('@/features/games/lean/lean-editor-api');
const { docsForNewLean, draftFromDocs, draftOf, leanEditPlan, moveFacility, setOrder } =
  await import('@/features/games/lean/editor-draft');

function template(id: string): LeanGameInput {
  const t = LEAN_TEMPLATES.find((x) => x.id === id);
  if (!t) throw new Error(id);
  return structuredClone(t.config) as LeanGameInput;
}

const COUNTERS = {
  fulfilled_at: 6.2,
  fulfilled_qty: 4,
  defectOpes: 2,
  defectProducts: 1,
  lateProducts: 3,
  otifProducts: 1,
  prod_started_qty: 4,
};

describeBackends('lean games the SPA writes', (backend) => {
  let admin: DataPort;
  const uid = `teacher-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(() => {
    admin = backend().service();
    port = backend().as({ uid, email: `${uid}@school.example` });
  });

  it('the editor creates a game, then saves an edit of its line, seed and orders apart', async () => {
    const gid = port!.docs.newId();
    const draft = draftOf('Line', template('lean-basic'));
    await createLeanGame(
      gid,
      docsForNewLean(draft, { gid, creator: uid, creatorName: 'Ada', team: null, now: 1 }),
    );
    const game = (await admin.docs.get(`games/${gid}`)).data ?? {};
    const secret = (await admin.docs.get(`games/${gid}/private/params`)).data ?? {};
    expect(game).toMatchObject({ type: 'leangame', creator: uid, name: 'Line' });
    expect(JSON.stringify(game)).not.toContain('consumerDemand"');

    // Reopened: a station moved, an order changed; saved before any run.
    const edited = draftFromDocs(game, secret);
    edited.config = setOrder(moveFacility(edited.config, 'yellow', [1, 1]), 2, { qty: 7 });
    await updateLeanGame(gid, leanEditPlan(edited, game), false);
    const after = (await admin.docs.get(`games/${gid}`)).data ?? {};
    const afterSecret = (await admin.docs.get(`games/${gid}/private/params`)).data ?? {};
    expect((after['facilities'] as Record<string, DocData>)['yellow']?.['position']).toEqual([
      1, 1,
    ]);
    expect((afterSecret['consumerDemand'] as DocData[])[2]?.['qty']).toBe(7);
    expect(JSON.stringify(after)).not.toContain('consumerDemand"');
    expect(leanGameFromDocs(after, afterSecret).orders[2]?.qty).toBe(7);
  });

  it('a copy of a played game resets the run, panel, players and counters (spec §4)', async () => {
    const gid = port!.docs.newId();
    const docs = buildLeanGameDocs({
      gid,
      creator: uid,
      creatorName: 'Ada',
      name: 'Played',
      now: 1,
      config: template('lean-flow'),
    });
    const played = structuredClone(docs.game) as unknown as DocData & LeanGameDoc;
    Object.assign(played, {
      finished: true,
      players: ['p1'],
      observers: ['o1'],
      improvementsPanelBy: 'p1',
    });
    Object.assign(played.params, { game_start_at: 5000, game_end_at: 65000, nextRank: 12 });
    Object.assign(played.facilities['yellow']!, { user: 'p1', playerName: 'Ann' });
    await admin.docs.set(`games/${gid}`, played);
    await admin.docs.set(`games/${gid}/private/params`, {
      ...docs.privateParams,
      consumerDemand: docs.privateParams.consumerDemand.map((o) => ({ ...o, ...COUNTERS })),
    });
    const item: GameListItem = {
      id: gid,
      name: 'Played',
      type: 'leangame',
      creator: uid,
      team: null,
      createdAt: 1,
      archived: false,
      finished: true,
      draft: false,
      players: 1,
      session: null,
      owner: 'Me',
      mine: true,
    };
    const [copy] = await copyGame(item, 1, '', { uid, creatorName: 'Ada', now: 9000 });
    const game = (await admin.docs.get(`games/${copy}`)).data as unknown as LeanGameDoc;
    const secret = (await admin.docs.get(`games/${copy}/private/params`)).data ?? {};
    expect(game).toMatchObject({
      finished: false,
      players: [],
      observers: [],
      improvementsPanelBy: null,
    });
    expect(game.params).toMatchObject({ game_start_at: null, game_end_at: null, nextRank: 0 });
    expect(game.facilities['yellow']).toMatchObject({ user: null, playerName: null });
    for (const o of secret['consumerDemand'] as DocData[]) {
      expect(o).toMatchObject({
        fulfilled_at: null,
        fulfilled_qty: 0,
        defectOpes: 0,
        defectProducts: 0,
        lateProducts: 0,
        otifProducts: 0,
        prod_started_qty: 0,
      });
    }
    expect(game.params.improvements).toEqual(['movestations', 'batch', 'balancestations']);
  });

  it('a lean session template starts a lean game per team and round', async () => {
    const t = SESSION_TEMPLATES.find((x) => x.id === 's-lean-improve');
    if (!t) throw new Error('no lean session template');
    const sid = await createSession(
      sessionFromTemplate(t, { creator: uid, creatorName: 'Ada', team: null, now: 1 }),
    );
    for (const roundNumber of [1, 2]) {
      const session = withRoundConfigs(
        parseSession(sid, (await admin.docs.get(sessionPath(sid))).data ?? {}),
        parseRoundConfigs((await admin.docs.get(roundConfigsPath(sid))).data),
      );
      const refs = await startRound({
        session,
        roundNumber,
        teams: [1, 2],
        creatorName: 'Ada',
        gameName: (team) => `R${roundNumber} T${team}`,
        now: 10 + roundNumber,
      });
      for (const ref of refs) {
        const game = (await admin.docs.get(`games/${ref.gid}`)).data ?? {};
        const secret = (await admin.docs.get(`games/${ref.gid}/private/params`)).data ?? {};
        expect(game).toMatchObject({ type: 'leangame', session: sid, roundNumber });
        expect(JSON.stringify(game)).not.toContain('"seed"');
        expect(leanGameFromDocs(game, secret)).toEqual(
          normalizeLeanGame(t.rounds[roundNumber - 1]!.config as LeanGameInput),
        );
      }
    }
    const games = (await admin.docs.get(sessionPath(sid))).data?.['games'] as DocData[];
    expect(games.map((g) => [g['roundNumber'], g['teamNumber']])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
    ]);
  });
});
