import { describe, expect, it, vi } from 'vitest';
import {
  appOrigins,
  jsonResponse,
  originAllowed,
  plainHeaders,
  readJsonBody,
  serveHttp,
  type HttpFunctionOptions,
  type HttpRequest,
} from './http-function';

vi.mock('firebase-functions/logger', () => ({ error: vi.fn() }));

const APP = 'https://app.example.com';

const browserOptions: HttpFunctionOptions = {
  methods: ['POST'],
  cors: {
    origins: () => [APP],
    allowHeaders: ['Authorization', 'Content-Type'],
    exposeHeaders: ['Content-Disposition'],
  },
};

function request(method: string, headers: Record<string, string> = {}, body = ''): HttpRequest {
  return { method, headers, rawBody: new TextEncoder().encode(body) };
}

const ok = () => Promise.resolve(jsonResponse(200, { ok: true }));

describe('serveHttp', () => {
  it('answers a preflight from an app origin with the methods and headers allowed', async () => {
    const handler = vi.fn(ok);
    const res = await serveHttp('f', handler, browserOptions, request('OPTIONS', { origin: APP }));
    expect(res.status).toBe(204);
    expect(res.headers).toMatchObject({
      'Access-Control-Allow-Origin': APP,
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type',
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a preflight from another origin and never names an origin', async () => {
    const res = await serveHttp(
      'f',
      ok,
      browserOptions,
      request('OPTIONS', { origin: 'https://evil.example' }),
    );
    expect(res.status).toBe(403);
    expect(res.headers).not.toHaveProperty('Access-Control-Allow-Origin');
  });

  it('adds CORS headers to an app origin answer only', async () => {
    const mine = await serveHttp('f', ok, browserOptions, request('POST', { origin: APP }));
    expect(mine.headers).toMatchObject({
      'Access-Control-Allow-Origin': APP,
      'Access-Control-Expose-Headers': 'Content-Disposition',
    });
    const other = await serveHttp(
      'f',
      ok,
      browserOptions,
      request('POST', { origin: 'https://evil.example' }),
    );
    expect(other.headers).not.toHaveProperty('Access-Control-Allow-Origin');
  });

  it('sends no CORS header at all without a policy (webhooks)', async () => {
    const res = await serveHttp('f', ok, { methods: ['POST'] }, request('POST', { origin: APP }));
    expect(res.status).toBe(200);
    expect(res.headers).not.toHaveProperty('Access-Control-Allow-Origin');
  });

  it('answers 405 to another method without running the handler', async () => {
    const handler = vi.fn(ok);
    const res = await serveHttp('f', handler, browserOptions, request('GET', { origin: APP }));
    expect(res.status).toBe(405);
    expect(res.headers['Allow']).toBe('POST');
    expect(handler).not.toHaveBeenCalled();
  });

  it('turns a thrown error into a bare 500', async () => {
    const res = await serveHttp(
      'f',
      () => Promise.reject(new Error('secret detail')),
      browserOptions,
      request('POST', { origin: APP }),
    );
    expect(res.status).toBe(500);
    expect(JSON.parse(String(res.body))).toEqual({ messageKey: 'errorInternal' });
    expect(String(res.body)).not.toContain('secret');
  });
});

describe('request helpers', () => {
  it('parses a JSON body and gives undefined for anything else', () => {
    expect(readJsonBody(request('POST', {}, '{"a":1}'))).toEqual({ a: 1 });
    expect(readJsonBody(request('POST', {}, '{a'))).toBeUndefined();
    expect(readJsonBody(request('POST', {}, ''))).toBeUndefined();
  });

  it('lower-cases header names and joins repeated ones', () => {
    expect(
      plainHeaders({ Authorization: 'Bearer x', 'X-A': ['1', '2'], 'x-b': undefined }),
    ).toEqual({ authorization: 'Bearer x', 'x-a': '1, 2' });
  });
});

describe('appOrigins', () => {
  it('is APP_URL and APP_ORIGINS in production', () => {
    expect(
      appOrigins({
        APP_URL: 'https://app.example.com/path',
        APP_ORIGINS: 'https://p.web.app, not a url ,https://p.firebaseapp.com',
      }),
    ).toEqual(['https://app.example.com', 'https://p.web.app', 'https://p.firebaseapp.com']);
  });

  it('refuses to guess in production without APP_URL', () => {
    expect(() => appOrigins({})).toThrow(/APP_URL/);
  });

  it('takes the local stack addresses in the emulator', () => {
    expect(appOrigins({ FUNCTIONS_EMULATOR: 'true', APP_URL: 'http://192.168.1.20:5173' })).toEqual(
      [
        'http://127.0.0.1:5173',
        'http://localhost:5173',
        'http://*.localhost:5173',
        'http://192.168.1.20:5173',
      ],
    );
  });
});

describe('originAllowed', () => {
  const allowed = ['https://app.example.com', 'https://*.example.com', 'http://*.localhost:5173'];

  it('takes the listed origins and subdomains of a wildcard, scheme and port as written', () => {
    expect(originAllowed('https://app.example.com', allowed)).toBe(true);
    expect(originAllowed('https://myschool.example.com', allowed)).toBe(true);
    expect(originAllowed('https://a.b.example.com', allowed)).toBe(true);
    expect(originAllowed('http://myschool.localhost:5173', allowed)).toBe(true);
  });

  it('refuses the bare domain, look-alikes, other schemes and ports, and non-origins', () => {
    expect(originAllowed('https://example.com', allowed)).toBe(false);
    expect(originAllowed('https://evilexample.com', allowed)).toBe(false);
    expect(originAllowed('https://example.com.evil.net', allowed)).toBe(false);
    expect(originAllowed('http://myschool.example.com', allowed)).toBe(false);
    expect(originAllowed('https://myschool.example.com:8443', allowed)).toBe(false);
    expect(originAllowed('http://myschool.localhost:5174', allowed)).toBe(false);
    expect(originAllowed('null', allowed)).toBe(false);
    expect(originAllowed('https://app.example.com/path', allowed)).toBe(false);
  });

  it('keeps wildcard entries of APP_ORIGINS', () => {
    expect(
      appOrigins({ APP_URL: 'https://app.example.com', APP_ORIGINS: 'https://*.Example.com' }),
    ).toEqual(['https://app.example.com', 'https://*.example.com']);
  });
});
