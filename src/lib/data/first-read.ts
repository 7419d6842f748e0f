/**
 * A page's first reads over Firestore's REST API, before the Auth and Firestore SDKs have
 * downloaded (decision 0029): a player's page renders from them with about 130 KiB less
 * JavaScript and without Auth's account lookup and Firestore's channel set-up on the way. The
 * reads carry the ID token the Auth SDK stored in this browser (`stored-session.ts`), or none
 * for a visitor, so the security rules judge them exactly as the SDK's.
 *
 * Only what a plain read answers is answered: a document, or a query of equality and range
 * filters, order and limit. Anything else, a refused read or a failed one answers null, and the
 * caller waits for the SDK, which reports the error as it always did. The SDKs download once the
 * first reads have been quiet for a moment, or at once when something needs them.
 */
import {
  type DocData,
  type DocSnapshot,
  type Filter,
  type QuerySpec,
} from '@sim/core/port/data-port';
import { docId, segments } from '@sim/core/port/paths';
import { documentPath, restFieldsToPort } from '@/lib/data/rest-values';

export interface FirstReadOptions {
  /** `https://firestore.googleapis.com`, or the emulator's `http://host:port`. */
  readonly origin: string;
  readonly projectId: string;
  /** The stored ID token, or null for a visitor (the rules' public reads). */
  readonly idToken: () => Promise<string | null>;
  readonly fetch?: typeof fetch;
  /** How long the reads must be quiet before the SDKs download (ms). */
  readonly quietMs?: number;
  /** The SDKs download at the latest this long after the first read (ms). */
  readonly maxHoldMs?: number;
}

export interface FirstReads {
  /** The document as the server has it now, or null when a plain read cannot tell. */
  readDoc(path: string): Promise<DocSnapshot | null>;
  /**
   * Starts the read of a document a page is about to listen to, before its code has loaded; the
   * listener then takes its answer.
   */
  prefetchDoc(path: string): void;
  /** The documents read so far that had an answer, in the order they came. */
  answeredPaths(): string[];
  /** The query's documents as the server has them now, or null when a plain read cannot tell. */
  readQuery(spec: QuerySpec): Promise<readonly DocSnapshot[] | null>;
  /** Resolves when the SDKs may download: the reads have been quiet, or something needs them. */
  settled(): Promise<void>;
  /** Something needs the SDKs now (a write, a query a plain read cannot answer). */
  release(): void;
  /** From now on every read answers null: the SDKs are there. */
  end(): void;
}

const REQUEST_TIMEOUT_MS = 8000;

/** A document read answered 404: allowed by the rules, and not there. */
const MISSING = Symbol('missing');

const OPERATORS: Readonly<Record<Filter['op'], string>> = {
  '==': 'EQUAL',
  '!=': 'NOT_EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  in: 'IN',
  'array-contains': 'ARRAY_CONTAINS',
};

/** A path's segments, or null for a malformed path (the SDK reports it). */
function validSegments(path: string): string[] | null {
  try {
    return segments(path);
  } catch {
    return null;
  }
}

/** A filter's value in REST form, or undefined for one a plain read does not send. */
export function portValueToRest(value: unknown): unknown {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  }
  if (Array.isArray(value)) {
    const values = value.map(portValueToRest);
    return values.includes(undefined) ? undefined : { arrayValue: { values } };
  }
  return undefined;
}

/** A field path the REST API takes as written: simple names only (others need quoting). */
const SIMPLE_FIELD_PATH = /^[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)*$/;

/** The REST `StructuredQuery` of a spec, or null when a plain read does not answer it. */
export function structuredQuery(spec: QuerySpec): { parent: string; query: object } | null {
  if (spec.startAfter !== undefined) return null;
  const parts = validSegments(spec.collection);
  if (parts === null || parts.length % 2 !== 1) return null;
  const filters: object[] = [];
  const fields = [...(spec.where ?? []), ...(spec.orderBy ?? [])].map((f) => f.field);
  if (!fields.every((field) => SIMPLE_FIELD_PATH.test(field))) return null;
  for (const { field, op, value } of spec.where ?? []) {
    const restValue = portValueToRest(value);
    if (restValue === undefined || !Object.hasOwn(OPERATORS, op)) return null;
    filters.push({
      fieldFilter: { field: { fieldPath: field }, op: OPERATORS[op], value: restValue },
    });
  }
  const where =
    filters.length === 0
      ? {}
      : { where: filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } } };
  const orderBy = (spec.orderBy ?? []).map((o) => ({
    field: { fieldPath: o.field },
    direction: o.direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
  }));
  return {
    parent: parts.slice(0, -1).join('/'),
    query: {
      from: [{ collectionId: parts[parts.length - 1] }],
      ...where,
      ...(orderBy.length > 0 ? { orderBy } : {}),
      ...(spec.limit !== undefined ? { limit: spec.limit } : {}),
    },
  };
}

