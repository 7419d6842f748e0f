/**
 * exportExcel (business.md §3.12, spec §7): `POST` with `Authorization: Bearer <ID token>`,
 * `X-User-Id: <uid>` and the JSON body `{fileName, gid | sid, locale?}` → the game's or the
 * session's results workbook (.xlsx) as an attachment.
 *
 * - 401 `{messageKey: 'excelLoginRequired'}`: no token, a token that does not verify, or an
 *   `X-User-Id` that is not the token's uid.
 * - 400 `errorInvalidPayload`: a body that is not exactly one of `gid` / `sid` with a file name.
 * - 404 `messGameUnknown` / `sessionNotFound`; 409 `excelNoResults` before any result exists.
 * - 403 `excelNotAllowed`: a game's workbook is for its admins (creator, team, session admins)
 *   and observers at any time, and for its players once it is finished (as its final stats);
 *   a session's for its admins.
 *
 * Documents are read through the data port with the backend's credential; nothing is written.
 */
import { getAuth } from 'firebase-admin/auth';
import { z } from 'zod';
import { stateFromDoc, initialStateFromDocs, type DebriefQuestion } from '@sim/core/beer/game-docs';
import type { BeerState } from '@sim/core/beer/engine';
import { leanDebrief, type LeanDebrief } from '@sim/core/lean/debrief';
import type { LeanState } from '@sim/core/lean/model';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { getAdminApp } from '../admin-app';
import { facilitiesOf, isGameAdmin, listOf, statePath } from '../beer/beer-game';
import { unpackedState } from '../data/packed-state';
import {
  beerSheets,
  type AnswerEntry,
  type FacilityHolder,
  type OrderLogEntry,
} from '../export/beer-workbook';
import { exportLocale, exportTranslator, type Translate } from '../export/labels';
import { leanSheets } from '../export/lean-workbook';
import { sessionSheets, type SessionGame } from '../export/session-workbook';
import { safeFileName, workbook, type SheetModel } from '../export/workbook';
import { writeXlsx } from '../export/xlsx';
import { idSchema } from '../ids';
import { decodeState } from '../lean/lean-game';
import { jsonResponse, readJsonBody, type HttpHandler, type HttpResponse } from './http-function';

export const name = 'exportExcel';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Verifies a Firebase ID token and gives its uid; rejects when it does not verify. */
export type IdTokenVerifier = (idToken: string) => Promise<{ readonly uid: string }>;

/**
 * The production verifier: firebase-admin checks the signature, project, expiry and that the
 * account still exists (the Auth emulator's tokens locally: firebase-admin follows
 * FIREBASE_AUTH_EMULATOR_HOST).
 */
export const firebaseIdTokenVerifier: IdTokenVerifier = (idToken) =>
  getAuth(getAdminApp()).verifyIdToken(idToken);

/** Browsers send these with the download (CORS preflight). */
export const ALLOW_HEADERS = ['Authorization', 'Content-Type', 'X-User-Id'];

export interface ExportExcelDeps {
  readonly verifyIdToken: IdTokenVerifier;
  readonly port: () => DataPort;
  readonly now: () => number;
}

export const bodySchema = z
  .strictObject({
    fileName: z.string().trim().min(1).max(200),
    gid: idSchema.optional(),
    sid: idSchema.optional(),
    locale: z.string().max(35).optional(),
  })
  .refine((b) => (b.gid === undefined) !== (b.sid === undefined), 'one of gid and sid');

/** The most session games one workbook reads (rounds × teams of the largest sessions). */
const MAX_SESSION_GAMES = 200;

