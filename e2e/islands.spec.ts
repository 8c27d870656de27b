import { test as plainTest, type ConsoleMessage, type Page, type Request } from "@playwright/test";

import { HYDRATED_ATTRIBUTE, ISLAND_TAG } from "../components/islands/island-root";
import {
  expect,
  islandsHydrated,
  layoutShiftTotal,
  test,
  watchLayoutShifts,
  toastItem,
} from "./support/test";
import { fillOffer, holdFunction } from "./support/offer-form";

/**
 * Only the islands hydrate: every page type loads React, React DOM and the code of the
 * islands it has, never Next's client runtime, and each island comes alive without a
 * console error or a React hydration warning.
 */
const PAGE_TYPES = [
  { path: "/", status: 200, islands: ["offer-form"] },
  { path: "/sell-house-fast-ohio", status: 200, islands: ["scroll-to-top", "offer-form"] },
  { path: "/blog", status: 200, islands: ["blog-filter"] },
  { path: "/blog/cash-offers-vs-traditional-sales", status: 200, islands: ["share-button"] },
  { path: "/calculator", status: 200, islands: ["net-proceeds-calculator"] },
  { path: "/a-page-that-does-not-exist", status: 404, islands: ["missing-path-logger"] },
  { path: "/blog/a-post-that-does-not-exist", status: 404, islands: [] },
  { path: "/privacy", status: 200, islands: [] },
] as const;

/** What the specification expects in the console: the not-found logger and the 404 itself. */
const expectedOnMissingPage = (text: string) =>
  text.startsWith("404 Error: User attempted to access non-existent route:") ||
  text.includes("the server responded with a status of 404");

for (const { path, status, islands } of PAGE_TYPES) {
  test(`${path} hydrates ${islands.length ? islands.join(" and ") : "nothing"}, cleanly`, async ({
    page,
  }) => {
    const problems: string[] = [];
    const scripts: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (!["error", "warning"].includes(message.type())) return;
      if (status === 404 && expectedOnMissingPage(message.text())) return;
      problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("request", (request: Request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });

    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    const found = await page
      .locator(ISLAND_TAG)
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-island")));
    expect(found).toEqual(islands);
    await expect(page.locator(`${ISLAND_TAG}:not([${HYDRATED_ATTRIBUTE}])`)).toHaveCount(0);

    // One module script per kind of page, named after its islands; no Next chunk.
    expect(scripts.filter((script) => script.startsWith("/_next/static/chunks/"))).toEqual([]);
    const kind = [...islands].sort().join("+") || "page";
    expect(scripts.filter((script) => script.includes(`/islands/${kind}-`))).toHaveLength(1);
    const others = [
      "offer-form",
      "blog-filter",
      "share-button",
      "net-proceeds-calculator",
      "missing-path-logger",
    ].filter((island) => !(islands as readonly string[]).includes(island));
    for (const island of others) {
      expect(scripts.filter((script) => script.includes(island))).toEqual([]);
    }
    expect(await page.evaluate(() => "__next_f" in window || "next" in window)).toBe(false);
    expect(problems).toEqual([]);
  });
}

test("each island answers the visitor once hydrated", async ({ page }) => {
  await page.goto("/sell-house-fast-ohio");
  const form = page.getByRole("form", { name: "Free cash offer request" });
  await form.getByLabel("Property Address").fill("77 High St, Columbus, OH");
  await form.getByRole("button", { name: "Next" }).click();
  await expect(form.getByRole("radio", { name: /^Good/ })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/blog");
  await page.getByRole("button", { name: "Categories" }).click();
  await expect(page.getByRole("dialog", { name: "Categories" })).toBeVisible();

  await page.goto("/blog/cash-offers-vs-traditional-sales");
  await page.evaluate(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new Error("denied")) },
      configurable: true,
    });
  });
  await page.getByRole("button", { name: "Share" }).click();
  await expect(toastItem(page, "Couldn't copy the link")).toBeVisible();
});

