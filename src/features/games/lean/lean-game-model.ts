/**
 * A lean game document as the lean screens read it (docs/games/lean-documents.md): the shared part
 * of every game, the line normalised by the core (defaults filled, facilities in line order) and
 * the run's times. The public document holds no seed and no demand, so the game parsed here has
 * no orders: the screens take the orders from the views the backend writes. Pure; any stored
 * value is accepted.
 */
import { leanRunStatus, type LeanRunStatus } from '@sim/core/lean/clock';
import { leanConfigFromDocs } from '@sim/core/lean/game-docs';
import {
  COLORS,
  IMPROVEMENTS,
  normalizeLeanGame,
  SHAPES,
  type Color,
  type FacilityType,
  type Improvement,
  type LeanFacility,
  type LeanGame,
  type LeanTemplate,
  type OpType,
  type Shape,
} from '@sim/core/lean/model';
import type { DocData } from '@sim/core/port/data-port';
import { idOrNull, num, obj } from '@/features/games/shared/doc-values';
import type { GameFacility, SharedGame } from '@/features/games/shared/game-model';
import { ownEntry } from '@/lib/own';

/** A facility of the line: its role in the game and its configuration. */
export interface LeanRole extends GameFacility {
  type: FacilityType;
  line: number;
  /** [column, row]; null when the stored place is not a cell of the grid. */
  position: [number, number] | null;
  batchSize: number;
  wipInMax: number;
  wipOutMax: number;
  rework: boolean;
  /** The operation types assigned here, in the templates' order (LEAN-PROD-3). */
  ops: OpType[];
}

export interface LeanScreenGame {
  /** The part every game has, facility names in the language on screen. */
  shared: SharedGame;
  /** The line normalised by the core; no orders, default seed (neither is public). */
  lean: LeanGame;
  /** Every facility in line order (the warehouse first). */
  roles: LeanRole[];
  /** Product templates, names in the language on screen. */
  templates: LeanTemplate[];
  /** Epoch ms (LEAN-RUN-1). */
  startAt: number | null;
  endAt: number | null;
  status: LeanRunStatus;
  /** Who has the improvements panel open (LEAN-IMP-0). */
  panelBy: string | null;
  /** The levers players may change (`params.improvements`). */
  levers: Improvement[];
  /**
   * LEAN-RUN-4: the coverage minute the backend publishes (`params.coverageMin`), for players
   * who cannot read the demand; null when absent or not a minute of the run.
   */
  coverageMin: number | null;
}

/** Translates a stored default name; the name as typed otherwise. */
export type NameShown = (name: string) => string;

