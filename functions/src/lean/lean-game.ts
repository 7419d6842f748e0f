/**
 * The backend's work on a lean game (docs/games/lean-documents.md, decision 0012): the run's
 * start and end, the players' actions applied with the core at server time, the ticks that move
 * the computer stations, the reset, and the improvements panel. The backend is the only writer of
 * a run's documents and the authority on its state.
 *
 * Write budget (decision 0012): each accepted action is a document of its own
 * (`actions/{seq}`, written once). The run's shared documents (the core state, the facility
 * views, the floor) are rewritten by a *flush*, at most once every `FLUSH_MS` per game: by the
 * action that finds the last flush at least that old, or by a tick. An action is applied to the
 * stored state plus the actions logged after it, inside one transaction that also creates the
 * next action document, so two actions never take the same place in the log and every accepted
 * action was accepted by the core on the state it is replayed on.
 */
import type { DataPort, DocData, Transaction } from '@sim/core/port/data-port';
import { advanceTo, applyAction, endRun, startRun } from '@sim/core/lean/engine';
import {
  actionDocId,
  computerFacilities,
  LeanConfigError,
  leanEndUpdate,
  leanGameFromDocs,
  leanConfigFromDocs,
  leanCoverage,
  leanRunDocs,
  leanStateDoc,
  leanStateFromDoc,
  leanStatsDoc,
  ordersWithCounters,
  plain,
  resetOrder,
  validateLeanConfig,
  type LeanActionDoc,
  type LeanProductDoc,
} from '@sim/core/lean/game-docs';
import {
  applyImprovementChange,
  leversOf,
  type LeanImprovementChange,
  type RaisedCap,
} from '@sim/core/lean/improvements';
import type { FacilityId, LeanAction, LeanOrderInput, LeanState } from '@sim/core/lean/model';
import { leanPlayerView, type LeanPlayerView } from '@sim/core/lean/view';
import { leanLeaderboardEntry } from '@sim/core/templates/lean-leaderboard';
import { CallableError } from '../callable';
import { packedStateFields, unpackedState } from '../data/packed-state';
import {
  facilitiesOf,
  gamePath,
  humanFacilities,
  isGameAdmin,
  listOf,
  markSessionGame,
  paramsPath,
  statePath,
  statsPath,
} from '../beer/beer-game';
import { leaderboardPath, readLeaderboardRoles, writeLeaderboardEntry } from '../beer/leaderboard';

/** The shared documents of a run are rewritten at most this often (ms). */
export const FLUSH_MS = 1000;
/** Interval of the ticks that move the computer stations (ms). */
export const TICK_MS = 1000;
/** Transactions of a run: players acting at once make them retry. */
export const LEAN_TX_ATTEMPTS = 25;
/** A state larger than this (characters of JSON) is stored gzipped, base64. */
export const GZIP_ABOVE = 200_000;
/** Writes of one transaction besides the products (at most 500 a commit). */
const PRODUCTS_IN_TX = 400;
/** Deletions per batch of a reset. */
const DELETE_PAGE = 400;

export const floorPath = (gid: string): string => `games/${gid}/views/floor`;
export const leanFacilityPath = (gid: string, fid: string): string =>
  `games/${gid}/facilities/${fid}`;
export const actionPath = (gid: string, seq: number): string =>
  `games/${gid}/actions/${actionDocId(seq)}`;
export const productPath = (gid: string, rank: number): string => `games/${gid}/products/${rank}`;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A lean game, or `messGameUnknown` when missing, deleted, of another type or without facilities. */
export function checkLeanGame(data: DocData | undefined): DocData {
  if (
    !data ||
    data.deleted === true ||
    data.type !== 'leangame' ||
    Object.keys(facilitiesOf(data)).length === 0
  ) {
    throw new CallableError('not-found', 'messGameUnknown');
  }
  return data;
}

export async function loadLeanGame(port: DataPort, gid: string): Promise<DocData> {
  return checkLeanGame((await port.docs.get(gamePath(gid))).data);
}

