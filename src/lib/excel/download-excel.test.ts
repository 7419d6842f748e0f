/**
 * The results workbook's download (spec §7, §8) with `fetch` replaced by a test double: the
 * request carries the signed-in user's ID token as a bearer token and their uid in `X-User-Id`,
 * the answer is saved as `<fileName>.xlsx`, and every refusal rejects with a key of errors.json
 * that reads as a sentence in each of the eleven languages (401: "You need to be logged in as
 * instructor or player to download the Excel file").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInstance, type i18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/lib/config';
import { errorKey } from '@/lib/errors/error-message';
import { functionUrl } from '@/lib/firebase/function-url';
import { downloadExcel, type ExcelRequest } from '@/lib/excel/download-excel';

interface FakeUser {
  readonly uid: string;
  readonly getIdToken: () => Promise<string>;
}

const auth = vi.hoisted(() => ({ currentUser: null as FakeUser | null }));

vi.mock('@/lib/firebase/auth-loader', () => ({
  loadAuth: () => Promise.resolve({ auth }),
}));

const SPEC_401 = 'You need to be logged in as instructor or player to download the Excel file';
const localesDir = resolve(import.meta.dirname, '../../../locales');
const LANGUAGES = readdirSync(localesDir).sort();

/** What the page did to save a file: the link it clicked and the blob behind it. */
interface Saved {
  readonly download: string;
  readonly href: string;
  readonly rel: string;
  readonly blob: Blob;
  readonly clicked: boolean;
  readonly removed: boolean;
}

let requests: { url: string; init: RequestInit }[] = [];
let answer: () => Promise<Response>;
let saved: Saved[] = [];
let revoked: string[] = [];

function answerWith(body: BodyInit | null, status: number, contentType = 'application/json') {
  answer = () =>
    Promise.resolve(new Response(body, { status, headers: { 'content-type': contentType } }));
}

