/**
 * The documents of a lean game (docs/games/lean-documents.md, decision 0012), built from an
 * editable configuration, and the documents a run changes, built from its states. Shared by the
 * SPA (game creation, the editor, copies) and the functions (the backend is the only writer of a
 * run's documents). Pure: ids, uids and times are arguments.
 *
 * Secrecy (LEAN-VIS-1..5): rules cannot hide fields inside a document, so the configuration is
 * split. The public game document holds everything a player may know; the seed and the demand
 * (future orders included) go to `private/params`; the run's core state, with every hidden
 * defect, to `private/state`. What players read during a run is a view the core computes
 * (`leanPlayerView`), one document per facility; the view with defect flags is the floor document
 * of the creator and observers. Unit documents (`products/{rank}`) carry no defect flag and are
 * written when the unit leaves the line, so they never tell where units of other stations are.
 */
import { coverageMinute } from './clock';
import { leanDebrief, type LeanDebrief } from './debrief';
import { computerAtStart, type LeanIssue } from './engine';
import {
  LEAN_DEFAULTS,
  normalizeLeanGame,
  type FacilityId,
  type LeanAction,
  type LeanFacilityInput,
  type LeanGame,
  type LeanGameInput,
  type LeanOrderInput,
  type LeanParamsInput,
  type LeanState,
  type LeanUnit,
  type OrderCounters,
  type TimeMetrics,
  type Zone,
} from './model';
import { validateLeanGame, type ValidationIssue } from './validate';
import { leanPlayerView, type LeanPlayerView, type LeanUnitOpView } from './view';

export type { ValidationIssue } from './validate';

// ------------------------------------------------------------------ configuration

/** Parameters that never go into the public game document. */
export const LEAN_SECRET_PARAMS = ['seed', 'consumerDemand', 'answers'] as const;
/**
 * Public parameters derived from the secret ones, rewritten wherever the game is written:
 * `coverageMin`, LEAN-RUN-4's coverage minute, which players see before the start although
 * the demand it comes from stays in `private/params`.
 */
export const LEAN_DERIVED_PARAMS = ['coverageMin'] as const;
/** Parameters of the run itself (spec §3), reset by a copy and by `resetLeanGame`. */
export const LEAN_RUN_PARAMS = ['game_start_at', 'game_end_at', 'nextRank'] as const;

/** Every issue key of a refused action (LEAN-EVT-5); each has a text in `locales/<lang>/errors.json`. */
const ACTION_ISSUES: Readonly<Record<LeanIssue, true>> = {
  'lean.desk.busy': true,
  'lean.load.refused': true,
  'lean.move.nothing': true,
  'lean.kanban.auto': true,
  'lean.heijunka.auto': true,
  'lean.pokayoke.wrongTool': true,
  'lean.op.notAllowed': true,
  'lean.unit.notHere': true,
  'lean.order.notOpen': true,
  'lean.order.noNeed': true,
  'lean.run.notRunning': true,
  'lean.facility.notYours': true,
};
export const LEAN_ACTION_ISSUES = Object.keys(ACTION_ISSUES) as readonly LeanIssue[];

/** A configuration that does not validate (issues: translation keys and paths). */
export class LeanConfigError extends Error {
  constructor(readonly issues: ValidationIssue[]) {
    super(`invalid lean game: ${issues.map((i) => `${i.key}@${i.path}`).join(', ')}`);
    this.name = 'LeanConfigError';
  }
}

/** A JSON copy: drops undefined fields, as every document store does. */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const ZERO_COUNTERS: OrderCounters = {
  fulfilled_at: null,
  fulfilled_qty: 0,
  defectOpes: 0,
  defectProducts: 0,
  lateProducts: 0,
  otifProducts: 0,
  prod_started_qty: 0,
};

/** An order as configured, its fulfilment counters back to zero (LEAN-RUN-6). */
export function resetOrder(o: LeanOrderInput): LeanOrderInput {
  const out: LeanOrderInput = {
    created_min: o.created_min,
    template_id: o.template_id,
    qty: o.qty,
    ...ZERO_COUNTERS,
  };
  if (o.due_min !== undefined) out.due_min = o.due_min;
  return out;
}