/** The lean game, when `uid` is one of its admins (`gameNotAdmin` otherwise). */
export async function loadLeanGameAsAdmin(
  port: DataPort,
  gid: string,
  uid: string,
): Promise<DocData> {
  const game = await loadLeanGame(port, gid);
  if (!(await isGameAdmin(port, game, uid))) {
    throw new CallableError('permission-denied', 'gameNotAdmin');
  }
  return game;
}

export function isLeanGame(data: DocData | undefined): boolean {
  return data?.type === 'leangame';
}

/** `game_start_at` and `game_end_at` of the game (LEAN-RUN-1), null when not numbers. */
export function runTimes(game: DocData): { start: number | null; end: number | null } {
  const p = isRecord(game.params) ? game.params : {};
  return {
    start: typeof p.game_start_at === 'number' ? p.game_start_at : null,
    end: typeof p.game_end_at === 'number' ? p.game_end_at : null,
  };
}

function notRunning(): CallableError {
  return new CallableError('failed-precondition', 'lean.run.notRunning');
}

function configInvalid(err: unknown): never {
  if (err instanceof LeanConfigError) {
    throw new CallableError('failed-precondition', 'gameConfigInvalid');
  }
  throw err;
}

// ------------------------------------------------------------------ the stored run

/** The core state's document as stored: gzipped when large (a document holds at most 1 MiB). */
function encodeState(state: LeanState, run: number, seq: number, now: number): DocData {
  const doc = leanStateDoc(state, run, seq, now);
  return { ...doc, ...packedStateFields(doc.state, GZIP_ABOVE) };
}

/** The core state of a stored run document (gzipped or not), or null. */
export function decodeState(data: DocData): LeanState | null {
  return leanStateFromDoc(unpackedState(data));
}

export interface TickChain {
  chain: string;
  /** Epoch ms after which the chain schedules no more ticks. */
  until: number;
}

/** The run as the documents say it is now: the stored state and the actions logged after it. */
interface RunRead {
  /** `game_start_at` of the run. */
  run: number;
  /** The stored state, whose documents are the ones written. */
  base: LeanState;
  /** The stored state with the later actions applied. */
  state: LeanState;
  seq: number;
  updatedAt: number;
  ticks: TickChain | null;
  /** The fingerprints of the stored views (`leanRunDocs`), for the next flush. */
  viewKeys: Record<string, string>;
}

/** Reads the run in a transaction; null when no run is stored. */
async function readRun(tx: Transaction, gid: string): Promise<RunRead | null> {
  const snap = await tx.get(statePath(gid));
  const data = snap.data;
  if (!data || typeof data.run !== 'number' || typeof data.seq !== 'number') return null;
  const base = decodeState(data);
  if (!base) return null;
  let state = base;
  let seq = data.seq;
  // Each read is a precondition: an action logged meanwhile makes the transaction retry.
  for (;;) {
    const next = await tx.get(actionPath(gid, seq + 1));
    const a = next.data;
    // A document of an earlier run (a reset deletes them after the fact) is a free place.
    if (!a || a.run !== data.run || !isRecord(a.action)) break;
    state = applyAction(state, a.action as unknown as LeanAction).state;
    seq += 1;
  }
  const t = data.ticks;
  const ticks =
    isRecord(t) && typeof t.chain === 'string' && typeof t.until === 'number'
      ? { chain: t.chain, until: t.until }
      : null;
  const keys = isRecord(data.viewKeys) ? data.viewKeys : {};
  const viewKeys: Record<string, string> = {};
  for (const [k, v] of Object.entries(keys)) {
    if (typeof v === 'string') Object.defineProperty(viewKeys, k, { value: v, enumerable: true });
  }
  return {
    run: data.run,
    base,
    state,
    seq,
    updatedAt: typeof data.updated_at === 'number' ? data.updated_at : 0,
    ticks,
    viewKeys,
  };
}

/**
 * Writes the run's documents for `next` (the state, the changed views, the units that left the
 * line). Returns the unit documents left for after the commit, when too many for one commit.
 */