function snapshotOf(document: unknown): DocSnapshot | null {
  if (typeof document !== 'object' || document === null) return null;
  const { name, fields } = document as { name?: unknown; fields?: unknown };
  if (typeof name !== 'string') return null;
  const path = documentPath(name);
  return { id: docId(path), path, exists: true, data: restFieldsToPort(fields) as DocData };
}

export function createFirstReads(options: FirstReadOptions): FirstReads {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const quietMs = options.quietMs ?? 150;
  const maxHoldMs = options.maxHoldMs ?? 4000;
  /** A document's full name starts with this; `documents` is its address. */
  const name = `projects/${options.projectId}/databases/(default)/documents`;
  const documents = `${options.origin}/v1/${name}`;
  let ended = false;
  let inFlight = 0;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let releaseNow: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    releaseNow = resolve;
  });
  const holdLimit = setTimeout(releaseNow, maxHoldMs);
  const release = (): void => {
    clearTimeout(holdLimit);
    if (quietTimer !== undefined) clearTimeout(quietTimer);
    releaseNow();
  };
  const waitForQuiet = (): void => {
    if (quietTimer !== undefined) clearTimeout(quietTimer);
    quietTimer = setTimeout(() => {
      if (inFlight === 0) release();
    }, quietMs);
  };
  // A page that reads nothing does not hold the SDKs back.
  waitForQuiet();

  /** Counts a read while it is on its way: the SDKs wait until none has been for a moment. */
  const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
      if (inFlight === 0) waitForQuiet();
    }
  };

  /** One REST call: its JSON, `MISSING` for a 404 (readable, and not there), else null. */
  const call = async (url: string, token: string | null, body?: object): Promise<unknown> => {
    const headers: Record<string, string> = {};
    if (token !== null) headers['Authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await doFetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (response.status === 404) return MISSING;
      return response.ok ? ((await response.json()) as unknown) : null;
    } catch {
      return null;
    }
  };

  /**
   * With a token, a document is read through `batchGet`: one address for every document, so the
   * browser asks its CORS preflight once, and a missing document is an answer, not a 404. A
   * visitor's read is a plain GET, a simple request without a preflight.
   */
  const fetchDoc = async (path: string, parts: readonly string[]): Promise<DocSnapshot | null> => {
    const token = await options.idToken();
    const missing: DocSnapshot = { id: docId(path), path, exists: false, data: undefined };
    if (token === null) {
      const document = await call(`${documents}/${parts.map(encodeURIComponent).join('/')}`, null);
      return document === MISSING ? missing : snapshotOf(document);
    }
    const rows = await call(`${documents}:batchGet`, token, {
      documents: [`${name}/${parts.join('/')}`],
    });
    const row: unknown = Array.isArray(rows) && rows.length === 1 ? rows[0] : null;
    if (typeof row !== 'object' || row === null) return null;
    if ('missing' in row) return missing;
    return 'found' in row ? snapshotOf(row.found) : null;
  };

  /**
   * One read per path until the SDKs take over: a page's listeners of its game, the game page's
   * and its screen's, share it, on its way or answered. The snapshot is the page's first, and
   * the live listener that follows corrects it; a read that could not answer may be asked again.
   */
  const docReads = new Map<string, Promise<DocSnapshot | null>>();
  const answered = new Set<string>();

  const readDoc = (path: string): Promise<DocSnapshot | null> => {
    if (ended) return Promise.resolve(null);
    const parts = validSegments(path);
    if (parts === null || parts.length % 2 !== 0) return Promise.resolve(null);
    const known = docReads.get(path);
    if (known) return known;
    const read = tracked(() => fetchDoc(path, parts));
    docReads.set(path, read);
    void read.then((snap) => {
      if (snap === null) docReads.delete(path);
      else answered.add(path);
    });
    return read;
  };

  const readQuery = async (spec: QuerySpec): Promise<readonly DocSnapshot[] | null> => {
    const query = ended ? null : structuredQuery(spec);
    if (query === null) return null;
    const parent = query.parent === '' ? documents : `${documents}/${query.parent}`;
    const rows = await tracked(async () =>
      call(`${parent}:runQuery`, await options.idToken(), { structuredQuery: query.query }),
    );
    if (!Array.isArray(rows)) return null;
    const docs: DocSnapshot[] = [];
    for (const row of rows as { document?: unknown }[]) {
      if (row.document === undefined) continue;
      const snap = snapshotOf(row.document);
      if (snap === null) return null;
      docs.push(snap);
    }
    return docs;
  };

  return {
    readDoc,
    prefetchDoc: (path) => void readDoc(path),
    answeredPaths: () => [...answered],
    readQuery,
    settled: () => released,
    release,
    end: () => {
      ended = true;
      release();
    },
  };
}