/**
 * LEAN-RUN-4: the coverage minute of a configuration (its demand and initial stock), published
 * on the public game document as `params.coverageMin`.
 */
export function leanCoverage(config: LeanGameInput): number {
  return coverageMinute(normalizeLeanGame(config));
}

/** Checks a configuration (design B.16); translation keys with paths, never sentences. */
export function validateLeanConfig(config: LeanGameInput): ValidationIssue[] {
  return validateLeanGame(normalizeLeanGame(config));
}

/**
 * A configuration reset as a copy of the game starts (spec §4, LEAN-RUN-6): no run (start, end,
 * rank), the demand's counters at zero, no players. Positions, batches, caps, op assignment and
 * improvement settings are kept.
 */
export function resetLeanConfig(config: LeanGameInput): LeanGameInput {
  const c = plain(config);
  const params: LeanParamsInput = {
    ...c.params,
    game_start_at: null,
    game_end_at: null,
    nextRank: 0,
    consumerDemand: (c.params.consumerDemand ?? []).map(resetOrder),
  };
  const facilities: Record<FacilityId, LeanFacilityInput> = {};
  for (const [id, f] of Object.entries(c.facilities)) facilities[id] = { ...f, user: null };
  return { ...c, params, facilities };
}

// ------------------------------------------------------------------ documents of a game

/** A facility on the public game document: its configuration and who plays it. */
export interface LeanPublicFacility extends LeanFacilityInput {
  id: FacilityId;
  type: string;
  user: string | null;
  playerName: string | null;
  /** Played by the computer in the run (set when the run starts, LEAN-FAC-4). */
  computer: boolean;
}

/** `games/{gid}.params`: the configuration without its secrets, and the run's times. */
export type LeanPublicParams = Omit<
  LeanParamsInput,
  'seed' | 'consumerDemand' | 'totalDuration'
> & {
  consumerDemandParams: { visibility: boolean; totalDuration: number; dueDelay?: number };
  /** LEAN-RUN-4: the coverage minute, derived from the secret demand (`LEAN_DERIVED_PARAMS`). */
  coverageMin: number;
  /** Epoch ms of the start and the end of the run (LEAN-RUN-1); null before. */
  game_start_at: number | null;
  game_end_at: number | null;
  /** The next unit's rank; written when the run ends. */
  nextRank: number;
};

/** `games/{gid}` of a lean game (public: anyone may get it). */
export interface LeanGameDoc {
  id: string;
  type: 'leangame';
  name: string;
  creator: string;
  creatorName: string;
  team: string | null;
  session: string | null;
  roundNumber: number | null;
  teamNumber: number | null;
  created_at: number;
  draft: boolean;
  archived: boolean;
  deleted: boolean;
  /** True once the run has ended. */
  finished: boolean;
  players: string[];
  observers: string[];
  /** The uid of whoever has the improvements panel open (LEAN-IMP-0), or null. */
  improvementsPanelBy: string | null;
  params: LeanPublicParams;
  facilities: Record<FacilityId, LeanPublicFacility>;
}

/** `games/{gid}/private/params`: the game's secrets (the game's admins read them). */
export interface LeanPrivateParams {
  seed: number;
  /** Every order, future ones included, with the counters of the last run (LEAN-DEM-6). */
  consumerDemand: LeanOrderInput[];
  /** Quiz answers per question id. */
  answers: Record<string, unknown>;
}

