import { describe, expect, it } from 'vitest';
import {
  documentTitle,
  listedGames,
  listedSessions,
  parsePortal,
  parseWorkspace,
} from '@/features/portal/portal-model';
import { shownPageName } from '@/lib/look/page-name';

describe('parsePortal (spec §3 portal)', () => {
  it('reads the look settings', () => {
    expect(
      parsePortal('acme', {
        slug: 'acme',
        custoLook: { textColor: '#111', bckColor: '#fafafa', mainColor: 'teal' },
        portalLook: { heroTitle: '  Acme Academy ' },
        showNavbar: false,
        allLocales: false,
        language: 'de-AT',
      }),
    ).toEqual({
      slug: 'acme',
      colors: { textColor: '#111', bckColor: '#fafafa', mainColor: 'teal' },
      heroTitle: 'Acme Academy',
      showNavbar: false,
      allLocales: false,
      language: 'de',
    });
  });

  it('shows the navbar and every language unless told otherwise; ignores wrong types', () => {
    expect(
      parsePortal('x', { custoLook: 'red', portalLook: [1], showNavbar: 'no', language: 'xx' }),
    ).toMatchObject({
      colors: { textColor: undefined, bckColor: undefined, mainColor: undefined },
      heroTitle: '',
      showNavbar: true,
      allLocales: true,
      language: null,
    });
    expect(parsePortal('x', undefined)).toBeNull();
  });
});

describe('documentTitle (spec §2)', () => {
  it('puts the hero title in the product name’s place', () => {
    expect(documentTitle('Log in', 'SimGames', 'Acme Academy')).toBe('Log in · Acme Academy');
    expect(documentTitle(null, 'SimGames', 'Acme Academy')).toBe('Acme Academy');
    expect(documentTitle(null, 'SimGames', ' ')).toBe('SimGames');
    expect(documentTitle('Game', 'SimGames', null)).toBe('Game · SimGames');
  });
});

describe('parseWorkspace (spec §2 /user/{uid})', () => {
  it('is shown when it exists and activePage is not false', () => {
    expect(parseWorkspace('u1', undefined)).toBeNull();
    expect(parseWorkspace('u1', { activePage: false, appTitle: 'x' })).toBeNull();
    expect(parseWorkspace('u1', {})).toMatchObject({ uid: 'u1', appTitle: '' });
    expect(
      parseWorkspace('u1', {
        activePage: true,
        appTitle: 'Prof. Ada',
        pageName: 'Spring classes',
        logoUrl: 'https://files.example/logos/u1.png',
        useThumbnail: true,
        bckColor: '#fff',
        mainColor: '#123456',
        language: 'fr',
      }),
    ).toEqual({
      uid: 'u1',
      appTitle: 'Prof. Ada',
      pageName: 'Spring classes',
      logoUrl: 'https://files.example/logos/u1.png',
      useThumbnail: true,
      colors: { bckColor: '#fff', mainColor: '#123456' },
      language: 'fr',
      slug: '',
    });
  });

  it('never takes a script or data address for the logo, and bounds texts', () => {
    expect(parseWorkspace('u', { logoUrl: 'javascript:alert(1)' })?.logoUrl).toBe('');
    expect(parseWorkspace('u', { logoUrl: 'data:image/png;base64,AA' })?.logoUrl).toBe('');
    expect(parseWorkspace('u', { appTitle: 'a'.repeat(500) })?.appTitle).toHaveLength(120);
  });
});

describe('shownPageName (spec §9 "All games")', () => {
  const defaults = ['Instructor page', 'Page formateur'];
  it('is none (All games) when missing or the default title', () => {
    expect(shownPageName('', defaults)).toBeNull();
    expect(shownPageName('  ', defaults)).toBeNull();
    expect(shownPageName('instructor PAGE', defaults)).toBeNull();
    expect(shownPageName('Page formateur', defaults)).toBeNull();
  });
  it('is the page name otherwise', () => {
    expect(shownPageName(' Spring classes ', defaults)).toBe('Spring classes');
  });
});

describe('listed games and sessions', () => {
  const game = (id: string, over: Record<string, unknown>) => ({
    id,
    data: {
      creator: 'u1',
      name: id,
      type: 'beergame',
      draft: false,
      archived: false,
      deleted: false,
      finished: false,
      session: null,
      created_at: 10,
      ...over,
    },
  });

  it('lists only the creator’s published, open games outside a session, newest first', () => {
    const docs = [
      game('old', { created_at: 1 }),
      game('new', { created_at: 5 }),
      game('draft', { draft: true }),
      game('archived', { archived: true }),
      game('deleted', { deleted: true }),
      game('finished', { finished: true }),
      game('inSession', { session: 's1' }),
      game('other', { creator: 'u2' }),
      { id: 'missing', data: undefined },
    ];
    expect(listedGames('u1', docs).map((g) => g.id)).toEqual(['new', 'old']);
  });

  it('lists published sessions that are not deleted', () => {
    const docs = [
      { id: 's1', data: { creator: 'u1', status: 'published', deleted: false, rounds: [{}, {}] } },
      { id: 's2', data: { creator: 'u1', status: 'draft', deleted: false } },
      { id: 's3', data: { creator: 'u1', status: 'published', deleted: true } },
    ];
    expect(listedSessions('u1', docs)).toEqual([
      { id: 's1', name: '', type: '', rounds: 2, createdAt: 0 },
    ]);
  });
});
