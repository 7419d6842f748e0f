/**
 * The store's file endpoint over plain HTTP: a refused upload leaves the keep-alive connection
 * usable (or closed), and logos are served so that a browser never runs them as a page.
 */
import { request, Agent, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, TEST_PROJECT_ID, type TestStore } from '../testing/test-store';
import { mintEmulatorToken } from '../testing/emulator-token';

let store: TestStore;
const alice = () =>
  mintEmulatorToken(TEST_PROJECT_ID, {
    uid: 'alice',
    provider: 'password',
    email: 'alice@example.com',
  });

beforeAll(async () => {
  store = await startTestStore();
}, 60_000);

afterAll(async () => {
  await store?.close();
});

interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One request; the body (if any) is sent in 64 KiB chunks, as a browser streams a file. */
function send(
  agent: Agent,
  method: string,
  path: string,
  opts: { body?: Buffer; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, store.url);
    const req = request(
      url,
      {
        method,
        agent,
        headers: {
          ...(opts.body ? { 'content-length': String(opts.body.length) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const body = opts.body;
    if (!body) {
      req.end();
      return;
    }
    let at = 0;
    const pump = (): void => {
      while (at < body.length) {
        const chunk = body.subarray(at, at + 65_536);
        at += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

describe('file uploads on a keep-alive connection', () => {
  for (const [label, size] of [
    ['above the store limit (12 MB)', 12_000_000],
    ['above the logo limit (3 MB)', 3_000_000],
  ] as const) {
    it(`a refused upload ${label} does not break the next request on the same agent`, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await send(agent, 'PUT', '/files/logos/alice.png', {
          body: Buffer.alloc(size, 1),
          headers: { authorization: `Bearer ${alice()}`, 'content-type': 'image/png' },
        }).catch((err: unknown) => err);
        // The refusal itself: an error status (the upload may also be cut off mid-way).
        if (!(refused instanceof Error))
          expect((refused as Reply).status).toBeGreaterThanOrEqual(400);
        const next = await send(agent, 'GET', '/health');
        expect(next.status).toBe(200);
        const upload = await send(agent, 'PUT', '/files/logos/alice.png', {
          body: Buffer.alloc(1000, 1),
          headers: { authorization: `Bearer ${alice()}`, 'content-type': 'image/png' },
        });
        expect(upload.status).toBe(200);
      } finally {
        agent.destroy();
      }
    });
  }
});

describe('serving logos', () => {
  it('an uploaded logo is served with nosniff and a sandboxing content security policy', async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const upload = await send(agent, 'PUT', '/files/logos/alice.png', {
        body: Buffer.from('\x89PNG\r\n\x1a\n'),
        headers: { authorization: `Bearer ${alice()}`, 'content-type': 'image/png' },
      });
      expect(upload.status).toBe(200);
      const served = await send(agent, 'GET', '/files/logos/alice.png');
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(served.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('sandbox');
      expect(csp).not.toContain('script-src');
    } finally {
      agent.destroy();
    }
  });

  it('an SVG stored earlier is served sandboxed too (its script never runs on this origin)', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    await store
      .service()
      .files.upload('logos/old.svg', new TextEncoder().encode(svg), 'image/svg+xml');
    const agent = new Agent();
    try {
      const served = await send(agent, 'GET', '/files/logos/old.svg');
      expect(served.status).toBe(200);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(String(served.headers['content-security-policy'])).toContain('sandbox');
    } finally {
      agent.destroy();
    }
  });
});
