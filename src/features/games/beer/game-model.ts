/**
 * The beer game documents as the screens read them (docs/games/beer-documents.md): parsers that
 * accept any stored value and give typed, defaulted data. Pure.
 */
import type { ScheduledMessage, ThresholdMessage } from '@sim/core/beer/game-docs';
import { BEER_DEBRIEF_SECTIONS } from '@sim/core/beer/debrief-sections';
import type { CapabilityType } from '@sim/core/beer/model';
import type { FacilityDetail, PlayerView } from '@sim/core/beer/view';
import { hasStarted, seatOf, type Seat } from '@sim/core/beer/lineup';
import { bool, num, obj, str, strs } from '@/features/games/shared/doc-values';
import {
  type DebriefConfig,
  type GameFacility,
  parseConfigDebrief,
  parseGameFacility,
  parseGameFields,
  type SharedGame,
} from '@/features/games/shared/game-model';
import { ownOrAdd } from '@/lib/own';

export { BEER_DEBRIEF_SECTIONS };
export type BeerDebriefSection = (typeof BEER_DEBRIEF_SECTIONS)[number];
export type GameMessage = ScheduledMessage;

/** allocations[supplierFid][pid][clientFid | 'consumer'] = weight (BEER-SHIP-3). */
export type Allocations = Record<string, Record<string, Record<string, number>>>;

export interface PublicCapability {
  id: string;
  pid: string;
  type: CapabilityType;
  from: string | null;
  leadtime: number;
  ordertime: number;
  startOrders: number;
  visibleWeeks: number;
  moq: number;
  batchSize: number;
  maxOrderQty: number;
  productionCost: number;
  leadtimeVariability: number;
}

export interface PublicFacility extends GameFacility {
  icon: string;
  visual: string;
  position: [number, number];
  validatedOrder: boolean;
  clients: string[];
  capabilities: PublicCapability[];
}

/** The shared part of every game (`SharedGame`) and the beer game's own fields. */
export interface BeerGameDoc extends SharedGame {
  week: number;
  paused: boolean;
  /** False while the game waits for its players: its free roles hold the week (BEER-SEAT-2). */
  started: boolean;
  startedBy: 'instructor' | 'team' | null;
  turnDeadline: number | null;
  /** Manual allocation weights (`confirmAllocations`); null = proportional sharing. */
  allocations: Allocations | null;
  params: {
    timer: number;
    playTimer: boolean;
    transparent: boolean;
    mapSize: { cols: number; rows: number };
    productsTemplates: Record<string, { name: string; productEmoji: string }>;
    configMessages: {
      scheduleList: GameMessage[];
      backlogMessage: ThresholdMessage;
      stockMessage: ThresholdMessage;
    };
    /** The core's debrief configuration, with the sections narrowed to the known ones. */
    configDebrief: DebriefConfig<BeerDebriefSection>;
  };
  /** Downstream first (the order of the stored map, which the templates write that way). */
  facilities: PublicFacility[];
}

function parseMapSize(v: unknown, count: number): { cols: number; rows: number } {
  if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number') {
    return { cols: v[0], rows: v[1] };
  }
  const o = obj(v);
  if (typeof o['cols'] === 'number' && typeof o['rows'] === 'number') {
    return { cols: o['cols'], rows: o['rows'] };
  }
  return { cols: count <= 4 ? 3 : count <= 6 ? 5 : 7, rows: 3 };
}

function parseCapability(id: string, v: unknown): PublicCapability {
  const c = obj(v);
  return {
    id,
    pid: str(c['pid'], 'beer'),
    type: c['type'] === 'production' ? 'production' : 'purchase',
    from: typeof c['from'] === 'string' ? c['from'] : null,
    leadtime: num(c['leadtime'], 3),
    ordertime: num(c['ordertime'], 1),
    startOrders: num(c['startOrders'], 4),
    visibleWeeks: num(c['visibleWeeks'], 2),
    moq: num(c['moq']),
    batchSize: num(c['batchSize']),
    maxOrderQty: num(c['maxOrderQty']),
    productionCost: num(c['productionCost']),
    leadtimeVariability: num(c['leadtimeVariability']),
  };
}

