/**
 * What the end-to-end tests reach inside a page, on `window.__probes`: the data port and the
 * typed callables, used as the page's signed-in user (a player reading another's document must
 * be refused by the rules; an instructor ends a run without waiting for its clock). Each module
 * offers itself where it is defined, so the probes change nothing in how the build splits its
 * chunks. Only a build for the tests on the emulators sets `VITE_TEST_PROBES`
 * (scripts/local-stack.ts); in any other the body is statically dead. A probe gives no more than
 * the page's own code can already do as that user.
 */
export interface TestProbes {
  getDataPort?: unknown;
  callables?: unknown;
}

/** A build made for the end-to-end tests on the emulators: a constant the bundler folds. */
export const TEST_BUILD =
  import.meta.env.VITE_TEST_PROBES === 'true' && import.meta.env.VITE_USE_EMULATORS === 'true';

export function offerToTests<K extends keyof TestProbes>(name: K, value: TestProbes[K]): void {
  // The build prerenders pages in Node, where there is no window.
  if (!TEST_BUILD || typeof window === 'undefined') return;
  const w = window as Window & { __probes?: TestProbes };
  w.__probes ??= {};
  w.__probes[name] = value;
}
