/**
 * The documents of a beer game (docs/games/beer-documents.md), built from an editable
 * configuration, and back. Shared by the SPA (game creation, the game editor, previews) and the
 * functions (the backend builds and rewrites the state and the facility views). Pure: ids and
 * the time are arguments.
 *
 * - `BeerGameConfig` is what the editor edits and what a template carries (`config`).
 * - `buildBeerGameDocs` splits it into the public game document, the secret `private/params`,
 *   one private document per facility (exactly `playerView(state, fid)` plus its validation) and
 *   the core state (which only the backend writes).
 * - `configFromDocs` is the inverse: the configuration of a stored game.
 */
import type { BeerState, WeekOrders } from './engine';
import { BeerConfigError, compile, createGame } from './engine';
import type {
  Allocations,
  BeerGameInput,
  Capability,
  CapabilityId,
  CapabilityType,
  DemandPattern,
  FacilityId,
  FacilityInput,
  ProductData,
  ProductId,
  ProductTemplate,
  StartMetrics,
  ValidationIssue,
} from './model';
import { BEER_DEBRIEF_SECTIONS } from './debrief-sections';
import { BEER_BOUNDS, BEER_DEFAULTS, normalizeGame, validateGame } from './model';
import type { Policy } from './policies';
import { computerOrders } from './policies';
import type { PlayerView } from './view';
import { playerView } from './view';

// ------------------------------------------------------------------ configuration

export type Position = [number, number];

export interface MapSize {
  rows: number;
  cols: number;
}

export interface BackgroundCell {
  x: number;
  y: number;
  kind: string;
}

export interface ScheduledMessage {
  week: number;
  message: string;
  /** 'all' or facility ids. */
  to: 'all' | FacilityId[];
}

export interface ThresholdMessage {
  active: boolean;
  threshold: number;
  message: string;
  /** Facilities that already got it (spec §3 `sentTo`). */
  sentTo: FacilityId[];
}

export interface ConfigMessages {
  scheduleList: ScheduledMessage[];
  backlogMessage: ThresholdMessage;
  stockMessage: ThresholdMessage;
}

export { BEER_DEBRIEF_SECTIONS };

export interface DebriefQuestion {
  id: string;
  text: string;
  kind: 'text' | 'number' | 'choice';
  options?: string[];
}

export interface ConfigDebrief {
  debriefContent: string[];
  thankYouSection: {
    active: boolean;
    title: string;
    message: string;
    ctaLabel: string;
    ctaLink: string;
  };
  questionsSection: {
    active: boolean;
    playersViewResults: boolean;
    quizMode: boolean;
    requireSubmitDebrief: boolean;
    questions: DebriefQuestion[];
  };
}

type CapabilityConfig = Partial<Capability> & { pid: ProductId; type: CapabilityType };

export interface BeerFacilityConfig {
  id: FacilityId;
  name: string;
  type: string;
  icon: string;
  /** Derived from the icon when absent (spec §9). */
  visual?: string;
  /** [column, row] on the map; the fixed position of its rank when absent (spec §9). */
  position?: Position;
  pdata: Record<ProductId, Partial<ProductData>>;
  capabilities: Record<CapabilityId, CapabilityConfig>;
  startMetrics?: StartMetrics;
}

export interface BeerConfigParams {
  weeks: number;
  seed: number;
  forcedOrderWeeks: number;
  transparent: boolean;
  /** Seconds per week; 0 = no timer. */
  timer: number;
  playTimer: boolean;
  consumerDemand: DemandPattern;
  productsConsumerDemand?: Record<ProductId, DemandPattern>;
  productsTemplates: Record<ProductId, ProductTemplate>;
  configMessages: ConfigMessages;
  configDebrief: ConfigDebrief;
  bckCells: BackgroundCell[];
  /** How the computer plays empty and timed-out roles; default the product rule (BEER-AI-5). */
  computerPolicy?: Policy;
  /** Quiz answers per question id (kept in private/params). */
  answers?: Record<string, unknown>;
}

export interface BeerGameConfig {
  params: BeerConfigParams;
  facilities: Record<FacilityId, BeerFacilityConfig>;
}