/** The public and the secret parts of a configuration. */
export function splitLeanConfig(config: LeanGameInput): {
  params: LeanPublicParams;
  facilities: Record<FacilityId, LeanPublicFacility>;
  privateParams: LeanPrivateParams;
} {
  const c = plain(config) as LeanGameInput & { type?: unknown };
  const p: Record<string, unknown> = { ...c.params };
  const cdp = isRecord(p.consumerDemandParams) ? p.consumerDemandParams : {};
  const totalDuration =
    typeof cdp.totalDuration === 'number'
      ? cdp.totalDuration
      : typeof p.totalDuration === 'number'
        ? p.totalDuration
        : LEAN_DEFAULTS.totalDuration;
  const consumerDemandParams: LeanPublicParams['consumerDemandParams'] = {
    visibility: cdp.visibility === true,
    totalDuration,
  };
  if (typeof cdp.dueDelay === 'number') consumerDemandParams.dueDelay = cdp.dueDelay;
  const answers = isRecord(p.answers) ? p.answers : {};
  const privateParams: LeanPrivateParams = {
    seed: typeof p.seed === 'number' ? p.seed : LEAN_DEFAULTS.seed,
    consumerDemand: (Array.isArray(p.consumerDemand) ? p.consumerDemand : []) as LeanOrderInput[],
    answers,
  };
  for (const key of [...LEAN_SECRET_PARAMS, ...LEAN_DERIVED_PARAMS, 'totalDuration']) {
    delete p[key];
  }
  const params = {
    ...p,
    consumerDemandParams,
    coverageMin: leanCoverage(config),
    game_start_at: typeof p.game_start_at === 'number' ? p.game_start_at : null,
    game_end_at: typeof p.game_end_at === 'number' ? p.game_end_at : null,
    nextRank: typeof p.nextRank === 'number' ? p.nextRank : 0,
  } as LeanPublicParams;
  const facilities: Record<FacilityId, LeanPublicFacility> = {};
  for (const [id, f] of Object.entries(c.facilities)) {
    facilities[id] = {
      ...f,
      id,
      user: typeof f.user === 'string' && f.user !== '' ? f.user : null,
      playerName: null,
      computer: false,
    };
  }
  return { params, facilities, privateParams };
}

export interface BuildLeanGameArgs {
  gid: string;
  creator: string;
  creatorName: string;
  name: string;
  team?: string | null;
  session?: string | null;
  roundNumber?: number | null;
  teamNumber?: number | null;
  /** A template's config (`LeanGameConfig`) or any lean game input. */
  config: LeanGameInput;
  /** Epoch milliseconds. */
  now: number;
  draft?: boolean;
  /**
   * False for a copy of a stored game: its configuration is copied as it is, valid or not (the
   * editor shows its issues). Default true.
   */
  validate?: boolean;
}

export interface LeanGameDocs {
  game: LeanGameDoc;
  privateParams: LeanPrivateParams;
  /** The normalised game, for previews; not written. */
  lean: LeanGame;
}

/**
 * The documents of a new lean game: the public game document and `private/params`. The creator's
 * client writes the game document first, then `private/params` (its rule reads the stored game).
 * No run document exists before the start: the backend writes them. Throws `LeanConfigError`
 * when the configuration does not validate. The new game has no run and no players.
 */
export function buildLeanGameDocs(args: BuildLeanGameArgs): LeanGameDocs {
  const config = resetLeanConfig(args.config);
  const issues = args.validate === false ? [] : validateLeanConfig(config);
  if (issues.length > 0) throw new LeanConfigError(issues);
  const parts = splitLeanConfig(config);
  const game: LeanGameDoc = plain({
    id: args.gid,
    type: 'leangame',
    name: args.name,
    creator: args.creator,
    creatorName: args.creatorName,
    team: args.team ?? null,
    session: args.session ?? null,
    roundNumber: args.roundNumber ?? null,
    teamNumber: args.teamNumber ?? null,
    created_at: args.now,
    draft: args.draft ?? false,
    archived: false,
    deleted: false,
    finished: false,
    players: [],
    observers: [],
    improvementsPanelBy: null,
    params: parts.params,
    facilities: parts.facilities,
  });
  return { game, privateParams: plain(parts.privateParams), lean: normalizeLeanGame(config) };
}

/**
 * The configuration of a stored game (the inverse of `buildLeanGameDocs`), with the players'
 * uids on the facilities. The secrets come from `private/params`; a game written before they
 * moved there keeps them in its public params, which are read when `private/params` lacks them.
 */
