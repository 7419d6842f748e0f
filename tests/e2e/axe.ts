/**
 * axe-core in the end-to-end tests: the page gets axe's source as a script and runs it with the
 * WCAG 2 A/AA and best-practice rules; serious and critical violations fail the test with the
 * rule, its impact and the elements it found.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);
/** Rules axe rates moderate that still fail: a skipped heading level misleads a screen reader's outline. */
const ALSO_BLOCKING = new Set(['heading-order']);

/** One violation as a line: rule, impact, the selectors of its nodes. */
export interface SeriousViolation {
  readonly rule: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/** The serious and critical violations axe finds on the page as it is now, and heading order. */
export async function seriousViolations(page: Page): Promise<SeriousViolation[]> {
  // Animations and transitions (MUI's fades, ripples, a button's colour change) would let axe read
  // half-drawn colours, and a live page (a lean run) starts new ones while axe reads: they are off
  // while it runs, every element showing its final colours, and on again after.
  await page.evaluate(() => {
    const still = document.createElement('style');
    still.dataset['axeStill'] = '';
    still.textContent = '*,*::before,*::after{transition:none!important;animation:none!important}';
    document.head.append(still);
  });
  await page.waitForTimeout(100);
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.addScriptTag({ content: axe.source });
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    TAGS,
  );
  await page.evaluate(() => document.querySelector('style[data-axe-still]')?.remove());
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? '') || ALSO_BLOCKING.has(v.id))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      // The selector alone is often a generated class name: the element's opening tag says more.
      targets: v.nodes.map((n) => `${n.target.map(String).join(' > ')}  ${n.html.slice(0, 200)}`),
    }));
}

/** The report of the violations, one line per rule; '' when there are none. */
export function describeViolations(name: string, found: readonly SeriousViolation[]): string {
  return found
    .map((v) => `${name}: ${v.rule} (${v.impact}) ${v.help}\n    ${v.targets.join('\n    ')}`)
    .join('\n');
}

/** Fails (softly, so one run lists every page) when the page has serious or critical violations. */
export async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  const report = describeViolations(name, await seriousViolations(page));
  if (report) console.error(report);
  expect.soft(report, `axe on ${name}`).toBe('');
}
