/**
 * A page's first reads (src/lib/data/first-read.ts, decision 0029) against the Cloud Firestore
 * emulator under `firestore.rules`, beside the browser SDK's adapter signed in as the same user:
 * every read gives what the adapter gives, value for value, and a read the rules refuse answers
 * nothing where the adapter is refused. Skipped only where the run has no emulator (never on CI).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataPort } from '@sim/core/port/data-port';
import { serverTimestamp } from '@sim/core/port/field-values';
import { mintEmulatorToken } from '@sim/store/testing/emulator-token';
import { createFirstReads, type FirstReads } from '../../src/lib/data/first-read';
import { loadRules } from '../backends';

const host = process.env.FIRESTORE_EMULATOR_HOST;

describe.runIf(Boolean(host))('first reads on the Firestore emulator', () => {
  const projectId = `demo-first-read-${randomBytes(4).toString('hex')}`;
  const [hostname = '', portText = ''] = (host ?? '').split(':');
  const apps: { terminate: () => Promise<void> }[] = [];
  let service: DataPort;

  /** The browser SDK's adapter and the first reads, both as `uid` (null: signed out). */
  async function as(uid: string | null): Promise<{ sdk: DataPort; reads: FirstReads }> {
    const [{ initializeApp, deleteApp }, { getFirestore, terminate }, { createFirestorePort }] =
      await Promise.all([
        import('firebase/app'),
        import('firebase/firestore'),
        import('../../src/lib/data/firestore-adapter'),
      ]);
    const app = initializeApp({ projectId, apiKey: 'demo-key' }, `${projectId}-${apps.length}`);
    apps.push({
      terminate: async () => {
        await terminate(getFirestore(app));
        await deleteApp(app);
      },
    });
    const mockUserToken = uid
      ? {
          sub: uid,
          user_id: uid,
          firebase: { sign_in_provider: 'anonymous' as const, identities: {} },
        }
      : undefined;
    const sdk = createFirestorePort(app, {
      firestoreEmulator: {
        host: hostname,
        port: Number(portText),
        ...(mockUserToken ? { mockUserToken } : {}),
      },
    });
    const reads = createFirstReads({
      origin: `http://${host}`,
      projectId,
      idToken: async () => (uid ? mintEmulatorToken(projectId, { uid }) : null),
    });
    return { sdk, reads };
  }

  beforeAll(async () => {
    await loadRules(host ?? '', projectId);
    const [{ initializeApp }, { createAdminPort }, { getFirestore, Timestamp }] = await Promise.all(
      [
        import('firebase-admin/app'),
        import('../../functions/src/data/admin-adapter'),
        import('firebase-admin/firestore'),
      ],
    );
    const admin = initializeApp({ projectId }, `${projectId}-service`);
    service = createAdminPort(admin);
    await service.docs.set('games/g1', {
      type: 'beergame',
      creator: 'teacher',
      players: ['p1', 'p2'],
      facilities: { f1: { user: 'p1', name: 'Retailer' }, f2: { user: 'p2', name: 'Brewery' } },
      week: 3,
      ratio: 0.25,
      big: 2 ** 40,
      flags: [true, null, 'x', { nested: [1.5] }],
      created: serverTimestamp(),
      bytes: new Uint8Array([0, 127, 255]),
      empty: {},
    });
    // A timestamp with microseconds, as the backend's own clock writes it.
    await getFirestore(admin)
      .doc('games/g1')
      .update({ at: new Timestamp(1_790_000_000, 123_456_789) });
    await service.docs.set('games/g1/facilities/f1', { stock: 12, backlog: 0, pipeline: [4, 4] });
    await service.docs.set('games/g1/messages/m1', { to: 'all', text: 'Week 3', week: 3 });
    await service.docs.set('games/g1/messages/m2', { to: 'all', text: 'Week 4', week: 4 });
    await service.docs.set('games/g1/messages/m3', {
      to: ['f2'],
      text: 'For the brewery',
      week: 4,
    });
  });

  afterAll(async () => {
    for (const app of apps) await app.terminate().catch(() => undefined);
  });

  it("reads a player's game and own facility as the SDK does, value for value", async () => {
    const { sdk, reads } = await as('p1');
    for (const path of ['games/g1', 'games/g1/facilities/f1']) {
      const first = await reads.readDoc(path);
      expect(first).not.toBeNull();
      expect(first).toEqual(await sdk.docs.get(path));
    }
    const game = await reads.readDoc('games/g1');
    // Firestore keeps microseconds.
    expect(game?.data?.['at']).toBe(1_790_000_000_123.456);
    expect(game?.data?.['bytes']).toEqual(new Uint8Array([0, 127, 255]));
  });

  it('tells a missing document a reader may read, signed in or not', async () => {
    for (const uid of ['p1', null]) {
      const { sdk, reads } = await as(uid);
      const first = await reads.readDoc('games/none');
      expect(first).toEqual({ id: 'none', path: 'games/none', exists: false, data: undefined });
      expect(first).toEqual(await sdk.docs.get('games/none'));
    }
  });

  it("answers nothing where the rules refuse: another player's facility, a visitor's", async () => {
    for (const uid of ['p2', 'stranger', null]) {
      const { sdk, reads } = await as(uid);
      expect(await reads.readDoc('games/g1/facilities/f1')).toBeNull();
      await expect(sdk.docs.get('games/g1/facilities/f1')).rejects.toMatchObject({
        code: 'permission-denied',
      });
    }
    // A token the emulator cannot read is no one's: refused too.
    const forged = createFirstReads({
      origin: `http://${host}`,
      projectId,
      idToken: async () => 'not-a-token',
    });
    expect(await forged.readDoc('games/g1/facilities/f1')).toBeNull();
  });

  it('lets a visitor read the public game as the SDK does', async () => {
    const { sdk, reads } = await as(null);
    expect(await reads.readDoc('games/g1')).toEqual(await sdk.docs.get('games/g1'));
  });

  it("runs a player's broadcast query as the SDK does, and is refused the ones it may not list", async () => {
    const { sdk, reads } = await as('p1');
    const broadcast = {
      collection: 'games/g1/messages',
      where: [{ field: 'to', op: '==' as const, value: 'all' }],
      orderBy: [{ field: 'week', direction: 'desc' as const }],
    };
    const first = await reads.readQuery(broadcast);
    expect(first?.map((d) => d.id)).toEqual(['m2', 'm1']);
    expect(first).toEqual(await sdk.docs.query(broadcast));
    const limited = await reads.readQuery({ ...broadcast, limit: 1 });
    expect(limited?.map((d) => d.id)).toEqual(['m2']);
    expect(await reads.readQuery({ collection: 'games/g1/messages' })).toBeNull();
    await expect(sdk.docs.query({ collection: 'games/g1/messages' })).rejects.toMatchObject({
      code: 'permission-denied',
    });
  });
});
