/**
 * The access policy of the local document store: the same policy as `firestore.rules` and
 * `storage.rules`, as pure synchronous functions. Roles and document layout: docs/policy.md.
 *
 * API
 * - `checkAccess(req, read)` decides one operation on one document.
 *   - `req.auth`: the verified caller, or null when unauthenticated. `auth.admin` (the functions'
 *     service credential) bypasses the policy, as firebase-admin bypasses rules.
 *   - `req.path`: the document path; for `list`, the collection path.
 *   - `req.existing`: the stored document (undefined if missing); `req.incoming`: the whole
 *     document after a create/update, with field transforms already resolved.
 *   - `req.query`: for `list`, the query's filters. A list is judged as Firestore judges it: from
 *     the query alone, allowed only when the rule holds for every document the query could
 *     return (see query-facts.ts), whatever the documents found. So a query that is not
 *     restricted the way docs/policy.md lists is refused even when it would find nothing else.
 *   - `read(path)`: other documents as they are before the request, like `get()` in rules; the
 *     store calls it inside the same transaction as the write.
 * - `checkQuery(auth, collection, where, read)`: how the store checks a query before running it
 *   (and again for every snapshot of a query listener, since `get()`s may change).
 * - `checkFileAccess(req)`: storage (logos), see storage-policy.ts; `logoInvalid` is the spec's
 *   message for a refused logo.
 *
 * Every result is `{ allowed: true }` or `{ allowed: false, reason }`; the store maps a refusal to
 * the port's `permission-denied` (or `unauthenticated` when `auth` is null).
 */
import type { Filter } from '@sim/core/port/data-port';
import type { AccessRequest, AuthContext, Decision, DocReader } from './types';
import { RULES, type PathRule } from './collections';
import { disjunctions, queryFacts, MAX_DISJUNCTIONS } from './query-facts';

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
  if (isCollection !== (req.op === 'list')) {
    const wanted = req.op === 'list' ? 'a collection' : 'a document';
    return { allowed: false, reason: `${req.op} needs ${wanted} path, got "${req.path}"` };
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
  let ok: boolean;
  if (isCollection) {
    // Each conjunction the query stands for (one per `in` value) must be provably allowed.
    const conjunctions = disjunctions(req.query?.where ?? []);
    if (conjunctions === undefined) {
      return {
        allowed: false,
        reason: `list ${req.path}: an empty 'in' or more than ${MAX_DISJUNCTIONS} disjunctions`,
      };
    }
    ok = conjunctions.every((where) =>
      cond({
        auth: req.auth,
        params: m.params,
        existing: undefined,
        incoming: undefined,
        query: queryFacts(where),
        read,
      }),
    );
  } else {
    ok = cond({
      auth: req.auth,
      params: m.params,
      existing: req.existing,
      incoming: req.incoming,
      query: undefined,
      read,
    });
  }
  if (ok) return ALLOW;
  const unproven = isCollection
    ? ": the query's filters do not restrict it to documents the caller may list (docs/policy.md, Queries)"
    : '';
  return {
    allowed: false,
    reason: `${req.op} ${req.path}: denied to ${who(req.auth)} (${m.rule.pattern})${unproven}`,
  };
}

/**
 * A query is allowed when its filters prove that every document it could return is listable
 * (Firestore's judgement: the documents found play no part).
 */
export function checkQuery(
  auth: AuthContext | null,
  collectionPath: string,
  where: readonly Filter[],
  read: DocReader,
): Decision {
  const d = checkAccess({ auth, op: 'list', path: collectionPath, query: { where } }, read);
  return d.allowed ? d : { allowed: false, reason: `query on ${collectionPath}: ${d.reason}` };
}
