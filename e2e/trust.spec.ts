import { DO_NOT_SELL_ANCHOR } from "../content/legal-pages";
import { formatAddress, site } from "../config/site";
import { nextSteps } from "../content/next-steps";
import { FUNCTION_URL, fillOffer } from "./support/offer-form";
import { expect, test, toastItem } from "./support/test";

/**
 * What a homeowner needs before giving an address and a phone number: who the company is
 * and how to reach it, what it does with the data, consent where it is given, answers,
 * and what happens after they send the form.
 */
const { company } = site;
const PHONE = company.phone.display;

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("the header offers click-to-call on one line beside a brand that does not wrap", async ({
      page,
    }) => {
      for (const path of ["/", "/sell-house-fast-ohio", "/blog", "/privacy"]) {
        await page.goto(path);
        const header = page.locator("header");
        const call = header.getByRole("link", { name: `Call ${PHONE}` });
        await expect(call).toBeVisible();
        await expect(call).toHaveAttribute("href", company.phone.href);
        const brand = header.getByRole("link", { name: site.name });
        // The lines the brand's words take (its icon is a box of its own).
        const lines = await brand.evaluate((element) => {
          const words = [...element.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!;
          const range = document.createRange();
          range.selectNodeContents(words);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        });
        expect(lines, `${path}: the brand on one line`).toBe(1);
      }
    });

    test("the address field of step 1 is in view without scrolling", async ({ page }) => {
      for (const path of ["/", "/sell-house-fast-ohio", "/sell-house-fast-new-hampshire"]) {
        await page.goto(path);
        const address = page.getByLabel("Property Address");
        const box = (await address.boundingBox())!;
        expect(box.y + box.height, `${path}: bottom of the address field`).toBeLessThanOrEqual(
          viewport.height,
        );
      }
    });
  });
}

test("on large screens the form sits beside the hero text", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  const hero = (await page.locator("section", { has: page.locator("#hero-title") }).boundingBox())!;
  const form = (await page.getByRole("form", { name: "Free cash offer request" }).boundingBox())!;
  expect(form.x).toBeGreaterThanOrEqual(hero.x + hero.width);
  expect(form.y).toBeLessThan(hero.y + hero.height);
});

test("the footer names the company, its address, phone and e-mail, and the policies", async ({
  page,
}) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer.locator("address")).toContainText(company.legalName);
  await expect(footer.locator("address")).toContainText(formatAddress(company.address));
  await expect(footer.getByRole("link", { name: PHONE })).toHaveAttribute(
    "href",
    company.phone.href,
  );
  const legal = footer.getByRole("navigation", { name: "Legal" });
  await expect(legal.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expect(legal.getByRole("link", { name: "Terms of Use" })).toHaveAttribute("href", "/terms");
  await legal.getByRole("link", { name: "Do Not Sell or Share My Personal Information" }).click();
  await expect(page).toHaveURL(`/privacy#${DO_NOT_SELL_ANCHOR}`);
  await expect(
    page.getByRole("heading", { name: "Do Not Sell or Share My Personal Information" }),
  ).toBeInViewport();
});

