/**
 * The local document store service: one WebSocket per client for reads, commits and
 * listeners, and HTTP for files. Every request is checked against the access policy that
 * mirrors firestore.rules and storage.rules; the service credential bypasses it.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DocData } from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import type { AuthContext } from '../policy/access-policy';
import { checkAccess, checkFileAccess, checkQuery } from '../policy/access-policy';
import type { StoredDoc } from '../engine/query-eval';
import type { ClientMessage, WireDoc, WireQuery } from '../protocol';
import { parseClientMessage, type ParsedMessage } from './client-messages';
import { Database } from './database';
import { DocumentStore, type ChangedDoc, type WriteAuthorizer } from './document-store';
import { secretsMatch, serviceContext, type TokenVerifier } from './auth';

export interface StoreServerOptions {
  readonly port: number;
  readonly host?: string;
  /** Folder for the database and files; undefined keeps documents in memory and files in a temp folder. */
  readonly dataDir?: string;
  readonly filesDir: string;
  readonly serviceSecret: string;
  readonly verifyToken: TokenVerifier;
  readonly clock?: () => number;
}

export interface RunningStore {
  readonly url: string;
  readonly port: number;
  readonly store: DocumentStore;
  /** The open client sockets (tests drop them to exercise reconnection). */
  sockets(): WebSocket[];
  close(): Promise<void>;
}

type Listener =
  | { readonly kind: 'doc'; readonly path: string; lastSeq: number }
  | { readonly kind: 'query'; readonly query: WireQuery; lastKey: string };

function toWire(path: string, doc: StoredDoc | undefined): WireDoc {
  const id = path.slice(path.lastIndexOf('/') + 1);
  return doc ? { path, id, data: doc.data, version: doc.version } : { path, id, version: 0 };
}

function errorOf(err: unknown): PortError {
  if (err instanceof PortError) return err;
  return new PortError('internal', (err as Error)?.message ?? String(err));
}

function deny(reason: string): never {
  throw new PortError('permission-denied', `Missing or insufficient permissions: ${reason}`);
}

function resultKey(docs: readonly StoredDoc[]): string {
  return docs.map((d) => `${d.path}@${d.version}`).join('|');
}

class Connection {
  private auth: AuthContext | null = null;
  private authReady: Promise<void> = Promise.resolve();
  readonly listeners = new Map<number, Listener>();

  constructor(
    private readonly socket: WebSocket,
    private readonly store: DocumentStore,
    private readonly options: StoreServerOptions,
  ) {}

  send(text: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }

  private reply(id: number, body: Record<string, unknown>): void {
    this.send(JSON.stringify({ t: 'result', id, ...body }));
  }

  private fail(id: number, err: unknown): void {
    const e = errorOf(err);
    this.send(JSON.stringify({ t: 'error', id, code: e.code, message: e.message }));
  }

  handle(raw: string): void {
    const parsed = parseClientMessage(raw);
    if (!parsed.ok) {
      this.refuse(parsed);
      return;
    }
    const msg = parsed.message;
    if (msg.t === 'auth') {
      this.authReady = this.authReady.then(() => this.authenticate(msg));
      return;
    }
    // Requests wait for the latest authentication so they run as the right user.
    void this.authReady
      .then(() => this.dispatch(msg))
      .catch((err: unknown) => this.fail(msg.id, err));
  }

  /**
   * Answers a malformed message with invalid-argument when it has an id to answer. A malformed
   * sign-in signs the connection out, in its turn with the others: the requests after it must
   * not run as the user before it.
   */
  private refuse(parsed: Extract<ParsedMessage, { ok: false }>): void {
    const refusal = new PortError('invalid-argument', parsed.reason);
    const answer = (): void => {
      if (parsed.id !== undefined) this.fail(parsed.id, refusal);
    };
    if (parsed.isAuth) {
      this.authReady = this.authReady.then(() => {
        this.auth = null;
        answer();
      });
    } else {
      answer();
    }
  }

