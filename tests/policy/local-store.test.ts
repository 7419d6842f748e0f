/**
 * Runs every case of the access-policy table against the running local document store: the
 * world is seeded with the service credential, then the case's actor performs the operation
 * through the store's client, as the SPA would. A refusal is the port's permission-denied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataPort, DocData } from '@sim/core/port/data-port';
import { PortError } from '@sim/core/port/data-port';
import { mintEmulatorToken, type TokenClaims } from '@sim/store/testing/emulator-token';
import {
  nodeSocketFactory,
  startTestStore,
  TEST_PROJECT_ID,
  type TestStore,
} from '@sim/store/testing/test-store';
import type { ClientMessage, ServerMessage } from '@sim/store/protocol';
import { ACTORS, DOC_CASES, FILE_CASES, type Actor, type DocCase, type FileCase } from './cases';
import { worldOf } from './harness';

let store: TestStore;
let service: DataPort;
const clients = new Map<Actor, DataPort>();
/** Paths currently in the store, so each case starts from exactly its own world. */
let present = new Set<string>();

/** The token claims of an actor who is not the service; null when signed out. */
function claimsOf(who: Actor): TokenClaims | null {
  const auth = ACTORS[who];
  if (!auth) return null;
  return {
    uid: auth.uid,
    provider:
      auth.provider === 'anonymous'
        ? 'anonymous'
        : auth.provider === 'custom'
          ? 'custom'
          : 'password',
    ...(auth.email !== undefined ? { email: auth.email } : {}),
    ...(auth.emailVerified !== undefined ? { emailVerified: auth.emailVerified } : {}),
  };
}

function clientOf(who: Actor): DataPort {
  let client = clients.get(who);
  if (!client) {
    client = ACTORS[who]?.admin ? store.service() : store.as(claimsOf(who));
    clients.set(who, client);
  }
  return client;
}

async function seed(world: ReadonlyMap<string, DocData>, extra: readonly string[]): Promise<void> {
  const batch = service.docs.batch();
  for (const path of [...present, ...extra]) if (!world.has(path)) batch.delete(path);
  for (const [path, data] of world) batch.set(path, data);
  await batch.commit();
  present = new Set(world.keys());
}

async function outcome(run: () => Promise<unknown>): Promise<'allow' | 'deny'> {
  try {
    await run();
    return 'allow';
  } catch (err) {
    if (err instanceof PortError && err.code === 'permission-denied') return 'deny';
    throw err;
  }
}

async function runDocCase(c: DocCase): Promise<'allow' | 'deny'> {
  await seed(worldOf(c), c.op === 'list' ? [] : [c.path]);
  const port = clientOf(c.who);
  switch (c.op) {
    case 'get':
      return outcome(() => port.docs.get(c.path));
    case 'list':
      return outcome(async () => {
        const docs = await port.docs.query({
          collection: c.path,
          ...(c.where ? { where: c.where } : {}),
        });
        // Every list case is built to return documents; an empty result would prove nothing.
        expect(docs.length).toBeGreaterThan(0);
      });
    case 'create':
      return outcome(() => port.docs.set(c.path, c.data ?? {}));
    case 'update':
      return outcome(() => port.docs.update(c.path, c.data ?? {}));
    case 'delete':
      return outcome(() => port.docs.delete(c.path));
  }
}

async function runFileCase(c: FileCase): Promise<'allow' | 'deny'> {
  const port = clientOf(c.who);
  // Reads and deletes need the file to exist: the owner's service upload puts it there.
  if (c.op !== 'write') await service.files.upload(c.path, new Uint8Array([1, 2, 3]), 'image/png');
  switch (c.op) {
    case 'write':
      return outcome(() =>
        port.files.upload(c.path, new Uint8Array(c.size ?? 1), c.contentType ?? 'image/png'),
      );
    case 'read':
      return outcome(() => port.files.downloadUrl(c.path));
    case 'delete':
      return outcome(() => port.files.delete(c.path));
  }
}

beforeAll(async () => {
  store = await startTestStore();
  service = store.service();
});

afterAll(async () => {
  await store?.close();
});

