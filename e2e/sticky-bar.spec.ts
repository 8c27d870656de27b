import { site } from "../config/site";
import { expect, nextFrame, test, type Page } from "./support/test";

/**
 * The offer bar: Call and Get my offer at the bottom of a phone's screen while the middle
 * of a long page fills it (components/site/offer-bar-region.tsx), and the call to action
 * that ends each long page. The bar follows the scroll alone: after each scroll the tests
 * read what the next rendered frame shows.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const BAR_HEIGHT = 64;

const PAGES = [
  // `middle`: a heading well inside the region, where nothing but the bar offers to act.
  { name: "the home page", path: "/", middle: "#how-it-works-title" },
  { name: "a state page", path: "/sell-house-fast-ohio", middle: "#cities-title" },
  { name: "a situation guide", path: "/situations/foreclosure", middle: "#faq" },
] as const;

/** What the bar must never cover: the page's ways to act, and the footer's links. */
const KEEP_CLEAR = [
  "form[data-offer-form]",
  'main a[href="#offer-form"]:not([data-offer-bar] a)',
  "[data-closing-offer]",
  "[data-guide-cta]",
  "footer a",
].join(", ");

const bar = (page: Page) => page.getByRole("navigation", { name: "Call or get your cash offer" });
const offerForm = (page: Page) => page.getByRole("form", { name: "Free cash offer request" });

/**
 * Scrolls at once (the page glides by default); "bottom" is as far as the page goes. The
 * bar answers in the next frame: assertions about it retry.
 */
async function scrollTo(page: Page, top: number | "bottom") {
  await page.evaluate((to) => {
    const y = to === "bottom" ? document.documentElement.scrollHeight : to;
    window.scrollTo({ top: y, behavior: "instant" });
  }, top);
}

/** Where `selector` begins and ends on the page, in pixels from its top. */
async function pageBox(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const { top, bottom } = element.getBoundingClientRect();
      return { top: top + window.scrollY, bottom: bottom + window.scrollY };
    });
}

async function scrollToMiddle(page: Page, selector: string) {
  await scrollTo(page, (await pageBox(page, selector)).top);
}

/** The bar's box on screen, shown or not (hidden, it rests below the bottom edge). */
async function barRect(page: Page) {
  return page.evaluate(() => {
    const nav = document.querySelector("[data-offer-bar] nav")!;
    const { top, bottom } = nav.getBoundingClientRect();
    return { top, bottom, visible: getComputedStyle(nav).visibility === "visible" };
  });
}

async function expectFullyShown(page: Page) {
  await expect
    .poll(() => barRect(page))
    .toEqual({
      top: PHONE.height - BAR_HEIGHT,
      bottom: PHONE.height,
      visible: true,
    });
}

/**
 * Scrolls the page from top to bottom and back, a bar's height at a time, and notes after
 * each rendered frame what of KEEP_CLEAR the shown bar overlaps, and where the region
 * filled the screen, with a bar's height to spare, and the bar was not all there. In the
 * page: a round trip per step would take minutes.
 */
async function sweep(page: Page, step: number) {
  return page.evaluate(
    async ({ selector, step }) => {
      const frame = () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const nav = document.querySelector("[data-offer-bar] nav")!;
      const region = document.querySelector("[data-offer-bar-region]")!;
      const positions: number[] = [];
      for (let top = 0; top < document.documentElement.scrollHeight; top += step) {
        positions.push(top);
      }
      const covered: string[] = [];
      const missing: number[] = [];
      let shown = 0;
      for (const top of [...positions, ...[...positions].reverse()]) {
        window.scrollTo({ top, behavior: "instant" });
        await frame();
        const bar = nav.getBoundingClientRect();
        const visible = getComputedStyle(nav).visibility === "visible";
        const middle = region.getBoundingClientRect();
        if (middle.top <= -step && middle.bottom >= window.innerHeight + step) {
          if (!visible || bar.bottom !== window.innerHeight) missing.push(window.scrollY);
        }
        if (!visible) continue;
        shown++;
        for (const element of document.querySelectorAll(selector)) {
          const box = element.getBoundingClientRect();
          if (box.height > 0 && box.top < window.innerHeight && box.bottom > bar.top) {
            covered.push(`at ${window.scrollY}: ${element.outerHTML.slice(0, 80)}`);
          }
        }
      }
      return { covered, missing, shown };
    },
    { selector: KEEP_CLEAR, step },
  );
}

