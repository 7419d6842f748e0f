/**
 * The real VAT checker: the European Commission's VIES REST service (business.md §2.5), free and
 * without a key. `POST {base}/check-vat-number {countryCode, vatNumber}` answers
 * `{valid, name, address, requestIdentifier, …}`. When a member state's register or VIES itself is
 * down or busy it answers one of the downtime codes instead; that is `valid: null` (the spec:
 * "valid true or null is valid"). A request that gets no usable answer within the timeout, or an
 * answer we do not understand, rejects: the caller then refuses, as the spec says "on failure".
 */
import { vatPrefixOf } from '@sim/core/billing/vat-number';
import type { VatChecker, VatCheckResult } from './ports';

export const VIES_BASE_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

export const VIES_TIMEOUT_MS = 10_000;

/** VIES's answers that mean "cannot say now", not "invalid". */
export const VIES_DOWNTIME_CODES: ReadonlySet<string> = new Set([
  'MS_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ',
]);

export interface ViesOptions {
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  /** Injected in tests; the global fetch otherwise. */
  readonly fetch?: typeof fetch;
}

type Rec = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** VIES writes '---' where a member state does not disclose a name or an address. */
function disclosed(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text === '' || text === '---' ? undefined : text;
}

/** The error codes an answer carries: `userError`, or `errorWrappers[].error` on a refusal. */
function errorCodes(body: Rec): string[] {
  const codes: string[] = [];
  if (typeof body.userError === 'string') codes.push(body.userError);
  if (Array.isArray(body.errorWrappers)) {
    for (const wrapper of body.errorWrappers) {
      if (isRecord(wrapper) && typeof wrapper.error === 'string') codes.push(wrapper.error);
    }
  }
  return codes;
}

/** An answer of the service → the port's result; throws when it says nothing we understand. */
export function viesResult(status: number, body: unknown): VatCheckResult {
  if (!isRecord(body)) throw new Error(`VIES answered ${status} without a JSON object`);
  if (errorCodes(body).some((code) => VIES_DOWNTIME_CODES.has(code))) return { valid: null };
  const valid = typeof body.valid === 'boolean' ? body.valid : body.isValid;
  if (status >= 200 && status < 300 && typeof valid === 'boolean') {
    const name = disclosed(body.name);
    const address = disclosed(body.address);
    const consultation = disclosed(body.requestIdentifier);
    return {
      valid,
      ...(name ? { name } : {}),
      ...(address ? { address } : {}),
      ...(consultation ? { consultation } : {}),
    };
  }
  const codes = errorCodes(body);
  throw new Error(`VIES answered ${status}${codes.length ? `: ${codes.join(', ')}` : ''}`);
}

export function createViesChecker(options: ViesOptions = {}): VatChecker {
  const baseUrl = (options.baseUrl ?? VIES_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? VIES_TIMEOUT_MS;
  const fetchFn = options.fetch ?? fetch;
  return {
    async check(countryCode, number) {
      const res = await fetchFn(`${baseUrl}/check-vat-number`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode: vatPrefixOf(countryCode), vatNumber: number }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let body: unknown;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        throw new Error(`VIES answered ${res.status} with no JSON`);
      }
      return viesResult(res.status, body);
    },
  };
}
