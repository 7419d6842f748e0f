import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFunctions } from 'firebase-admin/functions';
import { mintEmulatorToken } from '@sim/store/testing/emulator-token';
import {
  createHostApp,
  functionPath,
  hostEnvironment,
  hostedFunctions,
  registerTaskQueues,
  startTasksEmulator,
  type HostedFunction,
} from './host';

const PROJECT = 'demo-functions-host';

// firebase-functions reads its debug features (the emulator's unsigned tokens) when it loads.
Object.assign(process.env, hostEnvironment(PROJECT));
const { onCall, onRequest, HttpsError } = await import('firebase-functions/v2/https');
const { onTaskDispatched } = await import('firebase-functions/v2/tasks');
const { onDocumentWritten } = await import('firebase-functions/v2/firestore');
const { defineCallable, CallableError } = await import('../../functions/src/callable');

/** Resolves once `count` calls wait on it: two calls in flight at once in the one process. */
function barrier(count: number): () => Promise<number> {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    arrived += 1;
    if (arrived >= count) open();
    await opened;
    return arrived;
  };
}

const bothInFlight = barrier(2);
let onTask: (data: unknown) => void = () => undefined;

const bundle = {
  whoAmI: onCall((request) => ({ uid: request.auth?.uid ?? null })),
  meet: onCall(async () => ({ together: await bothInFlight() })),
  refuse: defineCallable('refuse', z.strictObject({ gid: z.string().min(1) }), () =>
    Promise.reject(new CallableError('failed-precondition', 'gameFinished')),
  ),
  hook: onRequest((req, res) => {
    const raw = (req as { rawBody?: Buffer }).rawBody;
    res.json({ path: req.path, x: req.query.x, raw: raw?.toString('utf8') ?? null });
  }),
  tick: onTaskDispatched({ retryConfig: { maxAttempts: 3, minBackoffSeconds: 1 } }, (request) => {
    onTask(request.data);
    return Promise.resolve();
  }),
  notAFunction: 42,
};

let server: Server;
let base: string;
const functions = hostedFunctions(bundle);