export interface BeerTemplate {
  id: string;
  title: string;
  type: 'beergame';
  description: string;
  config: BeerGameConfig;
}

export const BEER_TIMER_MAX_SECONDS = 3600;
export const DEFAULT_COMPUTER_POLICY: Policy = { kind: 'spec' };

// ------------------------------------------------------------------ map and visuals

/** Spec §9: 2–4 facilities on a 3×3 map, 5–6 on 3×5, 7–8 on 3×7. */
export function mapSizeFor(count: number): MapSize {
  if (count <= 4) return { rows: 3, cols: 3 };
  if (count <= 6) return { rows: 3, cols: 5 };
  return { rows: 3, cols: 7 };
}

/**
 * The fixed positions ([column, row]) of `count` facilities, downstream first: the consumers
 * are on the right. Up to the map's width they stand on the middle row; more go round a U,
 * along the bottom row from the right, then back along the top row.
 */
export function fixedPositions(count: number): Position[] {
  const { cols } = mapSizeFor(count);
  const n = Math.max(0, count);
  if (n <= cols) {
    if (n <= 1) return n === 1 ? [[cols - 1, 1]] : [];
    // Spread evenly over the middle row, first one on the right edge, last on the left edge.
    const step = (cols - 1) / (n - 1);
    return Array.from({ length: n }, (_, i) => [Math.round(cols - 1 - i * step), 1] as Position);
  }
  const bottom = Math.ceil(n / 2);
  const top = n - bottom;
  const xs = (k: number): number[] => {
    if (k === 1) return [cols - 1];
    const step = (cols - 1) / (k - 1);
    return Array.from({ length: k }, (_, i) => Math.round(cols - 1 - i * step));
  };
  const out: Position[] = xs(bottom).map((x) => [x, 2] as Position);
  for (const x of xs(top).reverse()) out.push([x, 0]);
  return out;
}

/** Spec §9 icon → visual: cart retailer, domain wholesaler, call-split distributor, factory factory, else workshop. */
export function visualForIcon(icon: string | undefined): string {
  switch (icon) {
    case 'cart':
      return 'retailer';
    case 'domain':
      return 'wholesaler';
    case 'call-split':
      return 'distributor';
    case 'factory':
      return 'factory';
    default:
      return 'workshop';
  }
}

// ------------------------------------------------------------------ templates

const BEER_PID = 'beer';

const ROLE_ICON: Readonly<Record<string, string>> = {
  retailer: 'cart',
  wholesaler: 'domain',
  distributor: 'call-split',
  factory: 'factory',
  workshop: 'build',
};

const ROLE_NAME: Readonly<Record<string, string>> = {
  retailer: 'Retailer',
  wholesaler: 'Wholesaler',
  distributor: 'Distributor',
  factory: 'Factory',
  workshop: 'Workshop',
};

/** Chain roles, downstream first, for 2 to 8 facilities. */
export function chainRoles(count: number): { id: string; type: string }[] {
  const n = Math.min(BEER_BOUNDS.facilities.max, Math.max(BEER_BOUNDS.facilities.min, count));
  const base =
    n === 2
      ? ['retailer']
      : n === 3
        ? ['retailer', 'wholesaler']
        : ['retailer', 'wholesaler', 'distributor'];
  const roles = base.map((t) => ({ id: t, type: t }));
  for (let k = 1; roles.length < n - 1; k++) roles.push({ id: `workshop${k}`, type: 'workshop' });
  roles.push({ id: 'factory', type: 'factory' });
  return roles;
}

export function emptyConfigMessages(): ConfigMessages {
  const threshold = (): ThresholdMessage => ({
    active: false,
    threshold: 0,
    message: '',
    sentTo: [],
  });
  return { scheduleList: [], backlogMessage: threshold(), stockMessage: threshold() };
}

export function defaultConfigDebrief(): ConfigDebrief {
  return {
    debriefContent: [...BEER_DEBRIEF_SECTIONS],
    thankYouSection: { active: false, title: '', message: '', ctaLabel: '', ctaLink: '' },
    questionsSection: {
      active: false,
      playersViewResults: true,
      quizMode: false,
      requireSubmitDebrief: false,
      questions: [],
    },
  };
}

