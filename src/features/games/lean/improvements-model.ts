/**
 * The improvements panel (spec §4, design B.12, LEAN-IMP-0): who may open it and who holds it,
 * the eight levers with those the game lists unlocked, the free cells a station may move to, the
 * facilities an operation type may go to, and the change each control sends to
 * `leanImprovements`. Pure.
 */
import type { LeanImprovementChange } from '@sim/core/lean/improvements';
import {
  IMPROVEMENTS,
  SETTING_IMPROVEMENTS,
  type Improvement,
  type OpType,
  type SettingImprovement,
} from '@sim/core/lean/model';
import type { GameRole } from '@/features/games/shared/game-model';
import type { LeanRole, LeanScreenGame } from '@/features/games/lean/lean-game-model';

export interface LeverRow {
  lever: Improvement;
  /** Listed in `params.improvements`: the players may change it. */
  unlocked: boolean;
  /** The switch's state for the five switches; null for the levers that are fields. */
  on: boolean | null;
}

/** The eight levers in the spec's order (§9). */
export function leverRows(game: LeanScreenGame): LeverRow[] {
  return IMPROVEMENTS.map((lever) => ({
    lever,
    unlocked: game.levers.includes(lever),
    on: isSwitch(lever) ? game.lean.settings[lever] : null,
  }));
}

export function isSwitch(lever: Improvement): lever is SettingImprovement {
  return (SETTING_IMPROVEMENTS as readonly string[]).includes(lever);
}

export type PanelHolder =
  { kind: 'none' } | { kind: 'me' } | { kind: 'other'; uid: string; name: string | null };

/**
 * Who has the panel open. A holder that is neither the creator nor a player still in the game no
 * longer counts (the backend lets the next one open it).
 */
export function panelHolder(game: LeanScreenGame, uid: string | null): PanelHolder {
  const by = game.panelBy;
  if (by === null) return { kind: 'none' };
  const active = by === game.shared.creator || game.shared.players.includes(by);
  if (!active) return { kind: 'none' };
  if (by === uid) return { kind: 'me' };
  const holder = game.roles.find((r) => r.user === by);
  const name = holder
    ? (holder.playerName ?? holder.name)
    : by === game.shared.creator
      ? game.shared.creatorName
      : null;
  return { kind: 'other', uid: by, name };
}

export interface PanelAccess {
  /** The user may open the panel: the creator or a player with a facility, before the start. */
  mayOpen: boolean;
  holder: PanelHolder;
  /** The game lists at least one lever. */
  anyLever: boolean;
}

export function panelAccess(game: LeanScreenGame, role: GameRole, uid: string | null): PanelAccess {
  const entitled = role.kind === 'creator' || role.kind === 'player';
  const holder = panelHolder(game, uid);
  return {
    mayOpen: entitled && game.status === 'notStarted' && !game.shared.finished,
    holder,
    anyLever: game.levers.length > 0,
  };
}

/** Cells with no other facility, row by row, where `fid` may move (LEAN-IMP-1). */
export function freeCells(game: LeanScreenGame, fid: string): [number, number][] {
  const taken = new Set(
    game.roles
      .filter((r) => r.id !== fid && r.position !== null)
      .map((r) => `${(r.position as [number, number])[0]},${(r.position as [number, number])[1]}`),
  );
  const out: [number, number][] = [];
  for (let row = 0; row < game.lean.mapSize.rows; row++) {
    for (let col = 0; col < game.lean.mapSize.cols; col++) {
      if (!taken.has(`${col},${row}`)) out.push([col, row]);
    }
  }
  return out;
}

/** Every operation type the templates use, in their order. */
export function opTypesUsed(game: LeanScreenGame): OpType[] {
  const out: OpType[] = [];
  for (const t of game.templates)
    for (const op of t.ops) if (!out.includes(op.type)) out.push(op.type);
  return out;
}

/**
 * LEAN-PROD-3: the facilities an op type may be assigned to: painting stations, and quality and
 * rework stations when autoinspect or pokayoke is on.
 */
export function assignableRoles(game: LeanScreenGame): LeanRole[] {
  const { autoinspect, pokayoke } = game.lean.settings;
  return game.roles.filter(
    (r) =>
      r.type === 'station' ||
      ((autoinspect || pokayoke) && (r.type === 'quality' || r.type === 'rework')),
  );
}

/** Bounds of the panel's fields (design B.3): batch 1–20, kanban caps B–99. */
export const BATCH_BOUNDS = { min: 1, max: 20 } as const;
export const CAP_MAX = 99;

/** A whole number typed in a field within [min, max], else null. */
export function parseWhole(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** The change one control sends. */
export function switchChange(lever: SettingImprovement, on: boolean): LeanImprovementChange {
  return { [lever]: on };
}

export function moveChange(fid: string, cell: [number, number]): LeanImprovementChange {
  return { positions: { [fid]: [cell[0], cell[1]] } };
}

export function batchChange(fid: string, size: number): LeanImprovementChange {
  return { batchSize: { [fid]: size } };
}

export function capChange(
  fid: string,
  field: 'wipInMax' | 'wipOutMax',
  cap: number,
): LeanImprovementChange {
  return { [field]: { [fid]: cap } };
}

export function assignChange(type: OpType, fid: string): LeanImprovementChange {
  return { opAssignment: { [type]: fid } };
}
