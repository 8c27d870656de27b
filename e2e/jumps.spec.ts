import type { Locator } from "@playwright/test";

import { expect, test, type Page } from "./support/test";

/**
 * Links to a place on the same page. A long page lays out its middle and its footer only as
 * they near the screen (app/globals.css), each holding a guessed height until then; a glide
 * past such parts must still end where the link points, with script and without. Each test
 * starts far from the place, so the glide crosses parts the page has not laid out yet.
 */
const WIDTHS = [
  { name: "a phone", viewport: { width: 390, height: 844 } },
  { name: "a large screen", viewport: { width: 1280, height: 800 } },
] as const;

/** Where `locator`'s top rests once the page stops gliding: three reads in a row agree. */
async function restingTop(locator: Locator): Promise<number> {
  let last = Number.NaN;
  let agreeing = 0;
  await expect
    .poll(
      async () => {
        const top = (await locator.boundingBox())?.y ?? Number.NaN;
        agreeing = Math.abs(top - last) < 0.5 ? agreeing + 1 : 0;
        last = top;
        return agreeing;
      },
      { intervals: [100], timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(3);
  return last;
}

/** At once, as a jump does: the parts in between are passed over, not laid out. */
async function jumpToBottom(page: Page) {
  await page.evaluate(() =>
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" }),
  );
  await restingTop(page.getByRole("contentinfo"));
}

for (const { name, viewport } of WIDTHS) {
  for (const script of [true, false]) {
    test.describe(`on ${name} ${script ? "with" : "without"} script`, () => {
      test.use({ viewport, javaScriptEnabled: script });

      test("a guide's Get a cash offer glides all the way down to its form", async ({ page }) => {
        await page.goto("/situations/foreclosure");
        const form = page.getByRole("form", { name: "Free cash offer request" });
        await page.getByRole("link", { name: "Get a cash offer" }).first().click();
        const top = await restingTop(form);
        const address = form.getByLabel("Property Address");
        await expect(address).toBeInViewport({ ratio: 1 });
        if (script) {
          await expect(address).toBeFocused();
        } else {
          // The form's own scroll margin (scroll-mt-24) above it, to the pixel.
          expect(Math.abs(top - 96)).toBeLessThanOrEqual(2);
        }
      });
    });
  }
}

// On a phone, where home is tallest: at 1,280 px this glide landed even without the fix, so
// a test there could not fail.
for (const script of [true, false]) {
  test.describe(`on a phone ${script ? "with" : "without"} script`, () => {
    test.use({ viewport: WIDTHS[0].viewport, javaScriptEnabled: script });

    test("the footer's About Us glides from the bottom of home up to How It Works", async ({
      page,
    }) => {
      await page.goto("/");
      await jumpToBottom(page);
      await page
        .getByRole("navigation", { name: "Footer" })
        .getByRole("link", { name: "About Us" })
        .click();
      // The section's own scroll margin (scroll-mt-4) above it.
      expect(Math.abs((await restingTop(page.locator("#how-it-works"))) - 16)).toBeLessThanOrEqual(
        2,
      );
      await expect(page.getByRole("heading", { name: "How It Works" })).toBeInViewport({
        ratio: 1,
      });
    });
  });
}
