/**
 * The lean games' entries of the public leaderboard (`leaderboard/{gid}`, beside the beer games'
 * of `./leaderboard`): written by the backend when a lean run ends, taken off by its reset.
 *
 * The rank measure is the run's profit (design lean-game.md C.1, the debrief's `pnl`): it weighs
 * revenue against late and defect penalties, material, labour and stock, so it is the one figure
 * every lever of the game moves. The board sorts ascending on `rankScore` for both game types,
 * so a lean entry's score is its profit negated, and one query and one index serve every board.
 *
 * Only runs of a default lean template are ranked, each against the other runs of the same
 * template. What the template opens to the players (`params.improvements`: station positions,
 * batches, the op assignment, kanban caps, the switches) is theirs to change and is left out of
 * the comparison; everything else (orders, prices, costs, times, the seed, the run's length and
 * the set of levers itself) must be the template's.
 */
import { leanDebrief } from '../lean/debrief';
import { normalizeLeanGame, type Improvement, type LeanGame, type LeanState } from '../lean/model';
import {
  canonical,
  leaderboardRoles,
  type LeaderboardRole,
  type LeaderboardRoleInput,
} from './leaderboard';
import { LEAN_TEMPLATES } from './lean-templates';

export interface LeanLeaderboardEntry {
  readonly gid: string;
  readonly type: 'leangame';
  /** The default lean template the run was played on. */
  readonly template: string;
  readonly demo: false;
  /** Profit of the run (mu, C.1). */
  readonly profit: number;
  /** Revenue of the run (mu). */
  readonly revenue: number;
  /** Orders delivered on time and in full among those due (C.2), 0…1, null when none was due. */
  readonly otifRate: number | null;
  /** Flow efficiency of the shipped units (C.6), 0…1, null when none shipped. */
  readonly flowEfficiency: number | null;
  /** Units shipped. */
  readonly delivered: number;
  /** Length of the run E (minutes). */
  readonly minutes: number;
  /** What the board sorts on, ascending: the profit negated (highest profit first). */
  readonly rankScore: number;
  readonly roles: readonly LeaderboardRole[];
  readonly finished_at: number;
}

/** Facility fields each lever lets the players change. */
const FACILITY_FIELDS_OF: Partial<Record<Improvement, readonly string[]>> = {
  movestations: ['position'],
  // A larger batch raises a kanban cap below it (LEAN-IMP-2).
  batch: ['batchSize', 'wipInMax', 'wipOutMax'],
  kanban: ['wipInMax', 'wipOutMax'],
};

/** Keys never compared: who holds a station and whether the game is transparent change no play. */
const NOT_PLAY = ['user', 'transparent'];

/** The game without what its own levers let the players change. */
function fixedPart(game: LeanGame): { readonly value: unknown; readonly drop: Set<string> } {
  const levers = new Set(game.improvements);
  const drop = new Set(NOT_PLAY);
  for (const lever of levers) for (const field of FACILITY_FIELDS_OF[lever] ?? []) drop.add(field);
  const settings = Object.fromEntries(
    Object.entries(game.settings).filter(([s]) => !levers.has(s as Improvement)),
  );
  const value = {
    ...game,
    settings,
    opAssignment: levers.has('balancestations') ? null : game.opAssignment,
  };
  return { value, drop };
}

export function leanFingerprint(game: LeanGame): string {
  const { value, drop } = fixedPart(game);
  return canonical(value, drop);
}

let ranked: Map<string, string> | undefined;

/** Every default lean template by fingerprint (built once). */
function rankedTemplates(): Map<string, string> {
  if (ranked) return ranked;
  ranked = new Map();
  for (const t of LEAN_TEMPLATES) {
    if (t.type !== 'leangame') continue;
    ranked.set(leanFingerprint(normalizeLeanGame(t.config)), t.id);
  }
  return ranked;
}

/** The default lean template this run was played on (its levers aside), or null. */
export function rankedLeanTemplate(game: LeanGame): string | null {
  return rankedTemplates().get(leanFingerprint(game)) ?? null;
}

/** Every template id the board ranks lean games under. */
export function rankedLeanTemplateIds(): string[] {
  return [...new Set(rankedTemplates().values())];
}

/**
 * The entry of an ended lean run, or null when it is not ranked (not a default template's
 * configuration, or no station played by a person).
 */
export function leanLeaderboardEntry(input: {
  readonly gid: string;
  readonly state: LeanState;
  readonly roles: readonly LeaderboardRoleInput[];
  readonly finishedAt: number;
}): LeanLeaderboardEntry | null {
  if (input.state.status !== 'ended') return null;
  if (!input.roles.some((r) => r.human)) return null;
  const template = rankedLeanTemplate(input.state.game);
  if (template === null) return null;
  const debrief = leanDebrief(input.state);
  const profit = debrief.pnl.profit;
  return {
    gid: input.gid,
    type: 'leangame',
    template,
    demo: false,
    profit,
    revenue: debrief.pnl.revenue,
    otifRate: debrief.deliveries.otifRate,
    flowEfficiency: debrief.flowefficiency.value,
    delivered: debrief.deliveries.delivered,
    minutes: debrief.duration,
    // 0 rather than -0, which Firestore and JSON keep apart from 0.
    rankScore: profit === 0 ? 0 : -profit,
    roles: leaderboardRoles(input.roles),
    finished_at: input.finishedAt,
  };
}
