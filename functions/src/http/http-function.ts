/**
 * The one binding every HTTP function (`onRequest`) goes through, the HTTP twin of
 * `defineCallable`. The function itself is a pure `handle(request) → {status, headers, body}`,
 * tested without the Functions emulator; this module turns an Express request into that plain
 * request, answers CORS preflights for the app's origins, and maps a thrown error to a bare 500
 * (logged, nothing leaked).
 *
 * - `request.headers` has lower-case names; a repeated header is joined with ', '.
 * - `request.rawBody` is the body exactly as received (signatures are computed over it);
 *   `readJsonBody` parses it when a handler wants JSON.
 * - CORS: with `cors` set, a request from one of its origins gets `Access-Control-Allow-Origin`
 *   and a preflight (`OPTIONS`) is answered here with 204; other origins get no CORS headers, so
 *   the browser refuses the answer. Without `cors` (webhooks) no CORS header is ever sent.
 */
import * as logger from 'firebase-functions/logger';
import { onRequest, type HttpsFunction, type HttpsOptions } from 'firebase-functions/v2/https';
import { readAppUrl } from '../app-url';

type Env = Readonly<Record<string, string | undefined>>;

export interface HttpRequest {
  readonly method: string;
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly rawBody: Uint8Array;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array;
}

export type HttpHandler = (request: HttpRequest) => Promise<HttpResponse>;

export interface CorsPolicy {
  /** The origins allowed to call (`https://app.example.com`), read on each request. */
  readonly origins: () => readonly string[];
  /** Request headers a browser may send besides the simple ones. */
  readonly allowHeaders: readonly string[];
  /** Response headers the page may read (e.g. `Content-Disposition`). */
  readonly exposeHeaders?: readonly string[];
}

export interface HttpFunctionOptions {
  /** The methods the handler takes; any other gets 405 before the handler runs. */
  readonly methods: readonly string[];
  /** Browser callers: CORS for these origins. Leave out for server-to-server calls. */
  readonly cors?: CorsPolicy;
  /** Options passed to `onRequest` (region, memory, secrets…). */
  readonly https?: HttpsOptions;
}

/** A JSON answer. */
export function jsonResponse(
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
): HttpResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(value),
  };
}

/** The body parsed as JSON; undefined when it is empty or not JSON. */
export function readJsonBody(request: HttpRequest): unknown {
  if (request.rawBody.length === 0) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(request.rawBody)) as unknown;
  } catch {
    return undefined;
  }
}

/** The origin of an http(s) URL, or undefined. */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The local stack's SPA addresses (Vite on port 5173), schools' portals on `*.localhost`. */
const EMULATOR_ORIGINS = [
  'http://127.0.0.1:5173',
  'http://localhost:5173',
  'http://*.localhost:5173',
];

/** `https://*.example.com`: every subdomain of a domain, scheme and port as written. */
const WILDCARD_ORIGIN = /^(https?):\/\/\*\.([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d+))?$/i;

/**
 * The SPA's origins, configuration only: `APP_URL` and any in `APP_ORIGINS` (comma-separated:
 * the Hosting `<project>.web.app` address beside a custom domain, `https://*.example.com` for
 * schools' portal subdomains). In the Functions emulator the local stack's addresses too.
 */
export function appOrigins(env: Env): string[] {
  const origins = new Set<string>();
  const emulator = env.FUNCTIONS_EMULATOR === 'true';
  if (emulator) EMULATOR_ORIGINS.forEach((o) => origins.add(o));
  if (env.APP_URL?.trim() || !emulator) origins.add(readAppUrl(env));
  for (const part of (env.APP_ORIGINS ?? '').split(',')) {
    const text = part.trim();
    const origin = WILDCARD_ORIGIN.test(text) ? text.toLowerCase() : text ? originOf(text) : null;
    if (origin) origins.add(origin);
  }
  return [...origins];
}

/** Whether a request's `Origin` is one of these, or a subdomain of a `*.` one. */
export function originAllowed(origin: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  return allowed.some((pattern) => {
    const wildcard = WILDCARD_ORIGIN.exec(pattern);
    if (!wildcard) return pattern === origin;
    const [, scheme, domain, port] = wildcard;
    return (
      url.protocol === `${scheme?.toLowerCase()}:` &&
      url.port === (port ?? '') &&
      url.hostname.endsWith(`.${domain?.toLowerCase()}`)
    );
  });
}

function corsHeaders(
  cors: CorsPolicy | undefined,
  origin: string | undefined,
): Record<string, string> {
  if (!cors || !origin || !originAllowed(origin, cors.origins())) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    Vary: 'Origin',
    ...(cors.exposeHeaders?.length
      ? { 'Access-Control-Expose-Headers': cors.exposeHeaders.join(', ') }
      : {}),
  };
}

/**
 * Serves one request: preflight, method check, the handler, CORS headers on the answer, a thrown
 * error as a logged 500. Pure apart from the log; exported for tests.
 */
export async function serveHttp(
  name: string,
  handler: HttpHandler,
  options: HttpFunctionOptions,
  request: HttpRequest,
): Promise<HttpResponse> {
  const cors = corsHeaders(options.cors, request.headers['origin']);
  const method = request.method.toUpperCase();
  if (method === 'OPTIONS' && options.cors) {
    if (!('Access-Control-Allow-Origin' in cors)) return { status: 403, headers: {}, body: '' };
    return {
      status: 204,
      headers: {
        ...cors,
        'Access-Control-Allow-Methods': options.methods.join(', '),
        'Access-Control-Allow-Headers': options.cors.allowHeaders.join(', '),
        'Access-Control-Max-Age': '3600',
      },
      body: '',
    };
  }
  if (!options.methods.includes(method)) {
    return jsonResponse(
      405,
      { messageKey: 'errorInvalidArgument' },
      { ...cors, Allow: options.methods.join(', ') },
    );
  }
  try {
    const response = await handler(request);
    return { ...response, headers: { ...response.headers, ...cors } };
  } catch (err) {
    logger.error(`HTTP function ${name} failed`, err);
    return jsonResponse(500, { messageKey: 'errorInternal' }, cors);
  }
}

/** Express's headers → lower-case names with string values. */
export function plainHeaders(
  raw: Readonly<Record<string, string | readonly string[] | undefined>>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers[key.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
  }
  return headers;
}

/** Declares the HTTP function `name`: export the result from `index.ts` under the same name. */
export function defineHttpFunction(
  name: string,
  handler: HttpHandler,
  options: HttpFunctionOptions,
): HttpsFunction {
  // CORS is answered by `serveHttp` (tested there), not by onRequest's own option.
  return onRequest({ ...options.https, cors: false }, async (req, res) => {
    const response = await serveHttp(name, handler, options, {
      method: req.method,
      headers: plainHeaders(req.headers),
      rawBody: req.rawBody ?? new Uint8Array(),
    });
    res.status(response.status);
    for (const [key, value] of Object.entries(response.headers)) res.setHeader(key, value);
    res.end(typeof response.body === 'string' ? response.body : Buffer.from(response.body));
  });
}