export class LeanGameUnreadable extends Error {
  constructor(cause: unknown) {
    super(`lean game unreadable: ${String(cause)}`);
    this.name = 'LeanGameUnreadable';
  }
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

function cellOf(f: LeanFacility, game: LeanGame): [number, number] | null {
  const p: unknown = f.position;
  if (!Array.isArray(p) || p.length !== 2) return null;
  const [col, row] = p as unknown[];
  if (!isInt(col) || !isInt(row)) return null;
  if (col < 0 || row < 0 || col >= game.mapSize.cols || row >= game.mapSize.rows) return null;
  return [col, row];
}

/** A stored map size the grid can draw (1–20 each way), else the default. */
function mapSizeOf(v: unknown): { rows: number; cols: number } | undefined {
  const m = obj(v);
  const rows = m['rows'];
  const cols = m['cols'];
  if (isInt(rows) && isInt(cols) && rows >= 1 && cols >= 1 && rows <= 20 && cols <= 20) {
    return { rows, cols };
  }
  return undefined;
}

/** Keeps what the core can read: records of records, a known facility type. */
function sanitize(data: DocData): DocData {
  const d = obj(data);
  const params = { ...obj(d['params']) };
  const templates: Record<string, unknown> = {};
  for (const [id, t] of Object.entries(obj(params['productsTemplates']))) {
    const tt = obj(t);
    const ops = Array.isArray(tt['ops'])
      ? tt['ops'].map((o) => {
          const oo = obj(o);
          return { ...oo, time: typeof oo['time'] === 'number' ? oo['time'] : undefined };
        })
      : undefined;
    const template: Record<string, unknown> = { ...tt };
    if (ops) template['ops'] = ops;
    else delete template['ops'];
    Object.defineProperty(templates, id, {
      value: template,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  params['productsTemplates'] = templates;
  params['mapSize'] = mapSizeOf(params['mapSize']);
  params['settings'] = obj(params['settings']);
  params['opAssignment'] = obj(params['opAssignment']);
  params['consumerDemandParams'] = obj(params['consumerDemandParams']);
  params['improvements'] = Array.isArray(params['improvements']) ? params['improvements'] : [];
  delete params['consumerDemand'];
  delete params['shapeTimes'];
  delete params['economics'];
  const facilities: Record<string, unknown> = {};
  for (const [id, f] of Object.entries(obj(d['facilities']))) {
    const ff = obj(f);
    Object.defineProperty(facilities, id, {
      value: { ...ff, type: typeof ff['type'] === 'string' ? ff['type'] : 'station' },
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return { ...d, params, facilities };
}

/**
 * The lean game of a stored document. `shared` is the shell's parse (names already shown in the
 * language on screen); `productName` shows a stored product name. Throws `LeanGameUnreadable`
 * when the core cannot read the line at all.
 */
export function parseLeanGame(
  shared: SharedGame,
  data: DocData,
  productName: NameShown = (n) => n,
): LeanScreenGame {
  let lean: LeanGame;
  try {
    lean = normalizeLeanGame(leanConfigFromDocs(sanitize(data), {}));
  } catch (err) {
    throw new LeanGameUnreadable(err);
  }
  const params = obj(obj(data)['params']);
  const startAt = typeof params['game_start_at'] === 'number' ? params['game_start_at'] : null;
  const endAt = typeof params['game_end_at'] === 'number' ? params['game_end_at'] : null;
  const sharedById = new Map(shared.facilities.map((f) => [f.id, f]));
  const opsOf = (fid: string): OpType[] => {
    const out: OpType[] = [];
    for (const t of lean.templates) {
      for (const op of t.ops) {
        if (ownEntry(lean.opAssignment, op.type) === fid && !out.includes(op.type)) {
          out.push(op.type);
        }
      }
    }
    return out;
  };
  const roles: LeanRole[] = lean.facilities.map((f) => {
    const s = sharedById.get(f.id);
    return {
      id: f.id,
      name: s?.name ?? f.name,
      type: f.type,
      user: s?.user ?? null,
      playerName: s?.playerName ?? null,
      computer: s?.computer ?? false,
      line: num(f.line),
      position: cellOf(f, lean),
      batchSize: num(f.batchSize, 1),
      wipInMax: num(f.wipInMax),
      wipOutMax: num(f.wipOutMax),
      rework: f.rework,
      ops: opsOf(f.id),
    };
  });
  const templates = lean.templates.map((t) => ({ ...t, name: productName(t.name) }));
  return {
    shared,
    lean,
    roles,
    templates,
    startAt,
    endAt,
    status: leanRunStatus(startAt, endAt),
    panelBy: idOrNull(obj(data)['improvementsPanelBy']),
    levers: lean.improvements.filter((i) => (IMPROVEMENTS as readonly string[]).includes(i)),
    coverageMin: minuteOfRun(params['coverageMin'], lean.totalDuration),
  };
}

function minuteOfRun(v: unknown, totalDuration: number): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= totalDuration ? v : null;
}

/** Splits an op type "shape:color"; null when it is not one (a hostile document). */
export function splitOpType(type: string): { shape: Shape; color: Color } | null {
  const [shape, color, extra] = type.split(':');
  if (extra !== undefined) return null;
  if (!(SHAPES as readonly string[]).includes(shape ?? '')) return null;
  if (!(COLORS as readonly string[]).includes(color ?? '')) return null;
  return { shape: shape as Shape, color: color as Color };
}

export function roleById(game: LeanScreenGame, fid: string | null): LeanRole | null {
  return fid === null ? null : (game.roles.find((r) => r.id === fid) ?? null);
}

export function templateById(game: LeanScreenGame, tid: string): LeanTemplate | null {
  return game.templates.find((t) => t.id === tid) ?? null;
}

/** The facility that paints an op type, or null. */
export function assigneeOf(game: LeanScreenGame, type: OpType): string | null {
  return ownEntry(game.lean.opAssignment, type) ?? null;
}