export interface ChainConfigOptions {
  count: number;
  leadtime?: number;
  ordertime?: number;
  productionLeadtime?: number;
  productionOrdertime?: number;
  startOrders?: number;
  stock?: number;
  demand?: DemandPattern;
  weeks?: number;
  forcedOrderWeeks?: number;
  seed?: number;
}

/** A single-product serial chain of `count` facilities (spec §9 defaults unless given). */
export function chainConfig(o: ChainConfigOptions): BeerGameConfig {
  const roles = chainRoles(o.count);
  const positions = fixedPositions(roles.length);
  const facilities: Record<FacilityId, BeerFacilityConfig> = {};
  let workshop = 0;
  roles.forEach((role, i) => {
    const upstream = roles[i + 1];
    const icon = ROLE_ICON[role.type] ?? 'build';
    const baseName = ROLE_NAME[role.type] ?? role.type;
    const name = role.type === 'workshop' ? `${baseName} ${++workshop}` : baseName;
    const cap: CapabilityConfig =
      upstream === undefined
        ? {
            pid: BEER_PID,
            type: 'production',
            leadtime: o.productionLeadtime ?? BEER_DEFAULTS.leadtime,
            ordertime: o.productionOrdertime ?? BEER_DEFAULTS.ordertime,
            startOrders: o.startOrders ?? BEER_DEFAULTS.startOrders,
            visibleWeeks: BEER_DEFAULTS.visibleWeeks,
          }
        : {
            pid: BEER_PID,
            type: 'purchase',
            from: upstream.id,
            leadtime: o.leadtime ?? BEER_DEFAULTS.leadtime,
            ordertime: o.ordertime ?? BEER_DEFAULTS.ordertime,
            startOrders: o.startOrders ?? BEER_DEFAULTS.startOrders,
            visibleWeeks: BEER_DEFAULTS.visibleWeeks,
          };
    const fac: BeerFacilityConfig = {
      id: role.id,
      name,
      type: role.type,
      icon,
      visual: visualForIcon(icon),
      pdata: {
        [BEER_PID]: {
          stock: o.stock ?? BEER_DEFAULTS.stock,
          backlog: 0,
          allowBacklog: true,
          maxShipQty: 0,
          unitPrice: BEER_DEFAULTS.unitPrice,
          stockCost: BEER_DEFAULTS.stockCost,
          backlogCost: BEER_DEFAULTS.backlogCost,
          missedSaleCost: 0,
        },
      },
      capabilities: { [`${role.id}-${BEER_PID}`]: cap },
    };
    const pos = positions[i];
    if (pos) fac.position = pos;
    facilities[role.id] = fac;
  });
  return {
    params: {
      weeks: o.weeks ?? BEER_DEFAULTS.weeks,
      seed: o.seed ?? BEER_DEFAULTS.seed,
      forcedOrderWeeks: o.forcedOrderWeeks ?? 0,
      transparent: false,
      timer: 0,
      playTimer: false,
      consumerDemand: o.demand ?? { type: 'step', initial: 4, final: 8, week: 5 },
      productsTemplates: { [BEER_PID]: { name: 'Beer', productEmoji: '🍺' } },
      configMessages: emptyConfigMessages(),
      configDebrief: defaultConfigDebrief(),
      bckCells: [],
      computerPolicy: DEFAULT_COMPUTER_POLICY,
    },
    facilities,
  };
}

/** The default template of `count` facilities (2 to 8): a chain with the spec §9 defaults. */
export function defaultBeerTemplate(count: number): BeerTemplate {
  const n = Math.min(BEER_BOUNDS.facilities.max, Math.max(BEER_BOUNDS.facilities.min, count));
  return {
    id: `beer-chain-${n}`,
    title: `templates.beer.chain.title`,
    type: 'beergame',
    description: `templates.beer.chain.description`,
    config: chainConfig({ count: n }),
  };
}

