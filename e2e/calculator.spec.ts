import { type Locator } from "@playwright/test";

import { site } from "../config/site";
import { expect, test, type Page } from "./support/test";

/**
 * The net-proceeds calculator as a homeowner uses it: the figures they type, the lines of
 * arithmetic and the totals they read. Every expected number below is worked out by hand
 * in the comments, not by the code under test.
 */

type Figures = {
  price: string;
  repairs: string;
  payoff: string;
  commission: string;
  months: string;
  otherClosingPercent: string;
  payment: string;
  propertyTaxes: string;
  insurance: string;
  utilities: string;
  weeks: string;
  /** A cash offer the homeowner has; the estimate when absent. */
  offer?: string;
};

function calculator(page: Page) {
  return page.getByRole("form", { name: "Your figures" });
}

async function fill(page: Page, state: string, figures: Figures) {
  const form = calculator(page);
  await form.getByLabel("State").selectOption({ label: state });
  await form.getByLabel("What the house would sell for in good repair").fill(figures.price);
  await form.getByLabel("Estimated cost of repairs").fill(figures.repairs);
  await form.getByLabel("Mortgage and lien payoff").fill(figures.payoff);
  await form.getByLabel("Agent commission").fill(figures.commission);
  await form.getByLabel("Months to sell and close").fill(figures.months);
  await form.getByLabel("Other seller closing costs").fill(figures.otherClosingPercent);
  await form.getByLabel("Mortgage payment").fill(figures.payment);
  await form.getByLabel("Property taxes").fill(figures.propertyTaxes);
  await form.getByLabel("Insurance").fill(figures.insurance);
  await form.getByLabel("Utilities").fill(figures.utilities);
  if (figures.offer) {
    await form.getByRole("radio", { name: "I have an offer" }).check();
    await form.getByLabel("Cash offer amount").fill(figures.offer);
  }
  await form.getByLabel("Weeks to the cash closing").fill(figures.weeks);
}

function line(table: Locator, id: string) {
  return table.locator(`[data-line="${id}"]`);
}

async function expectLines(table: Locator, lines: Record<string, string>) {
  for (const [id, amount] of Object.entries(lines)) {
    await expect(line(table, id).locator("td"), id).toHaveText(amount);
  }
}

const listing = (page: Page) => page.locator('table[data-column="listing"]');
const cash = (page: Page) => page.locator('table[data-column="cash"]');
const verdict = (page: Page) => page.locator("[data-calculator-verdict]");
/** A row of the side-by-side summary: its listing cell, then its cash cell. */
const summary = (page: Page, key: string) => page.locator(`[data-summary="${key}"] td`);