function parseFacility(id: string, v: unknown, index: number): PublicFacility {
  const f = obj(v);
  const pos = Array.isArray(f['position']) ? f['position'] : [];
  return {
    ...parseGameFacility(id, f),
    icon: str(f['icon'], 'default'),
    visual: str(f['visual'], 'workshop'),
    position: [num(pos[0], index), num(pos[1], 0)],
    validatedOrder: bool(f['validatedOrder']),
    clients: strs(f['clients']),
    capabilities: Object.entries(obj(f['capabilities'])).map(([cid, c]) => parseCapability(cid, c)),
  };
}

function parseMessages(v: unknown): GameMessage[] {
  if (!Array.isArray(v)) return [];
  return v.map((m) => {
    const o = obj(m);
    const to = o['to'];
    return {
      to: Array.isArray(to) ? strs(to) : 'all',
      message: str(o['message']),
      week: num(o['week'], num(o['show_at'], 1)),
    };
  });
}

function parseAuto(v: unknown): ThresholdMessage {
  const o = obj(v);
  return {
    active: bool(o['active']),
    threshold: num(o['threshold']),
    message: str(o['message']),
    sentTo: strs(o['sentTo']),
  };
}

export function parseBeerGame(id: string, data: unknown): BeerGameDoc {
  const d = obj(data);
  const p = obj(d['params']);
  const facilities = Object.entries(obj(d['facilities'])).map(([fid, f], i) =>
    parseFacility(fid, f, i),
  );
  const cm = obj(p['configMessages']);
  const templates: BeerGameDoc['params']['productsTemplates'] = {};
  for (const [pid, t] of Object.entries(obj(p['productsTemplates']))) {
    const o = obj(t);
    templates[pid] = { name: str(o['name'], pid), productEmoji: str(o['productEmoji']) };
  }
  const deadline = d['turnDeadline'];
  return {
    ...parseGameFields(id, d),
    week: num(d['week'], 1),
    paused: bool(d['paused']) || bool(p['paused']),
    started: hasStarted(d),
    startedBy: d['startedBy'] === 'instructor' || d['startedBy'] === 'team' ? d['startedBy'] : null,
    turnDeadline: typeof deadline === 'number' ? deadline : null,
    allocations: parseAllocations(d['allocations']),
    params: {
      timer: num(p['timer']),
      playTimer: bool(p['playTimer']),
      transparent: bool(p['transparent']),
      mapSize: parseMapSize(p['mapSize'], facilities.length),
      productsTemplates: templates,
      configMessages: {
        scheduleList: parseMessages(cm['scheduleList']),
        backlogMessage: parseAuto(cm['backlogMessage']),
        stockMessage: parseAuto(cm['stockMessage']),
      },
      configDebrief: parseConfigDebrief(p['configDebrief'], BEER_DEBRIEF_SECTIONS),
    },
    facilities,
  };
}

/** Who plays a role: a human, the computer, nobody yet (awaited) or nobody (free; BEER-SEAT-1). */
export function seatIn(game: Pick<BeerGameDoc, 'players' | 'started'>, f: PublicFacility): Seat {
  return seatOf(f, game.players, game.started);
}

/** The roles the week waits a player for, while the game waits for its players (BEER-SEAT-3). */
export function awaitedRoles(game: BeerGameDoc): PublicFacility[] {
  return game.facilities.filter((f) => seatIn(game, f) === 'awaited');
}

/** A message the backend sent (`games/{gid}/messages/{mid}` or a facility's inbox copy). */
export interface SentMessage {
  id: string;
  message: string;
  /** The week from which it shows. */
  showAt: number;
  to: 'all' | string[];
}

export function parseSentMessage(id: string, data: unknown): SentMessage | null {
  const d = obj(data);
  const message = str(d['message']);
  if (message === '') return null;
  const to = d['to'] === 'all' ? 'all' : strs(d['to']);
  return { id, message, showAt: num(d['show_at'], 1), to };
}

/**
 * The messages a player sees at `week`: the broadcasts and its inbox (a message in both once),
 * from their week on, newest first.
 */
export function messagesShown(
  broadcast: readonly SentMessage[],
  inbox: readonly SentMessage[],
  week: number,
): SentMessage[] {
  const byId = new Map<string, SentMessage>();
  for (const m of [...broadcast, ...inbox]) byId.set(m.id, m);
  return [...byId.values()]
    .filter((m) => m.showAt <= week)
    .sort((a, b) => b.showAt - a.showAt || a.id.localeCompare(b.id));
}