test("the privacy policy and the terms say who, what, why, how long and how to stop", async ({
  page,
}) => {
  await page.goto("/privacy");
  await expect(page).toHaveTitle("Privacy Policy | Quick Home Buyers");
  const policy = page.locator("main article");
  for (const heading of [
    "What we collect",
    "How long we keep it",
    "Who processes it for us",
    "Your privacy rights",
    "Calls and texts",
  ]) {
    await expect(policy.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  for (const recorded of ["utm_campaign", "gclid", "qhb.first-touch.v1", "qhb.offer-outbox.v1"]) {
    await expect(policy).toContainText(recorded);
  }
  await expect(policy).toContainText("reply STOP to any text");
  await expect(policy).toContainText(company.legalName);

  await page.goto("/terms");
  await expect(page).toHaveTitle("Terms of Use | Quick Home Buyers");
  await expect(page.locator("main article")).toContainText("FIRPTA");
});

test("asking for a call shows what the visitor agrees to, beside the phone field", async ({
  page,
}) => {
  await page.goto("/sell-house-fast-texas");
  const form = await fillOffer(page, {
    address: "4100 Bell Ave, Houston, TX",
    condition: "Good",
    email: "maria@example.com",
  });
  await expect(form.getByLabel("Property Address")).toBeHidden();
  const agreement = form.getByText("By submitting, you agree to our");
  await expect(agreement).toBeVisible();
  await expect(agreement.getByRole("link", { name: "Terms of Use" })).toHaveAttribute(
    "href",
    "/terms",
  );
  await expect(agreement.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expect(form.getByText(/may call you at this number/)).toBeHidden();

  await form.getByRole("switch", { name: "Request Call" }).check();
  const phone = form.getByLabel("Phone Number");
  const consent = form.getByText(/may call you at this number/);
  await expect(consent).toBeVisible();
  await expect(consent).toContainText("Consent is not a condition of any purchase or sale");
  await expect(phone).toHaveAccessibleDescription(/may call you at this number/);
  // Texts are a consent of their own, as carriers ask: unticked, optional, with every disclosure.
  const texts = form.getByRole("checkbox", { name: /^Text me about my offer/ });
  await expect(texts).not.toBeChecked();
  for (const words of [
    `I agree to receive text messages from ${company.name} about my offer request`,
    "Msg frequency varies.",
    "Msg & data rates may apply.",
    "Reply STOP to cancel, HELP for help.",
  ]) {
    await expect(texts).toHaveAccessibleName(
      new RegExp(words.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")),
    );
  }
  const textsWording = form.getByText(/^Text me about my offer/);
  await expect(textsWording.getByRole("link", { name: "Text Message Policy" })).toHaveAttribute(
    "href",
    "/sms-policy",
  );
});

test("the privacy line under the form links to the opt-out of sale and sharing", async ({
  page,
}) => {
  await page.goto("/");
  const link = page.getByRole("form", { name: "Free cash offer request" }).getByRole("link", {
    name: "Do Not Sell or Share My Personal Information",
  });
  await expect(link).toHaveAttribute("href", `/privacy#${DO_NOT_SELL_ANCHOR}`);
});

test("after a request, the card shows what was sent and what happens next, in place of the form, until the visitor starts again", async ({
  page,
}) => {
  await page.route(FUNCTION_URL, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"success":true}' }),
  );
  await page.goto("/");
  const form = await fillOffer(page, {
    address: "9 Oak St, Dayton, OH",
    condition: "Fair",
    email: "dana@example.com",
  });
  await expect(form.getByText(`Prefer to talk? Call us at`)).toContainText(PHONE);
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  await expect(toastItem(page, "Thank you!")).toBeVisible();

  const next = page.getByRole("region", { name: "Request received" });
  await expect(next).toBeVisible();
  await expect(next.getByRole("heading", { name: "Request received" })).toBeFocused();
  await expect(next).toContainText("9 Oak St, Dayton, OH");
  await expect(next).toContainText("dana@example.com");
  await expect(next.getByRole("heading", { name: "What happens next" })).toBeVisible();
  await expect(next.getByRole("listitem")).toHaveCount(3);
  await expect(next.getByRole("listitem").first()).toContainText("within 24 hours");
  await expect(next.getByRole("link", { name: PHONE })).toHaveAttribute("href", company.phone.href);
  // Nothing beside it to confuse with a new request: the form is out of sight.
  await expect(form).toBeHidden();

  await next.getByRole("button", { name: "Request another offer" }).click();
  await expect(next).toHaveCount(0);
  // The wizard is back at step 1 and empty, as the specification asks.
  await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
  await expect(form.getByLabel("Property Address")).toHaveValue("");
  await expect(form.getByLabel("Property Address")).toBeFocused();

  // A second request, with the panel's code already loaded, lands there too.
  await fillOffer(page, {
    address: "11 Elm St, Akron, OH",
    condition: "Good",
    email: "dana@example.com",
  });
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  await expect(next.getByRole("heading", { name: "Request received" })).toBeFocused();
  await expect(next).toContainText("11 Elm St, Akron, OH");
});

test("when the after-submit panel cannot be downloaded, the form still thanks and starts over", async ({
  page,
}) => {
  await page.route(FUNCTION_URL, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"success":true}' }),
  );
  // The module holding the panel's words, refused as a dropped connection would.
  await page.route("**/_next/static/islands/chunk-*.js", async (route) => {
    const response = await route.fetch();
    if ((await response.text()).includes(nextSteps.title)) return route.abort("failed");
    return route.fulfill({ response });
  });
  await page.goto("/");
  const form = await fillOffer(page, {
    address: "9 Oak St, Dayton, OH",
    condition: "Fair",
    email: "dana@example.com",
  });
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  await expect(toastItem(page, "Thank you!")).toBeVisible();
  await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
  await expect(page.getByRole("region", { name: "Request received" })).toHaveCount(0);
  const address = form.getByLabel("Property Address");
  await expect(address).toBeFocused();
  await address.fill("11 Elm St, Akron, OH");
  await form.getByRole("button", { name: "Next" }).click();
  await expect(form.getByRole("radio", { name: /^Good/ })).toBeVisible();
});

test("the home page answers the questions homeowners ask, without script", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const faq = page.locator("#faq");
  await expect(faq.locator("details")).toHaveCount(8);
  for (const question of [
    "How do you calculate your cash offer?",
    "Are there any fees, and who pays the closing costs?",
    "What happens after I submit the form?",
  ]) {
    await expect(faq.getByText(question, { exact: true })).toBeVisible();
  }
  const fees = faq.locator("details", { hasText: "who pays the closing costs" });
  await expect(fees.getByText(/payoff of any mortgage/)).toBeHidden();
  await fees.locator("summary").click();
  await expect(fees.getByText(/payoff of any mortgage/)).toBeVisible();
  await expect(fees).toContainText("FIRPTA");
  await context.close();
});

test("each state page answers its own questions and suggests an address in its own state", async ({
  page,
}) => {
  for (const [path, name, placeholder] of [
    ["/sell-house-fast-texas", "Texas", "123 Main St, Houston, TX"],
    ["/sell-house-fast-georgia", "Georgia", "123 Main St, Atlanta, GA"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByLabel("Property Address")).toHaveAttribute("placeholder", placeholder);
    const faq = page.locator("#faq");
    await expect(faq.getByRole("heading", { level: 2 })).toContainText(name);
    const count = await faq.locator("details").count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(4);
    await expect(faq.locator("summary").first()).toContainText(name);
  }
});

test("state stat cards keep each figure on one line on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/sell-house-fast-ohio");
  const values = page.locator("section[aria-label='Rating and key numbers'] li > span:first-child");
  await expect(values).toHaveText(["7 Days", "$0", "Any"]);
  for (const value of await values.all()) {
    const height = await value.evaluate((element) => element.getBoundingClientRect().height);
    const lineHeight = await value.evaluate((element) =>
      parseFloat(getComputedStyle(element).lineHeight),
    );
    expect(height).toBeLessThan(lineHeight * 1.5);
  }
});

test("post tags read as words, not as buttons, and no separator is left alone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/blog/cash-offers-vs-traditional-sales");
  const tags = page.locator("main article").first().getByRole("list", { name: "Tags" });
  await expect(tags.getByRole("listitem").first()).toBeVisible();
  await expect(tags.getByRole("link")).toHaveCount(0);
  await expect(tags.getByRole("button")).toHaveCount(0);
  const looksPressable = await tags
    .getByRole("listitem")
    .first()
    .evaluate((element) => {
      const style = getComputedStyle(element);
      return parseFloat(style.borderTopWidth) > 0 || parseFloat(style.borderRadius) > 0;
    });
  expect(looksPressable).toBe(false);
  await expect(page.locator("main article header")).not.toContainText("·");
});
