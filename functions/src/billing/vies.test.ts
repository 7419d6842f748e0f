/**
 * The VIES adapter against a local HTTP server standing in for the service (never the internet):
 * what it sends, and how each kind of answer becomes the port's result.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VIES_TIMEOUT_MS, createViesChecker } from './vies';

interface Received {
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly contentType: string | undefined;
  readonly body: unknown;
}

type Reply = (res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let reply: Reply = (res) => res.end();

function json(status: number, body: unknown): Reply {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((text) => {
      received.push({
        method: req.method,
        url: req.url,
        contentType: req.headers['content-type'],
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
      reply(res);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/vies/rest-api`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
});

beforeEach(() => {
  received = [];
});

describe('VIES checker (business.md §2.5)', () => {
  it('posts {countryCode, vatNumber} as JSON and keeps name, address and the consultation', async () => {
    reply = json(200, {
      countryCode: 'FR',
      vatNumber: '40303265045',
      requestDate: '2026-01-15T09:30:00.000Z',
      valid: true,
      requestIdentifier: 'WAPIAAAAXYZ',
      name: 'SA ODIGEO',
      address: '1 RUE DE LA PAIX\n75002 PARIS',
    });
    const checker = createViesChecker({ baseUrl });
    await expect(checker.check('FR', '40303265045')).resolves.toEqual({
      valid: true,
      name: 'SA ODIGEO',
      address: '1 RUE DE LA PAIX\n75002 PARIS',
      consultation: 'WAPIAAAAXYZ',
    });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/vies/rest-api/check-vat-number',
        contentType: 'application/json',
        body: { countryCode: 'FR', vatNumber: '40303265045' },
      },
    ]);
  });

  it('asks for Greece as EL', async () => {
    reply = json(200, { valid: true, name: '---', address: '---' });
    await expect(createViesChecker({ baseUrl }).check('GR', '094259216')).resolves.toEqual({
      valid: true,
    });
    expect(received[0]?.body).toEqual({ countryCode: 'EL', vatNumber: '094259216' });
  });

  it('answers valid: false for a number the register does not hold', async () => {
    reply = json(200, { valid: false, userError: 'INVALID', name: '---', address: '---' });
    await expect(createViesChecker({ baseUrl }).check('FR', '00000000000')).resolves.toEqual({
      valid: false,
    });
  });

  it.each([
    'MS_UNAVAILABLE',
    'SERVICE_UNAVAILABLE',
    'TIMEOUT',
    'GLOBAL_MAX_CONCURRENT_REQ',
    'MS_MAX_CONCURRENT_REQ',
  ])('answers valid: null when VIES says %s (in userError or errorWrappers)', async (code) => {
    const checker = createViesChecker({ baseUrl });
    reply = json(200, { valid: false, userError: code });
    await expect(checker.check('DE', '136695976')).resolves.toEqual({ valid: null });
    reply = json(500, { actionSucceed: false, errorWrappers: [{ error: code, message: 'down' }] });
    await expect(checker.check('DE', '136695976')).resolves.toEqual({ valid: null });
  });

  it('rejects an answer it does not understand: an HTTP error, HTML, an unknown error code', async () => {
    const checker = createViesChecker({ baseUrl });
    reply = json(400, { actionSucceed: false, errorWrappers: [{ error: 'INVALID_INPUT' }] });
    await expect(checker.check('FR', 'x')).rejects.toThrow(/400: INVALID_INPUT/);
    reply = (res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>Bad gateway</html>');
    };
    await expect(checker.check('FR', '40303265045')).rejects.toThrow(/502 with no JSON/);
    reply = json(200, { something: 'else' });
    await expect(checker.check('FR', '40303265045')).rejects.toThrow(/VIES answered 200/);
  });

  it('gives up after its timeout (10 s unless set) rather than hold the caller', async () => {
    expect(VIES_TIMEOUT_MS).toBe(10_000);
    reply = () => undefined; // never answers
    const checker = createViesChecker({ baseUrl, timeoutMs: 50 });
    await expect(checker.check('FR', '40303265045')).rejects.toThrow(/timeout|abort/i);
  });

  it('rejects when the service cannot be reached at all', async () => {
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((ok) => closed.close(ok));
    const checker = createViesChecker({ baseUrl: `http://127.0.0.1:${port}` });
    await expect(checker.check('FR', '40303265045')).rejects.toThrow();
  });
});
