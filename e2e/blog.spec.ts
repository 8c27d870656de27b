import { site } from "../config/site";
import { expect, test, type Page, toastItem } from "./support/test";

const SITE = site.url;

const POSTS = [
  { slug: "how-to-sell-your-house-fast-in-2024", category: "Home Selling" },
  { slug: "cash-offers-vs-traditional-sales", category: "Real Estate Market" },
  { slug: "prepare-your-home-for-a-quick-sale", category: "Home Staging" },
  { slug: "real-estate-market-trends-2024", category: "Market Analysis" },
  { slug: "selling-an-inherited-house-estate-sales-guide", category: "Estate Sales" },
  { slug: "hidden-costs-of-selling-a-house-traditionally", category: "Financial Planning" },
];

const CATEGORIES = ["All Posts", ...POSTS.map((post) => post.category)];

const cards = (page: Page) => page.locator("main article");

test.describe("blog list", () => {
  test("serves all six cards in the HTML, each complete, without JavaScript", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog");
    await expect(page).toHaveTitle("Home Selling Advice and Market Insights | Quick Home Buyers");
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.getByText("Blog")).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(6);
    for (const [index, post] of POSTS.entries()) {
      const card = cards(page).nth(index);
      await expect(card.getByRole("img")).toHaveAttribute("src", `/blog/${post.slug}.svg`);
      await expect(card.getByRole("img")).toHaveAttribute("width", "1200");
      // The category badge comes first; a tag may repeat the category's words.
      await expect(card.getByText(post.category, { exact: true }).first()).toBeVisible();
      await expect(card.getByRole("heading", { level: 2 })).not.toBeEmpty();
      // Its own date first; a revised post's "Updated" date follows.
      await expect(card.locator("time").first()).toHaveAttribute("datetime", /^2024-\d\d-\d\d$/);
      await expect(card.getByText(/^\d+ min read$/)).toBeVisible();
      await expect(
        card.getByRole("list", { name: "Tags" }).getByRole("listitem").first(),
      ).toBeVisible();
      await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute(
        "href",
        `/blog/${post.slug}`,
      );
    }
    await context.close();
  });

  test("filters by category from the sidebar on large screens and keeps it in the URL", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/blog");
    const sidebar = page.locator("aside", {
      has: page.getByRole("heading", { name: "Categories" }),
    });
    await expect(sidebar.getByRole("link")).toHaveText(CATEGORIES);
    await expect(sidebar.getByRole("link", { name: "All Posts" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("button", { name: "Categories" })).toBeHidden();

    await sidebar.getByRole("link", { name: "Estate Sales" }).click();
    await expect(sidebar.getByRole("link", { name: "Estate Sales" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(sidebar.getByRole("link", { name: "All Posts" })).not.toHaveAttribute(
      "aria-current",
    );
    await expect(cards(page).filter({ visible: true })).toHaveCount(1);
    await expect(cards(page).filter({ visible: true }).first()).toContainText("Estate Sales");
    await expect(page).toHaveURL("/blog?category=estate-sales");
    await expect(page.getByRole("status")).toHaveText("Showing 1 article in Estate Sales");

    await page.reload();
    await expect(cards(page).filter({ visible: true })).toHaveCount(1);
    await expect(sidebar.getByRole("link", { name: "Estate Sales" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await sidebar.getByRole("link", { name: "All Posts" }).click();
    await expect(cards(page).filter({ visible: true })).toHaveCount(6);
    await expect(page).toHaveURL("/blog");
  });

  test("filters without JavaScript: each category is a page, and ?category= is answered with it", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto("/blog");
    const sidebar = page.locator("aside", {
      has: page.getByRole("heading", { name: "Categories" }),
    });
    await sidebar.getByRole("link", { name: "Market Analysis" }).click();
    await expect(page).toHaveURL("/blog/category/market-analysis");
    await expect(cards(page).filter({ visible: true })).toHaveCount(1);
    await expect(cards(page).filter({ visible: true }).first()).toContainText("Market Analysis");
    await expect(sidebar.getByRole("link", { name: "Market Analysis" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE}/blog`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

    const response = await page.goto("/blog?category=estate-sales");
    expect(response?.status()).toBe(200);
    await expect(cards(page).filter({ visible: true })).toHaveCount(1);
    await expect(cards(page).filter({ visible: true }).first()).toContainText("Estate Sales");
    await context.close();
  });

  test("opens a Categories sheet from the right on small screens, with a removable badge", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/blog");
    await expect(
      page.locator("aside", { has: page.getByRole("heading", { name: "Categories" }) }),
    ).toBeHidden();
    await page.getByRole("button", { name: "Categories" }).click();

    const sheet = page.getByRole("dialog", { name: "Categories" });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText("Show only the articles on one topic.");
    await expect(sheet.getByRole("button", { name: "Close" })).toBeVisible();
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(390);
    expect(box.x).toBeGreaterThan(0);

    await sheet.getByRole("link", { name: "Market Analysis" }).click();
    await expect(sheet).toBeHidden();
    await expect(cards(page).filter({ visible: true })).toHaveCount(1);
    await expect(page.getByText("Filtered by: Market Analysis")).toBeVisible();

    await page.getByRole("link", { name: "Clear filter" }).click();
    await expect(page.getByText(/Filtered by/)).toHaveCount(0);
    await expect(cards(page).filter({ visible: true })).toHaveCount(6);

    await page.getByRole("button", { name: "Categories" }).click();
    await page
      .getByRole("dialog", { name: "Categories" })
      .getByRole("button", { name: "Close" })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Categories" })).toBeFocused();
  });

  test("keeps the chosen category readable while the pointer rests on it", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/blog?category=home-staging");
    const chosen = page.locator("aside").getByRole("link", { name: "Home Staging" });
    await chosen.hover();
    const contrast = await chosen.evaluate((element) => {
      const parse = (value: string) =>
        value
          .match(/\d+(\.\d+)?/g)!
          .slice(0, 3)
          .map(Number);
      const luminance = ([r, g, b]: number[]) => {
        const [R, G, B] = [r!, g!, b!].map((channel) => {
          const c = channel / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
      };
      const style = getComputedStyle(element);
      const [light, dark] = [
        luminance(parse(style.color)),
        luminance(parse(style.backgroundColor)),
      ].sort((a, b) => b - a);
      return (light! + 0.05) / (dark! + 0.05);
    });
    expect(contrast).toBeGreaterThanOrEqual(4.5);
  });
});

test.describe("blog posts", () => {
  for (const [index, post] of POSTS.entries()) {
    test(`${post.slug} reads as a complete article with two related posts`, async ({ page }) => {
      const response = await page.goto(`/blog/${post.slug}`);
      expect(response?.status()).toBe(200);
      // The post is the first article; the related cards follow it.
      const article = page.locator("main article").first();
      await expect(article.getByRole("img").first()).toHaveAttribute(
        "src",
        `/blog/${post.slug}.svg`,
      );
      await expect(article.getByText(post.category, { exact: true }).first()).toBeVisible();
      await expect(article.locator("time").first()).toHaveAttribute("datetime", /^2024-/);
      await expect(article.getByText(/^\d+ min read$/)).toBeVisible();
      const title = await page.getByRole("heading", { level: 1 }).textContent();
      await expect(page).toHaveTitle(`${title} | Quick Home Buyers`);
      await expect(article.getByRole("list", { name: "Tags" })).toBeVisible();
      await expect(article.getByRole("heading", { level: 2 }).first()).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute(
        "href",
        "/blog",
      );
      await expect(page.getByRole("button", { name: "Share" })).toBeVisible();

      const head = page.locator("head");
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        `${SITE}/blog/${post.slug}`,
      );
      await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
      await expect(head.locator('meta[property="article:published_time"]')).toHaveAttribute(
        "content",
        /^2024-/,
      );

      const expected = POSTS.filter((_, other) => other !== index).slice(0, 2);
      const related = page.locator("section", {
        has: page.getByRole("heading", { name: "Related Articles" }),
      });
      const links = related.getByRole("link", { name: /^Read More/ });
      await expect(links).toHaveCount(2);
      for (const [position, other] of expected.entries()) {
        await expect(links.nth(position)).toHaveAttribute("href", `/blog/${other.slug}`);
      }
    });
  }

  test("a post's table of costs lines its amounts up on the right", async ({ page }) => {
    await page.goto("/blog/hidden-costs-of-selling-a-house-traditionally");
    const table = page.locator("main article table");
    const staging = table.getByRole("row", { name: /^Staging/ });
    await expect(staging.getByRole("cell").nth(0)).toHaveCSS("text-align", "start");
    await expect(staging.getByRole("cell", { name: "$2,500" })).toHaveCSS("text-align", "right");
    await expect(table.getByRole("columnheader", { name: "Typical scenario" })).toHaveCSS(
      "text-align",
      "right",
    );
  });

  test("Share copies the link and confirms with a toast where the browser cannot share", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    });
    await page.goto(`/blog/${POSTS[1]!.slug}`);
    await page.getByRole("button", { name: "Share" }).click();
    await expect(toastItem(page, "Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${SITE}/blog/${POSTS[1]!.slug}`,
    );
  });

  test("Share opens the system share sheet where the browser has one", async ({ page }) => {
    await page.addInitScript(() => {
      const calls: ShareData[] = [];
      Object.assign(window, { shareCalls: calls });
      Object.defineProperty(navigator, "share", {
        value: async (data: ShareData) => {
          calls.push(data);
        },
        configurable: true,
      });
    });
    await page.goto(`/blog/${POSTS[4]!.slug}`);
    await page.getByRole("button", { name: "Share" }).click();
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls),
      )
      .toEqual([expect.objectContaining({ url: `${SITE}/blog/${POSTS[4]!.slug}` })]);
    await expect(toastItem(page, "Link copied")).toHaveCount(0);
  });

  test("an unknown post gets Post Not Found with status 404", async ({ page }) => {
    const response = await page.goto("/blog/how-to-sell-a-castle");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
    await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole("link", { name: "Return to Blog" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(cards(page)).toHaveCount(6);
  });
});