beforeEach(() => {
  requests = [];
  saved = [];
  revoked = [];
  let tokens = 0;
  auth.currentUser = {
    uid: 'uid-ada',
    getIdToken: () => Promise.resolve(`token-${++tokens}`),
  };
  answerWith(new Uint8Array([0x50, 0x4b, 3, 4, 7]), 200, 'application/octet-stream');
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    requests.push({ url, init });
    return answer();
  });
  let blobs = 0;
  const blobsByUrl = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob: Blob | MediaSource) => {
    const url = `blob:test/${++blobs}`;
    blobsByUrl.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url: string) => void revoked.push(url));
  const body: unknown[] = [];
  vi.stubGlobal('document', {
    body: { appendChild: (node: unknown) => body.push(node) },
    createElement: (tag: string) => {
      expect(tag).toBe('a');
      const link = {
        href: '',
        download: '',
        rel: '',
        clicked: false,
        removed: false,
        click() {
          expect(body).toContain(link);
          link.clicked = true;
        },
        remove() {
          link.removed = true;
          saved.push({ ...link, blob: blobsByUrl.get(link.href)! });
        },
      };
      return link;
    },
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const gameRequest: ExcelRequest = {
  target: { gid: 'game-7' },
  fileName: 'Lille/Group A — week 12?',
  locale: 'fr',
};

/** The key a download rejects with (the message `showError` turns into text). */
async function rejection(request: ExcelRequest = gameRequest): Promise<string> {
  return downloadExcel(request).then(
    () => 'resolved',
    (err: unknown) => (err instanceof Error ? err.message : `not an Error: ${String(err)}`),
  );
}

describe('downloadExcel: the request', () => {
  it('POSTs the game to exportExcel with the ID token as a bearer token and the uid in X-User-Id', async () => {
    await downloadExcel(gameRequest);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(functionUrl(config, 'exportExcel'));
    expect(request?.url.endsWith('/exportExcel')).toBe(true);
    expect(request?.init.method).toBe('POST');
    expect(request?.init.headers).toEqual({
      Authorization: 'Bearer token-1',
      'X-User-Id': 'uid-ada',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(request?.init.body))).toEqual({
      gid: 'game-7',
      fileName: 'Lille/Group A — week 12?',
      locale: 'fr',
    });
  });

  it("names a session by sid, and asks for the user's current token each time", async () => {
    await downloadExcel(gameRequest);
    auth.currentUser = { ...auth.currentUser!, uid: 'uid-bob' };
    await downloadExcel({ target: { sid: 'session-3' }, fileName: 'Class', locale: 'en' });
    const second = requests[1];
    expect(second?.init.headers).toMatchObject({
      Authorization: 'Bearer token-2',
      'X-User-Id': 'uid-bob',
    });
    expect(JSON.parse(String(second?.init.body))).toEqual({
      sid: 'session-3',
      fileName: 'Class',
      locale: 'en',
    });
  });

  it('saves the answer under the file name made safe, with .xlsx, and frees its address later', async () => {
    await downloadExcel(gameRequest);
    expect(saved).toHaveLength(1);
    const [file] = saved;
    expect(file).toMatchObject({
      download: 'Lille Group A — week 12.xlsx',
      href: 'blob:test/1',
      rel: 'noopener',
      clicked: true,
      removed: true,
    });
    expect([...new Uint8Array(await file!.blob.arrayBuffer())]).toEqual([0x50, 0x4b, 3, 4, 7]);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(30_000);
    expect(revoked).toEqual(['blob:test/1']);
  });
});

describe('downloadExcel: refusals', () => {
  it('signed out: excelLoginRequired, and no request is sent', async () => {
    auth.currentUser = null;
    expect(await rejection()).toBe('excelLoginRequired');
    expect(requests).toEqual([]);
    expect(saved).toEqual([]);
  });

  /** A refusal: what happens, the key it gives, and how the test double answers. */
  const cases: readonly (readonly [string, string, () => void])[] = [
    [
      '401 with the server key',
      'excelLoginRequired',
      () => answerWith(JSON.stringify({ messageKey: 'excelLoginRequired' }), 401),
    ],
    [
      '401 from a proxy (not JSON)',
      'excelLoginRequired',
      () => answerWith('<h1>Unauthorized</h1>', 401, 'text/html'),
    ],
    ['401 with a body without a key', 'excelLoginRequired', () => answerWith('{}', 401)],
    [
      '403 for a game the user may not export',
      'excelNotAllowed',
      () => answerWith(JSON.stringify({ messageKey: 'excelNotAllowed' }), 403),
    ],
    [
      '409 before any result exists',
      'excelNoResults',
      () => answerWith(JSON.stringify({ messageKey: 'excelNoResults' }), 409),
    ],
    [
      '404 for an unknown session',
      'sessionNotFound',
      () => answerWith(JSON.stringify({ messageKey: 'sessionNotFound' }), 404),
    ],
    [
      '400 for a refused body',
      'errorInvalidPayload',
      () => answerWith(JSON.stringify({ messageKey: 'errorInvalidPayload' }), 400),
    ],
    [
      '500 from a proxy (not JSON)',
      'errorInternal',
      () => answerWith('<h1>Bad gateway</h1>', 500, 'text/html'),
    ],
    [
      '503 whose key is not a string',
      'errorInternal',
      () => answerWith(JSON.stringify({ messageKey: 42 }), 503),
    ],
    [
      'the network fails',
      'errorUnavailable',
      () => {
        answer = () => Promise.reject(new TypeError('Failed to fetch'));
      },
    ],
  ];

  it.each(cases)('%s → %s; nothing saved', async (_name, key, arrange) => {
    arrange();
    expect(await rejection()).toBe(key);
    expect(requests).toHaveLength(1);
    expect(saved).toEqual([]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  describe('the keys read as sentences in every language', () => {
    const texts = new Map<string, i18n>();

    beforeAll(async () => {
      for (const lng of LANGUAGES) {
        const errors = JSON.parse(
          readFileSync(resolve(localesDir, lng, 'errors.json'), 'utf8'),
        ) as unknown;
        const instance = createInstance();
        await instance.init({
          lng,
          resources: { [lng]: { translation: { errors } } },
          interpolation: { escapeValue: false },
        });
        texts.set(lng, instance);
      }
    });

    /** The text the error snackbar shows for what a download rejected with. */
    async function shown(lng: string): Promise<string> {
      const err = await downloadExcel(gameRequest).then(
        () => null,
        (e: unknown) => e,
      );
      const t = texts.get(lng)!;
      const key = errorKey(err, (k) => t.exists(`errors.${k}`));
      return key === null
        ? `no key for ${String(err)}`
        : t.t(`errors.${key}` as 'errors.errorInternal');
    }

    it('has the eleven languages', () => {
      expect(LANGUAGES).toHaveLength(11);
    });

    it("401: the spec's sentence in English, translated in the ten others", async () => {
      answerWith(JSON.stringify({ messageKey: 'excelLoginRequired' }), 401);
      expect(await shown('en')).toBe(SPEC_401);
      for (const lng of LANGUAGES.filter((l) => l !== 'en')) {
        const text = await shown(lng);
        expect(text, lng).not.toBe(SPEC_401);
        expect(text, lng).not.toBe('errors.excelLoginRequired');
        expect(text.length, lng).toBeGreaterThan(20);
      }
    });

    it.each(cases)('%s: a text in every language', async (_name, key, arrange) => {
      arrange();
      for (const lng of LANGUAGES) {
        const text = await shown(lng);
        expect(text, `${lng} ${key}`).toBe(
          texts.get(lng)!.t(`errors.${key}` as 'errors.errorInternal'),
        );
        expect(texts.get(lng)!.exists(`errors.${key}`), `${lng} ${key}`).toBe(true);
        expect(text.trim(), `${lng} ${key}`).not.toBe('');
      }
    });
  });
});