async function expectClearOfLastFooterLink(page: Page) {
  const link = await page.locator("footer a").last().boundingBox();
  const rect = await barRect(page);
  // Scrolled to the end, the last link is on screen and wholly above the bar.
  expect(link!.y).toBeGreaterThanOrEqual(0);
  expect(link!.y + link!.height).toBeLessThanOrEqual(rect.top);
}

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  for (const { name, path, middle } of PAGES) {
    test.describe(name, () => {
      test.beforeEach(async ({ page }) => {
        await page.goto(path);
      });

      test("shows the bar once the page's own ways to act have scrolled away", async ({ page }) => {
        // At the top: the hero's form (on a guide, its headline and link to the form).
        await expect(bar(page)).toBeHidden();
        // The opening's last pixel still on screen: still no bar.
        const region = await pageBox(page, "[data-offer-bar-region]");
        await scrollTo(page, region.top - 1);
        await expect(bar(page)).toBeHidden();
        await scrollToMiddle(page, middle);
        await expectFullyShown(page);
        await scrollTo(page, 0);
        await expect(bar(page)).toBeHidden();
      });

      test("Get my offer brings the form into view with the cursor in it", async ({ page }) => {
        await scrollToMiddle(page, middle);
        await expectFullyShown(page);
        await bar(page).getByRole("link", { name: "Get my offer" }).click();
        const address = offerForm(page).getByLabel("Property Address");
        await expect(address).toBeFocused();
        await expect(address).toBeInViewport();
        // With the form on screen, the bar has given way.
        await expect(bar(page)).toBeHidden();
      });

      test("Call dials the company, and both links are large enough to tap", async ({ page }) => {
        await scrollToMiddle(page, middle);
        await expectFullyShown(page);
        const call = bar(page).getByRole("link", { name: `Call ${site.company.phone.display}` });
        await expect(call).toHaveAttribute("href", site.company.phone.href);
        await expect(call).toHaveAttribute("href", /^tel:\+1\d{10}$/);
        for (const link of [call, bar(page).getByRole("link", { name: "Get my offer" })]) {
          const box = await link.boundingBox();
          expect(box!.height).toBeGreaterThanOrEqual(44);
          expect(box!.width).toBeGreaterThanOrEqual(44);
        }
      });

      test("gives way to the closing call to action and the footer", async ({ page }) => {
        await scrollToMiddle(page, middle);
        await expectFullyShown(page);
        await scrollTo(page, "bottom");
        await expect(bar(page)).toBeHidden();
        await expectClearOfLastFooterLink(page);
      });

      test("covers no way to act and moves nothing, all the way down and back", async ({
        page,
      }) => {
        // A frame per step, over a long page, on a machine the suite shares.
        test.slow();
        // Every layout shift from here on, with what moved (a shift before the observer,
        // while the page loaded, is another test's: e2e/islands.spec.ts).
        await page.evaluate(() => {
          const shifts: string[] = [];
          (window as unknown as { __shifts: string[] }).__shifts = shifts;
          type Shift = PerformanceEntry & { value: number; sources: { node?: Node }[] };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Shift[]) {
              const moved = entry.sources.map((source) => source.node?.nodeName).join(", ");
              shifts.push(`${entry.value} at ${window.scrollY}: ${moved}`);
            }
          }).observe({ type: "layout-shift" });
        });
        const { covered, missing, shown } = await sweep(page, BAR_HEIGHT);
        expect(covered).toEqual([]);
        // And it was there wherever the page's middle filled the screen.
        expect(missing).toEqual([]);
        expect(shown).toBeGreaterThan(0);
        const shifts = await page.evaluate(
          () => (window as unknown as { __shifts: string[] }).__shifts,
        );
        expect(shifts).toEqual([]);
      });
    });
  }

  test("slides in with the scroll, or appears at once for those who ask for less motion", async ({
    page,
  }) => {
    await page.goto("/");
    const region = await pageBox(page, "[data-offer-bar-region]");
    // Half the bar's height into the region: halfway in.
    await scrollTo(page, region.top + BAR_HEIGHT / 2);
    await nextFrame(page);
    const sliding = await barRect(page);
    expect(sliding.visible).toBe(true);
    expect(sliding.top).toBeGreaterThan(PHONE.height - BAR_HEIGHT);
    expect(sliding.top).toBeLessThan(PHONE.height);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect(bar(page)).toBeHidden();
    await scrollTo(page, region.top + BAR_HEIGHT);
    await expectFullyShown(page);
  });

  test("Tab reaches the shown bar's links, with a visible focus ring", async ({ page }) => {
    await page.goto("/sell-house-fast-ohio");
    await scrollToMiddle(page, "#cities-title");
    await expectFullyShown(page);
    const call = bar(page).getByRole("link", { name: /^Call / });
    const offer = bar(page).getByRole("link", { name: "Get my offer" });
    await call.focus();
    await page.keyboard.press("Tab");
    await expect(offer).toBeFocused();
    const ring = await offer.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        focusVisible: element.matches(":focus-visible"),
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
      };
    });
    expect(ring.focusVisible).toBe(true);
    expect(ring.style).not.toBe("none");
    expect(ring.width).toBeGreaterThanOrEqual(1);
  });
});

