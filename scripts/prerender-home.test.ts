import { describe, expect, it } from 'vitest';
import { deferAppCode } from './prerender-home';

const BUILT = `<!doctype html><html><head><title>SimGames</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/i18n-C.js">
  <style>x{}</style></head><body><div id="prerender"></div><div id="root"></div></body></html>`;

describe('deferAppCode', () => {
  const deferred = deferAppCode(BUILT);
  const head = deferred.slice(0, deferred.indexOf('</head>'));

  it('takes the entry and its preloads out of the head', () => {
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<style>x{}</style>');
  });

  it('loads the same entry and preloads from the end of the body', () => {
    const loader = /<script>(.*)<\/script><\/body>/.exec(deferred)?.[1] ?? '';
    expect(loader).toContain('"/assets/index-A.js"');
    expect(loader).toContain('["/assets/react-B.js","/assets/i18n-C.js"]');
  });

  it('refuses a page without a module script, rather than ship one that never starts', () => {
    expect(() => deferAppCode('<html><head></head><body></body></html>')).toThrow();
  });
});
