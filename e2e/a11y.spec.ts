import { type Locator } from "@playwright/test";

import { SITUATION_SLUGS } from "../content/situations";
import { axeViolations } from "./support/axe";
import { FUNCTION_URL } from "./support/offer-form";
import { expect, test, type Page, toastItem } from "./support/test";

/** The guide that stands for the guides' shared template at every width. */
const TEMPLATE_GUIDE = "foreclosure";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

const PAGES = [
  { name: "home", path: "/", status: 200 },
  { name: "a state page", path: "/sell-house-fast-ohio", status: 200 },
  { name: "the blog", path: "/blog", status: 200 },
  { name: "a blog post", path: "/blog/cash-offers-vs-traditional-sales", status: 200 },
  { name: "the calculator", path: "/calculator", status: 200 },
  { name: "the not-found page", path: "/this-page-does-not-exist", status: 404 },
  { name: "the privacy policy", path: "/privacy", status: 200 },
  { name: "the terms of use", path: "/terms", status: 200 },
  { name: "the situations index", path: "/situations", status: 200 },
  { name: "the comparison of ways to sell", path: "/cash-offer-vs-listing", status: 200 },
  { name: "a situation guide", path: `/situations/${TEMPLATE_GUIDE}`, status: 200 },
] as const;

/**
 * Every guide at a phone's width, where its tables scroll in their own region: the guides
 * share one template, so the large screen checks it once (above) and the phone checks each
 * guide's own content (its tables, links and questions).
 */
const GUIDES = SITUATION_SLUGS.filter((slug) => slug !== TEMPLATE_GUIDE).map((slug) => ({
  name: `the ${slug} guide`,
  path: `/situations/${slug}`,
  status: 200,
}));

/**
 * Pages scanned one after another in one tab, a few per test: here a fresh tab for each
 * page cost about as much as the scan itself.
 */
const SCAN_GROUP = 4;

function inGroups<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The page after hydration (support/test.ts), so what axe sees is what a visitor can use. */
async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(status);
}

function offerForm(page: Page) {
  return page.getByRole("form", { name: "Free cash offer request" });
}

/**
 * The outline a keyboard user sees on the focused control. A radio draws its ring on
 * the card (label) around it, as a native radio's own ring would be too small to see.
 */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    // A radio and the call switch draw their ring on the label around them.
    const ringed =
      focused instanceof HTMLInputElement &&
      (focused.type === "radio" || focused.getAttribute("role") === "switch")
        ? (focused.closest("label") ?? focused)
        : focused;
    const style = getComputedStyle(ringed);
    return {
      matchesFocusVisible: focused.matches(":focus-visible"),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
    };
  });
}

async function expectVisibleFocusRing(page: Page, target: Locator) {
  await expect(target).toBeFocused();
  const ring = await focusRing(page);
  expect(ring?.matchesFocusVisible).toBe(true);
  expect(ring?.style).not.toBe("none");
  expect(ring?.width).toBeGreaterThanOrEqual(1);
}

/** Records the text that reaches a live region, as a screen reader would hear it. */
async function listenToLiveRegions(page: Page) {
  await page.evaluate(() => {
    const heard: string[] = [];
    (window as unknown as { __heard: string[] }).__heard = heard;
    const live = (node: Node | null) => {
      const element = node instanceof Element ? node : (node?.parentElement ?? null);
      return element?.closest(
        '[aria-live="polite"], [aria-live="assertive"], [role="status"]:not([aria-live="off"]), [role="alert"]',
      );
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const region = live(record.target);
        if (region?.textContent) heard.push(region.textContent);
        for (const node of record.addedNodes) {
          const added = live(node);
          if (added?.textContent) heard.push(added.textContent);
        }
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __heard: string[] }).__heard.join("\n"));
}