describe('access policy table against the local store: documents', () => {
  for (const c of DOC_CASES) {
    it(`${c.name} → ${c.expect}`, async () => {
      expect(await runDocCase(c)).toBe(c.expect);
    });
  }
});

describe('access policy table against the local store: files', () => {
  for (const c of FILE_CASES) {
    it(`${c.name} → ${c.expect}`, async () => {
      expect(await runFileCase(c)).toBe(c.expect);
    });
  }
});

/** A message as a hand-written client may send it: the protocol's, or anything else. */
type RawMessage = ClientMessage | { readonly id: number; readonly [field: string]: unknown };

/**
 * Sends raw protocol messages as `who`, as a hand-written client could, and returns the reply to
 * the last one.
 */
async function rawReply(who: Actor, messages: readonly RawMessage[]): Promise<ServerMessage> {
  const claims = claimsOf(who);
  const socket = nodeSocketFactory(`${store.url.replace(/^http/, 'ws')}/ws`);
  try {
    return await new Promise<ServerMessage>((resolve, reject) => {
      const lastId = messages.at(-1)?.id;
      socket.onerror = () => reject(new Error('socket error'));
      socket.onmessage = (ev) => {
        const msg = JSON.parse(String(ev.data)) as ServerMessage;
        if ('id' in msg && msg.id === lastId) resolve(msg);
      };
      socket.onopen = () => {
        const token = claims ? mintEmulatorToken(TEST_PROJECT_ID, claims) : null;
        socket.send(JSON.stringify({ t: 'auth', id: 0, token }));
        for (const m of messages) socket.send(JSON.stringify(m));
      };
    });
  } finally {
    socket.close();
  }
}

describe("the local store's check of a read-only transaction's reads", () => {
  // The check answers whether a document is still at a version, so it must not tell anyone
  // about a document they may not read: not its existence, not its version.
  it('is refused for a document the caller may not read, at any version', async () => {
    await service.docs.set('users/alice', { firstname: 'Alice' });
    for (const version of [0, 1, 10 ** 9]) {
      const reply = await rawReply('bob', [
        { t: 'verify', id: 1, preconditions: [{ path: 'users/alice', version }] },
      ]);
      expect(reply).toMatchObject({ t: 'error', code: 'permission-denied' });
    }
  });

  it('says aborted to the owner when the document changed since the version read', async () => {
    await service.docs.set('users/alice', { firstname: 'Alice' });
    const reply = await rawReply('alice', [
      { t: 'verify', id: 1, preconditions: [{ path: 'users/alice', version: 0 }] },
    ]);
    expect(reply).toMatchObject({ t: 'error', code: 'aborted' });
  });
});

describe("the local store's check of each message's shape", () => {
  // A hand-written client sends what it likes; before the check, a write of an unknown kind or
  // an unknown field transform reached the store's writes, which stored it or dropped the field.
  it.each([
    [
      'a write of an unknown kind',
      { kind: 'replace', path: 'users/alice', data: { firstname: 'Eve' } },
    ],
    [
      'an unknown field transform',
      {
        kind: 'set',
        path: 'users/alice',
        data: { firstname: { $transform: 'erase' } },
        merge: true,
      },
    ],
  ])('refuses %s on a document the caller may write, and keeps it', async (_, write) => {
    await service.docs.set('users/alice', { firstname: 'Alice' });
    const reply = await rawReply('alice', [
      { t: 'commit', id: 1, commitId: `raw-${write.kind}`, writes: [write] },
    ]);
    expect(reply).toMatchObject({ t: 'error', code: 'invalid-argument' });
    expect((await service.docs.get('users/alice')).data).toEqual({ firstname: 'Alice' });
  });

  it('signs the connection out on a malformed sign-in, so what follows is not read as the user before', async () => {
    await service.docs.set('users/alice', { firstname: 'Alice' });
    const signedIn = await rawReply('alice', [{ t: 'get', id: 1, path: 'users/alice' }]);
    expect(signedIn).toMatchObject({ t: 'result', doc: { data: { firstname: 'Alice' } } });
    const reply = await rawReply('alice', [
      { t: 'auth', id: 1, token: 42 },
      { t: 'get', id: 2, path: 'users/alice' },
    ]);
    expect(reply).toMatchObject({ t: 'error', code: 'permission-denied' });
  });
});