  private async authenticate(msg: Extract<ClientMessage, { t: 'auth' }>): Promise<void> {
    try {
      if (msg.service !== undefined) {
        if (!secretsMatch(msg.service, this.options.serviceSecret)) {
          throw new PortError('unauthenticated', 'Wrong service credential');
        }
        this.auth = serviceContext();
      } else if (msg.token) {
        this.auth = await this.options.verifyToken(msg.token);
      } else {
        this.auth = null;
      }
      this.reply(msg.id, {});
    } catch (err) {
      this.auth = null;
      this.fail(msg.id, err);
    }
  }

  private get isAdmin(): boolean {
    return this.auth?.admin === true;
  }

  /** Throws permission-denied unless the caller may read this document. */
  private assertRead(path: string, data: DocData | undefined): void {
    if (this.isAdmin) return;
    const decision = checkAccess(
      { auth: this.auth, op: 'get', path, ...(data !== undefined ? { existing: data } : {}) },
      (p) => this.store.get(p)?.data,
    );
    if (!decision.allowed) deny(decision.reason);
  }

  /** Judges the query from its filters first, as Firestore does, then runs it. */
  private runQuery(query: WireQuery): StoredDoc[] {
    if (!this.isAdmin) {
      const decision = checkQuery(
        this.auth,
        query.spec.collection,
        query.spec.where ?? [],
        (p) => this.store.get(p)?.data,
      );
      if (!decision.allowed) deny(decision.reason);
    }
    return this.store.query(query.spec, query.cursor);
  }

  private authorizer(): WriteAuthorizer | null {
    if (this.isAdmin) return null;
    const auth = this.auth;
    return (op, path, existing, incoming, readBefore) => {
      const decision = checkAccess(
        {
          auth,
          op,
          path,
          ...(existing !== undefined ? { existing } : {}),
          ...(incoming !== undefined ? { incoming } : {}),
        },
        readBefore,
      );
      if (!decision.allowed) deny(decision.reason);
    };
  }

  private async dispatch(msg: Exclude<ClientMessage, { t: 'auth' }>): Promise<void> {
    switch (msg.t) {
      case 'get': {
        const doc = this.store.get(msg.path);
        this.assertRead(msg.path, doc?.data);
        this.reply(msg.id, { doc: toWire(msg.path, doc) });
        return;
      }
      case 'query': {
        const docs = this.runQuery(msg.query);
        this.reply(msg.id, { docs: docs.map((d) => toWire(d.path, d)) });
        return;
      }
      case 'commit': {
        const seq = await this.store.commit(
          msg.commitId,
          msg.writes,
          msg.preconditions ?? [],
          this.authorizer(),
        );
        this.reply(msg.id, { seq });
        return;
      }
      case 'verify': {
        this.store.verifyReads(msg.preconditions, (path, data) => this.assertRead(path, data));
        this.reply(msg.id, {});
        return;
      }
      case 'listenDoc':
        this.listenDoc(msg.id, msg.path, msg.resumeAfter);
        return;
      case 'listenQuery': {
        const docs = this.runQuery(msg.query);
        this.listeners.set(msg.id, { kind: 'query', query: msg.query, lastKey: resultKey(docs) });
        this.reply(msg.id, { seq: this.store.seq });
        this.sendQuerySnap(msg.id, this.store.seq, docs);
        return;
      }
      case 'unlisten':
        this.listeners.delete(msg.listenId);
        this.reply(msg.id, {});
        return;
    }
  }

  private listenDoc(id: number, path: string, resumeAfter: number | undefined): void {
    const doc = this.store.get(path);
    this.assertRead(path, doc?.data);
    const seq = this.store.seq;
    this.listeners.set(id, { kind: 'doc', path, lastSeq: seq });
    this.reply(id, { seq });
    if (resumeAfter === undefined) {
      this.sendDocSnap(id, seq, path, doc);
      return;
    }
    if (resumeAfter >= seq || (doc?.version ?? 0) <= resumeAfter) return;
    // Resuming: every change missed since `resumeAfter`, in order, from the change log; if the
    // log no longer reaches back that far, the current state is the best there is.
    const missed = this.store.changesSince(path, resumeAfter);
    if (missed === null) {
      this.sendDocSnap(id, seq, path, doc);
      return;
    }
    for (const change of missed) this.sendDocSnap(id, change.seq, path, change.doc);
  }