/** Sterman's classic board game (the core's `classicGame`) as a template. */
export function classicBeerTemplate(): BeerTemplate {
  return {
    id: 'beer-classic',
    title: 'templates.beer.classic.title',
    type: 'beergame',
    description: 'templates.beer.classic.description',
    config: chainConfig({
      count: 4,
      leadtime: 4,
      ordertime: 2,
      productionLeadtime: 3,
      productionOrdertime: 1,
      startOrders: 4,
      stock: 12,
      demand: { type: 'step', initial: 4, final: 8, week: 5 },
      weeks: 36,
      forcedOrderWeeks: 4,
      seed: 1,
    }),
  };
}

/** Every default beer template: chains of 2 to 8 facilities, then the classic. */
export const BEER_TEMPLATES: readonly BeerTemplate[] = [
  ...[2, 3, 4, 5, 6, 7, 8].map(defaultBeerTemplate),
  classicBeerTemplate(),
];

// ------------------------------------------------------------------ configuration → core

/** The core's input of a configuration (ids in the configuration's order). */
export function toGameInput(config: BeerGameConfig): BeerGameInput {
  const p = config.params;
  const facilities: Record<FacilityId, FacilityInput> = {};
  for (const [id, f] of Object.entries(config.facilities)) {
    const fi: FacilityInput = {
      id: f.id,
      name: f.name,
      type: f.type,
      pdata: f.pdata,
      capabilities: f.capabilities,
    };
    if (f.startMetrics) fi.startMetrics = f.startMetrics;
    facilities[id] = fi;
  }
  const input: BeerGameInput = {
    params: {
      weeks: p.weeks,
      transparent: p.transparent,
      consumerDemand: p.consumerDemand,
      forcedOrderWeeks: p.forcedOrderWeeks,
      seed: p.seed,
      productsTemplates: p.productsTemplates,
      ...(p.productsConsumerDemand ? { productsConsumerDemand: p.productsConsumerDemand } : {}),
    },
    facilities,
  };
  return input;
}

/**
 * Checks a configuration: the core's spec §5 bounds and network rules (`validateGame`), plus
 * the timer (0 … 3600 s, integer), map positions inside the map and distinct, and ids (no '/',
 * not 'observer'). Returns translation keys with paths, never sentences.
 */
export function validateBeerConfig(config: BeerGameConfig): ValidationIssue[] {
  const issues = validateGame(normalizeGame(toGameInput(config)));
  const p = config.params;
  if (!Number.isInteger(p.timer) || p.timer < 0 || p.timer > BEER_TIMER_MAX_SECONDS) {
    issues.push({
      key: 'beer.timer.range',
      path: 'params.timer',
      min: 0,
      max: BEER_TIMER_MAX_SECONDS,
    });
  }
  const ids = Object.keys(config.facilities);
  const size = mapSizeFor(ids.length);
  const seen = new Set<string>();
  for (const [id, f] of Object.entries(config.facilities)) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || id === 'observer') {
      issues.push({ key: 'beer.facility.id', path: `facilities.${id}.id` });
    }
    for (const cid of Object.keys(f.capabilities)) {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(cid)) {
        issues.push({ key: 'beer.capability.id', path: `facilities.${id}.capabilities.${cid}` });
      }
    }
    if (Object.keys(f.capabilities).length > 8) {
      issues.push({ key: 'beer.capability.count', path: `facilities.${id}.capabilities`, max: 8 });
    }
    const pos = f.position;
    if (pos !== undefined) {
      const [x, y] = pos;
      if (
        !Number.isInteger(x) ||
        !Number.isInteger(y) ||
        x < 0 ||
        y < 0 ||
        x >= size.cols ||
        y >= size.rows
      ) {
        issues.push({ key: 'beer.position.range', path: `facilities.${id}.position` });
      } else if (seen.has(`${x},${y}`)) {
        issues.push({ key: 'beer.position.taken', path: `facilities.${id}.position` });
      } else seen.add(`${x},${y}`);
    }
  }
  return issues;
}

// ------------------------------------------------------------------ documents

export interface PublicCapability {
  pid: ProductId;
  type: CapabilityType;
  from: FacilityId | null;
  leadtime: number;
  ordertime: number;
  startOrders: number;
  visibleWeeks: number;
  moq: number;
  batchSize: number;
  maxOrderQty: number;
  leadtimeVariability: number;
}