export function leanConfigFromDocs(game: unknown, privateParams: unknown): LeanGameInput {
  const g = isRecord(game) ? game : {};
  const pp = isRecord(privateParams) ? privateParams : {};
  const gp = isRecord(g.params) ? { ...g.params } : {};
  const params: Record<string, unknown> = { ...gp };
  for (const key of LEAN_SECRET_PARAMS) {
    if (Object.hasOwn(pp, key)) params[key] = pp[key];
  }
  for (const key of LEAN_DERIVED_PARAMS) delete params[key];
  const facilities: Record<FacilityId, LeanFacilityInput> = {};
  for (const [id, raw] of Object.entries(isRecord(g.facilities) ? g.facilities : {})) {
    if (!isRecord(raw)) continue;
    const f: Record<string, unknown> = { ...raw };
    delete f.id;
    delete f.playerName;
    delete f.computer;
    facilities[id] = f as unknown as LeanFacilityInput;
  }
  return { params: params as LeanParamsInput, facilities };
}

/** The normalised, validated game of stored documents; throws `LeanConfigError`. */
export function leanGameFromDocs(game: unknown, privateParams: unknown): LeanGame {
  const config = leanConfigFromDocs(game, privateParams);
  const issues = validateLeanConfig(config);
  if (issues.length > 0) throw new LeanConfigError(issues);
  return normalizeLeanGame(config);
}

/**
 * The facilities the computer plays in a run that starts now (LEAN-FAC-4): those without a
 * player still in the game, and those handed to the computer.
 */
export function computerFacilities(game: unknown): FacilityId[] {
  const g = isRecord(game) ? game : {};
  const players = Array.isArray(g.players) ? g.players : [];
  const out: FacilityId[] = [];
  for (const [id, f] of Object.entries(isRecord(g.facilities) ? g.facilities : {})) {
    const human = isRecord(f) && typeof f.user === 'string' && players.includes(f.user);
    if (!human || (isRecord(f) && f.computer === true)) out.push(id);
  }
  return out;
}

// ------------------------------------------------------------------ documents of a run

/** `games/{gid}/private/state`: the core state of the run, written by the backend only. */
export interface LeanStateDoc {
  /** The run: `game_start_at` of the game when it started. */
  run: number;
  /** The last action (`actions/{seq}`) the state includes; 0 for none. */
  seq: number;
  status: LeanState['status'];
  /** Game ms of the state. */
  at: number;
  /** Run length T, game ms. */
  duration: number;
  format: 'json';
  /** The whole `LeanState`, as JSON text (seed and hidden defects included). */
  state: string;
  /** Epoch ms of the write: the backend writes the run's documents at most once a second. */
  updated_at: number;
}

export function leanStateDoc(
  state: LeanState,
  run: number,
  seq: number,
  now: number,
): LeanStateDoc {
  return {
    run,
    seq,
    status: state.status,
    at: state.now,
    duration: state.duration,
    format: 'json',
    state: JSON.stringify(state),
    updated_at: now,
  };
}

export function leanStateFromDoc(doc: unknown): LeanState | null {
  if (!isRecord(doc) || typeof doc.state !== 'string') return null;
  if (doc.format !== undefined && doc.format !== 'json') return null;
  return JSON.parse(doc.state) as LeanState;
}

/** `games/{gid}/facilities/{fid}`: what the facility's player sees (LEAN-VIS-2..5). */
export interface LeanFacilityDoc {
  id: FacilityId;
  run: number;
  status: LeanState['status'];
  /** Game ms of the view. */
  now: number;
  /** Exactly `leanPlayerView(state, id)`, as JSON. */
  view: LeanPlayerView;
  updated_at: number;
}

/** `games/{gid}/views/floor`: the whole floor with defect flags, for the creator and observers. */
export interface LeanFloorDoc {
  run: number;
  status: LeanState['status'];
  now: number;
  /** Exactly `leanPlayerView(state, null, {all: true})`, as JSON. */
  view: LeanPlayerView;
  updated_at: number;
}