plainTest.describe("before the islands' scripts arrive", () => {
  plainTest("the page reads, and an address typed early is kept", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/islands/**", async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts run before DOMContentLoaded, which therefore waits for them too.
    await page.goto("/", { waitUntil: "commit" });
    const form = page.getByRole("form", { name: "Free cash offer request" });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Sell Your House Fast for Cash",
    );
    await expect(page.locator(`${ISLAND_TAG}[${HYDRATED_ATTRIBUTE}]`)).toHaveCount(0);
    await form.getByLabel("Property Address").fill("12 Early Bird Ln, Akron, OH");
    // The wizard's buttons wait for the island; the form shows its next step by itself.
    await expect(form.getByRole("button", { name: "Next" })).toBeHidden();
    await expect(form.getByRole("radio", { name: /^Fair/ })).toBeVisible();

    release();
    await islandsHydrated(page);
    // Taken over where the visitor was: step 1, what was typed kept.
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
    await expect(form.getByRole("button", { name: "Next" })).toBeEnabled();
    await form.getByRole("button", { name: "Next" }).click();
    await form.getByRole("radio", { name: /^Fair/ }).check();
    // The choice moves on to the last step by itself; go back from there.
    await expect(form.getByLabel("Email Address *")).toBeVisible();
    await form.getByRole("button", { name: "Back" }).click();
    await expect(form.getByRole("radio", { name: /^Fair/ })).toBeChecked();
    await form.getByRole("button", { name: "Back" }).click();
    await expect(form.getByLabel("Property Address")).toHaveValue("12 Early Bird Ln, Akron, OH");
  });

  plainTest(
    "the first paint waits for the whole header, so its links are drawn where they stay",
    async ({ page }) => {
      await page.goto("/sell-house-fast-ohio");
      // Chrome holds rendering until the element this names is parsed (HTML's "expect" link type).
      const hold = page.locator('head link[rel="expect"][blocking="render"]');
      await expect(hold).toHaveCount(1);
      const target = (await hold.getAttribute("href"))!;
      await expect(page.locator(target)).toHaveCount(1);
      await expect(page.getByRole("banner")).toHaveAttribute("id", target.slice(1));
    },
  );

  plainTest(
    "the island takes the form over without moving anything on the page",
    async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/_next/static/islands/**", async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/sell-house-fast-ohio", { waitUntil: "commit" });
      await expect(page.getByRole("form", { name: "Free cash offer request" })).toBeVisible();
      await watchLayoutShifts(page);
      release();
      await islandsHydrated(page);
      await expect(page.locator("form[data-offer-form][data-enhanced]")).toHaveCount(1);
      // After hydration, what moved.
      expect(await layoutShiftTotal(page)).toBe(0);
    },
  );
});

/**
 * What the build wrote into the page (scripts/islands/styles.ts): the rules its own elements
 * can use, in every state the form reaches, and not the whole site's. `others` are pages
 * whose stylesheets together hold the site's rules; a class on the page that one of them
 * styles and the page's own stylesheet does not is a rule the build dropped too many.
 */
async function classesStyledOnlyElsewhere(page: Page, others: readonly string[]) {
  return page.evaluate(async (paths) => {
    const selectors = (css: string) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      const found: string[] = [];
      const walk = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule) found.push(rule.selectorText);
          if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
        }
      };
      walk(sheet.cssRules);
      return found;
    };
    const styleOf = (doc: Document) => doc.querySelector("style")?.textContent ?? "";
    const own = selectors(styleOf(document));
    const site = new Set(own);
    for (const path of paths) {
      const html = await (await fetch(path)).text();
      const other = new DOMParser().parseFromString(html, "text/html");
      for (const selector of selectors(styleOf(other))) site.add(selector);
    }
    // `.flex` is not in `.flex-col`: the class name must end where the match ends.
    const names = (selector: string, name: string) =>
      new RegExp(
        `\\.${CSS.escape(name).replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}(?![\\w\\-\\\\])`,
      ).test(selector);
    const classes = new Set(
      [...document.querySelectorAll("[class]")].flatMap((el) => [...el.classList]),
    );
    const missing = [...classes].filter(
      (name) =>
        !own.some((selector) => names(selector, name)) &&
        [...site].some((selector) => names(selector, name)),
    );
    // The articles' typography: rules the home page has no element for.
    const prose = (selectors: Iterable<string>) =>
      [...selectors].some((selector) => names(selector, "prose"));
    return { missing, ownProse: prose(own), siteProse: prose(site) };
  }, others);
}

test("each page carries the style rules its form can use in every state, not the whole site's", async ({
  page,
}) => {
  const others = [
    "/blog",
    "/blog/cash-offers-vs-traditional-sales",
    "/situations/foreclosure",
    "/calculator",
    "/privacy",
  ];
  await page.goto("/");
  const form = await fillOffer(page, {
    address: "77 Ridge Rd, Tulsa, OK",
    condition: "Needs Work",
    email: "not-an-email",
    phone: "918-555",
  });
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  await expect(form.getByLabel("Email Address *")).toHaveAttribute("aria-invalid", "true");
  const withErrors = await classesStyledOnlyElsewhere(page, others);
  expect(withErrors.missing).toEqual([]);
  // Not the whole site's: the articles' typography is on the post, not on home.
  expect(withErrors).toMatchObject({ ownProse: false, siteProse: true });

  const call = await holdFunction(page, 200);
  await form.getByLabel("Email Address *").fill("dana@example.com");
  await form.getByLabel("Phone Number").fill("918-555-0173");
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  call.release();
  await expect(page.getByRole("region", { name: "Request received" })).toBeVisible();
  await expect(toastItem(page, "Thank you!")).toBeVisible();
  expect((await classesStyledOnlyElsewhere(page, others)).missing).toEqual([]);
});