  private sendDocSnap(
    listenId: number,
    seq: number,
    path: string,
    doc: StoredDoc | undefined,
  ): void {
    this.send(JSON.stringify({ t: 'docSnap', listenId, seq, doc: toWire(path, doc) }));
  }

  private sendQuerySnap(listenId: number, seq: number, docs: readonly StoredDoc[]): void {
    this.send(
      JSON.stringify({ t: 'querySnap', listenId, seq, docs: docs.map((d) => toWire(d.path, d)) }),
    );
  }

  private dropListener(listenId: number, err: unknown): void {
    this.listeners.delete(listenId);
    const e = errorOf(err);
    this.send(JSON.stringify({ t: 'listenError', listenId, code: e.code, message: e.message }));
  }

  /** Called for every commit, in commit order. `docJson` caches each document's wire text. */
  onCommit(seq: number, changes: readonly ChangedDoc[], docJson: (c: ChangedDoc) => string): void {
    for (const [listenId, listener] of this.listeners) {
      if (listener.kind === 'doc') {
        const change = changes.find((c) => c.path === listener.path);
        if (!change) continue;
        if (change.after) {
          try {
            this.assertRead(change.path, change.after.data);
          } catch (err) {
            this.dropListener(listenId, err);
            continue;
          }
        }
        const text = `{"t":"docSnap","listenId":${listenId},"seq":${seq},"doc":${docJson(change)}}`;
        listener.lastSeq = seq;
        this.send(text);
      } else {
        if (!changes.some((c) => c.collection === listener.query.spec.collection)) continue;
        let docs: StoredDoc[];
        try {
          docs = this.runQuery(listener.query);
        } catch (err) {
          this.dropListener(listenId, err);
          continue;
        }
        const key = resultKey(docs);
        if (key === listener.lastKey) continue;
        listener.lastKey = key;
        this.sendQuerySnap(listenId, seq, docs);
      }
    }
  }
}

function safeFilePath(root: string, path: string): string {
  const full = resolve(root, path);
  if (
    !full.startsWith(resolve(root) + sep) ||
    path.split('/').some((p) => p === '..' || p === '')
  ) {
    throw new PortError('invalid-argument', 'Invalid file path');
  }
  return full;
}

const MAX_UPLOAD_BYTES = 10_000_000;

/**
 * The request body, up to MAX_UPLOAD_BYTES. Past that it is refused, and what still arrives is
 * read and dropped: leaving the loop of an async iterator would destroy the request's socket
 * before the refusal is sent.
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > MAX_UPLOAD_BYTES) {
        refused = true;
        chunks.length = 0;
        reject(new PortError('invalid-argument', 'File too large'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!refused) resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/** The declared body size, when the request states one. */
function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

/**
 * Served with every file: uploads (logos) are someone's content, never a page of this origin. Not
 * sniffed as another type; no script, plugin, frame or form even when opened directly (an SVG
 * with a script, an HTML file named .png); inline styles stay, which SVGs use.
 */
export const FILE_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
};

const HTTP_STATUS: Record<string, number> = {
  'permission-denied': 403,
  unauthenticated: 401,
  'not-found': 404,
  'invalid-argument': 400,
};

