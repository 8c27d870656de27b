import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import matter from "gray-matter";

import { expect, test, type Page } from "./support/test";

import { site } from "../config/site";

/**
 * The situation guides, the comparison of the ways to sell and what leads to them, as a
 * homeowner meets them: read from the content files, checked on the built pages.
 */
type Guide = { slug: string; path: string; headline: string; updated: string; faq: number };

function guide(file: string, pagePath: (slug: string) => string): Guide {
  const data = matter(readFileSync(file, "utf8")).data as {
    slug: string;
    headline: string;
    updated: string;
    faq: unknown[];
  };
  return {
    slug: data.slug,
    path: pagePath(data.slug),
    headline: data.headline,
    updated: data.updated,
    faq: data.faq.length,
  };
}

const SITUATIONS_DIR = path.resolve("content", "situations");
const SITUATIONS = readdirSync(SITUATIONS_DIR)
  .filter((file) => file.endsWith(".md"))
  .map((file) => guide(path.join(SITUATIONS_DIR, file), (slug) => `/situations/${slug}`));
const COMPARE = guide(path.resolve("content", "cash-offer-vs-listing.md"), (slug) => `/${slug}`);
/** What the comparison weighs, one row (one card on a phone) each. */
const COMPARE_ROWS = [
  "Money you keep",
  "Time to close",
  "Repairs and preparation",
  "Showings",
  "Certainty",
  "Who it suits",
] as const;

const STATE_COUNT = 50;

/** The visible questions and answers and the page's FAQPage, as a crawler reads them. */
async function faqOf(page: Page) {
  return page.evaluate(() => {
    const visible = [...document.querySelectorAll("[data-faq-item]")].map((item) => [
      item.querySelector("[data-faq-question]")?.textContent ?? "",
      item.querySelector("[data-faq-answer]")?.textContent ?? "",
    ]);
    const graph = JSON.parse(
      document.querySelector('script[type="application/ld+json"]')?.textContent ?? "{}",
    ) as { "@graph"?: { "@type": string; mainEntity?: unknown[] }[] };
    const faqPage = graph["@graph"]?.find((node) => node["@type"] === "FAQPage") as
      { mainEntity: { name: string; acceptedAnswer: { text: string } }[] } | undefined;
    return {
      visible,
      published: faqPage?.mainEntity.map((item) => [item.name, item.acceptedAnswer.text]) ?? [],
      types: graph["@graph"]?.map((node) => node["@type"]) ?? [],
    };
  });
}