/** A unit op as a unit document shows it: no defect flag (LEAN-VIS-2). */
export type LeanProductOp = Omit<LeanUnitOpView, 'defect'>;

/** `games/{gid}/products/{rank}`: a unit that has left the line (or was in it at the end). */
export interface LeanProductDoc {
  rank: number;
  template: string;
  /** The order it was pegged to; -1 for initial stock. */
  order: number;
  initial: boolean;
  zone: Zone;
  /** Minutes of the run. */
  launchedAt: number;
  exitedAt: number | null;
  leadTime: number | null;
  ops: LeanProductOp[];
  inspectedAt: FacilityId[];
  /** The five metrics of LEAN-MET-1, minutes. */
  metrics: TimeMetrics;
  /** LEAN-MET-2: the five metrics charged to each facility, minutes. */
  faciGap: Record<FacilityId, TimeMetrics>;
}

/** `games/{gid}/actions/{seq}`: one accepted player action, the log the run replays. */
export interface LeanActionDoc {
  run: number;
  seq: number;
  fid: FacilityId;
  uid: string;
  /** Game ms used (LEAN-EVT-5). */
  at: number;
  kind: LeanAction['kind'];
  action: LeanAction;
  created_at: number;
}

/** `games/{gid}/stats/final` of a lean game. */
export interface LeanStatsDoc {
  game_id: string;
  type: 'leangame';
  run: number;
  /** E, game ms. */
  endedAt: number;
  /** The computer set at the start (LEAN-AI-5): `startRun` with it, then the log. */
  computer: FacilityId[];
  /** The accepted actions, in order: `endRun(runToEnd…)` of the game reproduces the run. */
  log: LeanAction[];
  debrief: LeanDebrief;
  finished_at: number;
}

/** The id of the action document `seq`: zero-padded, so ids sort as the log. */
export function actionDocId(seq: number): string {
  return String(seq).padStart(7, '0');
}

const toMin = (t: number): number => t / 60000;

function metricsMin(m: TimeMetrics): TimeMetrics {
  return {
    workdeskTime: toMin(m.workdeskTime),
    changeoverTime: toMin(m.changeoverTime),
    loadTime: toMin(m.loadTime),
    moveTime: toMin(m.moveTime),
    waitTime: toMin(m.waitTime),
  };
}