beforeAll(async () => {
  server = createServer(
    createHostApp(
      PROJECT,
      () => functions,
      () => undefined,
    ),
  );
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

async function call(
  name: string,
  data: unknown,
  token?: string,
): Promise<{ status: number; body: { result?: unknown; error?: Record<string, unknown> } }> {
  const res = await fetch(`${base}/${PROJECT}/us-central1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as never };
}

describe('hostedFunctions', () => {
  it('lists callables, HTTP and task queue functions with their region and queue settings', () => {
    expect(functions.map((f) => [f.name, f.kind, f.region])).toEqual([
      ['whoAmI', 'callable', 'us-central1'],
      ['meet', 'callable', 'us-central1'],
      ['refuse', 'callable', 'us-central1'],
      ['hook', 'https', 'us-central1'],
      ['tick', 'taskQueue', 'us-central1'],
    ]);
    expect(functions.find((f) => f.name === 'tick')?.taskQueue?.retryConfig).toMatchObject({
      maxAttempts: 3,
      minBackoffSeconds: 1,
    });
    expect(functionPath(PROJECT, { region: 'europe-west1', name: 'joinAs' })).toBe(
      `/${PROJECT}/europe-west1/joinAs`,
    );
  });

  it('refuses a bundle with a trigger it cannot serve instead of dropping it', () => {
    const onWrite = onDocumentWritten('games/{gid}', () => undefined);
    expect(() => hostedFunctions({ ...bundle, onWrite })).toThrow(/onWrite.*eventTrigger/);
  });
});

describe('the host', () => {
  it('hands a callable the caller of an Auth emulator token, and null without one', async () => {
    const token = mintEmulatorToken(PROJECT, { uid: 'player-7', provider: 'anonymous' });
    expect(await call('whoAmI', {}, token)).toEqual({
      status: 200,
      body: { result: { uid: 'player-7' } },
    });
    expect(await call('whoAmI', {})).toEqual({ status: 200, body: { result: { uid: null } } });
  });

  it('serves calls in flight at the same time from the one process', async () => {
    const [a, b] = await Promise.all([call('meet', {}), call('meet', {})]);
    expect(a.body.result).toEqual({ together: 2 });
    expect(b.body.result).toEqual({ together: 2 });
  });

  it('returns the callable errors the SDK turns into translated messages', async () => {
    const bad = await call('refuse', { gid: '', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      details: { messageKey: 'errorInvalidPayload' },
    });
    const refused = await call('refuse', { gid: 'g1' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      status: 'FAILED_PRECONDITION',
      message: 'gameFinished',
      details: { messageKey: 'gameFinished' },
    });
    expect(new HttpsError('not-found', 'x').httpErrorCode.status).toBe(404);
  });

  it('gives an HTTP function its own path, the query and the raw body', async () => {
    const res = await fetch(`${base}/${PROJECT}/us-central1/hook/sessions/s1?x=7`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 't=1,v1=abc',
    });
    expect(await res.json()).toEqual({ path: '/sessions/s1', x: '7', raw: 't=1,v1=abc' });
  });

  it('answers 404 naming the functions it serves for an unknown name or project', async () => {
    const unknown = await fetch(`${base}/${PROJECT}/us-central1/nope`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('us-central1-whoAmI');
    const otherProject = await fetch(`${base}/demo-other/us-central1/whoAmI`, { method: 'POST' });
    expect(otherProject.status).toBe(404);
  });
});

describe('the Tasks emulator beside the host', () => {
  it("registers each queue, whose tasks firebase-admin enqueues reach the queue's function", async () => {
    const probe = createServer();
    await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', ready));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((done) => probe.close(done));
    const tasks = await startTasksEmulator('127.0.0.1', port);
    process.env.CLOUD_TASKS_EMULATOR_HOST = `127.0.0.1:${port}`;
    const app = initializeApp({ projectId: PROJECT }, 'functions-host-test');
    try {
      await registerTaskQueues(`127.0.0.1:${port}`, PROJECT, base, functions);
      const stats = (await (await fetch(`http://127.0.0.1:${port}/queueStats`)).json()) as object;
      expect(Object.keys(stats)).toEqual([`queue:${PROJECT}-us-central1-tick`]);
      // As cloudTaskTimer enqueues a week's timer: the emulator posts it to the host.
      const arrived = new Promise<unknown>((resolve) => (onTask = resolve));
      await getFunctions(app).taskQueue('tick').enqueue({ gid: 'g1', week: 3 });
      expect(await arrived).toEqual({ gid: 'g1', week: 3 });
    } finally {
      await deleteApp(app);
      await tasks.stop();
    }
  }, 20_000);

  it('sends a registration again when its connection is dropped before an answer', async () => {
    const received: unknown[] = [];
    let dropped = 0;
    const flaky = createServer((req, res) => {
      // The first connection is reset before any answer, as a closing kept-alive one would be.
      if (dropped === 0) {
        dropped += 1;
        req.socket.destroy();
        return;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ url: req.url, body: JSON.parse(body) as unknown });
        res.end('{}');
      });
    });
    await new Promise<void>((ready) => flaky.listen(0, '127.0.0.1', ready));
    try {
      const host = `127.0.0.1:${(flaky.address() as AddressInfo).port}`;
      await registerTaskQueues(host, PROJECT, base, functions);
      expect(dropped).toBe(1);
      expect(received).toEqual([
        {
          url: `/projects/${PROJECT}/locations/us-central1/queues/tick`,
          body: expect.objectContaining({ defaultUri: `${base}/${PROJECT}/us-central1/tick` }),
        },
      ]);
    } finally {
      flaky.closeAllConnections();
      await new Promise((done) => flaky.close(done));
    }
  });

  it('skips functions that are not task queues', async () => {
    const none: HostedFunction[] = functions.filter((f) => f.kind !== 'taskQueue');
    await expect(registerTaskQueues('127.0.0.1:1', PROJECT, base, none)).resolves.toBeUndefined();
  });
});
