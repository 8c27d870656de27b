import { site } from "../config/site";
import { expect, test } from "./support/test";

const SITE = site.url;

test.describe("home page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("keeps the sections in the order of the specification in the document", async ({ page }) => {
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(
      "Sell Your House Fast for Cash",
    );
    const sections = await main.getByRole("heading", { level: 2 }).allTextContents();
    expect(sections).toEqual([
      "Get Your Free Cash Offer",
      "What's going on?",
      "Types of Properties We Buy",
      "How It Works",
      "Listing or Cash? Run the Numbers",
      "Questions Homeowners Ask",
      "We Buy Houses in All 50 States",
      "Ready to Sell Your House?",
    ]);
    // Document order, which screen readers and the keyboard follow (on large screens the
    // form sits beside the hero, so top-to-bottom position no longer tells it).
    const inOrder = await page.evaluate(() => {
      const elements = [
        "header",
        "#hero-title",
        "form",
        "#situations",
        "#property-types",
        "#how-it-works",
        "#states",
        "[data-closing-offer]",
        "footer",
      ].map((selector) => document.querySelector(selector)!);
      return elements.every(
        (element, index) =>
          index === 0 ||
          Boolean(
            elements[index - 1]!.compareDocumentPosition(element) &
            Node.DOCUMENT_POSITION_FOLLOWING,
          ),
      );
    });
    expect(inOrder).toBe(true);
  });

  test("states the promises and the trust badges", async ({ page }) => {
    const hero = page.locator("section", { has: page.locator("#hero-title") });
    for (const promise of [
      "Written offer within 24 hours",
      "Close in as little as 7 days",
      "We pay closing costs",
      "$0 fees or commissions",
    ]) {
      await expect(hero.getByText(promise, { exact: true })).toBeVisible();
    }
    const badges = hero.getByRole("list", { name: "Why homeowners trust us" });
    await expect(badges).toContainText("4k+Homes purchased");
    await expect(badges).toContainText("A+Rating");
    await expect(badges).toContainText("Licensedin all 50 states");
  });

  test("shows the six property types, each with an icon, and three steps", async ({ page }) => {
    const types = page.locator("#property-types li");
    await expect(types.getByRole("heading")).toHaveText([
      "Estate Sales",
      "Rental Properties",
      "Multi-Family Homes",
      "Vacant Land",
      "Houses Needing Repair",
      "Inherited Properties",
    ]);
    // Its own icon; a card that leads to a guide has an arrow in that link as well.
    for (const card of await types.all()) await expect(card.locator(":scope > svg")).toHaveCount(1);
    await expect(page.locator("#how-it-works ol > li")).toHaveCount(3);
  });

  test("links to all 50 state pages", async ({ page }) => {
    const links = page.locator("#states").getByRole("link");
    await expect(links).toHaveCount(50);
    await expect(links.first()).toHaveText("Alabama");
    await expect(links.first()).toHaveAttribute("href", "/sell-house-fast-alabama");
    await expect(links.last()).toHaveAttribute("href", "/sell-house-fast-wyoming");
    await expect(links.getByText("New Hampshire")).toHaveAttribute(
      "href",
      "/sell-house-fast-new-hampshire",
    );
    await expect(links.getByText("West Virginia")).toHaveAttribute(
      "href",
      "/sell-house-fast-west-virginia",
    );
  });

  test("has header and footer links", async ({ page }) => {
    const header = page.getByRole("navigation", { name: "Main" });
    await expect(header.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(header.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(
      page.locator("header").getByRole("link", { name: "offers@quickhomebuyers.com" }),
    ).toHaveAttribute("href", "mailto:offers@quickhomebuyers.com");
    const footer = page.getByRole("navigation", { name: "Footer" });
    await expect(footer.getByRole("link", { name: "Home", exact: true })).toHaveAttribute(
      "href",
      "/",
    );
    await expect(footer.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(footer.getByRole("link", { name: "About Us" })).toHaveAttribute(
      "href",
      "/#how-it-works",
    );
    await expect(footer.getByRole("link", { name: "Contact" })).toHaveAttribute(
      "href",
      "mailto:offers@quickhomebuyers.com",
    );
    await footer.getByRole("link", { name: "About Us" }).click();
    await expect(page.getByRole("heading", { name: "How It Works" })).toBeInViewport();
  });

  test("Get Started Now brings the form into view with the cursor in the address", async ({
    page,
  }) => {
    await page.getByRole("link", { name: "Get Started Now" }).click();
    const address = page.getByLabel("Property Address");
    await expect(address).toBeFocused();
    await expect(address).toBeInViewport();
  });

  test("carries its metadata: title, description, keywords, canonical, Open Graph, Twitter", async ({
    page,
  }) => {
    await expect(page).toHaveTitle(
      "Sell Your House Fast for Cash in Any Condition | Quick Home Buyers",
    );
    const head = page.locator("head");
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", SITE);
    await expect(head.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /written cash offer within 24 hours/,
    );
    await expect(head.locator('meta[name="keywords"]')).toHaveAttribute(
      "content",
      /sell my house fast/,
    );
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", SITE);
    await expect(head.locator('meta[property="og:title"]')).toHaveAttribute(
      "content",
      /Quick Home Buyers/,
    );
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
  });
});
