/**
 * The improvements panel's changes to a lean game's configuration (design B.12, LEAN-IMP-0..8).
 * Pure: the backend applies a change before the run starts (`leanImprovements`), and the panel
 * can preview the same result. Ids are looked up as own keys only.
 *
 * A change names levers. Each part of it belongs to one lever of `params.improvements`:
 * positions to movestations, batch sizes to batch, the op assignment to balancestations, kanban
 * caps to kanban, and each switch of `params.settings` to itself. When a batch size grows past a
 * kanban cap that the change does not set itself, the cap is raised to it (LEAN-IMP-2), so the
 * panel never produces `lean.kanban.capBelowBatch`.
 */
import {
  normalizeLeanGame,
  SETTING_IMPROVEMENTS,
  type FacilityId,
  type Improvement,
  type LeanFacilityInput,
  type LeanGameInput,
  type SettingImprovement,
} from './model';

export interface LeanImprovementChange {
  autoinspect?: boolean;
  heijunka?: boolean;
  pokayoke?: boolean;
  kanban?: boolean;
  smed?: boolean;
  /** movestations: [column, row] per facility. */
  positions?: Record<FacilityId, [number, number]>;
  /** batch: the transfer batch per facility. */
  batchSize?: Record<FacilityId, number>;
  /** balancestations: op type ("shape:color") → facility. */
  opAssignment?: Record<string, FacilityId>;
  /** kanban: caps per facility. */
  wipInMax?: Record<FacilityId, number>;
  wipOutMax?: Record<FacilityId, number>;
}

/** The levers a change uses, in the spec's order. */
export function leversOf(change: LeanImprovementChange): Improvement[] {
  const used = new Set<Improvement>();
  const some = (rec: Record<string, unknown> | undefined) =>
    rec !== undefined && Object.keys(rec).length > 0;
  if (some(change.positions)) used.add('movestations');
  if (some(change.batchSize)) used.add('batch');
  if (some(change.opAssignment)) used.add('balancestations');
  if (some(change.wipInMax) || some(change.wipOutMax)) used.add('kanban');
  for (const s of SETTING_IMPROVEMENTS) if (typeof change[s] === 'boolean') used.add(s);
  const order: readonly Improvement[] = [
    'movestations',
    'batch',
    'autoinspect',
    'balancestations',
    'heijunka',
    'pokayoke',
    'kanban',
    'smed',
  ];
  return order.filter((i) => used.has(i));
}

/** A raised kanban cap (LEAN-IMP-2). */
export interface RaisedCap {
  fid: FacilityId;
  field: 'wipInMax' | 'wipOutMax';
  value: number;
}

export interface AppliedChange {
  config: LeanGameInput;
  raised: RaisedCap[];
  /** Facility ids of the change that are not facilities of the game. */
  unknown: FacilityId[];
}

function ownEntries<T>(rec: Record<string, T> | undefined): [string, T][] {
  return rec === undefined ? [] : Object.entries(rec);
}

/**
 * Applies a change to a configuration (a copy; the input is not modified). Does not validate:
 * check the result with `validateLeanConfig`.
 */
export function applyImprovementChange(
  config: LeanGameInput,
  change: LeanImprovementChange,
): AppliedChange {
  const out = JSON.parse(JSON.stringify(config)) as LeanGameInput;
  const facilities = out.facilities;
  const unknown = new Set<FacilityId>();
  const facility = (fid: FacilityId): LeanFacilityInput | undefined => {
    if (Object.hasOwn(facilities, fid)) return facilities[fid];
    unknown.add(fid);
    return undefined;
  };
  for (const [fid, pos] of ownEntries(change.positions)) {
    const f = facility(fid);
    if (f) f.position = [pos[0], pos[1]];
  }
  for (const [fid, b] of ownEntries(change.batchSize)) {
    const f = facility(fid);
    if (f) f.batchSize = b;
  }
  const explicitCaps = new Set<string>();
  for (const field of ['wipInMax', 'wipOutMax'] as const) {
    for (const [fid, cap] of ownEntries(change[field])) {
      const f = facility(fid);
      if (!f) continue;
      f[field] = cap;
      explicitCaps.add(`${fid}:${field}`);
    }
  }
  if (change.opAssignment !== undefined) {
    const assignment: Record<string, FacilityId> = { ...(out.params.opAssignment ?? {}) };
    for (const [type, fid] of ownEntries(change.opAssignment)) {
      if (!Object.hasOwn(facilities, fid)) unknown.add(fid);
      Object.defineProperty(assignment, type, {
        value: fid,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    out.params.opAssignment = assignment;
  }
  const switches = SETTING_IMPROVEMENTS.filter(
    (s: SettingImprovement) => typeof change[s] === 'boolean',
  );
  if (switches.length > 0) {
    out.params.settings = { ...(out.params.settings ?? {}) };
    for (const s of switches) out.params.settings[s] = change[s] === true;
  }
  const raised = unknown.size === 0 ? raiseCaps(out, explicitCaps) : [];
  return { config: out, raised, unknown: [...unknown] };
}

/**
 * LEAN-IMP-2 / LEAN-IMP-7: every kanban cap at least the batch it must hold (`wipOutMax(f) ≥
 * B(f)`, `wipInMax(g) ≥ B(f)` for every f up the line from g), caps the change sets itself
 * excepted. Caps are raised whether kanban is on or not, so turning it on later is valid too.
 */
function raiseCaps(config: LeanGameInput, explicit: ReadonlySet<string>): RaisedCap[] {
  const game = normalizeLeanGame(config);
  const raised: RaisedCap[] = [];
  let upstream = 0;
  const validBatch = (b: unknown): number =>
    typeof b === 'number' && Number.isInteger(b) && b >= 1 ? b : 0;
  for (const f of game.facilities) {
    const input = config.facilities[f.id] as LeanFacilityInput;
    const batch = validBatch(f.batchSize);
    const raise = (field: 'wipInMax' | 'wipOutMax', current: number, need: number) => {
      if (explicit.has(`${f.id}:${field}`) || !(typeof current === 'number' && current < need)) {
        return;
      }
      input[field] = need;
      raised.push({ fid: f.id, field, value: need });
    };
    raise('wipOutMax', f.wipOutMax, batch);
    if (f.type !== 'warehouse') raise('wipInMax', f.wipInMax, upstream);
    upstream = Math.max(upstream, batch);
  }
  return raised;
}
