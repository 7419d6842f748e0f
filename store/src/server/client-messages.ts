/**
 * The shape of every message a client sends the store, checked before anything runs. A
 * hand-written client can send any JSON: a malformed field is refused with invalid-argument and
 * changes nothing, instead of failing deep in the store with an internal error, or reaching the
 * database as a document of the wrong kind (a write whose kind is unknown, a transform that is not
 * one). Bounds follow Firestore's where it has one.
 */
import { z } from 'zod';
import type { ClientMessage } from '../protocol';
import { MAX_WRITES_PER_COMMIT } from './document-store';

/** Firestore's longest document name is 6 KiB; a path is part of one. */
const MAX_PATH_LENGTH = 6 * 1024;
/** A field path of a filter or an order (Firestore: 1500 bytes a field name). */
const MAX_FIELD_PATH_LENGTH = 1500;
/**
 * Nesting of maps and arrays in a document value. Firestore allows 20 levels, counted a little
 * differently by each SDK; this bound is above all of them and keeps the store's recursive walks
 * far from the stack's limit.
 */
const MAX_VALUE_DEPTH = 32;
/** Firestore's filters and orders of one query are few; these bound the work one query asks. */
const MAX_FILTERS = 100;
const MAX_ORDERS = 10;
/** Values of one array union or removal: the app's are a few ids (Firestore bounds only the size). */
const MAX_TRANSFORM_VALUES = 500;
/** An ID token or a service secret; real ones are a few KiB at most. */
const MAX_CREDENTIAL_LENGTH = 16 * 1024;

const requestId = z.int().nonnegative();
const path = z.string().min(1).max(MAX_PATH_LENGTH);
const version = z.int().nonnegative();
const fieldPath = z.string().min(1).max(MAX_FIELD_PATH_LENGTH);

/** What is wrong with a document value, or undefined when it is a value the store can keep. */
function valueProblem(
  value: unknown,
  depth: number,
  transformsAllowed: boolean,
): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_VALUE_DEPTH) return `nested deeper than ${MAX_VALUE_DEPTH} levels`;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = valueProblem(item, depth + 1, false);
      if (problem) return problem;
    }
    return undefined;
  }
  if (Object.hasOwn(value, '$transform')) {
    if (!transformsAllowed) return 'a field transform inside an array';
    return transformProblem(value);
  }
  for (const item of Object.values(value)) {
    const problem = valueProblem(item, depth + 1, true);
    if (problem) return problem;
  }
  return undefined;
}

const transformValues = z.array(z.unknown()).max(MAX_TRANSFORM_VALUES);
const fieldTransform = z.discriminatedUnion('$transform', [
  z.strictObject({ $transform: z.literal('serverTimestamp') }),
  z.strictObject({ $transform: z.literal('increment'), by: z.number() }),
  z.strictObject({ $transform: z.literal('arrayUnion'), values: transformValues }),
  z.strictObject({ $transform: z.literal('arrayRemove'), values: transformValues }),
  z.strictObject({ $transform: z.literal('delete') }),
]);

function transformProblem(value: object): string | undefined {
  const parsed = fieldTransform.safeParse(value);
  if (!parsed.success) return 'a malformed field transform';
  if (parsed.data.$transform === 'arrayUnion' || parsed.data.$transform === 'arrayRemove') {
    for (const item of parsed.data.values) {
      const problem = valueProblem(item, 1, false);
      if (problem) return problem;
    }
  }
  return undefined;
}

const documentData = z.record(z.string(), z.unknown()).superRefine((data, ctx) => {
  const problem = valueProblem(data, 0, true);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const write = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('set'),
    path,
    data: documentData,
    merge: z.boolean().optional(),
  }),
  z.strictObject({ kind: z.literal('update'), path, data: documentData }),
  z.strictObject({ kind: z.literal('delete'), path }),
]);

// A transaction's reads are bounded like its writes.
const preconditions = z.array(z.strictObject({ path, version })).max(MAX_WRITES_PER_COMMIT);

const query = z.strictObject({
  spec: z.strictObject({
    collection: path,
    where: z
      .array(
        z.strictObject({
          field: fieldPath,
          op: z.enum(['==', '!=', '<', '<=', '>', '>=', 'in', 'array-contains']),
          value: z.unknown(),
        }),
      )
      .max(MAX_FILTERS)
      .optional(),
    orderBy: z
      .array(z.strictObject({ field: fieldPath, direction: z.enum(['asc', 'desc']).optional() }))
      .max(MAX_ORDERS)
      .optional(),
    limit: z.int().nonnegative().optional(),
  }),
  cursor: z
    .strictObject({
      values: z.array(z.unknown()).max(MAX_ORDERS + 1),
      id: z.string().max(MAX_PATH_LENGTH).optional(),
    })
    .optional(),
});

const credential = z.string().max(MAX_CREDENTIAL_LENGTH);

const clientMessage = z.discriminatedUnion('t', [
  z.strictObject({
    t: z.literal('auth'),
    id: requestId,
    token: credential.nullable().optional(),
    service: credential.optional(),
  }),
  z.strictObject({ t: z.literal('get'), id: requestId, path }),
  z.strictObject({ t: z.literal('query'), id: requestId, query }),
  z.strictObject({
    t: z.literal('commit'),
    id: requestId,
    commitId: z.string().min(1).max(256),
    writes: z.array(write).min(1).max(MAX_WRITES_PER_COMMIT),
    preconditions: preconditions.optional(),
  }),
  z.strictObject({ t: z.literal('verify'), id: requestId, preconditions }),
  z.strictObject({
    t: z.literal('listenDoc'),
    id: requestId,
    path,
    resumeAfter: version.optional(),
  }),
  z.strictObject({ t: z.literal('listenQuery'), id: requestId, query }),
  z.strictObject({ t: z.literal('unlisten'), id: requestId, listenId: requestId }),
]);

export type ParsedMessage =
  | { readonly ok: true; readonly message: ClientMessage }
  | {
      readonly ok: false;
      /** The request's id when it has a usable one, so the refusal can answer it. */
      readonly id: number | undefined;
      readonly isAuth: boolean;
      readonly reason: string;
    };

/** Parses and checks one message's text; never throws. */
export function parseClientMessage(raw: string): ParsedMessage {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, id: undefined, isAuth: false, reason: 'Not JSON' };
  }
  const parsed = clientMessage.safeParse(json);
  if (parsed.success) {
    const message: ClientMessage = parsed.data;
    return { ok: true, message };
  }
  const fields = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const id = requestId.safeParse(fields['id']);
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return {
    ok: false,
    id: id.success ? id.data : undefined,
    isAuth: fields['t'] === 'auth',
    reason: `Malformed message: ${where}${issue?.message ?? 'invalid'}`,
  };
}
