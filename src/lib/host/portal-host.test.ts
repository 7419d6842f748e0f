import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_HOSTS, parseAppHosts, portalSlugForHost } from '@/lib/host/portal-host';

const PROD = parseAppHosts('simgames.app, www.simgames.app *.web.app');

describe('parseAppHosts', () => {
  it('reads commas and spaces, lower-cases, drops a trailing dot', () => {
    expect(parseAppHosts(' Simgames.APP., www.simgames.app  *.web.app ')).toEqual([
      'simgames.app',
      'www.simgames.app',
      '*.web.app',
    ]);
  });

  it('falls back to the local hosts when nothing is configured', () => {
    expect(parseAppHosts(undefined)).toEqual(DEFAULT_APP_HOSTS);
    expect(parseAppHosts(' , ')).toEqual(DEFAULT_APP_HOSTS);
  });
});

describe('portalSlugForHost (spec §2: a subdomain loads its portal look)', () => {
  it('takes the subdomain of a host that is not the app’s own', () => {
    expect(portalSlugForHost('myschool.simgames.app', PROD)).toBe('myschool');
    expect(portalSlugForHost('MySchool.SimGames.app.', PROD)).toBe('myschool');
    expect(portalSlugForHost('myschool.localhost', DEFAULT_APP_HOSTS)).toBe('myschool');
    expect(portalSlugForHost('games.uni-example.edu', PROD)).toBe('games');
  });

  it('gives none on the app’s own hosts, listed or matched by a wildcard', () => {
    expect(portalSlugForHost('simgames.app', PROD)).toBeNull();
    expect(portalSlugForHost('www.simgames.app', PROD)).toBeNull();
    expect(portalSlugForHost('simgames-prod--pr12-abc.web.app', PROD)).toBeNull();
    expect(portalSlugForHost('localhost', DEFAULT_APP_HOSTS)).toBeNull();
    expect(portalSlugForHost('127.0.0.1', DEFAULT_APP_HOSTS)).toBeNull();
  });

  it('gives none on an IP address, a bare name or a reserved label', () => {
    expect(portalSlugForHost('192.168.1.20', PROD)).toBeNull();
    expect(portalSlugForHost('[fe80::1]', PROD)).toBeNull();
    expect(portalSlugForHost('::1', PROD)).toBeNull();
    expect(portalSlugForHost('mylaptop', PROD)).toBeNull();
    expect(portalSlugForHost('www.example.com', PROD)).toBeNull();
    expect(portalSlugForHost('', PROD)).toBeNull();
  });

  it('gives none for a first label that cannot be a portal id', () => {
    expect(portalSlugForHost('-bad.example.com', PROD)).toBeNull();
    expect(portalSlugForHost('bad-.example.com', PROD)).toBeNull();
    expect(portalSlugForHost('xn--caf-dma.example.com', PROD)).toBe('xn--caf-dma');
    expect(portalSlugForHost(`${'a'.repeat(64)}.example.com`, PROD)).toBeNull();
  });
});
