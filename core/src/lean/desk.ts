/**
 * The desk of a painting, quality or rework facility (design B.7): loads with their changeover,
 * paints with the seeded defect draw, inspections, removals, and units leaving the desk.
 */
import { randomAt, STREAM } from '../beer/random';
import type { CFacility } from './compile';
import { outBlocked } from './routing';
import type { LeanTask, LeanUnit, OpType, TemplateId } from './model';
import {
  account,
  exitUnit,
  fs,
  isInspectionPoint,
  mayPaintOp,
  mayRemoveOp,
  needsHere,
  removeFrom,
  unit,
  type Run,
} from './run';

/** The batch a load of template t would take: the first min(B, count) units of t in `in`. */
export function batchSize(run: Run, f: CFacility, template: TemplateId): number {
  let n = 0;
  for (const r of fs(run, f).in) {
    if (unit(run, r).template === template && ++n === f.batch) break;
  }
  return n;
}

/**
 * LEAN-DESK-3: the number of units a load of t takes, 0 when it is refused. A load needs an empty
 * desk, no task, a unit of t in `in`, and with kanban |out| + |batch| ≤ wipOutMax. When the cap
 * refuses the batch while no group of `out` can ever go (none full, none flushable, so only a
 * load could unblock it), the part of the batch that fits is loaded instead of waiting forever
 * (decision 0009).
 */
export function loadCount(run: Run, f: CFacility, template: TemplateId): number {
  const st = fs(run, f);
  if (f.isWarehouse || st.task !== null || st.desk.length > 0) return 0;
  const n = batchSize(run, f, template);
  if (n === 0 || !run.c.kanban) return n;
  const room = f.wipOutMax - st.out.length;
  if (n <= room) return n;
  return room > 0 && outBlocked(run, f) ? room : 0;
}

export function mayLoad(run: Run, f: CFacility, template: TemplateId): boolean {
  return loadCount(run, f, template) > 0;
}

/**
 * LEAN-DESK-3/-4: moves the batch of t to the desk and starts its changeover (a template switch
 * with C > 0) or its load. The caller checked `mayLoad`.
 */
export function load(run: Run, f: CFacility, template: TemplateId): void {
  const st = fs(run, f);
  const size = loadCount(run, f, template);
  const batch: number[] = [];
  const rest: number[] = [];
  for (const r of st.in) {
    if (batch.length < size && unit(run, r).template === template) batch.push(r);
    else rest.push(r);
  }
  st.in = rest;
  for (const r of batch) {
    const u = unit(run, r);
    account(run, u);
    u.zone = 'desk';
    st.desk.push(r);
  }
  const now = run.s.now;
  const changeover = st.setup !== null && st.setup !== template && f.changeover > 0;
  st.setup = template;
  st.task = changeover
    ? { kind: 'changeover', start: now, end: now + f.changeover, units: batch, template }
    : { kind: 'load', start: now, end: now + f.load, units: batch, template };
  run.changed = true;
}

function start(run: Run, f: CFacility, u: LeanUnit, task: LeanTask): void {
  account(run, u);
  fs(run, f).task = task;
  run.changed = true;
}

/** LEAN-DESK-2 paint: the caller checked that u is on the desk and f may paint the todo op. */
export function paint(run: Run, f: CFacility, u: LeanUnit, op: number, tool: OpType): void {
  const time = run.tmpl[u.rank]?.ops[op]?.time ?? 0;
  const now = run.s.now;
  start(run, f, u, { kind: 'paint', start: now, end: now + time, units: [u.rank], op, tool });
}

export function inspect(run: Run, f: CFacility, u: LeanUnit): void {
  const now = run.s.now;
  start(run, f, u, { kind: 'inspect', start: now, end: now + f.inspect, units: [u.rank] });
}

export function remove(run: Run, f: CFacility, u: LeanUnit, op: number): void {
  const now = run.s.now;
  start(run, f, u, { kind: 'remove', start: now, end: now + f.remove, units: [u.rank], op });
}

/**
 * Completes the running task of f (LEAN-DESK-6 to -10): its effect, its bucket, then the units
 * involved leave the desk when f needs nothing more of them. A completed changeover starts its
 * load at once.
 */
