/**
 * Routing, send groups and moves (design B.8): the next destination of a unit, the groups of a
 * facility's `out` (the warehouse's whOut), the flush rule, kanban room, and sends.
 */
import type { CFacility } from './compile';
import type { LeanUnit, TemplateId, Transit } from './model';
import { account, fs, needsVisit, unit, type Run } from './run';

/** LEAN-ROUTE-3: the first facility after f in line order that u needs, else the warehouse. */
export function nextDestination(run: Run, f: CFacility, u: LeanUnit): CFacility {
  const list = run.c.facilities;
  for (let i = f.index + 1; i < list.length; i++) {
    const g = list[i] as CFacility;
    if (needsVisit(run, g, u)) return g;
  }
  return run.c.warehouse;
}

/** Units in transit to g. */
function inTransitTo(run: Run, g: CFacility): number {
  let n = 0;
  for (const tr of run.s.transit) if (tr.to === g.id) n += tr.units.length;
  return n;
}

/** LEAN-MOVE-3: room ≥ n at g (unlimited without kanban and at the warehouse's fg). */
export function hasRoom(run: Run, g: CFacility, n: number): boolean {
  if (!run.c.kanban || g.isWarehouse) return true;
  return g.wipInMax - fs(run, g).in.length - inTransitTo(run, g) >= n;
}

function anyOfTemplate(run: Run, list: readonly number[], t: TemplateId): boolean {
  for (const r of list) if (unit(run, r).template === t) return true;
  return false;
}

function anyComing(run: Run, list: readonly number[], t: TemplateId, f: CFacility): boolean {
  for (const r of list) {
    const u = unit(run, r);
    if (u.template === t && needsVisit(run, f, u)) return true;
  }
  return false;
}

/**
 * LEAN-ROUTE-5: a group of template t at f may go short of a batch when no other alive unit of t
 * could still join it: none on f's desk or in f's `in`, in transit to f, or upstream (queues,
 * desks and moves of facilities with a lower line) on its way to f. At the warehouse every group
 * is flushable: only launched units join whOut, and units coming back go to fg.
 */
export function flushable(run: Run, f: CFacility, t: TemplateId): boolean {
  if (f.isWarehouse) return true;
  const st = fs(run, f);
  if (anyOfTemplate(run, st.desk, t) || anyOfTemplate(run, st.in, t)) return false;
  for (const tr of run.s.transit) {
    if (tr.to === f.id) {
      if (anyOfTemplate(run, tr.units, t)) return false;
    } else {
      const g = run.c.byId.get(tr.to) as CFacility;
      if (g.line < f.line && anyComing(run, tr.units, t, f)) return false;
    }
  }
  for (const h of run.c.facilities) {
    if (h.line >= f.line) break;
    const hs = fs(run, h);
    if (anyComing(run, hs.out, t, f)) return false;
    if (!h.isWarehouse && (anyComing(run, hs.in, t, f) || anyComing(run, hs.desk, t, f))) {
      return false;
    }
  }
  return true;
}

const scratchDest: CFacility[] = [];
const scratchTmpl: TemplateId[] = [];

/**
 * LEAN-ROUTE-4 / LEAN-MOVE-1: sends the batch of the first sendable group of f's `out` (groups
 * by template and next destination, in the order of their first unit). Returns false when no
 * group is sendable.
 */
export function sendOne(run: Run, f: CFacility): boolean {
  const st = fs(run, f);
  const list = st.out;
  const n = list.length;
  if (n === 0) return false;
  // Scratch arrays shared by every call (no call re-enters): no garbage per send attempt.
  const dest = scratchDest;
  const tmpl = scratchTmpl;
  for (let i = 0; i < n; i++) {
    const u = unit(run, list[i] as number);
    tmpl[i] = u.template;
    dest[i] = nextDestination(run, f, u);
  }
  let blocked = true;
  let shortGroup = -1;
  let shortCount = 0;
  for (let i = 0; i < n; i++) {
    const t = tmpl[i] as TemplateId;
    const d = dest[i] as CFacility;
    let leader = true;
    for (let j = 0; j < i; j++) {
      if (tmpl[j] === t && dest[j] === d) {
        leader = false;
        break;
      }
    }
    if (!leader) continue;
    let count = 0;
    for (let j = i; j < n; j++) if (tmpl[j] === t && dest[j] === d) count++;
    const size = count >= f.batch ? f.batch : flushable(run, f, t) ? count : 0;
    if (size === 0) {
      if (shortGroup < 0 && hasRoom(run, d, count)) {
        shortGroup = i;
        shortCount = count;
      }
      continue;
    }
    blocked = false;
    if (!hasRoom(run, d, size)) continue;
    sendGroup(run, f, i, size);
    return true;
  }
  if (blocked && shortGroup >= 0 && stuck(run, f)) {
    sendGroup(run, f, shortGroup, shortCount);
    return true;
  }
  return false;
}

