/**
 * Cumulative layout shift as the browser reports it: what moved on screen without the user's
 * input. Recorded from the page's first paint on, for pages loaded after the call.
 */
import type { Page } from 'playwright-core';

interface ShiftWindow {
  layoutShifts: number[];
}

/** Records every later page load's layout shifts (an init script). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as PerformanceEntry & { value: number; hadRecentInput: boolean };
        if (!shift.hadRecentInput) shifts.push(shift.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts of the current page load so far, summed. */
export function layoutShiftTotal(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as ShiftWindow).layoutShifts.reduce((a, b) => a + b, 0),
  );
}
