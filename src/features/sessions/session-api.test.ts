/**
 * A lean session's rounds as the follow-up starts them, through a data port signed in as the
 * instructor (local store under its access policy): one lean game per team and round, built by
 * the lean documents module from the round's line (docs/games/lean-documents.md).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { leanGameFromDocs } from '@sim/core/lean/game-docs';
import { normalizeLeanGame, type LeanGameInput } from '@sim/core/lean/model';
import type { DataPort } from '@sim/core/port/data-port';
import { SESSION_TEMPLATES } from '@sim/core/templates/session-templates';
import { startTestStore, type TestStore } from '@sim/store/testing/test-store';
import {
  parseRoundConfigs,
  parseSession,
  sessionFromTemplate,
  withRoundConfigs,
} from '@/features/sessions/session-model';

let port: DataPort | undefined;
vi.mock('@/lib/data/port', () => ({
  getDataPort: () => {
    if (!port) throw new Error('no port yet');
    return port;
  },
}));

const { createSession, roundConfigsPath, sessionPath, startRound } =
  await import('@/features/sessions/session-api');

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
  port = store.as({ uid: 'alice', email: 'alice@example.com' });
}, 60_000);
afterAll(async () => {
  await store?.close();
});

describe('a lean session template', () => {
  it('creates a lean game per team and round from the round’s line', async () => {
    const template = SESSION_TEMPLATES.find((t) => t.id === 's-lean-improve');
    if (!template) throw new Error('no lean session template');
    const sid = await createSession(
      sessionFromTemplate(template, { creator: 'alice', creatorName: 'Alice', team: null, now: 1 }),
    );
    const admin = store.service();
    const read = async () =>
      withRoundConfigs(
        parseSession(sid, (await admin.docs.get(sessionPath(sid))).data ?? {}),
        parseRoundConfigs((await admin.docs.get(roundConfigsPath(sid))).data),
      );

    for (const roundNumber of [1, 2]) {
      const session = await read();
      const refs = await startRound({
        session,
        roundNumber,
        teams: [1, 2],
        creatorName: 'Alice',
        gameName: (team) => `Round ${roundNumber} · Team ${team}`,
        now: 1000 + roundNumber,
      });
      expect(refs.map((r) => [r.roundNumber, r.teamNumber])).toEqual([
        [roundNumber, 1],
        [roundNumber, 2],
      ]);
      const round = template.rounds[roundNumber - 1]!;
      for (const ref of refs) {
        const game = (await admin.docs.get(`games/${ref.gid}`)).data ?? {};
        const secret = (await admin.docs.get(`games/${ref.gid}/private/params`)).data ?? {};
        expect(game).toMatchObject({
          type: 'leangame',
          creator: 'alice',
          session: sid,
          roundNumber,
          teamNumber: ref.teamNumber,
          finished: false,
          players: [],
          improvementsPanelBy: null,
        });
        // The seed and the orders stay out of the public game (LEAN-VIS-1).
        const text = JSON.stringify(game);
        expect(text).not.toContain('"seed"');
        expect(text).not.toContain('"consumerDemand"');
        expect(secret['consumerDemand']).toEqual(
          (round.config as LeanGameInput).params.consumerDemand?.map((o) =>
            expect.objectContaining({ ...o, fulfilled_qty: 0 }),
          ),
        );
        // The game the core runs is the round's line, with its levers.
        expect(leanGameFromDocs(game, secret)).toEqual(
          normalizeLeanGame(round.config as LeanGameInput),
        );
      }
    }
    const session = await read();
    expect(session.games.map((g) => [g.roundNumber, g.teamNumber])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
    ]);
    expect(new Set(session.games.map((g) => g.gid)).size).toBe(4);
  }, 60_000);
});