test.describe("on a phone, with the keyboard", () => {
  test.use({ viewport: PHONE });

  test("a link Tab reaches under the shown bar scrolls clear of it", async ({ page }) => {
    await page.goto("/");
    const links = page.locator("#states a");
    // The next state's link just under the bar, the one before it focused.
    const under = await pageBox(page, "#states li:nth-child(21) a");
    await scrollTo(page, under.top - (PHONE.height - BAR_HEIGHT / 2));
    await expectFullyShown(page);
    await links.nth(19).focus();
    await page.keyboard.press("Tab");
    await expect(links.nth(20)).toBeFocused();
    await expect
      .poll(async () => {
        const box = await links.nth(20).boundingBox();
        return box!.y + box!.height <= PHONE.height - BAR_HEIGHT;
      })
      .toBe(true);
  });
});

test.describe("on a phone without script", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  for (const { name, path, middle } of PAGES) {
    test(`${name} shows the bar just the same`, async ({ page }) => {
      await page.goto(path);
      await expect(bar(page)).toBeHidden();
      await scrollToMiddle(page, middle);
      await expectFullyShown(page);
      await expect(bar(page).getByRole("link", { name: "Get my offer" })).toHaveAttribute(
        "href",
        "#offer-form",
      );
      await scrollTo(page, "bottom");
      await expect(bar(page)).toBeHidden();
      await expectClearOfLastFooterLink(page);
    });
  }

  test("Get my offer jumps to the form", async ({ page }) => {
    await page.goto("/sell-house-fast-ohio");
    await scrollToMiddle(page, "#cities-title");
    await expectFullyShown(page);
    await bar(page).getByRole("link", { name: "Get my offer" }).click();
    await expect(offerForm(page)).toBeInViewport();
    await expect(bar(page)).toBeHidden();
  });
});

test.describe("on a large screen", () => {
  test.use({ viewport: DESKTOP });

  test("there is no bar, even well past the form", async ({ page }) => {
    await page.goto("/");
    await scrollToMiddle(page, "#how-it-works-title");
    await expect(offerForm(page)).not.toBeInViewport();
    await expect(page.locator("[data-offer-bar]")).toHaveCSS("display", "none");
    await expect(bar(page)).toBeHidden();
  });
});

test.describe("every long page ends with a call to action", () => {
  test.use({ viewport: PHONE });

  for (const { path, title } of [
    { path: "/", title: "Ready to Sell Your House?" },
    { path: "/sell-house-fast-ohio", title: "Selling a House in Ohio?" },
  ]) {
    test(`${path} closes with a way back to its form and the phone`, async ({ page }) => {
      await page.goto(path);
      const closing = page.getByRole("region", { name: title });
      // Its heading is the page's last.
      await expect(page.locator("main h2").last()).toHaveText(title);
      await expect(
        closing.getByRole("link", { name: `Call ${site.company.phone.display}` }),
      ).toHaveAttribute("href", site.company.phone.href);
      await closing.getByRole("link", { name: "Get my cash offer" }).click();
      const address = offerForm(page).getByLabel("Property Address");
      await expect(address).toBeFocused();
      await expect(address).toBeInViewport();
    });
  }

  test("a situation guide closes with its offer form", async ({ page }) => {
    await page.goto("/situations/foreclosure");
    const closing = page.locator("[data-guide-cta]");
    await expect(page.locator("main h2").last()).toHaveText(
      await closing.getByRole("heading").first().innerText(),
    );
    await expect(closing.getByRole("form", { name: "Free cash offer request" })).toBeVisible();
  });

  test("a blog post's article closes with a card leading to an offer form", async ({ page }) => {
    await page.goto("/blog/cash-offers-vs-traditional-sales");
    const card = page.locator("article [data-post-cta]");
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: "Get my cash offer" })).toHaveAttribute(
      "href",
      /#offer-form$/,
    );
  });
});
