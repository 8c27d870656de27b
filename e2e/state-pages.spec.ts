import { site } from "../config/site";
import { expect, nextFrame, test, toastItem } from "./support/test";

import { fillOffer, holdFunction } from "./support/offer-form";

const SITE = site.url;

const samples = [
  { slug: "ohio", name: "Ohio", code: "OH", cities: ["Columbus", "Cleveland", "Cincinnati"] },
  {
    slug: "texas",
    name: "Texas",
    code: "TX",
    cities: ["Houston", "San Antonio", "Dallas", "Austin"],
  },
  {
    slug: "new-hampshire",
    name: "New Hampshire",
    code: "NH",
    cities: ["Manchester", "Nashua", "Concord"],
  },
  {
    slug: "north-carolina",
    name: "North Carolina",
    code: "NC",
    cities: ["Charlotte", "Raleigh", "Greensboro"],
  },
  {
    slug: "west-virginia",
    name: "West Virginia",
    code: "WV",
    cities: ["Charleston", "Huntington", "Morgantown"],
  },
];

test.describe("state pages as served, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const state of samples) {
    test(`${state.name}: title, canonical, headline, intro and cities are in the HTML`, async ({
      page,
    }) => {
      const path = `/sell-house-fast-${state.slug}`;
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(
        `Sell My House Fast ${state.name} - Cash Home Buyers ${state.code} | Quick Home Buyers`,
      );
      const head = page.locator("head");
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE}${path}`);
      await expect(head.locator('meta[property="og:url"]')).toHaveAttribute(
        "content",
        `${SITE}${path}`,
      );
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
        "content",
        `Sell My House Fast ${state.name} - Cash Home Buyers ${state.code} | Quick Home Buyers`,
      );
      await expect(head.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        new RegExp(state.name),
      );
      await expect(head.locator('meta[name="keywords"]')).toHaveAttribute("content", /.+/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        `Sell Your House Fast in ${state.name}`,
      );

      const intro = page.locator("h1 + p");
      for (const city of state.cities.slice(0, 3)) await expect(intro).toContainText(city);

      const cities = page
        .locator("section", { has: page.getByRole("heading", { name: /Cities/ }) })
        .getByRole("listitem");
      await expect(cities).toHaveCount(10);
      await expect(cities.first()).toHaveText(state.cities[0]!);
      const benefits = page
        .locator("section", {
          has: page.getByRole("heading", { name: `Why Choose Quick Home Buyers in ${state.name}` }),
        })
        .getByRole("listitem");
      await expect(benefits).toHaveCount(7);
    });
  }
});

test.describe("a state page in the browser", () => {
  test("shows the breadcrumb, support e-mail, rating and the three stats", async ({ page }) => {
    await page.goto("/sell-house-fast-north-carolina");
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByText("Sell House Fast North Carolina")).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      page.locator("header").getByRole("link", { name: "offers@quickhomebuyers.com" }),
    ).toHaveAttribute("href", "mailto:offers@quickhomebuyers.com");
    await expect(page.getByText("4.9/5 rating from 500+ homeowners")).toBeVisible();
    for (const [value, label] of [
      ["7 Days", "Average Close"],
      ["$0", "Fees or Commissions"],
      ["Any", "Condition"],
    ]) {
      await expect(page.locator("li", { hasText: label })).toContainText(value!);
    }
  });

  test("keeps the cash offer card in view beside the content on large screens", async ({
    page,
  }) => {
    await page.goto("/sell-house-fast-texas");
    const card = page.locator("aside", {
      has: page.getByRole("heading", { name: "Get Your Cash Offer" }),
    });
    await expect(card.getByRole("form", { name: "Free cash offer request" })).toBeVisible();
    await page.getByRole("heading", { name: /Cities/ }).scrollIntoViewIfNeeded();
    await expect(card.getByRole("heading", { name: "Get Your Cash Offer" })).toBeInViewport();
  });

  test("sends the state name with the offer request", async ({ page }) => {
    await page.goto("/sell-house-fast-west-virginia");
    const call = await holdFunction(page, 200);
    const form = await fillOffer(page, {
      address: "210 Quarrier St, Charleston, WV",
      condition: "Good",
      email: "jo@example.com",
    });
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();
    await expect.poll(() => call.bodies.length).toBe(1);
    expect(call.bodies[0]).toMatchObject({
      address: "210 Quarrier St, Charleston, WV",
      condition: "Good",
      email: "jo@example.com",
      state: "West Virginia",
      source: "/sell-house-fast-west-virginia",
    });
    call.release();
    await expect(toastItem(page, "Thank you!")).toBeVisible();
  });

  test("starts at the top, from the home page's state links and on reload", async ({ page }) => {
    await page.goto("/");
    await page.locator("#states").getByRole("link", { name: "Ohio" }).click();
    await expect(page).toHaveURL("/sell-house-fast-ohio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Sell Your House Fast in Ohio",
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // The furthest down the reloaded page ever is, from its first scroll on: the browser
    // must not put it back where it was, not even for a moment before it is sent up.
    await page.addInitScript(() => {
      const seen = window as unknown as { __furthest: number };
      seen.__furthest = 0;
      addEventListener("scroll", () => (seen.__furthest = Math.max(seen.__furthest, scrollY)));
    });
    await page.reload();
    await page.waitForFunction(() => document.readyState === "complete");
    await nextFrame(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __furthest: number }).__furthest),
    ).toBe(0);
  });
});

for (const path of [
  "/sell-house-fast-narnia",
  "/sell-house-fast-",
  "/sell-house-fast-Ohio",
  "/sell-house-fast-ohio/extra",
]) {
  test(`${path} is not a state page: 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  });
}