function writeRun(
  tx: Transaction,
  gid: string,
  prev: LeanState | null,
  next: LeanState,
  run: number,
  seq: number,
  now: number,
  ticks: TickChain | null,
  prevKeys: Readonly<Record<string, string>> = {},
): LeanProductDoc[] {
  const docs = leanRunDocs(prev, next, run, now, prevKeys);
  tx.set(statePath(gid), { ...encodeState(next, run, seq, now), ticks, viewKeys: docs.keys });
  for (const [fid, doc] of Object.entries(docs.facilities)) {
    tx.set(leanFacilityPath(gid, fid), { ...doc });
  }
  if (docs.floor) tx.set(floorPath(gid), { ...docs.floor });
  for (const p of docs.products.slice(0, PRODUCTS_IN_TX))
    tx.set(productPath(gid, p.rank), { ...p });
  return docs.products.slice(PRODUCTS_IN_TX);
}

async function writeProducts(
  port: DataPort,
  gid: string,
  products: readonly LeanProductDoc[],
): Promise<void> {
  for (let i = 0; i < products.length; i += DELETE_PAGE) {
    const batch = port.docs.batch();
    for (const p of products.slice(i, i + DELETE_PAGE))
      batch.set(productPath(gid, p.rank), { ...p });
    await batch.commit();
  }
}

// ------------------------------------------------------------------ ticks

/** A tick of the run `run` of game `gid` at epoch ms `at`; `chain` null: the end of the run. */
export interface LeanTickPayload {
  gid: string;
  run: number;
  chain: string | null;
  at: number;
}

/** Schedules the run's ticks (Cloud Tasks in production; a recorder in tests). */
export interface LeanTicker {
  schedule(payload: LeanTickPayload, at: number): Promise<void>;
}

export const noTicker: LeanTicker = { schedule: () => Promise.resolve() };

export interface ScheduleResult {
  chain: string;
  /** Epoch ms: the last tick of the chain. */
  until: number;
  /** Epoch ms: the end of the run (start + T). */
  end: number;
}

/**
 * LEAN-AI-1 / LEAN-CALL-2: a new chain of ticks from now until `start + min(minutes, T)` (the
 * whole run by default), and a task at the end of the run, which ends it even when no browser
 * is open. The chain replaces any earlier one (its next tick stops).
 */
export async function scheduleLeanTicks(
  port: DataPort,
  gid: string,
  now: number,
  minutes: number | null,
  ticker: LeanTicker,
): Promise<ScheduleResult> {
  const chain = port.docs.newId();
  const out = await port.docs.runTransaction(async (tx) => {
    const game = checkLeanGame((await tx.get(gamePath(gid))).data);
    const { start, end } = runTimes(game);
    const snap = await tx.get(statePath(gid));
    const data = snap.data;
    if (
      start === null ||
      end !== null ||
      !data ||
      data.run !== start ||
      data.status !== 'running'
    ) {
      throw notRunning();
    }
    const duration = typeof data.duration === 'number' ? data.duration : 0;
    const runEnd = start + duration;
    const until = minutes === null ? runEnd : Math.min(runEnd, start + Math.round(minutes * 60000));
    tx.update(statePath(gid), { ticks: { chain, until } });
    return { run: start, until, end: runEnd };
  });
  const first = now + TICK_MS;
  if (first <= out.until) {
    await ticker.schedule({ gid, run: out.run, chain, at: first }, first);
  }
  await ticker.schedule({ gid, run: out.run, chain: null, at: out.end }, out.end);
  return { chain, until: out.until, end: out.end };
}

// ------------------------------------------------------------------ start and end

export interface LeanTurnResult {
  started: boolean;
  finished: boolean;
  game_start_at: number | null;
  game_end_at: number | null;
}

/**
 * LEAN-CALL-1: starts the run at server now (once): the core state at game ms 0 with the
 * computer playing every facility without a player (LEAN-FAC-4), every run document, the start
 * on the game document; the improvements panel closes. Then the ticks and the end task.
 */