test.describe("situation guides", () => {
  test("there is a guide for each situation the issue names", () => {
    expect(SITUATIONS.map((situation) => situation.slug).sort()).toEqual(
      [
        "behind-on-property-taxes",
        "divorce",
        "foreclosure",
        "inherited-house-probate",
        "major-repairs",
        "relocation",
        "tired-landlord",
      ].sort(),
    );
  });

  for (const situation of [...SITUATIONS, COMPARE]) {
    test(`${situation.path} reads as a complete guide, its FAQPage equals its questions, and it ends with the offer form`, async ({
      page,
    }) => {
      const response = await page.goto(situation.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(situation.headline);
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(page.locator("[data-guide-updated]")).toHaveAttribute(
        "datetime",
        situation.updated,
      );
      await expect(page.locator("main")).toContainText("Updated");

      const faq = await faqOf(page);
      expect(faq.visible).toHaveLength(situation.faq);
      expect(faq.published).toEqual(faq.visible);
      expect(faq.types).toEqual(
        expect.arrayContaining(["Article", "BreadcrumbList", "FAQPage", "Organization"]),
      );

      // Every answer opens without script, as native <details>.
      const first = page.locator("[data-faq-item]").first();
      await first.locator("summary").click();
      await expect(first.locator("[data-faq-answer]")).toBeVisible();

      const sources = page.locator("[data-guide-sources] a");
      expect(await sources.count()).toBeGreaterThan(0);

      // The page's last section is the offer form itself, and the top of the page jumps to it.
      const last = page.locator("main section").last();
      await expect(last).toHaveAttribute("data-guide-cta", "");
      const form = last.getByRole("form", { name: "Free cash offer request" });
      await expect(form).toBeVisible();
      await page.getByRole("link", { name: "Get a cash offer" }).first().click();
      await expect(form.getByLabel("Property Address")).toBeInViewport();
    });
  }

  test("the index lists every guide and the comparison", async ({ page }) => {
    await page.goto("/situations");
    await expect(page).toHaveTitle(/Selling a House in a Hard Situation/);
    const guides = page.getByRole("navigation", { name: "Guides by situation" }).getByRole("link");
    await expect(guides).toHaveCount(SITUATIONS.length);
    await expect(
      page.getByRole("navigation", { name: "Weighing the ways to sell" }).getByRole("link"),
    ).toHaveAttribute("href", COMPARE.path);
  });

  test("the comparison weighs money, time, repairs, showings, certainty and who each route suits", async ({
    page,
  }) => {
    await page.goto(COMPARE.path);
    const table = page.locator("main table").first();
    await expect(table.getByRole("columnheader")).toHaveText([
      "What matters",
      "Cash offer",
      "Listing with an agent",
      "Selling it yourself",
    ]);
    for (const row of COMPARE_ROWS) {
      await expect(table.getByRole("row", { name: new RegExp(`^${row}`) })).toHaveCount(1);
    }
    // Its figures name where they come from, including this site's own posts.
    await expect(page.locator('[data-guide-sources] a[href^="/blog/"]')).toHaveCount(2);
  });

  test("on a phone the comparison reads one question at a time, nothing scrolling sideways", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(COMPARE.path);
    await expect(page.locator("main table")).toBeHidden();
    const rows = page.locator(".stacked-row");
    await expect(rows.getByRole("heading", { level: 3 })).toHaveText([...COMPARE_ROWS]);
    const first = rows.first();
    await expect(first.locator("dt")).toHaveText([
      "Cash offer",
      "Listing with an agent",
      "Selling it yourself",
    ]);
    await expect(first.locator("dd").first()).toContainText("10–20% below");
    for (const row of await rows.all()) await expect(row).toBeVisible();
    // No region of the page, nor the page itself, is wider than the screen.
    const sideways = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth - window.innerWidth,
      regions: [...document.querySelectorAll("body *")]
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .filter((element) => /auto|scroll/.test(getComputedStyle(element).overflowX))
        .map((element) => element.outerHTML.slice(0, 80)),
    }));
    expect(sideways).toEqual({ page: 0, regions: [] });
  });

  test("on a large screen the comparison stays a table", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(COMPARE.path);
    await expect(page.locator("main table")).toBeVisible();
    await expect(page.locator(".stacked-rows")).toBeHidden();
  });
});