/**
 * Kanban only: f is idle with units waiting in `in` that it may not load because `out` is at
 * its cap, and no group of `out` can go by size or flush (they wait for the units of `in`).
 * Nothing could ever move, so the first group with room downstream goes short (decision 0009).
 */
function stuck(run: Run, f: CFacility): boolean {
  const st = fs(run, f);
  return (
    run.c.kanban &&
    !f.isWarehouse &&
    st.task === null &&
    st.desk.length === 0 &&
    st.in.length > 0 &&
    st.out.length >= f.wipOutMax
  );
}

/** Sends the first `size` units of the group led by out[i] (scratch arrays filled). */
function sendGroup(run: Run, f: CFacility, i: number, size: number): void {
  const st = fs(run, f);
  const list = st.out;
  const t = scratchTmpl[i] as TemplateId;
  const d = scratchDest[i] as CFacility;
  const batch: number[] = [];
  const rest: number[] = [];
  for (let j = 0; j < list.length; j++) {
    const r = list[j] as number;
    if (j >= i && batch.length < size && scratchTmpl[j] === t && scratchDest[j] === d) {
      batch.push(r);
    } else rest.push(r);
  }
  st.out = rest;
  send(run, f, d, batch);
}

/**
 * No group of f's `out` can go by size or by the flush rule, whatever the room downstream: only
 * new units (a load) could unblock it. True for an empty `out`.
 */
export function outBlocked(run: Run, f: CFacility): boolean {
  const list = fs(run, f).out;
  const n = list.length;
  const dest = scratchDest;
  const tmpl = scratchTmpl;
  for (let i = 0; i < n; i++) {
    const u = unit(run, list[i] as number);
    tmpl[i] = u.template;
    dest[i] = nextDestination(run, f, u);
  }
  for (let i = 0; i < n; i++) {
    let count = 0;
    for (let j = 0; j < n; j++) if (tmpl[j] === tmpl[i] && dest[j] === dest[i]) count++;
    if (count >= f.batch || flushable(run, f, tmpl[i] as TemplateId)) return false;
  }
  return true;
}

/** Sends sendable groups until none is left; returns the number of batches sent. */
export function sendAll(run: Run, f: CFacility): number {
  let sent = 0;
  while (sendOne(run, f)) sent++;
  return sent;
}

function send(run: Run, f: CFacility, g: CFacility, batch: number[]): void {
  for (const r of batch) {
    const u = unit(run, r);
    account(run, u);
    u.zone = 'transit';
    u.sender = f.id;
    u.at = g.id;
  }
  const s = run.s;
  const tr: Transit = {
    seq: s.sendSeq++,
    from: f.id,
    to: g.id,
    units: batch,
    arrive: s.now + (run.c.move[f.index]?.[g.index] ?? 0),
  };
  // Kept in (arrive, seq) order, the order of phase A (LEAN-EVT-4).
  let i = s.transit.length;
  while (i > 0 && (s.transit[i - 1] as Transit).arrive > tr.arrive) i--;
  s.transit.splice(i, 0, tr);
  run.changed = true;
}

/** Phase A: arrivals up to now, in (arrive, seq) order, appended to `in` or the warehouse fg. */
export function arrivals(run: Run): void {
  const s = run.s;
  while (s.transit.length > 0 && (s.transit[0] as Transit).arrive <= s.now) {
    const tr = s.transit.shift() as Transit;
    const g = run.c.byId.get(tr.to) as CFacility;
    const st = fs(run, g);
    for (const r of tr.units) {
      const u = unit(run, r);
      account(run, u);
      u.zone = g.isWarehouse ? 'fg' : 'in';
      u.at = g.id;
      st.in.push(r);
    }
    run.changed = true;
  }
}