export async function startLeanRun(
  port: DataPort,
  gid: string,
  now: number,
  ticker: LeanTicker,
): Promise<LeanTurnResult> {
  const chain = port.docs.newId();
  const out = await port.docs.runTransaction(async (tx) => {
    const game = checkLeanGame((await tx.get(gamePath(gid))).data);
    const times = runTimes(game);
    if (times.start !== null) {
      return {
        started: false,
        finished: game.finished === true,
        game_start_at: times.start,
        game_end_at: times.end,
        duration: 0,
      };
    }
    const params = (await tx.get(paramsPath(gid))).data;
    let state: LeanState;
    const computer = computerFacilities(game);
    try {
      state = startRun(leanGameFromDocs(game, params), computer);
    } catch (err) {
      configInvalid(err);
    }
    const until = now + state.duration;
    const left = writeRun(tx, gid, null, state, now, 0, now, { chain, until });
    if (left.length > 0) throw new Error('a new run has no unit to write');
    const update: Record<string, unknown> = {
      'params.game_start_at': now,
      'params.game_end_at': null,
      'params.coverageMin': leanCoverage(leanConfigFromDocs(game, params)),
      finished: false,
      improvementsPanelBy: null,
    };
    for (const fid of Object.keys(facilitiesOf(game))) {
      update[`facilities.${fid}.computer`] = computer.includes(fid);
    }
    tx.update(gamePath(gid), update);
    return {
      started: true,
      finished: false,
      game_start_at: now,
      game_end_at: null,
      duration: state.duration,
    };
  });
  if (out.started) {
    const first = now + TICK_MS;
    const end = now + out.duration;
    if (first < end) await ticker.schedule({ gid, run: now, chain, at: first }, first);
    await ticker.schedule({ gid, run: now, chain: null, at: end }, end);
  }
  return {
    started: out.started,
    finished: out.finished,
    game_start_at: out.game_start_at,
    game_end_at: out.game_end_at,
  };
}

/**
 * LEAN-RUN-2: ends the run at E = min(T, now − start), processed up to E: the final state and
 * documents, every unit still in the line as a unit document, the final stats, the end on the
 * game document, the counters on the stored demand, the session's entry. Ending an ended run
 * changes nothing; a run that has not started is `lean.run.notRunning`.
 */
export async function endLeanRun(
  port: DataPort,
  gid: string,
  now: number,
): Promise<LeanTurnResult> {
  const out = await port.docs.runTransaction(
    async (tx) => {
      const game = checkLeanGame((await tx.get(gamePath(gid))).data);
      const times = runTimes(game);
      if (times.start === null) throw notRunning();
      if (times.end !== null) {
        const result: LeanTurnResult = {
          started: true,
          finished: true,
          game_start_at: times.start,
          game_end_at: times.end,
        };
        return { result, left: [] };
      }
      const run = await readRun(tx, gid);
      if (!run || run.run !== times.start) throw notRunning();
      const pp = (await tx.get(paramsPath(gid))).data;
      const markSession = await markSessionGame(tx, game, gid, true);
      // The public leaderboard's entry of a run on a default template (read before any write).
      const roles = await readLeaderboardRoles(
        tx,
        run.state.game.facilities.map((f) => f.id),
        { facilities: facilitiesOf(game), humans: humanFacilities(game) },
      );
      const ended = endRun(run.state, now - times.start);
      const left = writeRun(tx, gid, run.base, ended, run.run, run.seq, now, null, run.viewKeys);
      tx.set(statsPath(gid), { ...leanStatsDoc(ended, gid, run.run, now) });
      writeLeaderboardEntry(
        tx,
        gid,
        leanLeaderboardEntry({ gid, state: ended, roles, finishedAt: now }),
      );
      const update = leanEndUpdate(ended, run.run);
      // The demand's counters (LEAN-DEM-6) where the demand is stored.
      const privateOrders = pp?.consumerDemand;
      if (Array.isArray(privateOrders)) {
        tx.set(
          paramsPath(gid),
          { consumerDemand: ordersWithCounters(privateOrders as LeanOrderInput[], ended) },
          { merge: true },
        );
      }
      const publicOrders = isRecord(game.params) ? game.params.consumerDemand : undefined;
      if (Array.isArray(publicOrders)) {
        update['params.consumerDemand'] = ordersWithCounters(
          publicOrders as LeanOrderInput[],
          ended,
        );
      }
      tx.update(gamePath(gid), update);
      markSession();
      const endAt = update['params.game_end_at'] as number;
      return {
        result: { started: true, finished: true, game_start_at: run.run, game_end_at: endAt },
        left,
      };
    },
    { maxAttempts: LEAN_TX_ATTEMPTS },
  );
  await writeProducts(port, gid, out.left);
  return out.result;
}