test.describe("state law tables", () => {
  for (const { path: pagePath, table, columns, digestColumn } of [
    {
      path: "/situations/foreclosure",
      table: "foreclosure",
      columns: ["State", "Usual process", "Redemption after the sale", "Good to know", "Sources"],
      digestColumn: "Usual process",
    },
    {
      path: "/situations/inherited-house-probate",
      table: "small-estates",
      columns: [
        "State",
        "Simplified procedure",
        "Limit",
        "Can a house pass this way?",
        "Good to know",
        "Sources",
      ],
      digestColumn: "Can a house pass this way?",
    },
  ]) {
    test(`${pagePath} names every state's answer, and opens the ${table} table by state with each row's sources`, async ({
      page,
    }) => {
      await page.goto(pagePath);
      const box = page.locator(`[data-state-table="${table}"]`);
      const region = box.getByRole("region");
      const grid = region.getByRole("table");
      const rows = grid.locator("tbody tr");

      // The digest names each state once, under the answer its row gives.
      const groups = await box.locator("[data-state-groups] > div").evaluateAll((all) =>
        all.map((group) => ({
          label: group.querySelector("dt")?.textContent ?? "",
          states: (group.querySelector("dd")?.textContent ?? "").split(", "),
        })),
      );
      // Read while the table is closed, where roles are hidden from getByRole.
      const answers = await box
        .locator("tbody tr")
        .evaluateAll(
          (all, column) =>
            all.map((row) => [
              row.querySelector("th")?.textContent ?? "",
              row.querySelectorAll("td")[column]?.textContent ?? "",
            ]),
          columns.indexOf(digestColumn) - 1,
        );
      const named: string[] = [];
      for (const { label, states } of groups) {
        const [answer = "", count] = label.split(": ");
        expect(count, label).toBe(`${states.length} ${states.length === 1 ? "state" : "states"}`);
        for (const state of states) {
          const name = state.replace(/ \(both allowed\)$/, "");
          named.push(name);
          const row = answers.find(([rowName]) => rowName === name);
          expect(row?.[1]?.startsWith(answer), `${name} under "${answer}"`).toBe(true);
        }
      }
      expect(named.sort()).toEqual(answers.map(([name]) => name).sort());
      expect(named).toHaveLength(STATE_COUNT);

      // The full table waits behind one tap, then reads as before.
      await expect(region).toBeHidden();
      await box.getByText(/^All 50 states:/).click();
      await expect(region).toBeVisible();
      // A table a screen reader can name, and a keyboard can scroll.
      await expect(region).toHaveAttribute("tabindex", "0");
      await expect(grid.locator("caption")).not.toBeEmpty();
      await expect(grid.locator("thead th[scope=col]")).toHaveText(columns);
      await expect(rows).toHaveCount(STATE_COUNT);
      await expect(grid.locator("tbody th[scope=row]").first()).toHaveText("Alabama");
      await expect(grid.locator("tbody th[scope=row]").last()).toHaveText("Wyoming");
      const unsourced = await rows.evaluateAll((all) =>
        all
          .filter(
            (row) =>
              !row.querySelector('td:last-child a[href^="http"]') ||
              !(row.querySelector("td:last-child a")?.textContent ?? "").trim(),
          )
          .map((row) => row.querySelector("th")?.textContent),
      );
      expect(unsourced).toEqual([]);
      // What could not be confirmed says so on its row, and says whom to ask.
      const uncertain = grid.locator("[data-uncertain]");
      expect(await uncertain.count()).toBeGreaterThan(0);
      await expect(uncertain.first()).toContainText(/check with the (county|probate court)/);
    });
  }

  test("the small-estate rows read again from the statutes say what changed and when", async ({
    page,
  }) => {
    await page.goto("/situations/inherited-house-probate");
    const box = page.locator('[data-state-table="small-estates"]');
    // The digest puts Wyoming, where a court's summary distribution passes a house, under yes.
    const yes = box.locator("[data-state-groups] > div").filter({ hasText: /^Yes:/ });
    await expect(yes.locator("dd")).toContainText("Wyoming");
    await box.getByText(/^All 50 states:/).click();
    const row = (slug: string) => box.locator(`tr[data-state="${slug}"]`);
    const cells = (slug: string) => row(slug).locator("td");
    await expect(cells("wyoming").nth(1)).toHaveText("$400,000");
    await expect(cells("wyoming").nth(2)).toHaveText("Yes");
    await expect(cells("wyoming").nth(0)).toContainText("2-1-205");
    await expect(cells("south-dakota").nth(2)).toHaveText("In some cases");
    await expect(cells("south-dakota").nth(0)).toContainText("Register of Deeds");
    await expect(cells("new-mexico").nth(0)).toContainText("homestead affidavit");
    await expect(cells("montana").nth(1)).toHaveText("$100,000");
    // Montana's limit could not be read in the statute itself: the row says so.
    await expect(row("montana").locator("[data-uncertain]")).toContainText("$50,000");
    for (const slug of ["wyoming", "south-dakota", "new-mexico", "montana"]) {
      await expect(row(slug).locator("[data-read-on]")).toHaveText("Read November 27, 2026");
    }
  });

  test("a phone opens the table and scrolls it sideways inside its own region, not the page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/situations/foreclosure");
    const region = page.locator("[data-state-table]").getByRole("region");
    await page.locator("[data-state-table] summary").press("Enter");
    await expect(region).toBeVisible();
    await expect(page.getByText("On a small screen the table scrolls sideways.")).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      region: document.querySelector('[data-state-table] [role="region"]')!.scrollWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(widths.region).toBeGreaterThan(widths.viewport);
  });
});

