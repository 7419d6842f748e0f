/**
 * The isomorphic client of the local document store (browser and Node), implementing the data
 * port. One WebSocket carries every request and listener. On a dropped connection it
 * reconnects, re-sends unanswered requests (commits carry an idempotency key, so a commit the
 * server already applied is not applied twice) and resumes listeners after the last event seen.
 */
import type {
  DataPort,
  DocData,
  DocChange,
  DocSnapshot,
  DocumentPort,
  FilePort,
  PortErrorCode,
  QuerySnapshot,
  QuerySpec,
  SetOptions,
  Transaction,
  TransactionOptions,
  Unsubscribe,
  WriteBatch,
  WriteData,
} from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import { assertCollectionPath, assertDocPath, makeId } from '@sim/core/port/paths';
import { readField } from '../engine/values';
import { effectiveOrder } from '../engine/query-eval';
import type { Write } from '../engine/document-writes';
import type { ClientMessage, Precondition, ServerMessage, WireDoc, WireQuery } from '../protocol';

/** The longest pause between two attempts of a transaction (business.md §3.6). */
export const TX_BACKOFF_CAP_MS = 250;

export type ClientCredentials =
  | { readonly kind: 'service'; readonly secret: string }
  | { readonly kind: 'user'; readonly getToken: () => Promise<string | null> };

/** The subset of the WebSocket API the client needs; the browser's and `ws` both fit. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

export interface LocalClientOptions {
  /** Base URL of the store, e.g. http://127.0.0.1:8787 */
  readonly url: string;
  readonly credentials: ClientCredentials;
  /** Defaults to the global WebSocket (browsers); pass `ws` in Node 20. */
  readonly socketFactory?: SocketFactory;
  readonly fetch?: typeof fetch;
}

type Request = Exclude<ClientMessage, { t: 'auth' } | { t: 'listenDoc' } | { t: 'listenQuery' }>;
type RequestBody = Request extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

interface Pending {
  readonly body: RequestBody;
  /** The socket it was sent on, so it is sent once per connection. */
  sentOn: SocketLike | null;
  resolve(msg: Extract<ServerMessage, { t: 'result' }>): void;
  reject(err: PortError): void;
}

interface DocListener {
  readonly kind: 'doc';
  sentOn: SocketLike | null;
  closed?: boolean;
  readonly path: string;
  serverId: number;
  lastSeq: number | undefined;
  readonly next: (snap: DocSnapshot) => void;
  readonly onError: ((err: PortError) => void) | undefined;
}

interface QueryListener {
  readonly kind: 'query';
  sentOn: SocketLike | null;
  closed?: boolean;
  readonly query: WireQuery;
  serverId: number;
  last: WireDoc[] | undefined;
  readonly next: (snap: QuerySnapshot) => void;
  readonly onError: ((err: PortError) => void) | undefined;
}

type Listener = DocListener | QueryListener;

const OPEN = 1;

