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
