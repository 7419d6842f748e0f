/**
 * The public leaderboard (spec §2 /leaderboard): one summary document per finished game, written
 * by the backend in the transaction that finishes the game, so the page reads a small public
 * collection and never a game's private documents.
 *
 * Only games played on a default template's configuration are ranked, each against the other
 * games of the same template: costs of different networks or demands say nothing about each
 * other, and an edited configuration (zero demand, free stock) would otherwise top the board.
 * The configuration is taken from the game's authoritative state (which only the backend
 * writes) together with the computer's policy, so editing a game and resetting it takes it off
 * the board. Names and product labels are left out of the comparison: they change nothing in
 * play and the editor may translate them.
 *
 * Players are named only when they agreed (`users/{uid}.leaderboardConsent`, read when the game
 * finishes); the others are shown as anonymous, computer roles as the computer.
 */
import type { BeerState } from '../beer/engine';
import { DEFAULT_COMPUTER_POLICY, toGameInput } from '../beer/game-docs';
import { debriefMetrics, referenceRuns } from '../beer/metrics';
import { type BeerGame, normalizeGame } from '../beer/model';
import type { Policy } from '../beer/policies';
import { BEER_TEMPLATES } from './beer-templates';
import { demoBeerTemplate } from './demo-game';

/** Entries the page shows per template. */
export const LEADERBOARD_SIZE = 20;
export const LEADERBOARD_COLLECTION = 'leaderboard';
/** Longest player name kept in an entry (joinAs keeps 40). */
export const LEADERBOARD_NAME_MAX = 40;

export interface LeaderboardRole {
  /** The facility's id and name (a default name the page translates). */
  readonly id: string;
  readonly name: string;
  readonly kind: 'player' | 'computer';
  /** The player's name when it agreed to be named, else null (anonymous). */
  readonly player: string | null;
}

export interface BeerLeaderboardEntry {
  readonly gid: string;
  readonly type: 'beergame';
  /** The default template the game was played on. */
  readonly template: string;
  readonly demo: boolean;
  /** The team's total cost (BEER-MET-1). */
  readonly cost: number;
  /** The same game played by the benchmark rule (Sterman's anchoring rule). */
  readonly benchmarkCost: number;
  /** cost / benchmarkCost, null when the benchmark costs nothing. */
  readonly ratio: number | null;
  /** What the board sorts on, ascending: the cost. */
  readonly rankScore: number;
  readonly weeks: number;
  readonly roles: readonly LeaderboardRole[];
  readonly finished_at: number;
}

const NO_KEYS: ReadonlySet<string> = new Set();

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A stable text of the parts of a game that decide its play (keys sorted, names dropped, and the
 * keys of `drop` too). Shared by the beer and the lean boards.
 */
export function canonical(value: unknown, drop: ReadonlySet<string> = NO_KEYS): string {
  const walk = (v: unknown): Json => {
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null) {
      const out: { [key: string]: Json } = {};
      for (const key of Object.keys(v).sort()) {
        if (key === 'name' || key === 'productsTemplates' || drop.has(key)) continue;
        const child = (v as Record<string, unknown>)[key];
        if (child !== undefined) out[key] = walk(child);
      }
      return out;
    }
    if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
    return null;
  };
  return JSON.stringify(walk(value));
}

export function beerFingerprint(game: BeerGame, policy: Policy): string {
  const allocations =
    game.allocations && Object.keys(game.allocations).length > 0 ? game.allocations : null;
  return canonical({
    params: game.params,
    facilities: game.facilities,
    allocations,
    policy,
  });
}

interface RankedTemplate {
  readonly id: string;
  readonly game: BeerGame;
}

let ranked: Map<string, RankedTemplate> | undefined;

/** Every template a beer game may be ranked under, by fingerprint (built once). */
function rankedTemplates(): Map<string, RankedTemplate> {
  if (ranked) return ranked;
  ranked = new Map();
  for (const t of [...BEER_TEMPLATES, demoBeerTemplate()]) {
    const game = normalizeGame(toGameInput(t.config));
    const policy = t.config.params.computerPolicy ?? DEFAULT_COMPUTER_POLICY;
    ranked.set(beerFingerprint(game, policy), { id: t.id, game });
  }
  return ranked;
}

/** The default template this game was played on unchanged, or null (not ranked). */
export function rankedBeerTemplate(game: BeerGame, policy: Policy): string | null {
  return rankedTemplates().get(beerFingerprint(game, policy))?.id ?? null;
}

/** Every template id the board ranks beer games under. */
export function rankedBeerTemplateIds(): string[] {
  return [...rankedTemplates().values()].map((t) => t.id);
}

const benchmarks = new Map<string, number>();

/** The benchmark rule's total cost on a template's game (computed once per template). */
export function benchmarkCostOf(templateId: string): number | null {
  const cached = benchmarks.get(templateId);
  if (cached !== undefined) return cached;
  const t = [...rankedTemplates().values()].find((r) => r.id === templateId);
  if (!t) return null;
  const cost = referenceRuns(t.game).benchmark.cost;
  benchmarks.set(templateId, cost);
  return cost;
}

export interface LeaderboardRoleInput {
  readonly id: string;
  readonly name: string;
  /** A human holds the role (a player of the game, not handed to the computer). */
  readonly human: boolean;
  readonly playerName: string | null;
  /** That player agreed to be named. */
  readonly consent: boolean;
}

function shownName(role: LeaderboardRoleInput): string | null {
  if (!role.human || !role.consent || role.playerName === null) return null;
  const name = role.playerName.trim().slice(0, LEADERBOARD_NAME_MAX);
  return name === '' ? null : name;
}

/** The roles as the board shows them: a player's name only where that player agreed. */
export function leaderboardRoles(roles: readonly LeaderboardRoleInput[]): LeaderboardRole[] {
  return roles.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.human ? 'player' : 'computer',
    player: shownName(r),
  }));
}

/**
 * The entry of a finished beer game, or null when the game is not ranked (its configuration or
 * computer policy is not a default template's, or nobody played it).
 */
export function beerLeaderboardEntry(input: {
  readonly gid: string;
  readonly state: BeerState;
  readonly policy: Policy;
  readonly roles: readonly LeaderboardRoleInput[];
  readonly demo: boolean;
  readonly finishedAt: number;
}): BeerLeaderboardEntry | null {
  if (input.state.status !== 'finished') return null;
  if (!input.roles.some((r) => r.human)) return null;
  const template = rankedBeerTemplate(input.state.game, input.policy);
  if (template === null) return null;
  const benchmarkCost = benchmarkCostOf(template) ?? 0;
  const cost = debriefMetrics(input.state).teamPerformance.cost;
  return {
    gid: input.gid,
    type: 'beergame',
    template,
    demo: input.demo,
    cost,
    benchmarkCost,
    ratio: benchmarkCost > 0 ? cost / benchmarkCost : null,
    rankScore: cost,
    weeks: input.state.game.params.weeks,
    roles: leaderboardRoles(input.roles),
    finished_at: input.finishedAt,
  };
}