/**
 * Brings the run's documents up to server now when the last flush is at least `FLUSH_MS` old
 * (the computer stations' work, orders that open); ends the run once T has passed.
 */
export async function flushLeanRun(
  port: DataPort,
  gid: string,
  now: number,
): Promise<'flushed' | 'fresh' | 'ended' | 'stale'> {
  const read = await port.docs.get(statePath(gid));
  const data = read.data;
  if (!data || typeof data.run !== 'number' || data.status !== 'running') return 'stale';
  if (typeof data.duration === 'number' && now - data.run >= data.duration) {
    await endLeanRun(port, gid, now);
    return 'ended';
  }
  const out = await port.docs.runTransaction(
    async (tx) => {
      const run = await readRun(tx, gid);
      if (!run || run.state.status !== 'running') return { status: 'stale' as const, left: [] };
      if (now - run.updatedAt < FLUSH_MS) return { status: 'fresh' as const, left: [] };
      const next = advanceTo(run.state, now - run.run);
      if (next.status !== 'running') return { status: 'ended' as const, left: [] };
      const left = writeRun(
        tx,
        gid,
        run.base,
        next,
        run.run,
        run.seq,
        now,
        run.ticks,
        run.viewKeys,
      );
      return { status: 'flushed' as const, left };
    },
    { maxAttempts: LEAN_TX_ATTEMPTS },
  );
  if (out.status === 'ended') {
    await endLeanRun(port, gid, now);
    return 'ended';
  }
  await writeProducts(port, gid, out.left);
  return out.status;
}

// ------------------------------------------------------------------ a player's action

/** A player's action as the callable receives it: the server adds `at` and `fid`. */
export type LeanActionInput =
  | { kind: 'launch'; order: number }
  | { kind: 'ship'; order: number }
  | { kind: 'send' }
  | { kind: 'load'; template?: string }
  | { kind: 'paint'; unit: number; op: number; tool?: string }
  | { kind: 'inspect'; unit: number }
  | { kind: 'remove'; unit: number; op: number };

export interface LeanActionResult {
  /** The action's place in the log. */
  seq: number;
  /** Game ms the action was applied at. */
  at: number;
  /** The acting player's view right after the action: its screen shows it at once. */
  view: LeanPlayerView;
}

/**
 * LEAN-CALL-4: applies a player's action at server time (`now − game_start_at`) on the run as
 * stored, refusing what the core refuses with its key; an accepted action is logged as
 * `actions/{seq}` in the same transaction, and the run's documents are flushed when due.
 */