export function complete(run: Run, f: CFacility): void {
  const st = fs(run, f);
  const task = st.task as LeanTask;
  const now = run.s.now;
  for (const r of task.units) account(run, unit(run, r));
  const duration = task.end - task.start;
  run.changed = true;
  switch (task.kind) {
    case 'changeover':
      st.buckets.changeover += duration;
      st.task = {
        kind: 'load',
        start: now,
        end: now + f.load,
        units: task.units,
        template: task.template as TemplateId,
      };
      return;
    case 'load':
      st.buckets.load += duration;
      break;
    case 'paint': {
      const u = unit(run, task.units[0] as number);
      const opIndex = task.op as number;
      const op = u.ops[opIndex] as LeanUnit['ops'][number];
      const type = run.tmpl[u.rank]?.ops[opIndex];
      // LEAN-DESK-6: the attempt index is the number of earlier paints of this op.
      const attempt = op.attempts;
      op.attempts += 1;
      op.state = 'done';
      op.paintedBy = f.id;
      op.tool = task.tool ?? null;
      const wrongTool = task.tool !== undefined && task.tool !== type?.type;
      op.defect =
        wrongTool ||
        (f.defectRate > 0 &&
          randomAt(run.c.seed, STREAM.leanDefect, u.rank, opIndex, attempt) < f.defectRate);
      op.detected = op.defect && (f.inspects || run.c.autoinspect);
      st.paints += 1;
      if (op.defect) {
        u.defectivePaints += 1;
        st.defectivePaints += 1;
        if (op.detected) st.detected += 1;
      }
      // LEAN-DESK-10: a first-attempt paint of an op assigned here adds value; others are quality.
      if (attempt === 0 && type?.assignee === f.id) st.buckets.valueAdd += duration;
      else st.buckets.quality += duration;
      break;
    }
    case 'inspect': {
      const u = unit(run, task.units[0] as number);
      u.inspectedAt.push(f.id);
      for (const op of u.ops) {
        if (op.defect && !op.detected) {
          op.detected = true;
          st.detected += 1;
        }
      }
      st.buckets.quality += duration;
      break;
    }
    case 'remove': {
      const op = unit(run, task.units[0] as number).ops[task.op as number];
      if (op) {
        op.state = 'todo';
        op.defect = false;
        op.detected = false;
      }
      st.buckets.quality += duration;
      break;
    }
  }
  st.task = null;
  for (const r of task.units) {
    const u = unit(run, r);
    if (u.zone === 'desk' && u.at === f.id && !needsHere(run, f, u)) leaveDesk(run, f, u);
  }
}

/**
 * LEAN-DESK-9: the unit goes to the end of `out`, or is scrapped when one of its todo ops can be
 * painted by no facility at or after this one.
 */
function leaveDesk(run: Run, f: CFacility, u: LeanUnit): void {
  const st = fs(run, f);
  account(run, u);
  removeFrom(st.desk, u.rank);
  st.leftDesk += 1;
  if (stranded(run, f, u)) {
    exitUnit(run, u, 'scrapped');
    return;
  }
  u.zone = 'out';
  st.out.push(u.rank);
}

function stranded(run: Run, f: CFacility, u: LeanUnit): boolean {
  for (let i = 0; i < u.ops.length; i++) {
    if ((u.ops[i] as LeanUnit['ops'][number]).state !== 'todo') continue;
    let paintable = false;
    for (const g of run.c.facilities) {
      if (g.line >= f.line && mayPaintOp(run, g, u, i)) {
        paintable = true;
        break;
      }
    }
    if (!paintable) return true;
  }
  return false;
}

/**
 * LEAN-AI-3 step 2: the first task the computer starts for the first desk unit that needs this
 * facility: inspect, else remove the lowest detected op, else paint the lowest todo op it may
 * paint, with the op's own tool (LEAN-AI-4). Returns false when there is nothing to do.
 */
export function computerTask(run: Run, f: CFacility): boolean {
  const st = fs(run, f);
  for (const r of st.desk) {
    const u = unit(run, r);
    if (isInspectionPoint(run, f, u)) {
      inspect(run, f, u);
      return true;
    }
    for (let i = 0; i < u.ops.length; i++) {
      if (mayRemoveOp(run, f, u, i)) {
        remove(run, f, u, i);
        return true;
      }
    }
    const t = run.tmpl[u.rank];
    for (let i = 0; i < u.ops.length; i++) {
      if ((u.ops[i] as LeanUnit['ops'][number]).state === 'todo' && mayPaintOp(run, f, u, i)) {
        paint(run, f, u, i, (t?.ops[i]?.type ?? '') as OpType);
        return true;
      }
    }
  }
  return false;
}
