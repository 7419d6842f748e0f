/**
 * Firestore's REST form of a document (`v1` `Document`, `Value`) as the data port's values, the
 * same as the browser SDK's adapter gives them: integers and doubles as numbers, timestamps as
 * epoch milliseconds, references as document paths, bytes as `Uint8Array`.
 */
import type { DocData } from '@sim/core/port/data-port';

type RestFields = Readonly<Record<string, unknown>>;

function fields(value: unknown): RestFields {
  return typeof value === 'object' && value !== null ? (value as RestFields) : {};
}

/** RFC 3339 with up to nanoseconds → epoch ms, as `Timestamp.toMillis()` gives it (nanoseconds / 1e6). */
export function timestampToMillis(text: string): number {
  const match = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(text);
  if (!match) return Number.NaN;
  const [, whole = '', fraction = '', zone = ''] = match;
  return Date.parse(`${whole}${zone}`) + Number(fraction.slice(0, 9).padEnd(9, '0')) / 1e6;
}

function bytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/** `projects/p/databases/d/documents/games/g1` → `games/g1`. */
export function documentPath(name: string): string {
  const marker = '/documents/';
  const at = name.indexOf(marker);
  return at === -1 ? name : name.slice(at + marker.length);
}

export function restValueToPort(value: unknown): unknown {
  const v = fields(value);
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v['booleanValue'] === true;
  if ('integerValue' in v) return Number(v['integerValue']);
  if ('doubleValue' in v) return Number(v['doubleValue']);
  if ('timestampValue' in v) return timestampToMillis(String(v['timestampValue']));
  if ('stringValue' in v) return String(v['stringValue']);
  if ('bytesValue' in v) return bytes(String(v['bytesValue']));
  if ('referenceValue' in v) return documentPath(String(v['referenceValue']));
  if ('geoPointValue' in v) {
    const point = fields(v['geoPointValue']);
    return { latitude: Number(point['latitude'] ?? 0), longitude: Number(point['longitude'] ?? 0) };
  }
  if ('arrayValue' in v) {
    const values = fields(v['arrayValue'])['values'];
    return Array.isArray(values) ? values.map(restValueToPort) : [];
  }
  if ('mapValue' in v) return restFieldsToPort(fields(v['mapValue'])['fields']);
  return null;
}

/** A map's or a document's `fields`; own properties only, `__proto__` staying a plain key. */
export function restFieldsToPort(restFields: unknown): DocData {
  return Object.fromEntries(
    Object.entries(fields(restFields)).map(([key, value]) => [key, restValueToPort(value)]),
  );
}