test.describe("the calculator's arithmetic, state by state", () => {
  test("Texas, no transfer tax: listing nets more, and the page says so plainly", async ({
    page,
  }) => {
    await page.goto("/calculator");
    await fill(page, "Texas", {
      price: "400,000",
      repairs: "10000",
      payoff: "200000",
      commission: "6",
      months: "4",
      otherClosingPercent: "1",
      payment: "1500",
      propertyTaxes: "500",
      insurance: "100",
      utilities: "150",
      weeks: "3",
      offer: "330000",
    });
    // Listing: 400,000 − 24,000 (6%) − 0 tax − 4,000 (1%) − 10,000 − 2,250 × 4 − 200,000.
    await expectLines(listing(page), {
      price: "+$400,000",
      commission: "−$24,000",
      "transfer-tax-none": "$0",
      "other-closing": "−$4,000",
      repairs: "−$10,000",
      carrying: "−$9,000",
      payoff: "−$200,000",
      net: "$153,000",
    });
    await expect(line(listing(page), "transfer-tax-none")).toContainText(
      "the state has no transfer or deed tax on a sale",
    );
    // Cash: 330,000 − 2,250 × 12 ÷ 52 × 3 (1,557.69) − 200,000.
    await expectLines(cash(page), {
      offer: "+$330,000",
      fees: "$0",
      carrying: "−$1,558",
      payoff: "−$200,000",
      net: "$128,442",
    });
    await expect(summary(page, "net")).toHaveText(["$153,000", "$128,442"]);
    await expect(summary(page, "time")).toHaveText(["4 months", "3 weeks"]);
    // One comparison, in words: no signed "cash minus listing" figure beside it.
    await expect(verdict(page)).toHaveText(
      "Listing with an agent would likely leave you $24,558 more, if the house sells for $400,000 within 4 months.",
    );
    await expect(page.getByText(/cash minus listing/i)).toHaveCount(0);
  });

  test("Connecticut, marginal brackets: each bracket's part at its own rate", async ({ page }) => {
    await page.goto("/calculator");
    await fill(page, "Connecticut", {
      price: "1000000",
      repairs: "0",
      payoff: "500000",
      commission: "5.5",
      months: "3",
      otherClosingPercent: "0",
      payment: "1200",
      propertyTaxes: "300",
      insurance: "150",
      utilities: "200",
      weeks: "2",
    });
    const tax = line(listing(page), "transfer-tax-0");
    // 0.75% of the first $800,000 + 1.25% of the $200,000 above it, all paid by the seller.
    await expect(tax.locator("td")).toHaveText("−$8,500");
    await expect(tax).toContainText(
      "0.75% of the first $800,000 ($6,000) + 1.25% of the last $200,000 ($2,500) = $8,500",
    );
    await expect(tax).toContainText("the seller customarily pays all of it");
    await expect(tax.getByRole("link")).toHaveAttribute("href", /^https:\/\//);
    await expect(tax).toContainText(/checked \w+ \d+, \d{4}/);
    await expect(page.getByText(/^Amounts are rounded to the whole dollar/)).toContainText(
      "Transfer tax data as of",
    );
    // 1,000,000 − 55,000 − 8,500 − 0 − 0 − 1,850 × 3 − 500,000.
    await expect(line(listing(page), "net").locator("td")).toHaveText("$430,950");
    // Estimate: 1,000,000 less 20% or 10%, less $0 repairs; 1,850 × 12 ÷ 52 × 2 = 853.85.
    await expectLines(cash(page), {
      offer: "+$800,000 to +$900,000",
      carrying: "−$854",
      net: "$299,146 to $399,146",
    });
    await expect(verdict(page)).toContainText(
      "Listing with an agent would likely leave you $31,804 to $131,804 more, if the house sells for $1,000,000 within 3 months.",
    );
    await expect(verdict(page)).toContainText("a real offer comes after we look at the house");
  });

  test("Florida, a flat rate per $100 rounded up: cash nets more", async ({ page }) => {
    await page.goto("/calculator");
    await fill(page, "Florida", {
      price: "250050",
      repairs: "30000",
      payoff: "100000",
      commission: "6",
      months: "2",
      otherClosingPercent: "0",
      payment: "1200",
      propertyTaxes: "300",
      insurance: "150",
      utilities: "200",
      weeks: "2",
      offer: "215000",
    });
    const tax = line(listing(page), "transfer-tax-0");
    // $250,050 is taxed as $250,100: 2,501 × $0.70 = $1,750.70, rounded to the dollar.
    await expect(tax).toContainText(
      "$250,050 rounded up to the next $100: $250,100; $0.70 per $100 of $250,100 = $1,750.70",
    );
    await expect(tax.locator("td")).toHaveText("−$1,751");
    // 250,050 − 15,003 − 1,751 − 0 − 30,000 − 3,700 − 100,000.
    await expect(line(listing(page), "net").locator("td")).toHaveText("$99,596");
    // 215,000 − 854 − 100,000.
    await expect(line(cash(page), "net").locator("td")).toHaveText("$114,146");
    await expect(verdict(page)).toHaveText(
      "Selling as-is for cash would leave you $14,550 more than listing, and you could close in about 2 weeks instead of 2 months.",
    );
  });

  test("a payoff larger than the sale says what the homeowner would bring to closing", async ({
    page,
  }) => {
    await page.goto("/calculator?state=tx");
    await calculator(page).getByLabel("Mortgage and lien payoff").fill("300000");
    // Worked example in Texas: 300,000 − 16,500 − 0 tax − 3,000 (1%) − 20,000 − 5,550 − 300,000.
    await expect(line(listing(page), "net")).toContainText("−$45,050");
    await expect(line(listing(page), "net")).toContainText(
      "You would need to bring $45,050 to closing.",
    );
  });

  test("a figure that is not a number is named, and no result is shown for it", async ({
    page,
  }) => {
    await page.goto("/calculator");
    const price = calculator(page).getByLabel("What the house would sell for in good repair");
    await price.fill("about 300k");
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(price).toHaveAccessibleDescription(/Enter a dollar amount, such as 250000\./);
    await expect(verdict(page)).toHaveText("Correct the figures marked above to see the results.");
    await expect(listing(page)).toHaveCount(0);
    await price.fill("$300,000");
    // Ohio, Franklin County: 300,000 − 16,500 − 300 state − 600 county − 3,000 − 20,000 − 5,550 − 150,000.
    await expect(line(listing(page), "net").locator("td")).toHaveText("$104,050");
  });
});

for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test.describe(`local transfer taxes and bounded figures at ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("choosing a city changes the local tax line and the result", async ({ page }) => {
      await page.goto("/calculator?state=pa");
      const place = calculator(page).getByLabel("Municipality");
      await expect(place).toHaveValue("most");
      // Most of Pennsylvania: 1% local of $300,000, the seller's half.
      await expect(line(listing(page), "local-tax-0").locator("td")).toHaveText("−$1,500");
      await place.selectOption({ label: "Philadelphia" });
      // Philadelphia: 3.578% of $300,000 = $10,734, the seller's half $5,367.
      await expect(line(listing(page), "local-tax-0").locator("td")).toHaveText("−$5,367");
      await expect(line(listing(page), "local-tax-0")).toContainText(
        "Philadelphia realty transfer tax",
      );
      await expect(line(listing(page), "local-tax-0").getByRole("link").first()).toHaveAttribute(
        "href",
        /^https?:\/\//,
      );
      // In the cash sale the same tax is the buyer's: $0, with what listing would cost.
      await expect(line(cash(page), "local-tax-0").locator("td")).toHaveText("$0");
      await expect(line(cash(page), "local-tax-0")).toContainText("your customary share is $5,367");
      // 300,000 − 16,500 − 1,500 state − 5,367 − 3,000 − 20,000 − 5,550 − 150,000 = 98,083.
      await expect(line(listing(page), "net").locator("td")).toHaveText("$98,083");
      await expect(summary(page, "net").first()).toHaveText("$98,083");
      // Cash nets $69,146 to $99,146: listing leaves up to $28,937 more, cash up to $1,063.
      await expect(verdict(page)).toHaveText(/^It depends on the offer/);
      // Another state starts at its own example place.
      await calculator(page).getByLabel("State").selectOption({ label: "Washington" });
      await expect(calculator(page).getByLabel("County or city")).toHaveValue("king");
      await expect(line(listing(page), "local-tax-0").locator("td")).toHaveText("−$1,500");
    });

    test("a 25-digit or 400-digit figure is refused by name, with no NaN, Infinity or exponent", async ({
      page,
    }) => {
      await page.goto("/calculator");
      const price = calculator(page).getByLabel("What the house would sell for in good repair");
      for (const digits of [25, 400]) {
        await price.fill("9".repeat(digits));
        await expect(price).toHaveAttribute("aria-invalid", "true");
        await expect(price).toHaveAccessibleDescription(
          /Enter an amount no larger than \$100,000,000\./,
        );
        await expect(verdict(page)).toHaveText(
          "Correct the figures marked above to see the results.",
        );
        expect(await page.locator("main").innerText()).not.toMatch(/NaN|Infinity|\de\+\d/);
      }
      const weeks = calculator(page).getByLabel("Weeks to the cash closing");
      await weeks.fill("9".repeat(400));
      await expect(weeks).toHaveAccessibleDescription(/Enter a number of weeks from 1 to 52\./);
      await price.fill("100000000");
      await weeks.fill("2");
      await expect(line(listing(page), "net").locator("td")).toHaveText(/^\$[\d,]+$/);
      expect(await page.locator("main").innerText()).not.toMatch(/NaN|Infinity|\de\+\d/);
    });
  });
}

test.describe("where the results sit", () => {
  test("on a desktop the results stay in view beside the figures while the visitor types", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/calculator");
    const results = page.locator("[data-calculator-results]");
    const weeks = calculator(page).getByLabel("Weeks to the cash closing");
    await weeks.focus();
    await weeks.fill("3");
    await expect(weeks).toBeFocused();
    const box = (await results.boundingBox())!;
    const form = (await calculator(page).boundingBox())!;
    // The last field is in view, and so is the top of the results, to its right.
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(800);
    expect(box.x).toBeGreaterThanOrEqual(form.x + form.width);
    await expect(
      results.getByRole("heading", { name: "Results for a house in Ohio" }),
    ).toBeInViewport();
    await expect(verdict(page)).toBeInViewport();
  });

  test("on a phone the results follow the figures", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/calculator");
    const results = (await page.locator("[data-calculator-results]").boundingBox())!;
    const form = (await calculator(page).boundingBox())!;
    expect(results.y).toBeGreaterThanOrEqual(form.y + form.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});

test.describe("a state chosen in the address", () => {
  test("/calculator?state=wa opens with Washington chosen and its tax worked out", async ({
    page,
  }) => {
    await page.goto("/calculator?state=wa");
    await expect(calculator(page).getByLabel("State")).toHaveValue("WA");
    await expect(
      page.getByRole("heading", { name: "Results for a house in Washington" }),
    ).toBeVisible();
    // $300,000 is inside Washington's first bracket: 1.1%, paid by the seller.
    await expect(line(listing(page), "transfer-tax-0").locator("td")).toHaveText("−$3,300");
  });

  test("the island reads the state when the host did not rewrite the address", async ({ page }) => {
    // Mixed case has no rewrite rule: the host serves /calculator (Ohio's example) as is.
    await page.goto("/calculator?state=Nh");
    await expect(calculator(page).getByLabel("State")).toHaveValue("NH");
    await expect(
      page.getByRole("heading", { name: "Results for a house in New Hampshire" }),
    ).toBeVisible();
    // $300,000 × $1.50 per $100 combined, half on the seller.
    await expect(line(listing(page), "transfer-tax-0").locator("td")).toHaveText("−$2,250");
  });

  test("choosing a state keeps it in the address, for sharing and reloading", async ({ page }) => {
    await page.goto("/calculator");
    await calculator(page).getByLabel("State").selectOption({ label: "Michigan" });
    await expect(page).toHaveURL(/\/calculator\?state=mi$/);
    await page.reload();
    await expect(calculator(page).getByLabel("State")).toHaveValue("MI");
  });

  test("a state page links to the calculator with its state chosen", async ({ page }) => {
    await page.goto("/sell-house-fast-ohio");
    await page.getByRole("link", { name: "Estimate what you would net selling in Ohio" }).click();
    await expect(page).toHaveURL(/\/calculator\?state=oh$/);
    await expect(calculator(page).getByLabel("State")).toHaveValue("OH");
    await page.getByRole("link", { name: "Get your real cash offer for your Ohio house" }).click();
    await expect(page).toHaveURL(/\/sell-house-fast-ohio#offer-form$/);
  });

  test("the home page links to the calculator", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Open the net proceeds calculator" }).click();
    await expect(page).toHaveURL(/\/calculator$/);
    await expect(calculator(page)).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the worked example's numbers are in the served HTML", async ({ page }) => {
    const response = await page.goto("/calculator?state=oh");
    expect(response?.status()).toBe(200);
    // In <noscript>: a browser without script shows it; Playwright's switch turns off script
    // but not the parser's scripting flag, so the served HTML is what is checked here.
    expect(await response!.text()).toMatch(/<noscript><p[^>]*>JavaScript is off in your browser/);
    await expect(page.getByRole("heading", { name: "Results for a house in Ohio" })).toBeVisible();
    // $300,000 in good repair, $20,000 of repairs, $150,000 owed, 5.5%, 3 months at $1,850,
    // other closing costs at the assumed 1%, in Franklin County, the example's county.
    await expectLines(listing(page), {
      commission: "−$16,500",
      "transfer-tax-0": "−$300",
      "local-tax-0": "−$600",
      "other-closing": "−$3,000",
      repairs: "−$20,000",
      carrying: "−$5,550",
      net: "$104,050",
    });
    await expect(line(listing(page), "transfer-tax-0")).toContainText(
      "$0.10 per $100 of $300,000 = $300",
    );
    // Franklin County's $2 per $1,000, on the price rounded up to the next $100.
    await expect(line(listing(page), "local-tax-0")).toContainText(
      "$0.20 per $100 of $300,000 = $600",
    );
    await expect(line(listing(page), "local-tax-0").getByRole("link").first()).toHaveAttribute(
      "href",
      /^https?:\/\//,
    );
    await expect(line(listing(page), "other-closing")).toContainText(
      "1% of $300,000: title or escrow, attorney and recording fees",
    );
    await expect(page.getByLabel("County")).toHaveValue("franklin");
    await expect(page.getByLabel("Other seller closing costs")).toHaveValue("1");
    await expect(page.getByText(/^An assumption you can change: 1% of the price/)).toBeVisible();
    await expect(line(cash(page), "local-tax-0").locator("td")).toHaveText("$0");
    await expect(line(cash(page), "net").locator("td")).toHaveText("$69,146 to $99,146");
    // Repairs $20,000 + 3 × $1,850 before the listing sells; 2 weeks of payments for cash.
    await expect(summary(page, "cash-needed")).toHaveText(["$25,550", "$854"]);
    await expect(page.locator('[data-summary="cash-needed"] th')).toHaveText(
      "Cash you pay before it closes: repairs up front and the monthly costs",
    );
    // Cash nets 69,146 to 99,146 against 104,050.
    await expect(verdict(page)).toHaveText(
      /^Listing with an agent would likely leave you \$4,904 to \$34,904 more, if the house sells for \$300,000 within 3 months\./,
    );
  });

  test("each state's page has its own worked example, with its local tax", async ({ page }) => {
    const response = await page.goto("/calculator/pennsylvania");
    expect(await response!.text()).toContain('data-line="local-tax-0"');
    // 1% state tax, customarily split: the seller's half of $3,000; most municipalities' 1%
    // local tax, split the same way.
    await expect(line(listing(page), "transfer-tax-0").locator("td")).toHaveText("−$1,500");
    await expect(line(listing(page), "local-tax-0").locator("td")).toHaveText("−$1,500");
    await expect(line(listing(page), "net").locator("td")).toHaveText("$101,950");
    for (const [path, amount] of [
      // New Castle County's 1.5%, half of $4,500.
      ["/calculator/delaware", ["−$2,250"]],
      // Baltimore County: 1.5% transfer, half $2,250; $2.50 per $500 recordation, half $750.
      ["/calculator/maryland", ["−$2,250", "−$750"]],
      // King County's 0.5% local REET.
      ["/calculator/washington", ["−$1,500"]],
      // New York City's 1% under $500,000; the state's higher rate applies from $3 million.
      ["/calculator/new-york", ["−$3,000", "$0"]],
      // The county's $0.55 per $500: 600 × $0.55.
      ["/calculator/california", ["−$330"]],
    ] as const) {
      await page.goto(path);
      await expect(listing(page).locator('[data-line^="local-tax-"] td'), path).toHaveText([
        ...amount,
      ]);
    }
  });

  test("the 50 state copies point search engines at /calculator", async ({ page }) => {
    await page.goto("/calculator/ohio");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${site.url}/calculator`,
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
});

