/**
 * The backend's work on a beer game (docs/games/beer-documents.md): loading a game, roles,
 * building the core state from the documents, and processing a week inside one transaction
 * whose precondition is the week number, so any number of concurrent calls advance a week once.
 * Used by the beer callables and the week-timer task.
 */
import type { DataPort, DocData, Transaction } from '@sim/core/port/data-port';
import type { BeerState } from '@sim/core/beer/engine';
import { advanceWeek, BeerConfigError, setAllocations } from '@sim/core/beer/engine';
import {
  DEFAULT_COMPUTER_POLICY,
  facilityDoc,
  initialStateFromDocs,
  plain,
  stateDoc,
  stateFromDoc,
  weekOrders,
} from '@sim/core/beer/game-docs';
import { hasStarted, lineupOf, teamComplete, type Lineup } from '@sim/core/beer/lineup';
import { debriefMetrics } from '@sim/core/beer/metrics';
import { BEER_BOUNDS } from '@sim/core/beer/model';
import type { Policy } from '@sim/core/beer/policies';
import type { TeamComposition } from '@sim/core/templates/types';
import { CallableError, type CallerAuth } from '../callable';
import { packedStateFields, unpackedState } from '../data/packed-state';
import { leaderboardPath, prepareLeaderboardEntry } from './leaderboard';
import { inboxPath, messagePath, writeDueMessages } from './messages';
import { checkWeekOrder, writeWeekOrder, type OrderOutcome, type WeekOrder } from './week-order';

export const gamePath = (gid: string): string => `games/${gid}`;
export const statePath = (gid: string): string => `games/${gid}/private/state`;
export const paramsPath = (gid: string): string => `games/${gid}/private/params`;
export const facilityPath = (gid: string, fid: string): string => `games/${gid}/facilities/${fid}`;
export const statsPath = (gid: string): string => `games/${gid}/stats/final`;
/**
 * Characters of state JSON above which `private/state` and `stats/final` store it gzipped: from
 * about week 8 of a four-role game. The state holds every week so far and is rewritten at each
 * turn; gzipped it is about a seventeenth and writes in a third of the time (decision 0037).
 */
export const BEER_STATE_GZIP_ABOVE = 16_384;

/**
 * A validated quantity as the week uses it: a number within the spec's order bounds (0…999; the
 * core then applies the capability's MOQ, batch and `maxOrderQty`), or null when it is not a
 * number at all (the computer orders instead). The access policy refuses anything else, but the
 * creator writes the facility documents when the game is created, and rules can be bypassed.
 */
export function boundedOrderQty(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const { min, max } = BEER_BOUNDS.quantity;
  return Math.min(max, Math.max(min, value));
}

/** Transactions of a week: players validating at once make them retry. */
export const WEEK_TX_ATTEMPTS = 25;

/** Schedules the week timer (a Cloud Task in production; a recorder in tests). */
export interface WeekTimer {
  schedule(gid: string, week: number, at: number): Promise<void>;
}

export const noTimer: WeekTimer = { schedule: () => Promise.resolve() };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The game's facilities by id. Without a prototype, so an id sent by a client ('constructor',
 * 'toString'…) is never taken for a facility; look one up with `facilityIn`.
 */
export function facilitiesOf(game: DocData): Record<string, Record<string, unknown>> {
  const out = Object.create(null) as Record<string, Record<string, unknown>>;
  if (!isRecord(game.facilities)) return out;
  for (const [id, f] of Object.entries(game.facilities)) if (isRecord(f)) out[id] = f;
  return out;
}

/** The facility `fid` of these facilities, only if it is one of their own keys. */
export function facilityIn(
  facilities: Record<string, Record<string, unknown>>,
  fid: string,
): Record<string, unknown> | undefined {
  return Object.hasOwn(facilities, fid) ? facilities[fid] : undefined;
}

