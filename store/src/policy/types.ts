/** Types of the access policy; see access-policy.ts for how they are used. */
import type { DocData, Filter } from '@sim/core/port/data-port';

export interface AuthContext {
  readonly uid: string;
  /** Firebase `sign_in_provider`: 'anonymous', 'password', 'custom', ... */
  readonly provider: 'anonymous' | 'password' | 'custom' | (string & {});
  readonly email?: string;
  readonly emailVerified?: boolean;
  /** A service credential (functions): bypasses the policy, like firebase-admin bypasses rules. */
  readonly admin?: boolean;
}

export type Operation = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface AccessRequest {
  readonly auth: AuthContext | null;
  readonly op: Operation;
  /** A document path; for `list`, the collection path. */
  readonly path: string;
  /** The stored document (get, list, update, delete); undefined when it does not exist. */
  readonly existing?: DocData;
  /** The whole document as it would be after the write, transforms resolved (create, update). */
  readonly incoming?: DocData;
  /**
   * For `list`: the query's filters. A list is judged from them alone, as Firestore does: it is
   * allowed only when the rule holds for every document the query could return. None: no filter.
   */
  readonly query?: { readonly where: readonly Filter[] };
}

/** Reads another document as it is before the request (like `get()` in rules). */
export type DocReader = (path: string) => DocData | undefined;

export type Decision =
  { readonly allowed: true } | { readonly allowed: false; readonly reason: string };

export type FileOperation = 'read' | 'write' | 'delete';

export interface FileAccessRequest {
  readonly auth: AuthContext | null;
  readonly op: FileOperation;
  readonly path: string;
  /** Bytes of the upload (write). */
  readonly size?: number;
  /** Content type of the upload (write). */
  readonly contentType?: string;
}
