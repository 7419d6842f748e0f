/**
 * The access policy of the local document store: the same policy as `firestore.rules` and
 * `storage.rules`, as pure synchronous functions. Roles and document layout: docs/policy.md.
 *
 * API
 * - `checkAccess(req, read)` decides one operation on one document.
 *   - `req.auth`: the verified caller, or null when unauthenticated. `auth.admin` (the functions'
 *     service credential) bypasses the policy, as firebase-admin bypasses rules.
 *   - `req.path`: the document path. For `list`, either the collection path alone (pre-check:
 *     is this collection listable at all?) or the path of one result document (per-document).
 *   - `req.existing`: the stored document (undefined if missing); `req.incoming`: the whole
 *     document after a create/update, with field transforms already resolved.
 *   - `read(path)`: other documents as they are before the request, like `get()` in rules; the
 *     store calls it inside the same transaction as the write.
 * - `checkQuery(auth, collection, results, read)`: how the store checks a query (and every
 *   snapshot of a query listener). Firestore evaluates `allow list` against the query's
 *   constraints and refuses a query that is not provably restricted to allowed documents; the
 *   local store instead checks every result document with the `list` condition and refuses the
 *   whole query if any result is refused. The two agree whenever the query is restricted the way
 *   the app queries (by creator, team, session, players, faci_id...); a query that is not
 *   restricted but happens to return only allowed documents (or nothing) passes locally and fails
 *   on Firestore, so the case table only uses queries whose results are non-empty.
 * - `checkFileAccess(req)`: storage (logos), see storage-policy.ts; `logoInvalid` is the spec's
 *   message for a refused logo.
 *
 * Every result is `{ allowed: true }` or `{ allowed: false, reason }`; the store maps a refusal to
 * the port's `permission-denied` (or `unauthenticated` when `auth` is null).
 */
import type { DocData } from '@sim/core/port/data-port';
import type { AccessRequest, AuthContext, Decision, DocReader } from './types';
import { RULES, type PathRule } from './collections';

export type {
  AccessRequest,
  AuthContext,
  Decision,
  DocReader,
  FileAccessRequest,
  FileOperation,
  Operation,
} from './types';
export {
  checkFileAccess,
  logoInvalid,
  logoPath,
  LOGO_EXTENSIONS,
  LOGO_MAX_BYTES,
} from './storage-policy';

const ALLOW: Decision = { allowed: true };

interface Match {
  readonly rule: PathRule;
  readonly params: Record<string, string>;
}

function split(path: string): string[] | undefined {
  const parts = path.split('/');
  return parts.some((p) => p.length === 0) ? undefined : parts;
}

/** Finds the rule of a document path (or, with `collectionOnly`, of a collection path). */
function match(parts: readonly string[], collectionOnly: boolean): Match | undefined {
  for (const rule of RULES) {
    const pattern = rule.pattern.split('/');
    const wanted = collectionOnly ? pattern.slice(0, -1) : pattern;
    if (wanted.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < wanted.length && ok; i++) {
      const p = wanted[i] ?? '';
      const s = parts[i] ?? '';
      if (p.startsWith('{') && p.endsWith('}')) params[p.slice(1, -1)] = s;
      else ok = p === s;
    }
    if (ok) return { rule, params };
  }
  return undefined;
}

function who(auth: AuthContext | null): string {
  if (auth === null) return 'unauthenticated caller';
  return auth.provider === 'anonymous' ? `anonymous ${auth.uid}` : auth.uid;
}

export function checkAccess(req: AccessRequest, read: DocReader): Decision {
  if (req.auth?.admin === true) return ALLOW;
  const parts = split(req.path);
  if (parts === undefined) return { allowed: false, reason: `invalid path "${req.path}"` };
  const isCollection = parts.length % 2 === 1;
  if (isCollection && req.op !== 'list') {
    return { allowed: false, reason: `${req.op} needs a document path, got "${req.path}"` };
  }
  const m = match(parts, isCollection);
  if (m === undefined)
    return { allowed: false, reason: `${req.op} ${req.path}: no client access to this path` };
  const cond = m.rule.allow[req.op];
  if (cond === undefined) {
    return {
      allowed: false,
      reason: `${req.op} ${req.path}: not allowed to clients (${m.rule.pattern})`,
    };
  }
  if (isCollection) return ALLOW; // list pre-check: results are checked one by one.
  const ok = cond({
    auth: req.auth,
    params: m.params,
    existing: req.existing,
    incoming: req.incoming,
    read,
  });
  return ok
    ? ALLOW
    : {
        allowed: false,
        reason: `${req.op} ${req.path}: denied to ${who(req.auth)} (${m.rule.pattern})`,
      };
}

export interface QueryResult {
  readonly path: string;
  readonly data: DocData;
}

/** A query is allowed when the collection is listable and every result document is. */
export function checkQuery(
  auth: AuthContext | null,
  collectionPath: string,
  results: readonly QueryResult[],
  read: DocReader,
): Decision {
  const pre = checkAccess({ auth, op: 'list', path: collectionPath }, read);
  if (!pre.allowed) return pre;
  for (const r of results) {
    const d = checkAccess({ auth, op: 'list', path: r.path, existing: r.data }, read);
    if (!d.allowed) return { allowed: false, reason: `query on ${collectionPath}: ${d.reason}` };
  }
  return ALLOW;
}
