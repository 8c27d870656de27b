import { expect, test, type Page } from "@playwright/test";

const NEXT_SCRIPTS = "**/_next/static/chunks/*.js";

/** When the page's largest paint was shown, and when each of Next's scripts was requested. */
async function paintAndScriptTimes(page: Page) {
  return page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries[entries.length - 1]?.startTime ?? NaN);
      }).observe({ type: "largest-contentful-paint", buffered: true });
    });
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => /\/_next\/static\/chunks\/[^/]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime);
    return { lcp, scripts };
  });
}

test.describe("paint first, then hydrate", () => {
  for (const path of [
    "/",
    "/sell-house-fast-ohio",
    "/blog",
    "/blog/cash-offers-vs-traditional-sales",
  ]) {
    test(`${path} requests Next's scripts only after its largest paint`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const { lcp, scripts } = await paintAndScriptTimes(page);
      expect(scripts.length).toBeGreaterThan(3);
      expect(Math.min(...scripts)).toBeGreaterThan(lcp);
    });
  }

  test("the form works, and keeps what was typed before its script arrived", async ({ page }) => {
    // Hold Next's scripts until the visitor has typed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(NEXT_SCRIPTS, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    const form = page.getByRole("form", { name: "Free cash offer request" });
    const next = form.getByRole("button", { name: "Next" });
    await form.getByLabel("Property Address").fill("12 Elm St, Dayton, OH");
    await expect(next).toBeDisabled();

    release();
    await expect(next).toBeEnabled();
    await next.click();
    await expect(form.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
    await form.getByRole("button", { name: "Back" }).click();
    await expect(form.getByLabel("Property Address")).toHaveValue("12 Elm St, Dayton, OH");
  });
});