export function listOf(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** The game, or `messGameUnknown` when missing, deleted, not a beer game or without facilities. */
export function checkGame(data: DocData | undefined): DocData {
  if (
    !data ||
    data.deleted === true ||
    (data.type !== undefined && data.type !== 'beergame') ||
    Object.keys(facilitiesOf(data)).length === 0
  ) {
    throw new CallableError('not-found', 'messGameUnknown');
  }
  return data;
}

export async function loadGame(port: DataPort, gid: string): Promise<DocData> {
  return checkGame((await port.docs.get(gamePath(gid))).data);
}

export function requireAuth(auth: CallerAuth | null): CallerAuth {
  if (!auth) throw new CallableError('unauthenticated', 'errorUnauthenticated');
  return auth;
}

/** Spec §6: the game's creator, a member of its team, or an admin of its session. */
export async function isGameAdmin(port: DataPort, game: DocData, uid: string): Promise<boolean> {
  if (game.creator === uid) return true;
  const isMember = async (tid: unknown): Promise<boolean> => {
    if (typeof tid !== 'string' || tid === '' || tid.includes('/')) return false;
    const team = (await port.docs.get(`teams/${tid}`)).data;
    return (
      isRecord(team?.members) && Object.hasOwn(team.members, uid) && isRecord(team.members[uid])
    );
  };
  if (await isMember(game.team)) return true;
  const sid = game.session;
  if (typeof sid !== 'string' || sid === '' || sid.includes('/')) return false;
  const session = (await port.docs.get(`sessions/${sid}`)).data;
  if (!session) return false;
  return session.creator === uid || (await isMember(session.team));
}

export async function requireAdmin(port: DataPort, game: DocData, uid: string): Promise<void> {
  if (!(await isGameAdmin(port, game, uid))) {
    throw new CallableError('permission-denied', 'gameNotAdmin');
  }
}

/** The facility the user holds in this game (user == uid and uid in players), or null. */
export function roleOf(game: DocData, uid: string): string | null {
  if (!listOf(game.players).includes(uid)) return null;
  for (const [id, f] of Object.entries(facilitiesOf(game))) if (f.user === uid) return id;
  return null;
}

/** Facilities a human plays: a user who is still in `players`, not handed to the computer. */
export function humanFacilities(game: DocData): string[] {
  const players = listOf(game.players);
  return Object.entries(facilitiesOf(game))
    .filter(
      ([, f]) => typeof f.user === 'string' && players.includes(f.user) && f.computer !== true,
    )
    .map(([id]) => id);
}

/** The game's roles by seat: human, computer, awaited or free (BEER-SEAT-1). */
export function lineup(game: DocData): Lineup {
  const roles = Object.entries(facilitiesOf(game)).map(([id, f]) => ({
    id,
    user: f.user,
    computer: f.computer,
  }));
  return lineupOf(roles, listOf(game.players), hasStarted(game));
}

/** Roles nobody plays in a game that waits for its players: they hold the week (BEER-SEAT-3). */
export function awaitedFacilities(game: DocData): string[] {
  return lineup(game).awaited;
}

const COMPOSITIONS: readonly TeamComposition[] = ['maintainall', 'random', 'nolobby'];

/**
 * The game's team as the session knows it (BEER-SEAT-5): the session's composition and the
 * number of lobby players in the game's team. Nothing is known outside a session.
 */
async function teamOf(
  port: DataPort,
  game: DocData,
): Promise<{ composition: TeamComposition | null; members: number }> {
  const sid = game.session;
  if (typeof sid !== 'string' || sid === '' || sid.includes('/')) {
    return { composition: null, members: 0 };
  }
  const session = (await port.docs.get(`sessions/${sid}`)).data;
  if (!session || session.deleted === true) return { composition: null, members: 0 };
  const stored = session.teamComposition;
  // The session pages read a missing or unknown composition as 'maintainall'.
  const composition = COMPOSITIONS.find((c) => c === stored) ?? 'maintainall';
  const team = game.teamNumber;
  if (composition === 'nolobby' || typeof team !== 'number' || !Number.isSafeInteger(team)) {
    return { composition, members: 0 };
  }
  const members = await port.docs.query({
    collection: `sessions/${sid}/players`,
    where: [{ field: 'team', op: '==', value: team }],
  });
  return { composition, members: members.length };
}

/**
 * Starts a game that waits for its players once its team is complete (BEER-SEAT-5): marks it
 * started by its team and arms the week's timer when one runs. Returns the game as it is now
 * (unchanged when it has started already or its team is not complete).
 */
export async function startIfTeamComplete(
  port: DataPort,
  gid: string,
  game: DocData,
  now: number,
  timer: WeekTimer,
): Promise<DocData> {
  // Without a human nothing can complete the team: no reads.
  if (hasStarted(game) || game.finished === true || lineup(game).human.length === 0) return game;
  const team = await teamOf(port, game);
  const out = await port.docs.runTransaction(async (tx) => {
    const fresh = checkGame((await tx.get(gamePath(gid))).data);
    if (hasStarted(fresh) || fresh.finished === true) return { game: fresh, deadline: null };
    if (!teamComplete(lineup(fresh), team.composition, team.members)) {
      return { game: fresh, deadline: null };
    }
    const started: DocData = { ...fresh, started: true, startedBy: 'team' };
    const deadline =
      typeof fresh.turnDeadline === 'number' ? null : deadlineFor(started, false, now);
    const update: Record<string, unknown> = { started: true, startedBy: 'team' };
    if (deadline !== null) update.turnDeadline = deadline;
    tx.update(gamePath(gid), update);
    return { game: { ...started, ...update }, deadline };
  });
  if (out.deadline !== null) {
    const week = typeof out.game.week === 'number' ? out.game.week : 1;
    await timer.schedule(gid, week, out.deadline);
  }
  return out.game;
}

/** Facilities a player holds (a user still in `players`), whether or not the computer plays them. */
function heldFacilities(game: DocData): Set<string> {
  const players = listOf(game.players);
  return new Set(
    Object.entries(facilitiesOf(game))
      .filter(([, f]) => typeof f.user === 'string' && players.includes(f.user))
      .map(([id]) => id),
  );
}

function configError(err: unknown): never {
  if (err instanceof BeerConfigError) {
    throw new CallableError('failed-precondition', 'gameConfigInvalid');
  }
  throw err;
}

/** The core state and the computer policy, built from the documents when not stored yet. */
export async function readState(
  tx: Transaction,
  gid: string,
  game: DocData,
): Promise<{ state: BeerState; policy: Policy; built: boolean }> {
  const snap = await tx.get(statePath(gid));
  const stored = stateFromDoc(unpackedState(snap.data));
  if (stored) {
    const policy = isRecord(snap.data?.policy)
      ? (snap.data.policy as unknown as Policy)
      : DEFAULT_COMPUTER_POLICY;
    return { state: stored, policy, built: false };
  }
  const params = (await tx.get(paramsPath(gid))).data;
  let state: BeerState;
  try {
    state = initialStateFromDocs(game, params);
  } catch (err) {
    configError(err);
  }
  const policy = isRecord(params?.computerPolicy)
    ? (params.computerPolicy as unknown as Policy)
    : DEFAULT_COMPUTER_POLICY;
  return { state, policy, built: true };
}

export function writeState(
  tx: Transaction,
  gid: string,
  state: BeerState,
  policy: Policy,
  now: number,
): void {
  const doc = stateDoc(state, now);
  tx.set(statePath(gid), {
    ...doc,
    ...packedStateFields(doc.state, BEER_STATE_GZIP_ABOVE),
    policy: plain(policy),
  });
}

/**
 * The deadline of a new week when the game's timer runs, else null. The timer does not run while
 * the game waits for its players (BEER-SEAT-3).
 */
export function deadlineFor(game: DocData, finished: boolean, now: number): number | null {
  const params = isRecord(game.params) ? game.params : {};
  const timer = typeof params.timer === 'number' ? params.timer : 0;
  if (finished || game.paused === true || params.playTimer !== true || timer <= 0) return null;
  if (awaitedFacilities(game).length > 0) return null;
  return now + timer * 1000;
}

/**
 * Spec §3 `session.games[].finished`: the session's entry of this game, marked finished (or not,
 * after a reset), in the transaction that ends or restarts the game, so the rounds dropdown and
 * the follow-up never miss it. Reads the session now; the returned function writes it once the
 * transaction's other reads are done. A game without a session (or a session that no longer
 * lists it) changes nothing.
 */
export async function markSessionGame(
  tx: Transaction,
  game: DocData,
  gid: string,
  finished: boolean,
): Promise<() => void> {
  const sid = game.session;
  const unchanged = () => undefined;
  if (typeof sid !== 'string' || sid === '' || sid.includes('/')) return unchanged;
  const path = `sessions/${sid}`;
  const games: unknown = (await tx.get(path)).data?.games;
  if (!Array.isArray(games)) return unchanged;
  let changed = false;
  const next = games.map((g: unknown) => {
    if (!isRecord(g) || g.gid !== gid || (g.finished === true) === finished) return g;
    changed = true;
    return { ...g, finished };
  });
  return changed ? () => tx.update(path, { games: next }) : unchanged;
}

export type AdvanceMode =
  /** Only when every human facility has validated and no role is awaited. */
  | 'validated'
  /** The week's timer ran out: roles that did not validate get computer orders. */
  | 'timeout'
  /** An admin forces the week (computer orders for roles that did not validate or are awaited). */
  | 'force';

export interface AdvanceResult {
  advanced: boolean;
  week: number;
  finished: boolean;
  /** Human facilities that have not validated yet (empty once advanced). */
  waitingFor: string[];
  /** Roles awaiting a player while the game waits for its players (BEER-SEAT-3). */
  awaiting: string[];
  paused: boolean;
  /** The new week's deadline, when a timer runs. */
  deadline: number | null;
}

/**
 * Processes the game's current week if it can (see `AdvanceMode`), in one transaction on
 * `private/state` whose precondition is the week (the state's own week), together with the
 * facility documents (the validated quantities). The game document is read before the
 * transaction (who plays, paused, the timer) and written, not read, inside it, so that the
 * players' validation mirrors never make the week's transaction retry. When the week cannot
 * advance, the facilities' validation flags are mirrored on the public document instead.
 * A game that waits for its players starts first if its team is complete (BEER-SEAT-5); while it
 * still waits, only 'force' turns its week (BEER-SEAT-3). Schedules the new week's timer after
 * the commit.
 *
 * With `order` (placeOrder), the player's order is checked against its facility document and
 * recorded in the same transaction, before the week is judged: the order that completes a week
 * turns it in the same commit, and an order for a week that has turned is refused with nothing
 * written (`checkWeekOrder`).
 */
export async function processWeek(
  port: DataPort,
  gid: string,
  opts: {
    mode: AdvanceMode;
    /** The week the caller saw; another week means someone else already moved it. */
    expectedWeek?: number;
    now: number;
    timer: WeekTimer;
    /** The game document when the caller has just read it. */
    game?: DocData;
    /** A player's order to record first (its holder, pause and computer already checked). */
    order?: WeekOrder;
  },
): Promise<AdvanceResult> {
  const read = opts.game ?? checkGame((await port.docs.get(gamePath(gid))).data);
  const game = await startIfTeamComplete(port, gid, read, opts.now, opts.timer);
  const fids = Object.keys(facilitiesOf(game));
  const pub = facilitiesOf(game);
  const humans = new Set(humanFacilities(game));
  const awaiting = awaitedFacilities(game);
  const paused = game.paused === true;
  const result = await port.docs.runTransaction<AdvanceResult>(
    async (tx) => {
      // The facility documents first: the backend rewrites them all when a week advances, so
      // they are the week's precondition for a call that only mirrors the validations; the
      // state (larger) is read only when the week may advance.
      const docs = await Promise.all(fids.map((fid) => tx.get(facilityPath(gid, fid))));
      const docWeek = docs.find((d) => typeof d.data?.week === 'number')?.data?.week;
      const gameWeek = typeof game.week === 'number' ? game.week : 1;
      const week = typeof docWeek === 'number' ? docWeek : gameWeek;
      const docsFinished = docs.some((d) => d.data?.status === 'finished');
      const base = { week, paused, deadline: null, waitingFor: [] as string[], awaiting };
      if (docsFinished || game.finished === true) {
        if (opts.order) throw new CallableError('failed-precondition', 'orderGameFinished');
        return { ...base, finished: true, advanced: false };
      }
      if (opts.expectedWeek !== undefined && opts.expectedWeek !== week) {
        return { ...base, finished: false, advanced: false };
      }
      // The facility documents as the week sees them: the caller's order applied to its own.
      const datas = docs.map((d) => d.data);
      const order = opts.order;
      let outcome: OrderOutcome | null = null;
      if (order) {
        const own = fids.indexOf(order.fid);
        outcome = await checkWeekOrder(tx, gid, order, docs[own]);
        if (outcome.kind === 'counted') return { ...base, finished: false, advanced: false };
        if (outcome.kind === 'new') datas[own] = outcome.facility;
      }
      /** The order's documents, and its validation unless the week turns (null). */
      const recordOrder = (validationPath: string | null) => {
        if (order && outcome) writeWeekOrder(tx, gid, order, outcome, validationPath, opts.now);
      };
      const ownPath = order ? facilityPath(gid, order.fid) : null;
      const validated = Object.create(null) as Record<string, Record<string, number>>;
      const waitingFor: string[] = [];
      const mirror: Record<string, unknown> = {};
      fids.forEach((fid, i) => {
        const d = datas[i];
        // Counted only for the week it names (the access policy refuses any other).
        const ok = d?.validatedOrder === true && d.week === week && d.validatedWeek === week;
        if ((pub[fid]?.validatedOrder === true) !== ok) {
          mirror[`facilities.${fid}.validatedOrder`] = ok;
        }
        if (!humans.has(fid)) return;
        if (!ok) {
          waitingFor.push(fid);
          return;
        }
        const q = Object.create(null) as Record<string, number>;
        const caps = isRecord(d?.capabilities) ? d.capabilities : {};
        for (const [cid, c] of Object.entries(caps)) {
          const qty = isRecord(c) ? boundedOrderQty(c.validatedOrderQty) : null;
          if (qty !== null) q[cid] = qty;
        }
        validated[fid] = q;
      });
      // Awaited roles hold the week against validations and the timer, not against an admin.
      const canAdvance =
        opts.mode === 'force' ||
        (!paused && awaiting.length === 0 && (opts.mode === 'timeout' || waitingFor.length === 0));
      const missing = docs.some((d) => !d.exists);
      if (!canAdvance && !missing) {
        recordOrder(ownPath);
        if (opts.mode === 'timeout') mirror.turnDeadline = null;
        if (Object.keys(mirror).length > 0) tx.update(gamePath(gid), mirror);
        return { ...base, finished: false, advanced: false, waitingFor };
      }
      // The state, with the week as precondition (built from the documents the first time).
      const { state, policy, built } = await readState(tx, gid, game);
      if (state.status === 'finished' || state.week !== week || !canAdvance) {
        if (order && state.status === 'finished') {
          throw new CallableError('failed-precondition', 'orderGameFinished');
        }
        // The state disagrees with the facility documents: no order is counted for either week.
        if (order && state.week !== order.week) {
          throw new CallableError('failed-precondition', 'orderWeekTurned');
        }
        recordOrder(ownPath);
        if (built) {
          writeState(tx, gid, state, policy, opts.now);
          Object.assign(mirror, writeDueMessages(tx, gid, game, state, 1));
        }
        fids.forEach((fid, i) => {
          if (built && !docs[i]?.exists) {
            tx.set(facilityPath(gid, fid), { ...facilityDoc(state, fid, opts.now) });
          }
        });
        if (opts.mode === 'timeout') mirror.turnDeadline = null;
        if (Object.keys(mirror).length > 0) tx.update(gamePath(gid), mirror);
        return {
          ...base,
          week: state.week,
          finished: state.status === 'finished',
          advanced: false,
          waitingFor,
        };
      }
      const next = advanceWeek(state, weekOrders(state, validated, policy));
      const done = next.status === 'finished';
      const deadline = deadlineFor(game, done, opts.now);
      const markSession = done ? await markSessionGame(tx, game, gid, true) : () => undefined;
      const rank = done
        ? await prepareLeaderboardEntry(
            tx,
            gid,
            { demo: game.demo === true, facilities: pub, humans: [...humans] },
            next,
            policy,
            opts.now,
          )
        : () => undefined;
      writeState(tx, gid, next, policy, opts.now);
      markSession();
      rank();
      // The facility document is rewritten below for the new week: only the order documents.
      recordOrder(null);
      const update: Record<string, unknown> = {
        week: next.week,
        finished: done,
        turnDeadline: deadline,
      };
      const held = heldFacilities(game);
      for (const fid of fids) {
        tx.set(facilityPath(gid, fid), {
          ...facilityDoc(next, fid, opts.now),
          // Tells the player that the orders of the week just played were the computer's (the
          // timer ran out, an admin forced the week, or the role was handed to the computer).
          computerOrderedWeek: held.has(fid) && !Object.hasOwn(validated, fid) ? week : null,
        });
        update[`facilities.${fid}.validatedOrder`] = false;
      }
      // Messages due at the new week (scheduled, thresholds passed), each sent once.
      Object.assign(update, writeDueMessages(tx, gid, game, next, next.week));
      if (done) {
        tx.set(statsPath(gid), {
          game_id: gid,
          ...packedStateFields(JSON.stringify(next), BEER_STATE_GZIP_ABOVE),
          debrief: plain(debriefMetrics(next)),
          finished_at: opts.now,
        });
      }
      tx.update(gamePath(gid), update);
      return {
        advanced: true,
        week: next.week,
        finished: done,
        paused,
        deadline,
        waitingFor: [],
        awaiting,
      };
    },
    { maxAttempts: WEEK_TX_ATTEMPTS },
  );
  if (result.advanced && result.deadline !== null) {
    await opts.timer.schedule(gid, result.week, result.deadline);
  }
  return result;
}

/** The game's timer runs but this week has no deadline yet. */
export function needsDeadline(game: DocData): boolean {
  return (
    typeof game.turnDeadline !== 'number' && deadlineFor(game, game.finished === true, 0) !== null
  );
}

/**
 * Arms the current week's timer when the game's timer runs and no deadline is set (the creator
 * turned the timer on, or unpaused). Returns the deadline, or null.
 */
export async function armTimer(
  port: DataPort,
  gid: string,
  now: number,
  timer: WeekTimer,
): Promise<number | null> {
  const armed = await port.docs.runTransaction(async (tx) => {
    const game = checkGame((await tx.get(gamePath(gid))).data);
    if (typeof game.turnDeadline === 'number') return null;
    const deadline = deadlineFor(game, game.finished === true, now);
    if (deadline === null) return null;
    tx.update(gamePath(gid), { turnDeadline: deadline });
    return { week: typeof game.week === 'number' ? game.week : 1, deadline };
  });
  if (!armed) return null;
  await timer.schedule(gid, armed.week, armed.deadline);
  return armed.deadline;
}

/**
 * Rebuilds the game from its documents at week 1 (resetBeerGame), or only writes the state and
 * the missing facility documents when no state is stored yet (`onlyIfMissing`).
 */
export async function rebuildGame(
  port: DataPort,
  gid: string,
  now: number,
  onlyIfMissing: boolean,
): Promise<BeerState | null> {
  return port.docs.runTransaction(async (tx) => {
    const game = checkGame((await tx.get(gamePath(gid))).data);
    const fids = Object.keys(facilitiesOf(game));
    if (onlyIfMissing) {
      const { state, policy, built } = await readState(tx, gid, game);
      if (!built) return null;
      const docs = await Promise.all(fids.map((fid) => tx.get(facilityPath(gid, fid))));
      writeState(tx, gid, state, policy, now);
      fids.forEach((fid, i) => {
        if (!docs[i]?.exists) tx.set(facilityPath(gid, fid), { ...facilityDoc(state, fid, now) });
      });
      const sentTo = writeDueMessages(tx, gid, game, state, 1);
      if (Object.keys(sentTo).length > 0) tx.update(gamePath(gid), sentTo);
      return state;
    }
    const params = (await tx.get(paramsPath(gid))).data;
    let state: BeerState;
    try {
      state = initialStateFromDocs(game, params);
    } catch (err) {
      configError(err);
    }
    const policy = isRecord(params?.computerPolicy)
      ? (params.computerPolicy as unknown as Policy)
      : DEFAULT_COMPUTER_POLICY;
    const markSession = await markSessionGame(tx, game, gid, false);
    writeState(tx, gid, state, policy, now);
    markSession();
    const update: Record<string, unknown> = {
      week: state.week,
      finished: false,
      turnDeadline: null,
    };
    for (const fid of fids) {
      tx.set(facilityPath(gid, fid), { ...facilityDoc(state, fid, now) });
      update[`facilities.${fid}.validatedOrder`] = false;
    }
    // A new run: the threshold messages are sent again (sentTo cleared), then this week's.
    const gp = isRecord(game.params) ? game.params : {};
    const messages = isRecord(gp.configMessages) ? { ...gp.configMessages } : null;
    if (messages) {
      for (const field of ['backlogMessage', 'stockMessage']) {
        const m = messages[field];
        if (!isRecord(m)) continue;
        messages[field] = { ...m, sentTo: [] };
        update[`params.configMessages.${field}.sentTo`] = [];
      }
    }
    const fresh = messages ? { ...game, params: { ...gp, configMessages: messages } } : game;
    Object.assign(update, writeDueMessages(tx, gid, fresh, state, 1));
    tx.update(gamePath(gid), update);
    tx.delete(statsPath(gid));
    // The finished run's result leaves the leaderboard with its stats.
    tx.delete(leaderboardPath(gid));
    return state;
  });
}

/** Page size of the deletions of `deleteSentMessages`. */
const DELETE_PAGE = 400;

/**
 * Deletes the messages the backend sent (documents with a `source`) and every facility's inbox,
 * before a reset sends them again. Messages written by the creator stay.
 */
export async function deleteSentMessages(port: DataPort, gid: string): Promise<void> {
  const game = (await port.docs.get(gamePath(gid))).data;
  const paths: string[] = [];
  const sent = await port.docs.query({ collection: `games/${gid}/messages` });
  for (const m of sent) if (typeof m.data?.source === 'string') paths.push(messagePath(gid, m.id));
  for (const fid of Object.keys(game ? facilitiesOf(game) : {})) {
    const inbox = await port.docs.query({ collection: `games/${gid}/facilities/${fid}/inbox` });
    for (const m of inbox) paths.push(inboxPath(gid, fid, m.id));
  }
  for (let i = 0; i < paths.length; i += DELETE_PAGE) {
    const batch = port.docs.batch();
    for (const path of paths.slice(i, i + DELETE_PAGE)) batch.delete(path);
    await batch.commit();
  }
}

/** Replaces the manual allocations on the game and in the state, in one transaction. */
export async function storeAllocations(
  port: DataPort,
  gid: string,
  allocations: Record<string, Record<string, Record<string, number>>> | null,
  now: number,
): Promise<void> {
  await port.docs.runTransaction(async (tx) => {
    const game = checkGame((await tx.get(gamePath(gid))).data);
    const { state, policy } = await readState(tx, gid, game);
    writeState(tx, gid, setAllocations(state, allocations ?? undefined), policy, now);
    tx.update(gamePath(gid), { allocations });
  });
}