export interface PublicFacility {
  id: FacilityId;
  name: string;
  type: string;
  icon: string;
  visual: string;
  position: Position;
  user: string | null;
  playerName: string | null;
  computer: boolean;
  validatedOrder: boolean;
  clients: FacilityId[];
  client_id: FacilityId | null;
  supplier_id: FacilityId | null;
  capabilities: Record<CapabilityId, PublicCapability>;
}

export interface PublicBeerParams {
  timer: number;
  playTimer: boolean;
  transparent: boolean;
  configMessages: ConfigMessages;
  configDebrief: ConfigDebrief;
  mapSize: MapSize;
  bckCells: BackgroundCell[];
  productsTemplates: Record<ProductId, ProductTemplate>;
}

export interface BeerGameDoc {
  id: string;
  type: 'beergame';
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
  finished: boolean;
  week: number;
  paused: boolean;
  /**
   * False while the game waits for its players (a game of a session): its free roles hold the
   * week until the instructor starts it or its team is complete (BEER-SEAT-2…5).
   */
  started: boolean;
  /** Who started a game that waited: the instructor, or its team once complete. */
  startedBy: 'instructor' | 'team' | null;
  players: string[];
  observers: string[];
  turnDeadline: number | null;
  allocations: Allocations | null;
  params: PublicBeerParams;
  facilities: Record<FacilityId, PublicFacility>;
}

export interface PrivateFacilityParams {
  pdata: Record<ProductId, Partial<ProductData>>;
  startMetrics: StartMetrics | null;
  capabilities: Record<CapabilityId, { productionCost: number }>;
}

export interface BeerPrivateParams {
  weeks: number;
  seed: number;
  forcedOrderWeeks: number;
  consumerDemand: DemandPattern;
  productsConsumerDemand: Record<ProductId, DemandPattern> | null;
  computerPolicy: Policy;
  facilities: Record<FacilityId, PrivateFacilityParams>;
  answers: Record<string, unknown>;
}

export interface CapabilityValidation {
  validatedOrder: boolean;
  validatedOrderQty: number;
}

export interface BeerFacilityDoc {
  id: FacilityId;
  week: number;
  status: BeerState['status'];
  /** Exactly `playerView(state, id)`, as JSON. */
  view: PlayerView;
  pdata: Record<ProductId, ProductData>;
  orderForced: boolean;
  validatedOrder: boolean;
  capabilities: Record<CapabilityId, CapabilityValidation>;
  updated_at: number;
}

/** The stored form of the core state (`games/{gid}/private/state`): JSON text, one field. */
export interface BeerStateDoc {
  week: number;
  status: BeerState['status'];
  state: string;
  updated_at: number;
}

/** A JSON copy: drops undefined fields, as every document store does. */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function stateDoc(state: BeerState, now: number): BeerStateDoc {
  return { week: state.week, status: state.status, state: JSON.stringify(state), updated_at: now };
}

export function stateFromDoc(doc: { state?: unknown } | undefined): BeerState | null {
  if (!doc || typeof doc.state !== 'string') return null;
  return JSON.parse(doc.state) as BeerState;
}

/** The private document of facility `fid` for a state: its view and a cleared validation. */
export function facilityDoc(state: BeerState, fid: FacilityId, now: number): BeerFacilityDoc {
  const f = Object.hasOwn(state.game.facilities, fid) ? state.game.facilities[fid] : undefined;
  if (!f) throw new Error(`unknown facility ${fid}`);
  const capabilities: Record<CapabilityId, CapabilityValidation> = {};
  for (const cid of Object.keys(f.capabilities)) {
    capabilities[cid] = { validatedOrder: false, validatedOrderQty: 0 };
  }
  return {
    id: fid,
    week: state.week,
    status: state.status,
    view: plain(playerView(state, fid)),
    pdata: plain(f.pdata),
    orderForced: state.status === 'running' && state.week <= state.game.params.forcedOrderWeeks,
    validatedOrder: false,
    capabilities,
    updated_at: now,
  };
}

