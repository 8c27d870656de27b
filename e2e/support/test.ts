import { test as base } from "@playwright/test";

export { expect, type Page } from "@playwright/test";

/**
 * Pages start Next's scripts after their first paint (scripts/paint-first.mjs). These specs
 * act on the page a visitor uses a moment later, hydrated: every navigation waits until the
 * network is quiet, by when the scripts have loaded and run. The moment before hydration has
 * its own tests in e2e/paint-first.spec.ts, on Playwright's plain page.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForLoadState("networkidle");
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await page.waitForLoadState("networkidle");
      return response;
    };
    await provide(page);
  },
});