test.describe("a rate whose change is enacted, by the visitor's own date", () => {
  // Berkeley's city tax on $2,000,000, the seller's half: 2.5% of the whole ($25,000) until
  // December 31, 2026; from January 1, 2027 Measure W's "3% ... $1.9M or higher" ($30,000).
  // The page was built once, before either day: only the browser's clock changes.
  for (const [day, cityTax] of [
    ["2026-12-31T12:00:00", "−$25,000"],
    ["2027-01-01T09:00:00", "−$30,000"],
  ] as const) {
    test(`on ${day.slice(0, 10)} Berkeley's tax is the one in force that day`, async ({ page }) => {
      await page.clock.setFixedTime(new Date(day));
      await page.goto("/calculator?state=ca");
      const form = calculator(page);
      await form.getByLabel("County or city").selectOption({ label: "Berkeley" });
      await form.getByLabel("What the house would sell for in good repair").fill("2000000");
      await expect(line(listing(page), "local-tax-1")).toContainText(
        "Berkeley real property transfer tax",
      );
      await expect(line(listing(page), "local-tax-1").locator("td")).toHaveText(cityTax);
      // One version at a time: the county's line and the city's, no third.
      await expect(line(listing(page), "local-tax-2")).toHaveCount(0);
      // The change is named beside the line, whichever day it is.
      await expect(line(listing(page), "local-tax-1")).toContainText(
        "From January 1, 2027: Berkeley real property transfer tax, 1.5% below $1,600,000, 2.5% from $1,600,000, 3% from $1,900,000, 3.5% from $3,000,000, of the whole price.",
      );
    });
  }
});