function relations(
  config: BeerGameConfig,
): Map<FacilityId, { clients: FacilityId[]; supplier: FacilityId | null }> {
  const out = new Map<FacilityId, { clients: FacilityId[]; supplier: FacilityId | null }>();
  for (const id of Object.keys(config.facilities)) out.set(id, { clients: [], supplier: null });
  for (const [id, f] of Object.entries(config.facilities)) {
    for (const c of Object.values(f.capabilities)) {
      if (c.type !== 'purchase' || c.from === undefined) continue;
      const me = out.get(id);
      if (me && me.supplier === null) me.supplier = c.from;
      const sup = out.get(c.from);
      if (sup && !sup.clients.includes(id)) sup.clients.push(id);
    }
  }
  return out;
}

function publicCapability(c: CapabilityConfig): PublicCapability {
  return {
    pid: c.pid,
    type: c.type,
    from: c.type === 'purchase' ? (c.from ?? null) : null,
    leadtime: c.leadtime ?? BEER_DEFAULTS.leadtime,
    ordertime: c.ordertime ?? BEER_DEFAULTS.ordertime,
    startOrders: c.startOrders ?? BEER_DEFAULTS.startOrders,
    visibleWeeks: c.visibleWeeks ?? BEER_DEFAULTS.visibleWeeks,
    moq: c.moq ?? BEER_DEFAULTS.moq,
    batchSize: c.batchSize ?? BEER_DEFAULTS.batchSize,
    maxOrderQty: c.maxOrderQty ?? BEER_DEFAULTS.maxOrderQty,
    leadtimeVariability: c.leadtimeVariability ?? BEER_DEFAULTS.leadtimeVariability,
  };
}

export interface BuildBeerGameArgs {
  gid: string;
  creator: string;
  creatorName: string;
  name: string;
  team?: string | null;
  session?: string | null;
  roundNumber?: number | null;
  teamNumber?: number | null;
  /** A template, or its `config` given as `params` + `facilities`. */
  template?: Pick<BeerTemplate, 'config'>;
  params?: BeerConfigParams;
  facilities?: Record<FacilityId, BeerFacilityConfig>;
  /** Epoch milliseconds. */
  now: number;
  draft?: boolean;
  /** The game waits for its players before its first week turns (a game of a session). */
  awaitPlayers?: boolean;
}

export interface BeerGameDocs {
  game: BeerGameDoc;
  privateParams: BeerPrivateParams;
  facilities: Record<FacilityId, BeerFacilityDoc>;
  state: BeerState;
}

function configOf(args: BuildBeerGameArgs): BeerGameConfig {
  if (args.template) return args.template.config;
  if (args.params && args.facilities) return { params: args.params, facilities: args.facilities };
  throw new Error('buildBeerGameDocs needs a template or params and facilities');
}

/** The public part of a configuration (what goes into `games/{gid}.params` and `.facilities`). */
export function publicParts(config: BeerGameConfig): {
  params: PublicBeerParams;
  facilities: Record<FacilityId, PublicFacility>;
} {
  const ids = Object.keys(config.facilities);
  const rel = relations(config);
  // Fixed positions by rank downstream first, for facilities without one.
  const order = compile(normalizeGame(toGameInput(config))).facilities.map((f) => f.id);
  const fixed = fixedPositions(ids.length);
  const facilities: Record<FacilityId, PublicFacility> = {};
  for (const id of ids) {
    const f = config.facilities[id] as BeerFacilityConfig;
    const r = rel.get(id) ?? { clients: [], supplier: null };
    const capabilities: Record<CapabilityId, PublicCapability> = {};
    for (const [cid, c] of Object.entries(f.capabilities)) capabilities[cid] = publicCapability(c);
    facilities[id] = {
      id,
      name: f.name,
      type: f.type,
      icon: f.icon,
      visual: f.visual ?? visualForIcon(f.icon),
      position: f.position ?? fixed[order.indexOf(id)] ?? [0, 0],
      user: null,
      playerName: null,
      computer: false,
      validatedOrder: false,
      clients: r.clients,
      client_id: r.clients[0] ?? null,
      supplier_id: r.supplier,
      capabilities,
    };
  }
  const p = config.params;
  return {
    params: {
      timer: p.timer,
      playTimer: p.playTimer,
      transparent: p.transparent,
      configMessages: p.configMessages,
      configDebrief: p.configDebrief,
      mapSize: mapSizeFor(ids.length),
      bckCells: p.bckCells,
      productsTemplates: p.productsTemplates,
    },
    facilities,
  };
}

