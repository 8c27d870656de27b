import { test as plainTest, type ConsoleMessage } from "@playwright/test";

import { site } from "../config/site";
import { HOSTED_COMPANY_ENV } from "../scripts/hosted-site";
import { axeViolations } from "./support/axe";
import { HOSTED_SITE_TIMEOUT_MS, hostedSiteUp } from "./support/hosted-site";
import { e2eUrl } from "./support/servers";
import {
  expect,
  islandsHydrated,
  layoutShiftTotal,
  test,
  watchLayoutShifts,
  type Page,
} from "./support/test";

test.beforeAll(async () => {
  test.setTimeout(HOSTED_SITE_TIMEOUT_MS);
  await hostedSiteUp(e2eUrl("hosted"));
});

/**
 * The deploy build as an operator with call tracking and the claims' evidence would ship it
 * (scripts/hosted-site.ts sets COMPANY_PHONE_BY_SOURCE and the COMPANY_*_URL values).
 */
const GOOGLE = { display: "(614) 555-0150", href: "tel:+16145550150" };
const COMPANY = site.company.phone;
const OHIO = "/sell-house-fast-ohio";

test.use({ viewport: { width: 390, height: 844 } });
plainTest.use({ viewport: { width: 390, height: 844 } });

/** Every tel: link on the page that dials the company, and the number it shows. */
async function phoneLinks(page: Page) {
  return page
    .locator("a[data-phone]")
    .evaluateAll((links) =>
      links.map((link) => [
        link.getAttribute("href"),
        link.querySelector("[data-phone-number]")?.textContent,
      ]),
    );
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

// Playwright's plain page: the next page is read before its scripts run, then after.
plainTest(
  "a visit that came from a Google ad sees the google number on the next page, everywhere it is shown",
  async ({ page }) => {
    const errors = consoleErrors(page);
    await page.goto("/?gclid=TEST-e2e-call-tracking");
    await islandsHydrated(page);
    await expect(page.locator("header a[data-phone]")).toHaveAttribute("href", GOOGLE.href);

    // The next page, with its scripts held back: first as served, with the company's number.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/islands/**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(OHIO, { waitUntil: "commit" });
    const header = page.locator("header a[data-phone]");
    await expect(header.locator("[data-phone-number]")).toHaveText(COMPANY.display);
    const served = (await header.boundingBox())!;
    await watchLayoutShifts(page);
    release();
    await islandsHydrated(page);

    await expect(header.locator("[data-phone-number]")).toHaveText(GOOGLE.display);
    await expect(header).toHaveAttribute("href", GOOGLE.href);
    const offerCard = page.locator("aside", { has: page.locator("#offer-card-title") });
    await expect(offerCard.getByRole("link", { name: GOOGLE.display })).toHaveAttribute(
      "href",
      GOOGLE.href,
    );
    const closing = page.locator("[data-closing-offer]");
    await expect(closing.getByRole("link", { name: `Call ${GOOGLE.display}` })).toHaveAttribute(
      "href",
      GOOGLE.href,
    );
    // The middle of the page, where the phone bar shows (e2e/sticky-bar.spec.ts).
    await page.locator("#cities-title").evaluate((title) =>
      window.scrollTo({
        top: title.getBoundingClientRect().top + window.scrollY,
        behavior: "instant",
      }),
    );
    const bar = page.locator("[data-offer-bar]");
    await expect(bar.getByRole("link", { name: `Call ${GOOGLE.display}` })).toBeVisible();
    await expect(bar.getByRole("link", { name: `Call ${GOOGLE.display}` })).toHaveAttribute(
      "href",
      GOOGLE.href,
    );

    const hrefs = await page
      .locator('a[href^="tel:"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThanOrEqual(5);
    expect(new Set(hrefs)).toEqual(new Set([GOOGLE.href]));
    expect(new Set((await phoneLinks(page)).map(String))).toEqual(
      new Set([[GOOGLE.href, GOOGLE.display].join()]),
    );

    // The same box as the company's number had, and nothing on the page moved.
    await page.locator("header").scrollIntoViewIfNeeded();
    const swapped = (await header.boundingBox())!;
    expect([swapped.width, swapped.height]).toEqual([served.width, served.height]);
    expect(await layoutShiftTotal(page)).toBe(0);
    expect(errors).toEqual([]);
  },
);

test("a visit from a source without its own number sees the company's", async ({ page }) => {
  await page.goto("/?utm_source=newsletter&utm_medium=email");
  await page.goto(OHIO);
  expect(new Set((await phoneLinks(page)).map(String))).toEqual(
    new Set([[COMPANY.href, COMPANY.display].join()]),
  );
});

test.describe("without script", () => {
  test.use({ javaScriptEnabled: false });

  test("the company's number, even for a visit from a Google ad", async ({ page }) => {
    await page.goto("/?gclid=TEST-e2e-no-script");
    await page.goto(OHIO);
    await expect(page.locator("header [data-phone-number]")).toHaveText(COMPANY.display);
    const hrefs = await page
      .locator('a[href^="tel:"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(new Set(hrefs)).toEqual(new Set([COMPANY.href]));
  });
});

test("each claim links to where a homeowner can check it", async ({ page }) => {
  await page.goto("/");
  const badges = page.getByRole("list", { name: "Why homeowners trust us" });
  await expect(
    badges.getByRole("link", { name: "A+ Rating (our Better Business Bureau profile)" }),
  ).toHaveAttribute("href", HOSTED_COMPANY_ENV.COMPANY_BBB_URL);
  await expect(
    badges.getByRole("link", { name: "Licensed in all 50 states (our licences, state by state)" }),
  ).toHaveAttribute("href", HOSTED_COMPANY_ENV.COMPANY_LICENSE_URL);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(OHIO);
  await expect(
    page.getByRole("link", { name: "4.9/5 rating from 500+ homeowners (read the reviews)" }),
  ).toHaveAttribute("href", HOSTED_COMPANY_ENV.COMPANY_RATING_URL);
  await expect(
    page.locator("#benefits-title + ul").getByRole("link", { name: /^licensed/ }),
  ).toHaveAttribute("href", HOSTED_COMPANY_ENV.COMPANY_LICENSE_URL);
  expect(await axeViolations(page)).toEqual([]);
});