export function productDoc(u: LeanUnit): LeanProductDoc {
  const faciGap: Record<FacilityId, TimeMetrics> = {};
  for (const [fid, m] of Object.entries(u.faciGap)) {
    Object.defineProperty(faciGap, fid, {
      value: metricsMin(m),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return {
    rank: u.rank,
    template: u.template,
    order: u.order,
    initial: u.initial,
    zone: u.zone,
    launchedAt: toMin(u.launchedAt),
    exitedAt: u.exitedAt === null ? null : toMin(u.exitedAt),
    leadTime: u.exitedAt === null ? null : toMin(u.exitedAt - u.launchedAt),
    ops: u.ops.map((op) => ({
      state: op.state,
      detected: op.detected,
      paintedBy: op.paintedBy,
      tool: op.tool,
      attempts: op.attempts,
    })),
    inspectedAt: [...u.inspectedAt],
    metrics: metricsMin(u.metrics),
    faciGap,
  };
}

/** A view's content without its clock: the document is rewritten only when this changes. */
function viewKey(view: LeanPlayerView): string {
  const rest: Partial<LeanPlayerView> = { ...view };
  delete rest.now;
  delete rest.minute;
  return JSON.stringify(rest);
}

/**
 * A fingerprint of a view's content (two 32-bit string hashes and the length): stored with the
 * state (`LeanRunDocs.keys`), so the next flush compares the new views with it instead of
 * computing the stored state's views again.
 */
export function viewFingerprint(view: LeanPlayerView): string {
  const text = viewKey(view);
  let fnv = 0x811c9dc5;
  let djb = 5381;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    fnv = Math.imul(fnv ^ c, 0x01000193);
    djb = (Math.imul(djb, 33) + c) | 0;
  }
  return `${(fnv >>> 0).toString(36)}.${(djb >>> 0).toString(36)}.${text.length.toString(36)}`;
}

/** The key of the floor among the fingerprints: never a facility id (`ID_PATTERN`). */
const FLOOR_KEY = '*floor';

export interface LeanRunDocs {
  /** The facility documents whose view changed (all of them when `prev` is null). */
  facilities: Record<FacilityId, LeanFacilityDoc>;
  /** The floor document, when it changed. */
  floor: LeanFloorDoc | null;
  /** Units that left the line since `prev`, and, once the run has ended, those still in it. */
  products: LeanProductDoc[];
  /** The fingerprint of every view of `next` (`viewFingerprint`), to store with it. */
  keys: Record<string, string>;
}

/**
 * The run documents to write for the state `next`, given the state `prev` whose documents are
 * stored (null: none are). Only documents whose content changed are returned, so a document is
 * never rewritten for its clock alone. `prevKeys`, the fingerprints stored with `prev`, spare
 * computing its views again; a view without one is compared with `prev`'s.
 */
export function leanRunDocs(
  prev: LeanState | null,
  next: LeanState,
  run: number,
  now: number,
  prevKeys: Readonly<Record<string, string>> = {},
): LeanRunDocs {
  const keys: Record<string, string> = {};
  const before = (key: string, view: () => LeanPlayerView): string | null =>
    prev === null
      ? null
      : Object.hasOwn(prevKeys, key)
        ? (prevKeys[key] ?? null)
        : viewFingerprint(view());
  const facilities: Record<FacilityId, LeanFacilityDoc> = {};
  for (const f of next.game.facilities) {
    const view = leanPlayerView(next, f.id);
    const key = viewFingerprint(view);
    Object.defineProperty(keys, f.id, {
      value: key,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (before(f.id, () => leanPlayerView(prev as LeanState, f.id)) === key) continue;
    Object.defineProperty(facilities, f.id, {
      value: {
        id: f.id,
        run,
        status: next.status,
        now: next.now,
        view: plain(view),
        updated_at: now,
      },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  const floorView = leanPlayerView(next, null, { all: true });
  const floorKey = viewFingerprint(floorView);
  keys[FLOOR_KEY] = floorKey;
  const floorChanged =
    before(FLOOR_KEY, () => leanPlayerView(prev as LeanState, null, { all: true })) !== floorKey;
  const floor: LeanFloorDoc | null = floorChanged
    ? { run, status: next.status, now: next.now, view: plain(floorView), updated_at: now }
    : null;
  const ended = next.status === 'ended';
  const products: LeanProductDoc[] = [];
  for (const u of next.units) {
    const before = prev?.units[u.rank];
    const exitedNow = u.exitedAt !== null && (before === undefined || before.exitedAt === null);
    const closedAtEnd = ended && u.exitedAt === null && prev?.status !== 'ended';
    if (exitedNow || closedAtEnd) products.push(plain(productDoc(u)));
  }
  return { facilities, floor, products, keys };
}

/**
 * The game document's fields once the run has ended (an update map): finished, the end time
 * (LEAN-RUN-2: start + E) and the next rank.
 */
export function leanEndUpdate(state: LeanState, run: number): Record<string, unknown> {
  return {
    finished: true,
    'params.game_end_at': run + (state.endedAt ?? state.now),
    'params.nextRank': state.nextRank,
  };
}

/** The stored demand with the counters of a run (LEAN-DEM-6), for `private/params`. */
export function ordersWithCounters(
  orders: readonly LeanOrderInput[],
  state: LeanState,
): LeanOrderInput[] {
  return orders.map((o, i) => ({ ...resetOrder(o), ...(state.orders[i] ?? ZERO_COUNTERS) }));
}

export function leanStatsDoc(
  state: LeanState,
  gid: string,
  run: number,
  now: number,
): LeanStatsDoc {
  return plain({
    game_id: gid,
    type: 'leangame',
    run,
    endedAt: state.endedAt ?? state.now,
    computer: computerAtStart(state),
    log: state.log,
    debrief: leanDebrief(state),
    finished_at: now,
  });
}
