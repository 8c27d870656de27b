import { DO_NOT_SELL_ANCHOR, LEGAL_PAGES } from "../content/legal-pages";
import { expect, test } from "./support/test";

/**
 * The policies read as documents for a homeowner: code words without drawn backticks, and
 * the privacy policy opening with its short version, its full text in sections a phone
 * reader opens one at a time, with or without script.
 */
const POLICIES = Object.values(LEGAL_PAGES).map((page) => page.path);

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the policies at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("draw no backticks around code words", async ({ page }) => {
      let codeWords = 0;
      for (const path of POLICIES) {
        await page.goto(path);
        const drawn = await page
          .locator("main code")
          .evaluateAll((elements) =>
            elements.map((element) => [
              getComputedStyle(element, "::before").content,
              getComputedStyle(element, "::after").content,
            ]),
          );
        codeWords += drawn.length;
        for (const [before, after] of drawn) {
          expect(before, path).toBe("none");
          expect(after, path).toBe("none");
        }
      }
      // The privacy policy names link tags and storage keys as code.
      expect(codeWords).toBeGreaterThan(5);
    });

    test("the privacy policy opens with its short version, then every section's heading", async ({
      page,
    }) => {
      await page.goto("/privacy");
      const short = page.locator("details", { has: page.locator("#the-short-version") });
      await expect(short).toHaveAttribute("open", "");
      for (const lead of ["What we collect:", "Why:", "Who receives it:", "Your choices:"]) {
        await expect(short.getByText(lead, { exact: true })).toBeVisible();
      }
      const headings = page.locator("main h2");
      expect(await headings.count()).toBeGreaterThanOrEqual(12);
      for (const heading of await headings.all()) await expect(heading).toBeVisible();
      await expect(headings.first()).toHaveText("The short version");
      if (viewport.width < 640) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height).toBeLessThan(12_000);
      }
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the privacy policy ${javaScriptEnabled ? "with" : "without"} script`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test("a section opens by touch or keyboard and shows its full text", async ({ page }) => {
      await page.goto("/privacy");
      const rights = page.getByRole("heading", { name: "Your privacy rights" });
      const text = page.getByText("Residents of California have rights under the California");
      await expect(text).toBeHidden();
      await rights.click();
      await expect(text).toBeVisible();
      const kept = page.getByRole("heading", { name: "How long we keep it" });
      await page.locator("summary", { has: kept }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText(/^Offer requests:/)).toBeVisible();
    });

    test("the Do Not Sell link lands on that section's text, open", async ({ page }) => {
      await page.goto("/");
      await page
        .getByRole("navigation", { name: "Legal" })
        .getByRole("link", { name: "Do Not Sell or Share My Personal Information" })
        .click();
      await expect(page).toHaveURL(`/privacy#${DO_NOT_SELL_ANCHOR}`);
      await expect(page.locator(`#${DO_NOT_SELL_ANCHOR}`)).toBeInViewport();
      await expect(page.getByText("How to opt out.", { exact: true })).toBeVisible();
    });
  });
}