export async function applyLeanAction(
  port: DataPort,
  gid: string,
  uid: string,
  fid: FacilityId,
  input: LeanActionInput,
  now: number,
): Promise<LeanActionResult> {
  const game = await loadLeanGame(port, gid);
  const facility = Object.hasOwn(facilitiesOf(game), fid) ? facilitiesOf(game)[fid] : undefined;
  if (!facility || facility.user !== uid || !listOf(game.players).includes(uid)) {
    throw new CallableError('permission-denied', 'lean.facility.notYours');
  }
  const { start, end } = runTimes(game);
  if (start === null || end !== null) throw notRunning();
  // LEAN-AI-5: the computer took the station; its player watches until it is given back.
  if (facility.computer === true)
    throw new CallableError('failed-precondition', 'lean.role.computer');
  const out = await port.docs.runTransaction(
    async (tx) => {
      const run = await readRun(tx, gid);
      if (!run || run.run !== start || run.state.status !== 'running') {
        return { kind: 'issue' as const, issue: 'lean.run.notRunning', left: [] };
      }
      const at = now - start;
      if (at >= run.state.duration) return { kind: 'ending' as const, left: [] };
      const action = { ...input, at, fid } as LeanAction;
      const applied = applyAction(run.state, action);
      if (applied.issue !== undefined) {
        return { kind: 'issue' as const, issue: applied.issue, left: [] };
      }
      const state = applied.state;
      const logged = state.log[state.log.length - 1] as LeanAction;
      const seq = run.seq + 1;
      const doc: LeanActionDoc = {
        run: run.run,
        seq,
        fid,
        uid,
        at: logged.at,
        kind: logged.kind,
        action: logged,
        created_at: now,
      };
      tx.set(actionPath(gid, seq), plain({ ...doc }));
      const left =
        now - run.updatedAt >= FLUSH_MS
          ? writeRun(tx, gid, run.base, state, run.run, seq, now, run.ticks, run.viewKeys)
          : [];
      return {
        kind: 'done' as const,
        left,
        result: { seq, at: logged.at, view: plain(leanPlayerView(state, fid)) },
      };
    },
    { maxAttempts: LEAN_TX_ATTEMPTS },
  );
  if (out.kind === 'ending') {
    await endLeanRun(port, gid, now);
    throw notRunning();
  }
  if (out.kind === 'issue') throw new CallableError('failed-precondition', out.issue);
  await writeProducts(port, gid, out.left);
  return out.result;
}

// ------------------------------------------------------------------ the computer's stations

export interface LeanComputerResult {
  /** Every facility the computer plays after the call (the run's set once it has started). */
  computer: FacilityId[];
}

/**
 * LEAN-AI-5 (the live view's "let the computer take a station"): the computer takes the named
 * facilities (`on`) or gives them back; none named: every facility without a player still in
 * the game. Before the start only the game document's flags change (the start reads them,
 * LEAN-FAC-4). During the run each change is a `setComputer` action applied with the core at
 * server time and logged like a player's, in one transaction with the flags, so the log still
 * replays the run; a player whose station the computer takes keeps it assigned and watches it
 * (its actions are `lean.role.computer`) until it is given back. After the end:
 * `lean.run.notRunning`. The caller is one of the game's admins (checked by the callable).
 */
export async function setLeanComputer(
  port: DataPort,
  gid: string,
  uid: string,
  named: readonly string[],
  on: boolean,
  now: number,
): Promise<LeanComputerResult> {
  const out = await port.docs.runTransaction(
    async (tx) => {
      const game = checkLeanGame((await tx.get(gamePath(gid))).data);
      const facilities = facilitiesOf(game);
      const players = listOf(game.players);
      for (const fid of named) {
        if (!Object.hasOwn(facilities, fid)) throw new CallableError('not-found', 'roleUnknown');
      }
      const targets =
        named.length > 0
          ? [...new Set(named)]
          : Object.entries(facilities)
              .filter(([, f]) => typeof f.user !== 'string' || !players.includes(f.user))
              .map(([fid]) => fid);
      const { start, end } = runTimes(game);
      if (end !== null) throw notRunning();
      const flags: Record<string, unknown> = {};
      for (const fid of targets) flags[`facilities.${fid}.computer`] = on;
      if (start === null) {
        if (targets.length > 0) tx.update(gamePath(gid), flags);
        const after = Object.entries(facilities)
          .filter(([fid, f]) => (targets.includes(fid) ? on : f.computer === true))
          .map(([fid]) => fid);
        return { kind: 'done' as const, computer: after, left: [] };
      }
      const run = await readRun(tx, gid);
      if (!run || run.run !== start || run.state.status !== 'running') throw notRunning();
      const at = now - start;
      if (at >= run.state.duration) return { kind: 'ending' as const, computer: [], left: [] };
      let state = run.state;
      let seq = run.seq;
      for (const fid of targets) {
        if (state.computer.includes(fid) === on) continue;
        const applied = applyAction(state, { at, fid, kind: 'setComputer', on });
        if (applied.issue !== undefined) {
          throw new CallableError('failed-precondition', applied.issue);
        }
        state = applied.state;
        const logged = state.log[state.log.length - 1] as LeanAction;
        seq += 1;
        const doc: LeanActionDoc = {
          run: run.run,
          seq,
          fid,
          uid,
          at: logged.at,
          kind: logged.kind,
          action: logged,
          created_at: now,
        };
        tx.set(actionPath(gid, seq), plain({ ...doc }));
      }
      if (targets.length > 0) tx.update(gamePath(gid), flags);
      const left =
        seq > run.seq && now - run.updatedAt >= FLUSH_MS
          ? writeRun(tx, gid, run.base, state, run.run, seq, now, run.ticks, run.viewKeys)
          : [];
      return { kind: 'done' as const, computer: [...state.computer], left };
    },
    { maxAttempts: LEAN_TX_ATTEMPTS },
  );
  if (out.kind === 'ending') {
    await endLeanRun(port, gid, now);
    throw notRunning();
  }
  await writeProducts(port, gid, out.left);
  return { computer: out.computer };
}