test.describe("links to the guides", () => {
  test("the home page's property types each lead to a guide of their own, and keep the six cards", async ({
    page,
  }) => {
    await page.goto("/");
    const cards = page.locator("[data-property-type]");
    await expect(cards.locator("h3")).toHaveText([
      "Estate Sales",
      "Rental Properties",
      "Multi-Family Homes",
      "Vacant Land",
      "Houses Needing Repair",
      "Inherited Properties",
    ]);
    const linkOf = (title: string) =>
      page.locator(`[data-property-type="${title}"]`).getByRole("link");
    await expect(linkOf("Estate Sales")).toHaveAttribute(
      "href",
      "/blog/selling-an-inherited-house-estate-sales-guide",
    );
    await expect(linkOf("Inherited Properties")).toHaveAttribute(
      "href",
      "/situations/inherited-house-probate",
    );
    await expect(linkOf("Rental Properties")).toHaveAttribute("href", "/situations/tired-landlord");
    await expect(linkOf("Multi-Family Homes")).toHaveAttribute("href", COMPARE.path);
    await expect(linkOf("Houses Needing Repair")).toHaveAttribute(
      "href",
      "/situations/major-repairs",
    );
    await expect(linkOf("Vacant Land")).toHaveCount(0);

    await linkOf("Rental Properties").click();
    await expect(page).toHaveURL("/situations/tired-landlord");
  });

  test("a state's questions about inheriting and repairs lead to those guides, outside the answer", async ({
    page,
  }) => {
    await page.goto("/sell-house-fast-ohio");
    const inherited = page.locator("[data-faq-item]", { hasText: "I inherited in Ohio" });
    await inherited.locator("summary").click();
    const readMore = inherited.getByRole("link", { name: /^Read more:/ });
    await expect(readMore).toHaveAttribute("href", "/situations/inherited-house-probate");
    // The answer the FAQPage repeats is the answer alone.
    await expect(inherited.locator("[data-faq-answer]")).not.toContainText("Read more");
    const faq = await faqOf(page);
    expect(faq.published).toEqual(faq.visible);

    const repairs = page.locator("[data-faq-item]", { hasText: "mine subsidence" });
    await expect(repairs.locator("[data-faq-read-more]")).toHaveAttribute(
      "href",
      "/situations/major-repairs",
    );
  });

  test("every state page links its inheritance question to the probate guide", async ({
    request,
  }) => {
    // The served HTML, as a crawler and a visitor without script get it: fifty pages.
    const statesDir = path.resolve("content", "states");
    for (const file of readdirSync(statesDir)) {
      const slug = file.replace(/\.json$/, "");
      const html = await (await request.get(`/sell-house-fast-${slug}`)).text();
      const links = html.match(/<a [^>]*data-faq-read-more[^>]*>/g) ?? [];
      expect(
        links.filter((link) => link.includes('href="/situations/inherited-house-probate"')),
        slug,
      ).toHaveLength(1);
    }
  });
});

test.describe("blog posts end with a call to action and say when they were updated", () => {
  const BLOG_DIR = path.resolve("content", "blog");
  const posts = readdirSync(BLOG_DIR)
    .filter((file) => file.endsWith(".md"))
    .map((file) => matter(readFileSync(path.join(BLOG_DIR, file), "utf8")).data)
    .map((data) => ({
      slug: String(data.slug),
      date: String(data.date),
      updated: data.updated ? String(data.updated) : undefined,
    }));

  test("every post has been revised since 2024 and keeps its original date", () => {
    for (const post of posts) {
      expect(post.date).toMatch(/^2024-/);
      expect(post.updated).toBeDefined();
      expect(post.updated! >= post.date).toBe(true);
    }
  });

  for (const post of posts) {
    test(`${post.slug}: Updated date on the post and its card, dateModified, and a closing offer card`, async ({
      page,
    }) => {
      await page.goto(`/blog/${post.slug}`);
      const article = page.locator("main article").first();
      const updated = article.locator("[data-post-updated]").first();
      await expect(updated).toContainText("Updated");
      await expect(updated.locator("time")).toHaveAttribute("datetime", post.updated!);
      await expect(article.locator("time").first()).toHaveAttribute("datetime", post.date);

      const graph = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
      ) as { "@graph": { "@type": string; datePublished?: string; dateModified?: string }[] };
      const posting = graph["@graph"].find((node) => node["@type"] === "BlogPosting");
      expect(posting).toMatchObject({ datePublished: post.date, dateModified: post.updated });
      await expect(page.locator('meta[property="article:modified_time"]')).toHaveAttribute(
        "content",
        post.updated!,
      );

      const cta = page.locator("[data-post-cta]");
      await expect(cta).toBeVisible();
      const offer = cta.getByRole("link", { name: "Get my cash offer" });
      await expect(offer).toHaveAttribute("href", /#offer-form$/);
      await offer.click();
      await expect(
        page.getByRole("form", { name: "Free cash offer request" }).getByLabel("Property Address"),
      ).toBeInViewport();
    });
  }

  test("the blog's cards say when each post was updated", async ({ page }) => {
    await page.goto("/blog");
    const updated = page.locator("main article [data-post-updated] time");
    await expect(updated).toHaveCount(posts.length);
    for (const time of await updated.all()) {
      await expect(time).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    }
  });

  test("the sitemap dates each post and guide by its last revision", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const lastmod = (pagePath: string) =>
      // The page's own entry: its <loc>, any hreflang links, then its <lastmod>.
      new RegExp(
        `<loc>${site.url}${pagePath}</loc>(?:\\s*<xhtml:link [^>]*/>)*\\s*<lastmod>([^<]+)</lastmod>`,
      ).exec(xml)?.[1];
    for (const post of posts) expect(lastmod(`/blog/${post.slug}`)).toBe(post.updated);
    for (const situation of [...SITUATIONS, COMPARE]) {
      expect(lastmod(situation.path)).toBe(situation.updated);
    }
  });
});