class ExportRefusal extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
  ) {
    super(messageKey);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const int = (v: unknown): number | null =>
  typeof v === 'number' && Number.isInteger(v) ? v : null;

/** RFC 5987 value: percent-encoded UTF-8, with the characters it does not allow encoded too. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}.xlsx"; filename*=UTF-8''${rfc5987(fileName)}.xlsx`;
}

function holdersOf(game: DocData): Record<string, FacilityHolder> {
  const players = listOf(game.players);
  const out: Record<string, FacilityHolder> = {};
  for (const [fid, f] of Object.entries(facilitiesOf(game))) {
    const user = str(f.user);
    out[fid] = {
      user: user && players.includes(user) ? user : null,
      playerName: str(f.playerName),
      computer: f.computer === true,
    };
  }
  return out;
}

async function sessionName(port: DataPort, game: DocData): Promise<string | null> {
  const sid = str(game.session);
  if (!sid || sid.includes('/')) return null;
  return str((await port.docs.get(`sessions/${sid}`)).data?.name);
}

/** The beer state as the debrief reads it: the stored state, else the game's first week. */
async function beerState(port: DataPort, gid: string, game: DocData): Promise<BeerState | null> {
  const stored = stateFromDoc(unpackedState((await port.docs.get(statePath(gid))).data));
  if (stored) return stored;
  try {
    return initialStateFromDocs(game, (await port.docs.get(`games/${gid}/private/params`)).data);
  } catch {
    return null;
  }
}

function isLeanDebrief(v: unknown): v is LeanDebrief {
  return (
    isRecord(v) &&
    typeof v.duration === 'number' &&
    ['pnl', 'deliveries', 'balance', 'wip', 'quality', 'flowefficiency', 'resefficiency'].every(
      (k) => isRecord(v[k]),
    )
  );
}

/** The lean run's state, and the debrief the results page shows (final stats, else the run so far). */
async function leanResults(
  port: DataPort,
  gid: string,
): Promise<{ state: LeanState; debrief: LeanDebrief } | null> {
  const doc = (await port.docs.get(`games/${gid}/private/state`)).data;
  const state = doc ? decodeState(doc) : null;
  if (!state) return null;
  const stats = (await port.docs.get(`games/${gid}/stats/final`)).data?.debrief;
  return { state, debrief: isLeanDebrief(stats) ? stats : leanDebrief(state) };
}

function questionsOf(game: DocData): { questions: DebriefQuestion[]; quizMode: boolean } {
  const params = isRecord(game.params) ? game.params : {};
  const config = isRecord(params.configDebrief) ? params.configDebrief : {};
  const qs = isRecord(config.questionsSection) ? config.questionsSection : {};
  const questions = (Array.isArray(qs.questions) ? qs.questions : [])
    .filter(isRecord)
    .flatMap((q): DebriefQuestion[] => {
      const id = str(q.id);
      const kind = q.kind === 'number' || q.kind === 'choice' ? q.kind : 'text';
      if (!id) return [];
      const options = Array.isArray(q.options)
        ? q.options.filter((o): o is string => typeof o === 'string')
        : undefined;
      return [{ id, text: str(q.text) ?? '', kind, ...(options ? { options } : {}) }];
    });
  return { questions, quizMode: qs.quizMode === true };
}

async function beerGameSheets(
  port: DataPort,
  gid: string,
  game: DocData,
  t: Translate,
  now: number,
): Promise<SheetModel[]> {
  const state = await beerState(port, gid, game);
  if (!state) throw new ExportRefusal(409, 'excelNoResults');
  const [params, orderDocs, answerDocs, session] = await Promise.all([
    port.docs.get(`games/${gid}/private/params`),
    port.docs.query({ collection: `games/${gid}/orders` }),
    port.docs.query({ collection: `games/${gid}/answers` }),
    sessionName(port, game),
  ]);
  const orderLog: OrderLogEntry[] = orderDocs.flatMap((d) => {
    const o = d.data ?? {};
    const fid = str(o.faci_id);
    const cid = str(o.capa_id);
    const week = int(o.week);
    return fid && cid && week !== null
      ? [{ fid, cid, week, createdAt: typeof o.created_at === 'number' ? o.created_at : null }]
      : [];
  });
  const answers: AnswerEntry[] = answerDocs.map((d) => {
    const raw = d.data?.answers;
    const given: Record<string, string | number> = {};
    if (isRecord(raw)) {
      for (const [k, v] of Object.entries(raw)) {
        if (typeof v === 'string' || typeof v === 'number') given[k] = v;
      }
    }
    return { uid: str(d.data?.uid) ?? d.id, answers: given };
  });
  const rightAnswers = params.data?.answers;
  const publicParams = isRecord(game.params) ? game.params : {};
  return beerSheets(
    {
      name: str(game.name) ?? gid,
      sessionName: session,
      roundNumber: int(game.roundNumber),
      teamNumber: int(game.teamNumber),
      finished: game.finished === true,
      timer: int(publicParams.timer) ?? 0,
      transparent: publicParams.transparent === true,
      state,
      holders: holdersOf(game),
      orderLog,
      ...questionsOf(game),
      rightAnswers: isRecord(rightAnswers) ? rightAnswers : null,
      answers,
      exportedAt: now,
    },
    t,
  );
}

async function leanGameSheets(
  port: DataPort,
  gid: string,
  game: DocData,
  t: Translate,
  now: number,
): Promise<SheetModel[]> {
  const [results, session] = await Promise.all([leanResults(port, gid), sessionName(port, game)]);
  if (!results) throw new ExportRefusal(409, 'excelNoResults');
  return leanSheets(
    {
      name: str(game.name) ?? gid,
      sessionName: session,
      roundNumber: int(game.roundNumber),
      teamNumber: int(game.teamNumber),
      finished: game.finished === true,
      ...results,
      holders: holdersOf(game),
      exportedAt: now,
    },
    t,
  );
}

/** Spec §6 and the stats' rule: admins and observers any time, players once it is finished. */
async function mayExportGame(port: DataPort, game: DocData, uid: string): Promise<boolean> {
  if (listOf(game.observers).includes(uid)) return true;
  if (game.finished === true && listOf(game.players).includes(uid)) return true;
  return isGameAdmin(port, game, uid);
}

async function gameSheets(
  port: DataPort,
  gid: string,
  uid: string,
  t: Translate,
  now: number,
): Promise<SheetModel[]> {
  const game = (await port.docs.get(`games/${gid}`)).data;
  if (!game || game.deleted === true) throw new ExportRefusal(404, 'messGameUnknown');
  if (!(await mayExportGame(port, game, uid))) throw new ExportRefusal(403, 'excelNotAllowed');
  if (game.type === 'leangame') return leanGameSheets(port, gid, game, t, now);
  if (game.type !== undefined && game.type !== 'beergame') {
    throw new ExportRefusal(404, 'messGameUnknown');
  }
  return beerGameSheets(port, gid, game, t, now);
}

async function isSessionAdmin(port: DataPort, session: DocData, uid: string): Promise<boolean> {
  if (session.creator === uid) return true;
  const tid = str(session.team);
  if (!tid || tid.includes('/')) return false;
  const members = (await port.docs.get(`teams/${tid}`)).data?.members;
  return isRecord(members) && Object.hasOwn(members, uid) && isRecord(members[uid]);
}

async function sessionGame(port: DataPort, id: string, game: DocData): Promise<SessionGame> {
  const base = {
    gid: id,
    name: str(game.name) ?? id,
    roundNumber: int(game.roundNumber) ?? 1,
    teamNumber: int(game.teamNumber) ?? 1,
    finished: game.finished === true,
    holders: holdersOf(game),
  };
  if (game.type === 'leangame') {
    const results = await leanResults(port, id);
    return {
      ...base,
      type: 'leangame',
      state: results?.state ?? null,
      debrief: results?.debrief ?? null,
    };
  }
  return { ...base, type: 'beergame', state: await beerState(port, id, game) };
}

async function sessionSheetsFor(
  port: DataPort,
  sid: string,
  uid: string,
  t: Translate,
  now: number,
): Promise<SheetModel[]> {
  const session = (await port.docs.get(`sessions/${sid}`)).data;
  if (!session || session.deleted === true) throw new ExportRefusal(404, 'sessionNotFound');
  if (!(await isSessionAdmin(port, session, uid))) {
    throw new ExportRefusal(403, 'excelNotAllowed');
  }
  const docs = await port.docs.query({
    collection: 'games',
    where: [{ field: 'session', op: '==', value: sid }],
    limit: MAX_SESSION_GAMES,
  });
  const games = await Promise.all(
    docs
      .filter((d) => d.data && d.data.deleted !== true)
      .map((d) => sessionGame(port, d.id, d.data ?? {})),
  );
  return sessionSheets(
    {
      name: str(session.name) ?? sid,
      type: session.type === 'leangame' ? 'leangame' : 'beergame',
      games,
      exportedAt: now,
    },
    t,
  );
}

const refuse = (status: number, messageKey: string): HttpResponse =>
  jsonResponse(status, { messageKey });

export function createHandler(deps: ExportExcelDeps): HttpHandler {
  return async (request) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers['authorization'] ?? '');
    const claimed = request.headers['x-user-id'];
    if (!bearer?.[1] || !claimed) return refuse(401, 'excelLoginRequired');
    let uid: string;
    try {
      uid = (await deps.verifyIdToken(bearer[1])).uid;
    } catch {
      return refuse(401, 'excelLoginRequired');
    }
    if (uid !== claimed) return refuse(401, 'excelLoginRequired');

    const parsed = bodySchema.safeParse(readJsonBody(request));
    if (!parsed.success) return refuse(400, 'errorInvalidPayload');
    const body = parsed.data;
    const t = exportTranslator(exportLocale(body.locale));
    const now = deps.now();
    const port = deps.port();
    let sheets: SheetModel[];
    try {
      sheets = body.gid
        ? await gameSheets(port, body.gid, uid, t, now)
        : await sessionSheetsFor(port, body.sid ?? '', uid, t, now);
    } catch (err) {
      if (err instanceof ExportRefusal) return refuse(err.status, err.messageKey);
      throw err;
    }
    const bytes = await writeXlsx(workbook(sheets), {
      created: new Date(now),
      creator: 'SimGames',
    });
    const fileName = safeFileName(body.fileName, 'results');
    return {
      status: 200,
      headers: {
        'Content-Type': XLSX_TYPE,
        'Content-Disposition': contentDisposition(fileName),
        'Cache-Control': 'no-store',
      },
      body: bytes,
    };
  };
}
