/**
 * The value mapping both Firestore adapters share (browser SDK and firebase-admin): port data to
 * SDK data and back. Each adapter passes only what is its SDK's own: how a sentinel becomes a
 * field value, and which SDK classes become plain values.
 */
import type { DocData } from './data-port';
import { isFieldTransform, type FieldTransform } from './field-values';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Turns a sentinel into the SDK's field value; `toSdk` maps values inside it (array unions). */
export type TransformToSdk = (t: FieldTransform, toSdk: (value: unknown) => unknown) => unknown;

/** Port data → SDK data: sentinels at any depth become field values; undefined keys are dropped (as JSON does). */
export function portDataToSdk(
  data: Readonly<Record<string, unknown>>,
  transform: TransformToSdk,
): Record<string, unknown> {
  const toSdk = (value: unknown): unknown => {
    if (isFieldTransform(value)) return transform(value, toSdk);
    if (Array.isArray(value)) return value.map(toSdk);
    if (isPlainObject(value)) return portDataToSdk(value, transform);
    return value;
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value !== undefined) out[key] = toSdk(value);
  }
  return out;
}

/** Returned by an SDK-class converter for a value that is not one of its SDK's classes. */
export const NOT_SDK_CLASS: unique symbol = Symbol('not an SDK class');

/** SDK value → port value: `fromSdkClass` converts the SDK's classes (Timestamp → epoch ms…). */
export function sdkValueToPort(value: unknown, fromSdkClass: (value: object) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => sdkValueToPort(v, fromSdkClass));
  if (typeof value === 'object' && value !== null) {
    const converted = fromSdkClass(value);
    if (converted !== NOT_SDK_CLASS) return converted;
    const out: DocData = {};
    for (const [key, v] of Object.entries(value)) out[key] = sdkValueToPort(v, fromSdkClass);
    return out;
  }
  return value;
}