export async function startStoreServer(options: StoreServerOptions): Promise<RunningStore> {
  const db = await Database.open(options.dataDir);
  const store = await DocumentStore.load(db, options.clock);
  await mkdir(options.filesDir, { recursive: true });
  const connections = new Set<Connection>();

  store.onCommit((seq, changes) => {
    const cache = new Map<string, string>();
    const docJson = (c: ChangedDoc): string => {
      let text = cache.get(c.path);
      if (text === undefined) {
        text = JSON.stringify(toWire(c.path, c.after));
        cache.set(c.path, text);
      }
      return text;
    };
    for (const conn of connections) conn.onCommit(seq, changes, docJson);
  });

  const downloadToken = (path: string): string =>
    createHmac('sha256', options.serviceSecret).update(path).digest('hex');

  async function authOf(req: IncomingMessage): Promise<AuthContext | null> {
    const service = req.headers['x-service-credential'];
    if (typeof service === 'string' && secretsMatch(service, options.serviceSecret)) {
      return serviceContext();
    }
    const header = req.headers.authorization;
    if (header?.startsWith('Bearer ')) return options.verifyToken(header.slice(7));
    return null;
  }

  async function handleFile(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<void> {
    for (const [name, value] of Object.entries(FILE_RESPONSE_HEADERS)) res.setHeader(name, value);
    const auth = await authOf(req);
    const full = safeFilePath(options.filesDir, path);
    const check = (op: 'read' | 'write' | 'delete', size?: number, contentType?: string): void => {
      if (auth?.admin) return;
      const decision = checkFileAccess({
        auth,
        op,
        path,
        ...(size !== undefined ? { size } : {}),
        ...(contentType !== undefined ? { contentType } : {}),
      });
      if (!decision.allowed) deny(decision.reason);
    };
    if (req.method === 'GET') {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const token = url.searchParams.get('token');
      // Like Firebase download URLs: the URL itself carries the right to read the file.
      if (token === null || !secretsMatch(token, downloadToken(path))) check('read');
      const meta = await db.getFile(path);
      if (!meta) throw new PortError('not-found', 'No such file');
      const body = await readFile(full);
      if (url.searchParams.get('url') === '1') {
        const base = `http://${req.headers.host ?? 'localhost'}`;
        const link = `${base}/files/${encodeURIComponent(path)}?token=${downloadToken(path)}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ url: link }));
        return;
      }
      res.writeHead(200, { 'content-type': meta.contentType, 'cache-control': 'no-cache' });
      res.end(body);
    } else if (req.method === 'PUT' || req.method === 'POST') {
      const contentType = req.headers['content-type'] ?? 'application/octet-stream';
      // Refused on what the request declares before its body is read, then on what arrived.
      const declared = declaredLength(req);
      if (declared !== undefined && declared > MAX_UPLOAD_BYTES) {
        throw new PortError('invalid-argument', 'File too large');
      }
      if (declared !== undefined) check('write', declared, contentType);
      const body = await readBody(req);
      check('write', body.length, contentType);
      await mkdir(dirname(full), { recursive: true });
      const tmp = `${full}.${process.pid}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, full);
      await db.putFile({ path, contentType, size: body.length, updatedAt: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ path, size: body.length }));
    } else if (req.method === 'DELETE') {
      check('delete');
      await rm(full, { force: true });
      await db.deleteFile(path);
      res.writeHead(204);
      res.end();
    } else {
      res.writeHead(405);
      res.end();
    }
  }

  const http = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader(
      'access-control-allow-headers',
      'authorization, content-type, x-service-credential',
    );
    res.setHeader('access-control-allow-methods', 'GET, PUT, POST, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.writeHead(204);
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/health') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, seq: store.seq }));
      return;
    }
    if (url.pathname.startsWith('/files/')) {
      const path = decodeURIComponent(url.pathname.slice('/files/'.length));
      handleFile(req, res, path).catch((err: unknown) => {
        const e = errorOf(err);
        if (!res.headersSent) {
          // Refused before the whole body arrived: the rest must not be read as the next
          // request on this keep-alive connection, so the connection closes after the answer
          // (Node drops the unread body).
          const closing = req.complete ? {} : { connection: 'close' };
          res.writeHead(HTTP_STATUS[e.code] ?? 500, {
            'content-type': 'application/json',
            ...closing,
          });
        }
        res.end(JSON.stringify({ code: e.code, message: e.message }));
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });

  const wss = new WebSocketServer({ server: http, path: '/ws', maxPayload: 16 * 1024 * 1024 });
  wss.on('connection', (socket) => {
    const conn = new Connection(socket, store, options);
    connections.add(conn);
    socket.on('message', (data) => conn.handle(data.toString()));
    socket.on('close', () => connections.delete(conn));
    socket.on('error', () => connections.delete(conn));
  });

  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(options.port, options.host ?? '127.0.0.1', () => ok());
  });
  const port = (http.address() as AddressInfo).port;
  const pruneTimer = setInterval(() => void store.prune().catch(() => undefined), 10 * 60 * 1000);
  pruneTimer.unref();

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    store,
    sockets: () => [...wss.clients],
    async close() {
      clearInterval(pruneTimer);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((ok) => wss.close(() => ok()));
      await new Promise<void>((ok) => http.close(() => ok()));
      await db.close();
    },
  };
}