/** The secret part of a configuration (`games/{gid}/private/params`). */
export function privateParamsOf(config: BeerGameConfig): BeerPrivateParams {
  const p = config.params;
  const facilities: Record<FacilityId, PrivateFacilityParams> = {};
  for (const [id, f] of Object.entries(config.facilities)) {
    const capabilities: Record<CapabilityId, { productionCost: number }> = {};
    for (const [cid, c] of Object.entries(f.capabilities)) {
      capabilities[cid] = { productionCost: c.productionCost ?? BEER_DEFAULTS.productionCost };
    }
    facilities[id] = { pdata: f.pdata, startMetrics: f.startMetrics ?? null, capabilities };
  }
  return plain({
    weeks: p.weeks,
    seed: p.seed,
    forcedOrderWeeks: p.forcedOrderWeeks,
    consumerDemand: p.consumerDemand,
    productsConsumerDemand: p.productsConsumerDemand ?? null,
    computerPolicy: p.computerPolicy ?? DEFAULT_COMPUTER_POLICY,
    facilities,
    answers: p.answers ?? {},
  });
}

/**
 * Every document of a new beer game. Throws `BeerConfigError` (issues: translation keys and
 * paths) when the configuration does not validate.
 */
export function buildBeerGameDocs(args: BuildBeerGameArgs): BeerGameDocs {
  const config = configOf(args);
  const issues = validateBeerConfig(config);
  if (issues.length > 0) throw new BeerConfigError(issues);
  const state = createGame(toGameInput(config));
  const parts = publicParts(config);
  const game: BeerGameDoc = plain({
    id: args.gid,
    type: 'beergame',
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
    week: state.week,
    paused: false,
    started: args.awaitPlayers !== true,
    startedBy: null,
    players: [],
    observers: [],
    turnDeadline: null,
    allocations: null,
    params: parts.params,
    facilities: parts.facilities,
  });
  const facilities: Record<FacilityId, BeerFacilityDoc> = {};
  for (const id of Object.keys(config.facilities))
    facilities[id] = facilityDoc(state, id, args.now);
  return { game, privateParams: privateParamsOf(config), facilities, state };
}

// ------------------------------------------------------------------ documents → configuration

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The configuration of a stored game (the inverse of `buildBeerGameDocs`): what the editor
 * edits and what the backend builds the state from. Missing fields take the defaults.
 */