function randomBytes(n: number): Uint8Array {
  const bytes = new Uint8Array(n);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

interface DocSubscriber {
  readonly next: (snap: DocSnapshot) => void;
  readonly onError?: (err: PortError) => void;
}

/** One server listener of a document and the page's listeners that share it. */
interface SharedDocListener {
  readonly subscribers: Set<DocSubscriber>;
  last: DocSnapshot | undefined;
  stop: Unsubscribe;
}

function toSnapshot(doc: WireDoc): DocSnapshot {
  return { id: doc.id, path: doc.path, exists: doc.data !== undefined, data: doc.data };
}

function toWireQuery(spec: QuerySpec): WireQuery {
  assertCollectionPath(spec.collection);
  const { startAfter, ...rest } = spec;
  if (startAfter === undefined) return { spec: rest };
  if (Array.isArray(startAfter)) return { spec: rest, cursor: { values: startAfter } };
  const snap = startAfter as DocSnapshot;
  const values = effectiveOrder(spec).map((o) => readField(snap.data, o.field));
  return { spec: rest, cursor: { values, id: snap.id } };
}

function diff(previous: readonly WireDoc[], next: readonly WireDoc[]): DocChange[] {
  const oldIndex = new Map(previous.map((d, i) => [d.path, i]));
  const newIndex = new Map(next.map((d, i) => [d.path, i]));
  const changes: DocChange[] = [];
  previous.forEach((d, i) => {
    if (!newIndex.has(d.path))
      changes.push({ type: 'removed', doc: toSnapshot(d), oldIndex: i, newIndex: -1 });
  });
  next.forEach((d, i) => {
    const before = oldIndex.get(d.path);
    if (before === undefined) {
      changes.push({ type: 'added', doc: toSnapshot(d), oldIndex: -1, newIndex: i });
    } else if (previous[before]?.version !== d.version || before !== i) {
      changes.push({ type: 'modified', doc: toSnapshot(d), oldIndex: before, newIndex: i });
    }
  });
  return changes;
}

export class LocalStoreClient implements DataPort {
  readonly docs: DocumentPort;
  readonly files: FilePort;
  private socket: SocketLike | null = null;
  private authenticated = false;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, Listener>();
  private readonly byServerId = new Map<number, Listener>();
  private readonly sharedDocs = new Map<string, SharedDocListener>();
  private reconnectDelay = 50;
  private closed = false;
  private readonly socketFactory: SocketFactory;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: LocalClientOptions) {
    this.socketFactory =
      options.socketFactory ??
      ((url) =>
        new (globalThis as unknown as { WebSocket: new (u: string) => SocketLike }).WebSocket(url));
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.docs = this.makeDocumentPort();
    this.files = this.makeFilePort();
    this.connect();
  }

  /** Call when the signed-in user changes: requests after this run as the new user. */
  refreshAuth(): Promise<void> {
    return this.enqueue(() => undefined);
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
    for (const p of this.pending.values()) p.reject(new PortError('unavailable', 'Client closed'));
    this.pending.clear();
  }

  private connect(): void {
    if (this.closed) return;
    const wsUrl = `${this.options.url.replace(/^http/, 'ws')}/ws`;
    const socket = this.socketFactory(wsUrl);
    this.socket = socket;
    this.authenticated = false;
    this.sentToken = undefined;
    socket.onopen = () => {
      this.reconnectDelay = 50;
      void this.onOpen(socket);
    };
    socket.onmessage = (ev) => this.onMessage(String(ev.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.authenticated = false;
      if (this.closed) return;
      setTimeout(() => this.connect(), this.reconnectDelay);
      this.reconnectDelay = Math.min(this.reconnectDelay * 2, 2000);
    };
    socket.onerror = () => undefined;
  }

  private async onOpen(socket: SocketLike): Promise<void> {
    await this.enqueue(() => {
      if (this.socket !== socket) return;
      this.authenticated = true;
      for (const listener of this.listeners.values()) this.subscribe(listener);
      for (const [id, p] of this.pending) this.sendPending(id, p);
    });
  }

  /**
   * Everything sent goes through one queue that first makes sure the store knows the current
   * credentials: a request made right after a sign-in runs as the new user, never the old one.
   */
  private enqueue(send: () => void): Promise<void> {
    const run = this.sendQueue.then(async () => {
      const socket = this.socket;
      if (socket?.readyState !== OPEN) return;
      await this.syncAuth(socket);
      // The connection may have dropped while the token was fetched: what was meant for it goes
      // on the next one, which sends every pending request and listener once it is open.
      if (this.socket !== socket || socket.readyState !== OPEN) return;
      send();
    });
    this.sendQueue = run.catch(() => undefined);
    return run;
  }

  private sendQueue: Promise<void> = Promise.resolve();
  /** The credential last sent on the current socket; undefined when none yet. */
  private sentToken: string | null | undefined = undefined;

  private async syncAuth(socket: SocketLike): Promise<void> {
    const creds = this.options.credentials;
    const token =
      creds.kind === 'service'
        ? `service:${creds.secret}`
        : await creds.getToken().catch(() => null);
    // A newer socket is signed in by its own opening, never with what this one was sent.
    if (this.socket !== socket || token === this.sentToken) return;
    this.sentToken = token;
    const id = this.nextId++;
    // The store applies an auth message before any message sent after it; an invalid token
    // leaves the connection signed out and the policy decides.
    this.authWaiters.set(id, { resolve: () => undefined, reject: () => undefined });
    if (creds.kind === 'service') this.rawSend({ t: 'auth', id, service: creds.secret });
    else this.rawSend({ t: 'auth', id, token });
  }

  private readonly authWaiters = new Map<
    number,
    { resolve(): void; reject(err: PortError): void }
  >();

  private rawSend(msg: ClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(msg));
  }

  private sendPending(id: number, p: Pending): void {
    if (!this.pending.has(id) || p.sentOn === this.socket) return;
    // Marked sent only when it is: else the socket's opening would take it as already sent.
    if (this.socket?.readyState !== OPEN) return;
    p.sentOn = this.socket;
    this.rawSend({ ...p.body, id } as ClientMessage);
  }

  private request(body: RequestBody): Promise<Extract<ServerMessage, { t: 'result' }>> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const pending: Pending = { body, resolve, reject, sentOn: null };
      this.pending.set(id, pending);
      if (this.authenticated) void this.enqueue(() => this.sendPending(id, pending));
    });
  }

  private subscribe(listener: Listener): void {
    if (listener.closed || listener.sentOn === this.socket) return;
    if (this.socket?.readyState !== OPEN) return;
    listener.sentOn = this.socket;
    const id = this.nextId++;
    if (listener.serverId) this.byServerId.delete(listener.serverId);
    listener.serverId = id;
    this.byServerId.set(id, listener);
    if (listener.kind === 'doc') {
      this.rawSend({
        t: 'listenDoc',
        id,
        path: listener.path,
        ...(listener.lastSeq !== undefined ? { resumeAfter: listener.lastSeq } : {}),
      });
    } else {
      this.rawSend({ t: 'listenQuery', id, query: listener.query });
    }
  }

  private onMessage(text: string): void {
    const msg = JSON.parse(text) as ServerMessage;
    switch (msg.t) {
      case 'result':
      case 'error': {
        const waiter = this.authWaiters.get(msg.id);
        if (waiter) {
          this.authWaiters.delete(msg.id);
          if (msg.t === 'result') waiter.resolve();
          else waiter.reject(new PortError(msg.code, msg.message));
          return;
        }
        const listener = this.byServerId.get(msg.id);
        if (listener && msg.t === 'error') {
          this.failListener(listener, new PortError(msg.code, msg.message));
          return;
        }
        const p = this.pending.get(msg.id);
        if (!p) return;
        this.pending.delete(msg.id);
        if (msg.t === 'result') p.resolve(msg);
        else p.reject(new PortError(msg.code, msg.message));
        return;
      }
      case 'docSnap': {
        const listener = this.byServerId.get(msg.listenId);
        if (listener?.kind !== 'doc') return;
        // Events already seen (an overlap after a resume) are skipped.
        if (listener.lastSeq !== undefined && msg.seq <= listener.lastSeq) return;
        listener.lastSeq = msg.seq;
        listener.next(toSnapshot(msg.doc));
        return;
      }
      case 'querySnap': {
        const listener = this.byServerId.get(msg.listenId);
        if (listener?.kind !== 'query') return;
        const changes = diff(listener.last ?? [], msg.docs);
        if (listener.last !== undefined && changes.length === 0) return;
        listener.last = msg.docs;
        listener.next({ docs: msg.docs.map(toSnapshot), changes });
        return;
      }
      case 'listenError': {
        const listener = this.byServerId.get(msg.listenId);
        if (listener) this.failListener(listener, new PortError(msg.code, msg.message));
        return;
      }
    }
  }

  private failListener(listener: Listener, err: PortError): void {
    listener.closed = true;
    for (const [key, l] of this.listeners) if (l === listener) this.listeners.delete(key);
    this.byServerId.delete(listener.serverId);
    listener.onError?.(err);
  }

  private listen(listener: Listener): Unsubscribe {
    const key = this.nextId++;
    this.listeners.set(key, listener);
    if (this.authenticated) void this.enqueue(() => this.subscribe(listener));
    return () => {
      listener.closed = true;
      if (!this.listeners.delete(key)) return;
      this.byServerId.delete(listener.serverId);
      if (this.authenticated) {
        void this.request({ t: 'unlisten', listenId: listener.serverId }).catch(() => undefined);
      }
    };
  }

  /**
   * Listeners of one document share one server listener, as the Firestore SDK's do: a change is
   * one message, and every listener of the page hears it in the same task, so the page renders
   * once for it instead of once per listener. A listener added later starts with the last
   * snapshot heard.
   */
  private shareDoc(path: string, subscriber: DocSubscriber): Unsubscribe {
    let shared = this.sharedDocs.get(path);
    if (!shared) {
      const created: SharedDocListener = {
        subscribers: new Set(),
        last: undefined,
        stop: () => undefined,
      };
      created.stop = this.listen({
        kind: 'doc',
        path,
        serverId: 0,
        sentOn: null,
        lastSeq: undefined,
        next: (snap) => {
          created.last = snap;
          for (const s of [...created.subscribers]) s.next(snap);
        },
        onError: (err) => {
          if (this.sharedDocs.get(path) === created) this.sharedDocs.delete(path);
          for (const s of [...created.subscribers]) s.onError?.(err);
        },
      });
      this.sharedDocs.set(path, created);
      shared = created;
    }
    const listener = shared;
    listener.subscribers.add(subscriber);
    const last = listener.last;
    if (last !== undefined) {
      queueMicrotask(() => {
        // Unless it stopped, or heard a newer snapshot, before this turn came.
        if (listener.subscribers.has(subscriber) && listener.last === last) subscriber.next(last);
      });
    }
    return () => {
      if (!listener.subscribers.delete(subscriber) || listener.subscribers.size > 0) return;
      if (this.sharedDocs.get(path) === listener) this.sharedDocs.delete(path);
      listener.stop();
    };
  }

  private async commit(writes: Write[], preconditions: Precondition[] = []): Promise<void> {
    if (writes.length === 0) return;
    const commitId = makeId(randomBytes) + makeId(randomBytes);
    await this.request({ t: 'commit', commitId, writes, preconditions });
  }

  private makeDocumentPort(): DocumentPort {
    const makeBatch = (writes: Write[]): WriteBatch => {
      const batch: WriteBatch = {
        set(path: string, data: WriteData, options?: SetOptions) {
          assertDocPath(path);
          writes.push({ kind: 'set', path, data: data as DocData, merge: options?.merge === true });
          return batch;
        },
        update(path: string, data: WriteData) {
          assertDocPath(path);
          writes.push({ kind: 'update', path, data: data as DocData });
          return batch;
        },
        delete(path: string) {
          assertDocPath(path);
          writes.push({ kind: 'delete', path });
          return batch;
        },
        commit: () => this.commit(writes),
      };
      return batch;
    };

    return {
      get: async (path) => {
        assertDocPath(path);
        const res = await this.request({ t: 'get', path });
        if (!res.doc) throw new PortError('internal', 'Malformed reply');
        return toSnapshot(res.doc);
      },
      query: async (spec) => {
        const res = await this.request({ t: 'query', query: toWireQuery(spec) });
        return (res.docs ?? []).map(toSnapshot);
      },
      onDoc: (path, next, onError) => {
        assertDocPath(path);
        return this.shareDoc(path, { next, ...(onError ? { onError } : {}) });
      },
      onQuery: (spec, next, onError) => {
        const query = toWireQuery(spec);
        return this.listen({
          kind: 'query',
          query,
          serverId: 0,
          sentOn: null,
          last: undefined,
          next,
          onError,
        });
      },
      set: (path, data, options) => makeBatch([]).set(path, data, options).commit(),
      update: (path, data) => makeBatch([]).update(path, data).commit(),
      delete: (path) => makeBatch([]).delete(path).commit(),
      add: async (collectionPath, data) => {
        assertCollectionPath(collectionPath);
        const id = makeId(randomBytes);
        await makeBatch([]).set(`${collectionPath}/${id}`, data).commit();
        return id;
      },
      batch: () => makeBatch([]),
      runTransaction: (work, options) => this.runTransaction(work, options),
      newId: () => makeId(randomBytes),
    };
  }

  private async runTransaction<T>(
    work: (tx: Transaction) => Promise<T>,
    options?: TransactionOptions,
  ): Promise<T> {
    const attempts = options?.maxAttempts ?? 5;
    let lastError: PortError = new PortError('aborted', 'Transaction failed');
    for (let attempt = 0; attempt < attempts; attempt++) {
      const reads = new Map<string, number>();
      const writes: Write[] = [];
      const tx: Transaction = {
        get: async (path) => {
          assertDocPath(path);
          if (writes.length > 0) {
            throw new PortError('invalid-argument', 'A transaction must read before it writes');
          }
          const res = await this.request({ t: 'get', path });
          if (!res.doc) throw new PortError('internal', 'Malformed reply');
          reads.set(path, res.doc.version);
          return toSnapshot(res.doc);
        },
        set(path, data, setOptions) {
          assertDocPath(path);
          writes.push({
            kind: 'set',
            path,
            data: data as DocData,
            merge: setOptions?.merge === true,
          });
          return tx;
        },
        update(path, data) {
          assertDocPath(path);
          writes.push({ kind: 'update', path, data: data as DocData });
          return tx;
        },
        delete(path) {
          assertDocPath(path);
          writes.push({ kind: 'delete', path });
          return tx;
        },
      };
      const result = await work(tx);
      const preconditions = [...reads].map(([path, version]) => ({ path, version }));
      try {
        // With nothing to write, the reads are still checked: two reads on either side of
        // another commit would otherwise pass as one state.
        if (writes.length === 0 && preconditions.length > 0) {
          await this.request({ t: 'verify', preconditions });
        } else {
          await this.commit(writes, preconditions);
        }
        return result;
      } catch (err) {
        if (!(err instanceof PortError) || err.code !== 'aborted') throw err;
        lastError = err;
        // Back off a little, with jitter, before reading again; capped, so a transaction that
        // lost many times to others on one document (an invoice counter) is not left waiting
        // seconds while the document is free.
        const base = Math.min(5 * 2 ** attempt, TX_BACKOFF_CAP_MS / 2);
        await new Promise((ok) => setTimeout(ok, base * (1 + (randomBytes(1)[0] ?? 0) / 255)));
      }
    }
    throw lastError;
  }

  private async fileHeaders(): Promise<Record<string, string>> {
    const creds = this.options.credentials;
    if (creds.kind === 'service') return { 'x-service-credential': creds.secret };
    const token = await creds.getToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  }

  private fileUrl(path: string): string {
    return `${this.options.url}/files/${encodeURIComponent(path)}`;
  }

  private makeFilePort(): FilePort {
    const failOf = async (res: Response): Promise<PortError> => {
      let body: { code?: PortErrorCode; message?: string } = {};
      try {
        body = (await res.json()) as typeof body;
      } catch {
        body = {};
      }
      return new PortError(body.code ?? 'internal', body.message ?? `HTTP ${res.status}`);
    };
    return {
      upload: async (path, bytes, contentType) => {
        const res = await this.fetchImpl(this.fileUrl(path), {
          method: 'PUT',
          headers: { ...(await this.fileHeaders()), 'content-type': contentType },
          // Uint8Array is a valid fetch body; the DOM typings only lack the generic buffer form.
          body: bytes as unknown as BodyInit,
        });
        if (!res.ok) throw await failOf(res);
      },
      downloadUrl: async (path) => {
        const res = await this.fetchImpl(`${this.fileUrl(path)}?url=1`, {
          method: 'GET',
          headers: await this.fileHeaders(),
        });
        if (!res.ok) throw await failOf(res);
        return ((await res.json()) as { url: string }).url;
      },
      delete: async (path) => {
        const res = await this.fetchImpl(this.fileUrl(path), {
          method: 'DELETE',
          headers: await this.fileHeaders(),
        });
        if (!res.ok) throw await failOf(res);
      },
    };
  }
}
