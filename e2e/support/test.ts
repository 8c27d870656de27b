import { test as base, type Page } from "@playwright/test";

import { HYDRATED_ATTRIBUTE, ISLAND_TAG } from "../../components/islands/island-root";

export { expect, type Page } from "@playwright/test";

/** Resolves once every island on the page has hydrated (at once on a page without islands). */
export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(
    ([tag, attribute]) => document.querySelectorAll(`${tag}:not([${attribute}])`).length === 0,
    [ISLAND_TAG, HYDRATED_ATTRIBUTE] as const,
  );
}

/**
 * A toast as a visitor sees it: an item of the notifications region. Radix also puts its
 * words in a visually hidden role="status" element for screen readers, which it removes a
 * second later; a test that looked for that could miss it on a busy machine.
 */
export function toastItem(page: Page, text: string | RegExp) {
  return page
    .getByRole("region", { name: /^(Notifications|Notificaciones)/ })
    .getByRole("listitem")
    .filter({ hasText: text });
}

/** Resolves after the browser has rendered a frame: the page has answered what came before. */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Starts noting every layout shift on the page, those before this call included. */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shifts watchLayoutShifts has seen, summed, once a frame has been rendered. */
export async function layoutShiftTotal(page: Page): Promise<number> {
  await nextFrame(page);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  return shifts.reduce((sum, value) => sum + value, 0);
}

/**
 * Pages are static HTML whose islands hydrate when their module scripts have run. These
 * specs act on the page a visitor uses a moment later: every navigation waits for the
 * hydration marker each island sets. The moment before hydration has its own tests, on
 * Playwright's plain page (e2e/islands.spec.ts).
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    // Without script nothing hydrates: the page is complete as served.
    if (javaScriptEnabled === false) return provide(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await islandsHydrated(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await islandsHydrated(page);
      return response;
    };
    await provide(page);
  },
});