export function configFromDocs(game: unknown, privateParams: unknown): BeerGameConfig {
  const g = isRecord(game) ? game : {};
  const pp = isRecord(privateParams) ? privateParams : {};
  const gp = isRecord(g.params) ? g.params : {};
  const gf = isRecord(g.facilities) ? g.facilities : {};
  const pf = isRecord(pp.facilities) ? pp.facilities : {};
  const facilities: Record<FacilityId, BeerFacilityConfig> = {};
  for (const [id, raw] of Object.entries(gf)) {
    if (!isRecord(raw)) continue;
    const priv = Object.hasOwn(pf, id) && isRecord(pf[id]) ? pf[id] : {};
    const privCaps = isRecord(priv.capabilities) ? priv.capabilities : {};
    const capabilities: Record<CapabilityId, CapabilityConfig> = {};
    for (const [cid, c] of Object.entries(isRecord(raw.capabilities) ? raw.capabilities : {})) {
      if (!isRecord(c)) continue;
      const pc = Object.hasOwn(privCaps, cid) && isRecord(privCaps[cid]) ? privCaps[cid] : {};
      const cap: CapabilityConfig = {
        pid: String(c.pid),
        type: c.type === 'production' ? 'production' : 'purchase',
      };
      for (const k of [
        'leadtime',
        'ordertime',
        'startOrders',
        'visibleWeeks',
        'moq',
        'batchSize',
        'maxOrderQty',
        'leadtimeVariability',
      ] as const) {
        if (typeof c[k] === 'number') cap[k] = c[k];
      }
      if (typeof c.from === 'string') cap.from = c.from;
      if (typeof pc.productionCost === 'number') cap.productionCost = pc.productionCost;
      capabilities[cid] = cap;
    }
    const fac: BeerFacilityConfig = {
      id,
      name: typeof raw.name === 'string' ? raw.name : id,
      type: typeof raw.type === 'string' ? raw.type : 'workshop',
      icon: typeof raw.icon === 'string' ? raw.icon : 'build',
      pdata: (isRecord(priv.pdata) ? priv.pdata : {}) as Record<ProductId, Partial<ProductData>>,
      capabilities,
    };
    if (typeof raw.visual === 'string') fac.visual = raw.visual;
    if (Array.isArray(raw.position) && raw.position.length === 2) {
      fac.position = [Number(raw.position[0]), Number(raw.position[1])];
    }
    if (isRecord(priv.startMetrics))
      fac.startMetrics = priv.startMetrics as unknown as StartMetrics;
    facilities[id] = fac;
  }
  const params: BeerConfigParams = {
    weeks: typeof pp.weeks === 'number' ? pp.weeks : BEER_DEFAULTS.weeks,
    seed: typeof pp.seed === 'number' ? pp.seed : BEER_DEFAULTS.seed,
    forcedOrderWeeks: typeof pp.forcedOrderWeeks === 'number' ? pp.forcedOrderWeeks : 0,
    transparent: gp.transparent === true,
    timer: typeof gp.timer === 'number' ? gp.timer : 0,
    playTimer: gp.playTimer === true,
    consumerDemand: (pp.consumerDemand ?? [BEER_DEFAULTS.startOrders]) as DemandPattern,
    productsTemplates: (isRecord(gp.productsTemplates) ? gp.productsTemplates : {}) as Record<
      ProductId,
      ProductTemplate
    >,
    configMessages: (isRecord(gp.configMessages)
      ? gp.configMessages
      : emptyConfigMessages()) as unknown as ConfigMessages,
    configDebrief: (isRecord(gp.configDebrief)
      ? gp.configDebrief
      : defaultConfigDebrief()) as unknown as ConfigDebrief,
    bckCells: (Array.isArray(gp.bckCells) ? gp.bckCells : []) as BackgroundCell[],
    computerPolicy: (isRecord(pp.computerPolicy)
      ? pp.computerPolicy
      : DEFAULT_COMPUTER_POLICY) as unknown as Policy,
  };
  if (isRecord(pp.productsConsumerDemand)) {
    params.productsConsumerDemand = pp.productsConsumerDemand as Record<ProductId, DemandPattern>;
  }
  if (isRecord(pp.answers)) params.answers = pp.answers;
  return { params, facilities };
}

/** The core state of a stored game's configuration, at the start (what resetBeerGame rebuilds). */
export function initialStateFromDocs(game: unknown, privateParams: unknown): BeerState {
  const config = configFromDocs(game, privateParams);
  const issues = validateBeerConfig(config);
  if (issues.length > 0) throw new BeerConfigError(issues);
  let state: BeerState = createGame(toGameInput(config));
  const allocations =
    isRecord(game) && isRecord(game.allocations) ? (game.allocations as Allocations) : null;
  if (allocations) state = { ...state, game: { ...state.game, allocations } };
  return state;
}

// ------------------------------------------------------------------ the week's orders

/**
 * The orders of the week: validated human quantities for `human` facilities, the computer's
 * (policy) for every other facility. `validated[fid][cid]` is the quantity a player validated.
 */
export function weekOrders(
  state: BeerState,
  validated: Record<FacilityId, Record<CapabilityId, number>>,
  policy: Policy,
): WeekOrders {
  if (state.status !== 'running') return {};
  const policies: Record<FacilityId, Policy> = {};
  for (const id of Object.keys(state.game.facilities))
    if (!Object.hasOwn(validated, id)) policies[id] = policy;
  const orders = computerOrders(state, policies);
  for (const id of Object.keys(state.game.facilities)) {
    if (Object.hasOwn(validated, id)) orders[id] = validated[id] as Record<CapabilityId, number>;
  }
  return orders;
}
