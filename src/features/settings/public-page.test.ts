import { describe, expect, it } from 'vitest';
import {
  checkLogo,
  colorValid,
  logoPath,
  normaliseSlug,
  parsePublicPage,
  publicPageUpdate,
  slugValid,
  storedLogo,
} from '@/features/settings/public-page';

describe('checkLogo (spec §5)', () => {
  it('accepts png, jpg, jpeg and svg up to 2,000,000 bytes, whatever the case', () => {
    expect(checkLogo({ name: 'a.png', size: 10 })).toEqual({
      extension: 'png',
      contentType: 'image/png',
    });
    expect(checkLogo({ name: 'A.JPG', size: 2_000_000 })?.extension).toBe('jpg');
    expect(checkLogo({ name: 'x.y.jpeg', size: 1 })?.contentType).toBe('image/jpeg');
    expect(checkLogo({ name: 'logo.svg', size: 5 })?.contentType).toBe('image/svg+xml');
  });
  it('refuses other types, empty and too large files', () => {
    expect(checkLogo({ name: 'a.gif', size: 10 })).toBeNull();
    expect(checkLogo({ name: 'png', size: 10 })).toBeNull();
    expect(checkLogo({ name: 'a.png', size: 2_000_001 })).toBeNull();
    expect(checkLogo({ name: 'a.png', size: 0 })).toBeNull();
  });
  it('stores under the uid plus the extension', () => {
    expect(logoPath('u1', 'svg')).toBe('logos/u1.svg');
  });
  it('uploads an svg as the png it is drawn into; png and jpeg as they are', () => {
    expect(storedLogo('svg')).toEqual({ extension: 'png', contentType: 'image/png' });
    expect(storedLogo('png')).toEqual({ extension: 'png', contentType: 'image/png' });
    expect(storedLogo('jpeg')).toEqual({ extension: 'jpeg', contentType: 'image/jpeg' });
    expect(storedLogo('jpg')).toEqual({ extension: 'jpg', contentType: 'image/jpeg' });
  });
});

describe('public page settings', () => {
  it('reads the stored page, pageName standing in for a missing appTitle', () => {
    const page = parsePublicPage({ pageName: 'Prof. Ada', activePage: true, mainColor: '#123' });
    expect(page).toMatchObject({ appTitle: 'Prof. Ada', activePage: true, mainColor: '#123' });
    expect(parsePublicPage(undefined).activePage).toBe(false);
  });
  it('reads the page name and the thumbnail apart from the title', () => {
    expect(
      parsePublicPage({ appTitle: 'Prof. Ada', pageName: 'Spring classes', useThumbnail: true }),
    ).toMatchObject({ appTitle: 'Prof. Ada', pageName: 'Spring classes', useThumbnail: true });
    // Saved when the page name mirrored the title: no heading of its own.
    expect(parsePublicPage({ appTitle: 'Prof. Ada', pageName: 'Prof. Ada' }).pageName).toBe('');
  });
  it('is active unless activePage is false once the page exists (spec §2)', () => {
    expect(parsePublicPage({ logoUrl: 'https://x/l.png' }).activePage).toBe(true);
    expect(parsePublicPage({ activePage: false }).activePage).toBe(false);
  });
  it('builds the merge-update with a normalised slug', () => {
    const update = publicPageUpdate({
      ...parsePublicPage(undefined),
      appTitle: ' My class ',
      slug: ' Économie  Lab! ',
      language: 'fr',
    });
    expect(update).toMatchObject({
      appTitle: 'My class',
      pageName: '',
      useThumbnail: false,
      slug: 'economie-lab',
      language: 'fr',
    });
  });
  it('checks slugs and colours', () => {
    expect(normaliseSlug('--A b--')).toBe('a-b');
    expect(slugValid('ab')).toBe(false);
    expect(slugValid('abc')).toBe(true);
    expect(slugValid('')).toBe(true);
    expect(colorValid('#fff')).toBe(true);
    expect(colorValid('#ffffff80')).toBe(true);
    expect(colorValid('red')).toBe(true);
    expect(colorValid('hsva(240, 100%, 50%, 2)')).toBe(true);
    expect(colorValid('#abcde')).toBe(false);
    expect(colorValid('reddish')).toBe(false);
  });
  it('stores the colours as hex, whatever notation was typed', () => {
    const update = publicPageUpdate({
      ...parsePublicPage(undefined),
      mainColor: ' hsv(240, 100%, 50%) ',
      bckColor: 'rgba(255, 0, 0, -1)',
    });
    expect(update).toMatchObject({ mainColor: '#000080', bckColor: '#ff0000' });
  });
});