for (const viewport of VIEWPORTS) {
  test.describe(`WCAG 2.1 AA at ${viewport.width}px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    const pages = viewport.name === "phone" ? [...PAGES, ...GUIDES] : PAGES;
    for (const group of inGroups(pages, SCAN_GROUP)) {
      test(`${group.map(({ name }) => name).join(", ")}: no axe violations`, async ({ page }) => {
        for (const { name, path, status } of group) {
          const response = await page.goto(path);
          expect.soft(response?.status(), `status of ${path}`).toBe(status);
          // A guide's state table is checked as a visitor who opens it reads it.
          for (const summary of await page.locator("[data-state-table] summary").all()) {
            await summary.click();
            await expect(page.locator("[data-state-table] [role=region]")).toBeVisible();
          }
          expect.soft(await axeViolations(page), name).toEqual([]);
        }
      });
    }

    test("the calculator with an error, the checklist and an offer has no axe violations", async ({
      page,
    }) => {
      await open(page, "/calculator?state=ca");
      const form = page.getByRole("form", { name: "Your figures" });
      await form.getByRole("radio", { name: "A checklist" }).check();
      await form.getByLabel("Roof").fill("12000");
      await form.getByRole("radio", { name: "I have an offer" }).check();
      await form.getByLabel("Cash offer amount").fill("a lot");
      await expect(form.getByText("Enter a dollar amount, such as 250000.")).toBeVisible();
      await expectNoAxeViolations(page);
      await form.getByLabel("Cash offer amount").fill("240000");
      await expect(page.locator('table[data-column="cash"]')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("every step of the offer form has no axe violations", async ({ page }) => {
      await page.route(FUNCTION_URL, (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
      );
      await open(page, "/");
      const form = offerForm(page);

      await form.getByLabel("Property Address").fill("742 Evergreen Terrace, Springfield, IL");
      await expectNoAxeViolations(page);

      await form.getByRole("button", { name: "Next" }).click();
      await expect(form.getByRole("group", { name: "Property condition" })).toBeVisible();
      await expectNoAxeViolations(page);

      await form.getByRole("radio", { name: /^Good/ }).check();
      await expect(form.getByLabel("Email Address *")).toBeVisible();
      await expectNoAxeViolations(page);

      await form.getByRole("switch", { name: "Request Call" }).check();
      await form.getByLabel("Phone Number").fill("614-555-0100");
      await form.getByLabel("Email Address *").fill("dana@gmail");
      await form.getByRole("button", { name: "Get My Cash Offer" }).click();
      await expect(form.getByText("Enter a valid email address")).toBeVisible();
      await expectNoAxeViolations(page);

      await form.getByLabel("Email Address *").fill("dana@example.com");
      await form.getByRole("button", { name: "Get My Cash Offer" }).click();
      await expect(toastItem(page, "Thank you!")).toBeVisible();
      await expect(page.getByRole("region", { name: "Request received" })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test("the home page's questions, open, have no axe violations", async ({ page }) => {
      await open(page, "/");
      for (const summary of await page.locator("#faq summary").all()) await summary.click();
      await expectNoAxeViolations(page);
    });

    test("a state page's offer form has no axe violations on its last step", async ({ page }) => {
      await open(page, "/sell-house-fast-ohio");
      const form = offerForm(page);
      await form.getByLabel("Property Address").fill("9 Oak St, Dayton, OH");
      await form.getByRole("button", { name: "Next" }).click();
      await form.getByRole("radio", { name: /^Fair/ }).check();
      await expect(form.getByLabel("Email Address *")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}

test.describe("the offer bar, shown on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const { path, middle } of [
    { path: "/", middle: "#how-it-works-title" },
    { path: "/sell-house-fast-ohio", middle: "#cities-title" },
    { path: "/situations/foreclosure", middle: "#faq" },
  ]) {
    test(`on ${path} has no axe violations`, async ({ page }) => {
      await open(page, path);
      await page
        .locator(middle)
        .evaluate((element) => element.scrollIntoView({ block: "start", behavior: "instant" }));
      const bar = page.getByRole("navigation", { name: "Call or get your cash offer" });
      await expect(bar).toBeVisible();
      await expect(bar).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("the header's menu on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("open, has no axe violations", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("navigation", { name: "Main" }).locator("summary").click();
    await expect(page.getByRole("link", { name: "Facing foreclosure" }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("the privacy policy with every section open", () => {
  for (const viewport of VIEWPORTS) {
    test(`has no axe violations at ${viewport.width}px`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await open(page, "/privacy");
      // Each click opens one, and the list of closed ones shrinks by it.
      const closed = page.locator("main details:not([open]) > summary");
      expect(await closed.count()).toBeGreaterThan(5);
      while ((await closed.count()) > 0) await closed.first().click();
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("the blog's category sheet on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens as a dialog with no axe violations, holds focus and closes with Escape", async ({
    page,
  }) => {
    await open(page, "/blog");
    const button = page.getByRole("button", { name: "Categories" });
    await button.click();
    const sheet = page.getByRole("dialog", { name: "Categories" });
    await expect(sheet).toBeVisible();
    await expectNoAxeViolations(page);

    await expect(sheet.locator(":focus")).toHaveCount(1);
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press("Tab");
      await expect(sheet.locator(":focus")).toHaveCount(1);
    }
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    await expect(button).toBeFocused();
  });
});

test.describe("keyboard", () => {
  test("walks the whole offer form from the skip link to the thank-you toast", async ({ page }) => {
    await page.route(FUNCTION_URL, (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
    );
    // The condition step's 300 ms advance runs on a clock the test moves.
    await page.clock.install();
    await open(page, "/");
    const heard = await listenToLiveRegions(page);
    const form = offerForm(page);

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expectVisibleFocusRing(page, skip);
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    const getStarted = page.getByRole("link", { name: "Get Started Now" });
    await expectVisibleFocusRing(page, getStarted);
    await page.keyboard.press("Enter");

    // Step 1: the address.
    const address = form.getByLabel("Property Address");
    await expectVisibleFocusRing(page, address);
    await expect(address).toBeInViewport();
    await page.keyboard.type("4100 Bell Ave, Houston, TX");
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(page, form.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 2: focus lands in the condition group; arrow keys move the choice, not the step.
    const excellent = form.getByRole("radio", { name: /^Excellent/ });
    await expectVisibleFocusRing(page, excellent);
    await page.keyboard.press("ArrowDown");
    await expectVisibleFocusRing(page, form.getByRole("radio", { name: /^Good/ }));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    const fair = form.getByRole("radio", { name: /^Fair/ });
    await expect(fair).toBeChecked();
    await expectVisibleFocusRing(page, fair);
    await page.clock.runFor(1_000);
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "2");
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(page, form.getByRole("button", { name: "Back" }));
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(page, form.getByRole("button", { name: "Next" }));
    await page.keyboard.press("Enter");

    // Step 3: focus lands on the email; the call toggle and the phone follow in order.
    const email = form.getByLabel("Email Address *");
    await expectVisibleFocusRing(page, email);
    await page.keyboard.type("maria@example.com");
    await page.keyboard.press("Tab");
    const requestCall = form.getByRole("switch", { name: "Request Call" });
    await expectVisibleFocusRing(page, requestCall);
    await page.keyboard.press("Space");
    await expect(form.getByRole("switch", { name: "Call Requested" })).toBeChecked();
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(page, form.getByLabel("Phone Number"));
    await page.keyboard.type("713-555-0142");
    // The call wording under the phone field links to the two policies.
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(page, form.getByRole("link", { name: "Terms of Use" }).first());
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(page, form.getByRole("link", { name: "Privacy Policy" }).first());
    // Then the separate box for texts, and its wording's three policies.
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(
      page,
      form.getByRole("checkbox", { name: /^Text me about my offer/ }),
    );
    for (const policy of ["Text Message Policy", "Terms of Use", "Privacy Policy"]) {
      await page.keyboard.press("Tab");
      await expect(page.locator(":focus")).toHaveText(policy);
    }
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(page, form.getByRole("button", { name: "Back" }));
    await page.keyboard.press("Tab");
    const submit = form.getByRole("button", { name: "Get My Cash Offer" });
    await expectVisibleFocusRing(page, submit);
    await page.keyboard.press("Enter");

    // The outcome is announced, focus lands on what was received, in place of the form;
    // "Request another offer" brings the form back at step 1, empty, the cursor in the address.
    await expect
      .poll(heard)
      .toContain(
        "We've received your inquiry and will contact you within 24 hours with a cash offer.",
      );
    await expect(heard()).resolves.toContain("Thank you!");
    const received = page.getByRole("region", { name: "Request received" });
    await expect(received.getByRole("heading", { name: "Request received" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(
      page,
      received.getByRole("button", { name: "Request another offer" }),
    );
    await page.keyboard.press("Enter");
    await expect(address).toBeFocused();
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
    await expect(address).toHaveValue("");
  });

  test("Back returns focus to the step it opens", async ({ page }) => {
    await open(page, "/sell-house-fast-ohio");
    const form = offerForm(page);
    const address = form.getByLabel("Property Address");
    await address.focus();
    await page.keyboard.type("9 Oak St, Dayton, OH");
    await page.keyboard.press("Enter");
    await expect(form.getByRole("radio", { name: /^Excellent/ })).toBeFocused();
    await page.keyboard.press("Space");
    const email = form.getByLabel("Email Address *");
    await expect(email).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expectVisibleFocusRing(page, form.getByRole("button", { name: "Back" }));
    await page.keyboard.press("Enter");
    await expectVisibleFocusRing(page, form.getByRole("radio", { name: /^Excellent/ }));
    await expect(form.getByRole("radio", { name: /^Excellent/ })).toBeChecked();
  });
});

test.describe("reduced motion", () => {
  async function motion(page: Page) {
    return page.evaluate(() => {
      const seconds = (value: string) =>
        Math.max(
          ...value.split(",").map((part) => {
            const number = parseFloat(part);
            return part.trim().endsWith("ms") ? number / 1000 : number;
          }),
        );
      const button = document.querySelector("form button[type=submit]")!;
      const style = getComputedStyle(button);
      return {
        scrollBehavior: getComputedStyle(document.documentElement).scrollBehavior,
        transition: seconds(style.transitionDuration),
        animation: seconds(style.animationDuration),
      };
    });
  }

  test("smooth scrolling and transitions are on by default", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await open(page, "/");
    const { scrollBehavior, transition } = await motion(page);
    expect(scrollBehavior).toBe("smooth");
    expect(transition).toBeGreaterThan(0.05);
  });

  test("prefers-reduced-motion turns off smooth scrolling, transitions and animations", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/");
    const { scrollBehavior, transition, animation } = await motion(page);
    expect(scrollBehavior).toBe("auto");
    expect(transition).toBeLessThanOrEqual(0.001);
    expect(animation).toBeLessThanOrEqual(0.001);

    // Get Started Now jumps to the form at once instead of gliding there: the address is in
    // view in the same task as the click, before any animation frame could have moved it.
    await page.setViewportSize({ width: 390, height: 500 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const inViewAtOnce = await page.evaluate(() => {
      document.querySelector<HTMLAnchorElement>('a[href="#offer-form"]')!.click();
      const box = document.querySelector("input[name=address]")!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(inViewAtOnce).toBe(true);
  });
});
