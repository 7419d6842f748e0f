/**
 * exportExcel on both backends: who may download a game's or a session's results, and that the
 * workbook's figures are the core's debrief of the stored game. ID tokens are the Auth emulator's
 * unsigned tokens, checked by the store's emulator-token verifier (algorithm, project, audience,
 * expiry), since the integration run starts no Auth emulator; production verifies with
 * firebase-admin.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { stateFromDoc } from '@sim/core/beer/game-docs';
import { debriefMetrics } from '@sim/core/beer/metrics';
import type { LeanDebrief } from '@sim/core/lean/debrief';
import { emulatorTokenVerifier } from '@sim/store/server/auth';
import { mintEmulatorToken } from '@sim/store/testing/emulator-token';
import { TEST_PROJECT_ID } from '@sim/store/testing/test-store';
import * as joinAs from '../../functions/src/callables/join-as';
import * as turn from '../../functions/src/callables/create-new-turn-task';
import * as leanAction from '../../functions/src/callables/lean-action';
import * as resetGame from '../../functions/src/callables/reset-beer-game';
import {
  XLSX_TYPE,
  createHandler,
  type ExportExcelDeps,
} from '../../functions/src/http/export-excel';
import type { HttpRequest, HttpResponse } from '../../functions/src/http/http-function';
import { describeBackends } from '../backends';
import { beerFixtures, CREATOR } from './beer-fixtures';
import { leanFixtures, recordingTicker } from './lean-fixtures';
import { FIXED_NOW } from './helpers';
import { unpackedState } from '../../functions/src/data/packed-state';

function post(body: unknown, auth: { token?: string; userId?: string } = {}): HttpRequest {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      ...(auth.userId ? { 'x-user-id': auth.userId } : {}),
    },
    rawBody: new TextEncoder().encode(JSON.stringify(body)),
  };
}

function tokenOf(uid: string, email?: string): string {
  return mintEmulatorToken(TEST_PROJECT_ID, { uid, ...(email ? { email } : {}) });
}

function as(uid: string, email?: string): { token: string; userId: string } {
  return { token: tokenOf(uid, email), userId: uid };
}

function messageKey(res: HttpResponse): unknown {
  return (JSON.parse(String(res.body)) as { messageKey?: unknown }).messageKey;
}

async function load(res: HttpResponse): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer: a copy of the body's bytes is exactly the file.
  await book.xlsx.load(new Uint8Array(res.body as Uint8Array).buffer);
  return book;
}

describeBackends('exportExcel', (backend) => {
  const f = beerFixtures(backend);
  let handle: ReturnType<typeof createHandler>;
  let gid: string;
  let players: Record<string, string>;
  let observer: string;

  beforeAll(async () => {
    const deps: ExportExcelDeps = {
      verifyIdToken: emulatorTokenVerifier(TEST_PROJECT_ID),
      port: () => f.service(),
      now: () => FIXED_NOW,
    };
    handle = createHandler(deps);
    gid = await f.createGame();
    players = await f.withPlayers(gid, ['retailer']);
    observer = `${gid.slice(0, 6)}-observer`;
    await joinAs.handle(f.ctxOf(observer), { gid, roleId: 'observer' });
    // Three weeks, the editor's way: the secrets first, then the reset.
    await f
      .clientOf({ uid: CREATOR.uid, provider: 'password', email: CREATOR.email })
      .docs.update(`games/${gid}/private/params`, { weeks: 3 });
    await resetGame.handle(f.creatorCtx(), { gid });
  });

  const body = () => ({ fileName: 'Class results', gid, locale: 'en' });

  it('refuses a request without a token, with a bad token, or for another uid (401)', async () => {
    const none = await handle(post(body()));
    expect(none.status).toBe(401);
    expect(messageKey(none)).toBe('excelLoginRequired');

    const noHeader = await handle(post(body(), { token: tokenOf(CREATOR.uid, CREATOR.email) }));
    expect(noHeader.status).toBe(401);

    const forged = await handle(post(body(), { token: 'not-a-token', userId: CREATOR.uid }));
    expect(forged.status).toBe(401);
    expect(messageKey(forged)).toBe('excelLoginRequired');

    // A player's own token sent as the creator.
    const other = await handle(
      post(body(), { token: tokenOf(players.retailer!), userId: CREATOR.uid }),
    );
    expect(other.status).toBe(401);
    expect(messageKey(other)).toBe('excelLoginRequired');
  });

  it('refuses a body that is not one game or one session (400)', async () => {
    const auth = as(CREATOR.uid, CREATOR.email);
    for (const bad of [
      { fileName: 'x' },
      { fileName: 'x', gid, sid: 's1' },
      { fileName: '', gid },
      { fileName: 'x', gid: '../games' },
      { fileName: 'x', gid, extra: true },
    ]) {
      const res = await handle(post(bad, auth));
      expect(res.status).toBe(400);
      expect(messageKey(res)).toBe('errorInvalidPayload');
    }
    const unknown = await handle(post({ fileName: 'x', gid: 'no-such-game' }, auth));
    expect(unknown.status).toBe(404);
    expect(messageKey(unknown)).toBe('messGameUnknown');
  });

  it('refuses a player of an unfinished game and a stranger (403), not its observer', async () => {
    const player = await handle(post(body(), as(players.retailer!)));
    expect(player.status).toBe(403);
    expect(messageKey(player)).toBe('excelNotAllowed');
    const stranger = await handle(post(body(), as('someone-else')));
    expect(stranger.status).toBe(403);
    const watching = await handle(post(body(), as(observer)));
    expect(watching.status).toBe(200);
  });

  it('gives the instructor the workbook of the finished game with the debrief figures', async () => {
    for (let w = 1; w <= 3; w++) {
      await f.placeOrder(gid, players.retailer!, 'retailer', 4 + w, w);
    }
    const state = stateFromDoc(
      unpackedState((await f.service().docs.get(`games/${gid}/private/state`)).data),
    );
    expect(state?.status).toBe('finished');
    const m = debriefMetrics(state!);

    const res = await handle(post(body(), as(CREATOR.uid, CREATOR.email)));
    expect(res.status).toBe(200);
    expect(res.headers['Content-Type']).toBe(XLSX_TYPE);
    expect(res.headers['Content-Disposition']).toBe(
      `attachment; filename="Class results.xlsx"; filename*=UTF-8''Class%20results.xlsx`,
    );
    const book = await load(res);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Players',
      'Weekly',
      'Orders',
      'Lead times',
      'Debrief answers',
    ]);
    const ws = book.getWorksheet('Players')!;
    m.individualPerformance.forEach((p, i) => {
      expect(ws.getRow(i + 2).getCell(4).value).toBeCloseTo(p.cost, 9);
    });
    expect(ws.getRow(2).getCell(3).value).toBe('retailer');
    expect(book.getWorksheet('Weekly')!.rowCount).toBe(3 * 4 + 1);
    // The retailer's orders are the player's, with the log's week; the others the computer's.
    const orders = book.getWorksheet('Orders')!;
    expect(orders.getRow(2).getCell(6).value).toBe(5);
    expect(orders.getRow(2).getCell(8).value).toBe('Player');
    expect(orders.getRow(3).getCell(8).value).toBe('Computer');
  });

  it('lets the player download once the game is over, in the language asked', async () => {
    const res = await handle(
      post({ fileName: 'Résultats: équipe 1', gid, locale: 'fr-FR' }, as(players.retailer!)),
    );
    expect(res.status).toBe(200);
    expect(res.headers['Content-Disposition']).toContain(
      "filename*=UTF-8''R%C3%A9sultats%20%C3%A9quipe%201.xlsx",
    );
    const book = await load(res);
    expect(book.worksheets[0]?.name).toBe('Synthèse');
  });

  it('exports a session for its admins only', async () => {
    const sid = f.service().docs.newId();
    await f.service().docs.set(`sessions/${sid}`, {
      name: 'Spring class',
      creator: CREATOR.uid,
      team: null,
      type: 'beergame',
      deleted: false,
    });
    const sessionGid = await f.createGame({ session: sid, teamNumber: 1 });
    await f.withPlayers(sessionGid, ['retailer']);
    const sessionBody = { fileName: 'Spring', sid, locale: 'en' };
    const res = await handle(post(sessionBody, as(CREATOR.uid, CREATOR.email)));
    expect(res.status).toBe(200);
    const book = await load(res);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Summary', 'Teams', 'Round 1 players']);
    expect(book.getWorksheet('Teams')!.getRow(2).getCell(3).value).toBe('Class');
    const player = await handle(post(sessionBody, as(`${sessionGid.slice(0, 6)}-retailer`)));
    expect(player.status).toBe(403);
    const missing = await handle(
      post({ ...sessionBody, sid: 'no-such-session' }, as(CREATOR.uid, CREATOR.email)),
    );
    expect(missing.status).toBe(404);
    expect(messageKey(missing)).toBe('sessionNotFound');
  });
});

describeBackends('exportExcel of a lean game', (backend) => {
  const f = leanFixtures(backend);
  const start = turn.createLeanHandler({ ticker: recordingTicker() });
  const handle = createHandler({
    verifyIdToken: emulatorTokenVerifier(TEST_PROJECT_ID),
    port: () => f.service(),
    now: () => f.clock.now,
  });

  it('gives the player the workbook of the ended run, its figures the final stats', async () => {
    const gid = await f.createGame({ variant: { compact: true } });
    const players = await f.withPlayers(gid, ['warehouse']);
    await start(f.creatorCtx(), { gid, type: 'leangame' });
    f.clock.advance(2000);
    await leanAction.handle(f.ctxOf(players.warehouse!), {
      gid,
      fid: 'warehouse',
      action: { kind: 'launch', order: 0 },
    });
    f.clock.advance(3 * 60000);
    const body = { fileName: 'Line', gid, locale: 'en' };
    const early = await handle(post(body, as(players.warehouse!)));
    expect(early.status).toBe(403);
    await start(f.creatorCtx(), { gid, type: 'leangame', end: true });

    const res = await handle(post(body, as(players.warehouse!)));
    expect(res.status).toBe(200);
    const book = await load(res);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Deliveries',
      'Stations',
      'Units',
      'Improvements',
    ]);
    const stats = (await f.service().docs.get(`games/${gid}/stats/final`)).data;
    const d = stats?.debrief as LeanDebrief;
    const summary = book.getWorksheet('Summary')!;
    const row = (key: string) => {
      for (let r = 2; r <= summary.rowCount; r++) {
        if (summary.getRow(r).getCell(1).value === key) return summary.getRow(r).getCell(2).value;
      }
      return undefined;
    };
    expect(row('Profit')).toBeCloseTo(d.pnl.profit, 9);
    expect(row('Material')).toBeCloseTo(d.pnl.material, 9);
    expect(row('Average work in process (units)')).toBeCloseTo(d.wip.average, 9);
    expect(d.pnl.material).toBeGreaterThan(0);
    expect(book.getWorksheet('Deliveries')!.rowCount).toBe(1 + d.deliveries.orders.length);
    const stations = book.getWorksheet('Stations')!;
    expect(stations.getRow(2).getCell(2).value).toBe('warehouse');
  });
});

describe('exportExcel file names', () => {
  it('keeps a safe name and encodes it for the header', async () => {
    const { contentDisposition } = await import('../../functions/src/http/export-excel');
    expect(contentDisposition("Team (1)'s")).toBe(
      `attachment; filename="Team (1)'s.xlsx"; filename*=UTF-8''Team%20%281%29%27s.xlsx`,
    );
  });
});