// ------------------------------------------------------------------ reset

async function deleteCollection(port: DataPort, collection: string): Promise<void> {
  for (;;) {
    const docs = await port.docs.query({ collection, limit: DELETE_PAGE });
    if (docs.length === 0) return;
    const batch = port.docs.batch();
    for (const d of docs) batch.delete(d.path);
    await batch.commit();
    if (docs.length < DELETE_PAGE) return;
  }
}

/**
 * LEAN-RUN-6: back to "not started". The start, end and rank, the improvements panel and the
 * computer flags are cleared and the demand's counters zeroed, in one transaction that also
 * deletes the core state (so no action or tick of the old run is accepted any more), the floor
 * and the final stats; then the units, the action log and the facility views are deleted. The
 * configuration (positions, batches, caps, op assignment, settings) and the players stay.
 */
export async function resetLeanRun(port: DataPort, gid: string): Promise<void> {
  await port.docs.runTransaction(async (tx) => {
    const game = checkLeanGame((await tx.get(gamePath(gid))).data);
    const pp = (await tx.get(paramsPath(gid))).data;
    const markSession = await markSessionGame(tx, game, gid, false);
    const update: Record<string, unknown> = {
      'params.game_start_at': null,
      'params.game_end_at': null,
      'params.nextRank': 0,
      // LEAN-RUN-4: what the players' waiting screen shows, from the demand they cannot read.
      'params.coverageMin': leanCoverage(leanConfigFromDocs(game, pp)),
      improvementsPanelBy: null,
      finished: false,
    };
    for (const fid of Object.keys(facilitiesOf(game))) update[`facilities.${fid}.computer`] = false;
    const publicOrders = isRecord(game.params) ? game.params.consumerDemand : undefined;
    if (Array.isArray(publicOrders)) {
      update['params.consumerDemand'] = (publicOrders as LeanOrderInput[]).map(resetOrder);
    }
    if (Array.isArray(pp?.consumerDemand)) {
      tx.set(
        paramsPath(gid),
        { consumerDemand: (pp.consumerDemand as LeanOrderInput[]).map(resetOrder) },
        { merge: true },
      );
    }
    tx.update(gamePath(gid), update);
    tx.delete(statePath(gid));
    tx.delete(floorPath(gid));
    tx.delete(statsPath(gid));
    // The ended run's result leaves the leaderboard with its stats.
    tx.delete(leaderboardPath(gid));
    markSession();
  });
  await deleteCollection(port, `games/${gid}/products`);
  await deleteCollection(port, `games/${gid}/actions`);
  await deleteCollection(port, `games/${gid}/facilities`);
}

// ------------------------------------------------------------------ improvements panel

export type PanelOp = 'open' | 'close' | 'set';

export interface PanelResult {
  improvementsPanelBy: string | null;
  /** Kanban caps raised to a new batch size (LEAN-IMP-2). */
  raised: RaisedCap[];
}

/** The panel's holder still counts: the creator, or a player still in the game. */
function holderActive(game: DocData, holder: unknown): holder is string {
  return (
    typeof holder === 'string' && (holder === game.creator || listOf(game.players).includes(holder))
  );
}

