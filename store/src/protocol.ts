/**
 * Messages between the local store client and server over one WebSocket, as JSON.
 * Requests carry an id; the server answers each with `result` or `error` of the same id.
 * Listener events carry the listener's id and the commit sequence number they reflect,
 * so a client that reconnects resumes exactly after the last event it saw.
 */
import type { DocData, PortErrorCode, QuerySpec } from '@sim/core/port/data-port';
import type { Write } from './engine/document-writes';

export interface WireDoc {
  readonly path: string;
  readonly id: string;
  /** Absent when the document does not exist. */
  readonly data?: DocData;
  /** Commit sequence of the last write; 0 when missing. */
  readonly version: number;
}

export interface WireCursor {
  readonly values: readonly unknown[];
  readonly id?: string;
}

export interface WireQuery {
  readonly spec: Omit<QuerySpec, 'startAfter'>;
  readonly cursor?: WireCursor;
}

export interface Precondition {
  readonly path: string;
  /** The version read; 0 means "did not exist". */
  readonly version: number;
}

export type ClientMessage =
  | {
      readonly t: 'auth';
      readonly id: number;
      readonly token?: string | null;
      readonly service?: string;
    }
  | { readonly t: 'get'; readonly id: number; readonly path: string }
  | { readonly t: 'query'; readonly id: number; readonly query: WireQuery }
  | {
      readonly t: 'commit';
      readonly id: number;
      /** Idempotency key: a commit re-sent after a reconnect is applied once. */
      readonly commitId: string;
      readonly writes: readonly Write[];
      readonly preconditions?: readonly Precondition[];
    }
  | {
      /**
       * Ends a transaction that wrote nothing: fails with aborted unless every document read is
       * still at the version read, so its reads come from one state.
       */
      readonly t: 'verify';
      readonly id: number;
      readonly preconditions: readonly Precondition[];
    }
  | {
      readonly t: 'listenDoc';
      readonly id: number;
      readonly path: string;
      readonly resumeAfter?: number;
    }
  | { readonly t: 'listenQuery'; readonly id: number; readonly query: WireQuery }
  | { readonly t: 'unlisten'; readonly id: number; readonly listenId: number };

export type ServerMessage =
  | {
      readonly t: 'result';
      readonly id: number;
      readonly doc?: WireDoc;
      readonly docs?: WireDoc[];
      readonly seq?: number;
    }
  | {
      readonly t: 'error';
      readonly id: number;
      readonly code: PortErrorCode;
      readonly message: string;
    }
  | {
      readonly t: 'docSnap';
      readonly listenId: number;
      readonly seq: number;
      readonly doc: WireDoc;
    }
  | {
      readonly t: 'querySnap';
      readonly listenId: number;
      readonly seq: number;
      readonly docs: WireDoc[];
    }
  | {
      readonly t: 'listenError';
      readonly listenId: number;
      readonly code: PortErrorCode;
      readonly message: string;
    };
