/**
 * Applies one write (set, merge set, dotted update, delete) with its field transforms to a
 * document, the way Firestore does. Pure: the commit time comes in as an argument.
 */
import type { DocData } from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import { isFieldTransform, type FieldTransform } from '@sim/core/port/field-values';
import { valuesEqual } from './values';

export type Write =
  | {
      readonly kind: 'set';
      readonly path: string;
      readonly data: DocData;
      readonly merge?: boolean;
    }
  | { readonly kind: 'update'; readonly path: string; readonly data: DocData }
  | { readonly kind: 'delete'; readonly path: string };

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !isFieldTransform(value)
  );
}

function applyTransform(current: unknown, transform: FieldTransform, now: number): unknown {
  switch (transform.$transform) {
    case 'serverTimestamp':
      return now;
    case 'increment':
      return typeof current === 'number' ? current + transform.by : transform.by;
    case 'arrayUnion': {
      const base = Array.isArray(current) ? [...current] : [];
      for (const v of transform.values) if (!base.some((b) => valuesEqual(b, v))) base.push(v);
      return base;
    }
    case 'arrayRemove': {
      const base = Array.isArray(current) ? current : [];
      return base.filter((b) => !transform.values.some((v) => valuesEqual(b, v)));
    }
    case 'delete':
      return undefined;
  }
}

/** Resolves transforms inside a value that replaces a field wholesale (no previous value). */
function resolveValue(
  value: unknown,
  current: unknown,
  now: number,
  allowDelete: boolean,
): unknown {
  if (isFieldTransform(value)) {
    if (value.$transform === 'delete' && !allowDelete) {
      throw new PortError('invalid-argument', 'deleteField() is only allowed in update or merge');
    }
    return applyTransform(current, value, now);
  }
  if (Array.isArray(value)) {
    if (value.some(isFieldTransform)) {
      throw new PortError('invalid-argument', 'Field transforms cannot be used inside arrays');
    }
    return value;
  }
  if (isPlainObject(value)) {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) {
      const resolved = resolveValue(v, undefined, now, false);
      if (resolved !== undefined) out[k] = resolved;
    }
    return out;
  }
  if (value === undefined) {
    throw new PortError('invalid-argument', 'Unsupported field value undefined');
  }
  return value;
}

/** A field's current value: own fields only, never one of `Object.prototype`'s ('constructor'…). */
function own(map: Json, key: string): unknown {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Deep merge of `incoming` into `base`, as a Firestore merge set: nested maps merge too. */
function mergeInto(base: Json, incoming: Json, now: number): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(incoming)) {
    if (isPlainObject(value)) {
      const existing = own(out, key);
      out[key] = mergeInto(isPlainObject(existing) ? existing : {}, value, now);
    } else {
      const resolved = resolveValue(value, own(out, key), now, true);
      if (resolved === undefined) delete out[key];
      else out[key] = resolved;
    }
  }
  return out;
}

function setAtPath(base: Json, fieldPath: string, value: unknown, now: number): Json {
  const [head, ...rest] = fieldPath.split('.');
  if (head === undefined || head === '') {
    throw new PortError('invalid-argument', `Invalid field path "${fieldPath}"`);
  }
  const out: Json = { ...base };
  if (rest.length === 0) {
    const resolved = resolveValue(value, own(out, head), now, true);
    if (resolved === undefined) delete out[head];
    else out[head] = resolved;
    return out;
  }
  const child = own(out, head);
  out[head] = setAtPath(isPlainObject(child) ? child : {}, rest.join('.'), value, now);
  return out;
}

/** Field names Firestore reserves (`__name__`…); `__proto__` among them, which JSON keeps as a key. */
const RESERVED_FIELD = /^__.*__$/;

function checkFieldName(name: string): void {
  if (name.length === 0) throw new PortError('invalid-argument', 'Empty field name');
  if (RESERVED_FIELD.test(name)) {
    throw new PortError('invalid-argument', `Field name ${name} is reserved`);
  }
}

/** Every field name in the value, at any depth (maps inside arrays too), as Firestore checks. */
function validateNames(value: unknown): void {
  if (Array.isArray(value)) {
    for (const v of value) validateNames(v);
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      checkFieldName(k);
      validateNames(v);
    }
  }
}

function validateKeys(data: DocData, dotted: boolean): void {
  for (const [key, value] of Object.entries(data)) {
    if (dotted) for (const segment of key.split('.')) checkFieldName(segment);
    else checkFieldName(key);
    validateNames(value);
  }
}

/**
 * Returns the document after the write, or null when the write deletes it.
 * `update` on a missing document fails with not-found.
 */
export function applyWrite(
  existing: DocData | undefined,
  write: Write,
  now: number,
): DocData | null {
  switch (write.kind) {
    case 'delete':
      return null;
    case 'set': {
      validateKeys(write.data, false);
      if (write.merge) return mergeInto(existing ?? {}, write.data, now);
      const out: Json = {};
      for (const [k, v] of Object.entries(write.data)) {
        const resolved = resolveValue(v, undefined, now, false);
        if (resolved !== undefined) out[k] = resolved;
      }
      return out;
    }
    case 'update': {
      if (existing === undefined) {
        throw new PortError('not-found', `No document to update: ${write.path}`);
      }
      validateKeys(write.data, true);
      let out: Json = existing;
      for (const [fieldPath, value] of Object.entries(write.data)) {
        out = setAtPath(out, fieldPath, value, now);
      }
      return out;
    }
  }
}