/**
 * LEAN-IMP-0 (Part E Q8, Q13): the improvements panel, before the start only. `open` by an admin
 * or a player with a facility stores its uid in `improvementsPanelBy` (refused while another
 * active holder has it); `close` by the holder or an admin clears it; `set` by the holder or an
 * admin applies a change of listed levers only (`lean.improvement.locked` otherwise), raising
 * kanban caps below a new batch size, and refuses a change that leaves the game invalid.
 */
export async function leanImprovementsPanel(
  port: DataPort,
  gid: string,
  uid: string,
  admin: boolean,
  op: PanelOp,
  change: LeanImprovementChange | undefined,
): Promise<PanelResult> {
  return port.docs.runTransaction(async (tx) => {
    const game = checkLeanGame((await tx.get(gamePath(gid))).data);
    const player = Object.values(facilitiesOf(game)).some(
      (f) => f.user === uid && listOf(game.players).includes(uid),
    );
    if (!admin && !player) throw new CallableError('permission-denied', 'gameNotPlayer');
    if (runTimes(game).start !== null) {
      throw new CallableError('failed-precondition', 'lean.improvement.started');
    }
    const holder = game.improvementsPanelBy;
    const heldByOther = holderActive(game, holder) && holder !== uid;
    if (op === 'open') {
      if (heldByOther)
        throw new CallableError('failed-precondition', 'lean.improvement.panelTaken');
      if (holder !== uid) tx.update(gamePath(gid), { improvementsPanelBy: uid });
      return { improvementsPanelBy: uid, raised: [] };
    }
    if (op === 'close') {
      if (heldByOther && !admin) {
        throw new CallableError('failed-precondition', 'lean.improvement.panelTaken');
      }
      if (holder !== null && holder !== undefined) {
        tx.update(gamePath(gid), { improvementsPanelBy: null });
      }
      return { improvementsPanelBy: null, raised: [] };
    }
    // set: the holder, or an admin (the creator may write while a player holds the panel).
    if (!admin && holder !== uid) {
      throw new CallableError('failed-precondition', 'lean.improvement.notOpen');
    }
    const levers = leversOf(change ?? {});
    if (levers.length === 0)
      throw new CallableError('invalid-argument', 'lean.improvement.invalid');
    const gp = isRecord(game.params) ? game.params : {};
    const listed = listOf(gp.improvements);
    if (levers.some((l) => !listed.includes(l))) {
      throw new CallableError('permission-denied', 'lean.improvement.locked');
    }
    const pp = (await tx.get(paramsPath(gid))).data;
    const config = leanConfigFromDocs(game, pp);
    const applied = applyImprovementChange(config, change ?? {});
    if (applied.unknown.length > 0 || validateLeanConfig(applied.config).length > 0) {
      throw new CallableError('invalid-argument', 'lean.improvement.invalid');
    }
    const update: Record<string, unknown> = {};
    const touched = new Set<string>([
      ...Object.keys(change?.positions ?? {}),
      ...Object.keys(change?.batchSize ?? {}),
      ...Object.keys(change?.wipInMax ?? {}),
      ...Object.keys(change?.wipOutMax ?? {}),
      ...applied.raised.map((r) => r.fid),
    ]);
    for (const fid of touched) {
      const f = applied.config.facilities[fid];
      if (!f) continue;
      for (const field of ['position', 'batchSize', 'wipInMax', 'wipOutMax'] as const) {
        if (f[field] !== undefined) update[`facilities.${fid}.${field}`] = f[field];
      }
    }
    if (change?.opAssignment !== undefined) {
      update['params.opAssignment'] = applied.config.params.opAssignment ?? {};
    }
    for (const s of levers) {
      const value = change?.[s as keyof LeanImprovementChange];
      if (typeof value === 'boolean') update[`params.settings.${s}`] = value;
    }
    tx.update(gamePath(gid), update);
    return {
      improvementsPanelBy: typeof holder === 'string' ? holder : null,
      raised: applied.raised,
    };
  });
}
