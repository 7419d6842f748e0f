/**
 * Pure rules of the instructor's games list (spec §4, §5, §7, §9): list items, the merge of own
 * and team games, natural ordering of games created together, copy naming and validation, the
 * reset of a copy, the delete confirmation and the merge into a template.
 */
import type { DocData } from '@sim/core/port/data-port';
import type { BeerGameConfig } from '@sim/core/beer/game-docs';
import { ownEntry } from '@/lib/own';

export const GAMES_PAGE_SIZE = 40;
export const COPY_MIN = 1;
export const COPY_MAX = 200;
/** Games created within this many milliseconds of each other are ordered by name. */
export const SAME_BATCH_MS = 5000;

export type GameKind = 'beergame' | 'leangame';

export interface GameListItem {
  readonly id: string;
  readonly name: string;
  readonly type: GameKind;
  readonly creator: string;
  readonly team: string | null;
  readonly createdAt: number;
  readonly archived: boolean;
  readonly finished: boolean;
  readonly draft: boolean;
  readonly players: number;
  readonly session: string | null;
  /** 'Me' for the instructor's own games, else the teammate's name (spec §9). */
  readonly owner: string;
  readonly mine: boolean;
}

export function parseGameItem(
  id: string,
  data: DocData,
  uid: string,
  ownLabel: string,
): GameListItem {
  const creator = typeof data['creator'] === 'string' ? data['creator'] : '';
  const mine = creator === uid;
  return {
    id,
    name: typeof data['name'] === 'string' ? data['name'] : '',
    type: data['type'] === 'leangame' ? 'leangame' : 'beergame',
    creator,
    team: typeof data['team'] === 'string' ? data['team'] : null,
    createdAt: typeof data['created_at'] === 'number' ? data['created_at'] : 0,
    archived: data['archived'] === true,
    finished: data['finished'] === true,
    draft: data['draft'] === true,
    players: Array.isArray(data['players']) ? data['players'].length : 0,
    session: typeof data['session'] === 'string' ? data['session'] : null,
    owner: mine ? ownLabel : typeof data['creatorName'] === 'string' ? data['creatorName'] : '',
    mine,
  };
}

/**
 * Spec §7/§9: the instructor's games merged with the team's games (excluding the instructor's
 * own, already listed), own ones marked 'Me', others by the teammate's name; deleted games are
 * never listed; archived ones only when asked.
 */
export function mergeGameLists(
  own: readonly GameListItem[],
  team: readonly GameListItem[],
  options: { uid: string; ownLabel: string; memberNames: Readonly<Record<string, string>> },
): GameListItem[] {
  const seen = new Set<string>();
  const out: GameListItem[] = [];
  for (const g of own) {
    if (seen.has(g.id)) continue;
    seen.add(g.id);
    out.push({ ...g, mine: true, owner: options.ownLabel });
  }
  for (const g of team) {
    if (seen.has(g.id) || g.creator === options.uid) continue;
    seen.add(g.id);
    out.push({ ...g, mine: false, owner: ownEntry(options.memberNames, g.creator) ?? g.owner });
  }
  return orderGames(out);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order: "Game 2" before "Game 10". */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}

/**
 * Newest first; games created within 5 s of each other (a batch of copies) are ordered by
 * natural name, so "Copy 01" … "Copy 12" read in order.
 */
export function orderGames(games: readonly GameListItem[]): GameListItem[] {
  const byTime = [...games].sort((a, b) => b.createdAt - a.createdAt);
  const out: GameListItem[] = [];
  let group: GameListItem[] = [];
  const flush = () => {
    out.push(...group.sort((a, b) => naturalCompare(a.name, b.name)));
    group = [];
  };
  for (const g of byTime) {
    const first = group[0];
    if (first && first.createdAt - g.createdAt > SAME_BATCH_MS) flush();
    group.push(g);
  }
  flush();
  return out;
}

export type CopyCountProblem = 'required' | 'notANumber' | 'range';

/** Spec §5: the number of copies is numeric, required, 1 to 200. */
export function copyCountProblem(input: string): CopyCountProblem | null {
  const text = input.trim();
  if (text === '') return 'required';
  if (!/^\d+$/.test(text)) return 'notANumber';
  const n = Number(text);
  return n < COPY_MIN || n > COPY_MAX ? 'range' : null;
}

/** Spec §5: copies are numbered, zero-padded to the width of the total count. */
export function copyNames(baseName: string, count: number): string[] {
  const width = String(count).length;
  const base = baseName.trim();
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(width, '0');
    return base ? `${base} ${n}` : n;
  });
}

/** Spec §5: deleting asks for the number of selected games. */
export function deleteConfirmed(input: string, count: number): boolean {
  return input.trim() === String(count);
}

/**
 * Spec §4: a copy is unfinished, unarchived, without session, players (past ones included) or
 * observers, with the timer off, week 0 and empty facility users.
 */
export function resetGameFields(game: DocData): DocData {
  const facilities: Record<string, unknown> = {};
  const source = game['facilities'];
  if (typeof source === 'object' && source !== null) {
    for (const [id, f] of Object.entries(source as Record<string, unknown>)) {
      facilities[id] =
        typeof f === 'object' && f !== null
          ? { ...f, user: null, playerName: null, validatedOrder: false }
          : f;
    }
  }
  const params =
    typeof game['params'] === 'object' && game['params'] !== null ? game['params'] : {};
  return {
    ...game,
    finished: false,
    archived: false,
    deleted: false,
    session: null,
    roundNumber: null,
    teamNumber: null,
    players: [],
    observers: [],
    playedBy: [],
    week: 0,
    turnDeadline: null,
    paused: false,
    params: { ...(params as DocData), playTimer: false, timer: 0 },
    facilities,
  };
}

/** Spec §4 beer copy: start metrics come back with the rebuilt state; message sent-lists clear. */
export function resetBeerConfig(config: BeerGameConfig): BeerGameConfig {
  const m = config.params.configMessages;
  return {
    ...config,
    params: {
      ...config.params,
      timer: 0,
      playTimer: false,
      configMessages: {
        ...m,
        backlogMessage: { ...m.backlogMessage, sentTo: [] },
        stockMessage: { ...m.stockMessage, sentTo: [] },
      },
    },
  };
}

export type MergeProblem = 'titleRequired' | 'noGames' | 'mixedTypes';

/** Spec §5: merging games into a template needs a title, and games of one type. */
export function mergeProblem(
  title: string,
  games: readonly Pick<GameListItem, 'type'>[],
): MergeProblem | null {
  if (!title.trim()) return 'titleRequired';
  if (games.length === 0) return 'noGames';
  return games.every((g) => g.type === games[0]?.type) ? null : 'mixedTypes';
}

/** A session template with one round per merged game, in the list's order. */
export function mergedTemplate(
  title: string,
  type: GameKind,
  rounds: readonly { name: string; config: unknown }[],
  owner: { creator: string; team: string | null; now: number },
  settings: DocData,
): DocData {
  return {
    title: title.trim(),
    type,
    description: '',
    creator: owner.creator,
    team: owner.team,
    created_at: owner.now,
    config: settings,
    rounds: rounds.map((r, i) => ({
      id: `r${i + 1}`,
      name: r.name,
      description: '',
      gameTemplateId: null,
      config: r.config,
    })),
  };
}