/** The private facility document (docs/games/beer-documents.md): the core's view plus the validation. */
export interface FacilityPrivate {
  week: number;
  view: PlayerView | null;
  /** This facility's own details in the view. */
  own: FacilityDetail | null;
  orderForced: boolean;
  /** The week just played whose orders the computer placed for this player, else null. */
  computerOrderedWeek: number | null;
  validatedOrder: boolean;
  capabilities: Record<string, { validatedOrder: boolean; validatedOrderQty: number }>;
}

export function parseFacilityPrivate(fid: string, data: unknown): FacilityPrivate {
  const d = obj(data);
  const caps: FacilityPrivate['capabilities'] = {};
  for (const [cid, c] of Object.entries(obj(d['capabilities']))) {
    const o = obj(c);
    caps[cid] = {
      validatedOrder: bool(o['validatedOrder']),
      validatedOrderQty: num(o['validatedOrderQty']),
    };
  }
  const v = obj(d['view']);
  const view = Array.isArray(v['details']) ? (v as unknown as PlayerView) : null;
  return {
    week: num(d['week'], view?.week ?? 1),
    view,
    own: view?.details.find((x) => x.id === fid) ?? null,
    orderForced: bool(d['orderForced']),
    computerOrderedWeek:
      typeof d['computerOrderedWeek'] === 'number' ? d['computerOrderedWeek'] : null,
    validatedOrder: bool(d['validatedOrder']),
    capabilities: caps,
  };
}

/** Seconds left before `deadline` (epoch ms) at `now`, never negative; null without a deadline. */
export function secondsLeft(deadline: number | null, now: number): number | null {
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

function parseAllocations(v: unknown): Allocations | null {
  if (typeof v !== 'object' || v === null) return null;
  const out: Allocations = {};
  for (const [sup, products] of Object.entries(obj(v))) {
    for (const [pid, weights] of Object.entries(obj(products))) {
      for (const [client, w] of Object.entries(obj(weights))) {
        if (typeof w !== 'number') continue;
        const byProduct = ownOrAdd(out, sup, () => ({}));
        const byClient = ownOrAdd(byProduct, pid, () => ({}));
        ownOrAdd(byClient, client, () => w);
      }
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** A supplier that ships one product to several facilities (an allocation may be set). */
export interface AllocationTarget {
  supplier: string;
  pid: string;
  clients: string[];
}

/** The supplier/product pairs with two clients or more, in facility order. */
export function allocationTargets(game: BeerGameDoc): AllocationTarget[] {
  const out: AllocationTarget[] = [];
  for (const sup of game.facilities) {
    const byProduct = new Map<string, string[]>();
    for (const client of game.facilities) {
      for (const c of client.capabilities) {
        if (c.type !== 'purchase' || c.from !== sup.id) continue;
        const list = byProduct.get(c.pid) ?? [];
        if (!list.includes(client.id)) list.push(client.id);
        byProduct.set(c.pid, list);
      }
    }
    for (const [pid, clients] of byProduct) {
      if (clients.length >= 2) out.push({ supplier: sup.id, pid, clients });
    }
  }
  return out;
}

/**
 * The allocations with one supplier's weights for one product replaced (null weights: back to
 * proportional for it); null when nothing is left.
 */
export function withWeights(
  current: Allocations | null,
  supplier: string,
  pid: string,
  weights: Record<string, number> | null,
): Allocations | null {
  const next: Allocations = {};
  for (const [sup, products] of Object.entries(current ?? {})) {
    for (const [p, w] of Object.entries(products)) {
      if (sup === supplier && p === pid) continue;
      const byProduct = ownOrAdd(next, sup, () => ({}));
      ownOrAdd(byProduct, p, () => ({ ...w }));
    }
  }
  if (weights) {
    const byProduct = ownOrAdd(next, supplier, () => ({}));
    ownOrAdd(byProduct, pid, () => ({ ...weights }));
  }
  return Object.keys(next).length > 0 ? next : null;
}

/** The weights typed for each client, or null when one is not a whole number 0…999 or all are 0. */
export function parseWeights(
  clients: readonly string[],
  typed: Readonly<Record<string, string>>,
): Record<string, number> | null {
  const out: Record<string, number> = {};
  for (const c of clients) {
    const text = (typed[c] ?? '').trim();
    if (!/^\d{1,3}$/.test(text)) return null;
    out[c] = Number(text);
  }
  return Object.values(out).some((w) => w > 0) ? out : null;
}
