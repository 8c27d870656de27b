import { CALCULATOR_PATH } from "../content/calculator";
import { SITUATION_LINKS, SITUATIONS_PATH } from "../lib/situations";
import { expect, test, type Page } from "./support/test";

/**
 * A homeowner finds their situation from any page: the header leads to the seven guides,
 * the index of them, the calculator and the blog at every width, with script or without
 * (a native disclosure on phones); the home page lists the situations after the hero.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PAGES = ["/", "/sell-house-fast-ohio", "/blog/cash-offers-vs-traditional-sales", "/privacy"];

/** Every way on from the header, as a visitor sees it: visible links by their names. */
async function expectHeaderLinks(page: Page, path: string) {
  const header = page.locator("header");
  const expected = [
    ...SITUATION_LINKS.map((link) => ({ name: link.text, href: link.href })),
    { name: /situations/i, href: SITUATIONS_PATH },
    { name: "Calculator", href: CALCULATOR_PATH },
    { name: "Blog", href: "/blog" },
  ];
  for (const { name, href } of expected) {
    const link = header.getByRole("link", { name, exact: typeof name === "string" });
    await expect(link, `${path}: ${String(name)}`).toBeVisible();
    await expect(link, `${path}: ${String(name)}`).toHaveAttribute("href", href);
  }
}

function menuButton(page: Page) {
  return page.getByRole("navigation", { name: "Main" }).locator("summary");
}

for (const javaScriptEnabled of [true, false]) {
  const script = javaScriptEnabled ? "with script" : "without script";

  test.describe(`the header ${script}`, () => {
    test.use({ javaScriptEnabled });

    test.describe("on a phone", () => {
      test.use({ viewport: PHONE });

      test("a menu opens on every page with every guide, the calculator and the blog", async ({
        page,
      }) => {
        for (const path of PAGES) {
          await page.goto(path);
          const menu = menuButton(page);
          await expect(menu).toHaveText("Menu");
          await expect(
            page.locator("header").getByRole("link", { name: "Calculator" }),
          ).toBeHidden();
          await menu.click();
          await expectHeaderLinks(page, path);
        }
        await page
          .locator("header")
          .getByRole("link", { name: "Facing foreclosure", exact: true })
          .click();
        await expect(page).toHaveURL("/situations/foreclosure");
        await expect(page.getByRole("heading", { level: 1 })).toContainText("foreclosure");
      });

      test("the menu opens by keyboard, pushes the page down without covering it, and closes", async ({
        page,
      }) => {
        await page.goto("/");
        const menu = menuButton(page);
        const call = page.locator("header").getByRole("link", { name: /^Call / });
        const brand = page.locator("header").getByRole("link", { name: "Quick Home Buyers" });
        const before = {
          call: await call.boundingBox(),
          brand: await brand.boundingBox(),
          main: await page.locator("main").boundingBox(),
        };
        await menu.focus();
        await page.keyboard.press("Enter");
        const first = page.locator("header").getByRole("link", { name: SITUATION_LINKS[0]!.text });
        await expect(first).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(first).toBeFocused();

        // The header's own rows stay where they were; the page moves down below the menu.
        expect(await call.boundingBox()).toEqual(before.call);
        expect(await brand.boundingBox()).toEqual(before.brand);
        const panel = (await page.locator("[data-site-menu]").boundingBox())!;
        const main = (await page.locator("main").boundingBox())!;
        expect(main.y).toBeGreaterThanOrEqual(panel.y + panel.height);
        expect(main.y).toBeGreaterThan(before.main!.y);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);

        await menu.focus();
        await page.keyboard.press("Enter");
        await expect(first).toBeHidden();
        expect((await page.locator("main").boundingBox())!.y).toBe(before.main!.y);
      });
    });

    test.describe("on a large screen", () => {
      test.use({ viewport: DESKTOP });

      test("every guide, the calculator and the blog are one click away on every page", async ({
        page,
      }) => {
        for (const path of PAGES) {
          await page.goto(path);
          await expect(menuButton(page)).toBeHidden();
          await expectHeaderLinks(page, path);
        }
        await page
          .getByRole("navigation", { name: "What's going on?" })
          .getByRole("link", { name: "Inherited a house" })
          .click();
        await expect(page).toHaveURL("/situations/inherited-house-probate");
      });
    });
  });
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`the home page at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("lists the seven situations in a homeowner's words right after the hero", async ({
      page,
    }) => {
      await page.goto("/");
      const list = page.locator("#situations");
      await expect(list.getByRole("heading", { level: 2 })).toHaveText("What's going on?");
      const links = list.getByRole("link");
      await expect(links).toHaveText([
        ...SITUATION_LINKS.map((link) => link.text),
        "All situations",
      ]);
      for (const [index, link] of SITUATION_LINKS.entries()) {
        await expect(links.nth(index)).toHaveAttribute("href", link.href);
      }
      // The first section after the hero and its form.
      const next = await page.evaluate(() => {
        const form = document.querySelector("main form")!;
        const sections = [...document.querySelectorAll("main section[id]")];
        return sections.find((section) =>
          Boolean(form.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING),
        )?.id;
      });
      expect(next).toBe("situations");
      await expect(links.first()).toBeVisible();
    });

    test("each property type leads to a guide of its own, or to none", async ({ page }) => {
      await page.goto("/");
      const hrefs = await page
        .locator("[data-property-type] a")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      expect(hrefs.length).toBe(5);
      expect(new Set(hrefs).size).toBe(hrefs.length);
      for (const link of await page.locator("[data-property-type] a").all()) {
        await expect(link).toBeVisible();
      }
    });
  });
}
