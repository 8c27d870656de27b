import { CONSENT_VERSION } from "../content/consent";
import { OUTBOX_KEY } from "../lib/browser/offer-outbox";
import { LEAD_LIMITS } from "../supabase/functions/_leads/lead-rules";
import type { LeadRow } from "../supabase/functions/_leads/lead-store";
import { storedLeads } from "./support/lead-store";
import { fillOffer } from "./support/offer-form";
import { expect, test, type Page } from "./support/test";

/**
 * The whole flow against the project's own server and its embedded store, with no
 * request answered in the browser: what the visitor sends is what gets stored.
 */
async function leadsFor(email: string): Promise<LeadRow[]> {
  return (await storedLeads("drill")).filter((lead) => lead.email === email);
}

/** A person who has spent a few seconds on the page (the fill time counts from its start). */
async function submitLikeAPerson(page: Page, answers: Parameters<typeof fillOffer>[1]) {
  await page.waitForFunction((ms) => performance.now() > ms, LEAD_LIMITS.minFillMs + 200);
  const form = await fillOffer(page, answers);
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  return form;
}

const kept = (page: Page) => page.evaluate((key) => localStorage.getItem(key), OUTBOX_KEY);

test.describe.configure({ mode: "serial" });

test.afterEach(async ({ request }) => {
  await request.delete("/__faults");
});

test("a request from the home page is stored once, without a state, with the consent shown", async ({
  page,
}) => {
  const email = `home-${Date.now()}@example.com`;
  await page.goto("/");
  await submitLikeAPerson(page, {
    address: "1600 Oak Hollow Ln, Plano, TX",
    condition: "Needs Work",
    email,
    phone: "972-555-0188",
  });
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
  const leads = await leadsFor(email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({
    address: "1600 Oak Hollow Ln, Plano, TX",
    condition: "Needs Work",
    phone: "972-555-0188",
    state: null,
    source: "/",
    spam_reason: null,
    consent_version: CONSENT_VERSION,
  });
  expect(Date.parse(leads[0]!.consent_at!)).toBeGreaterThan(Date.now() - 120_000);
});

test("a campaign visit that reads the blog and submits on Ohio is attributed to that campaign", async ({
  page,
}) => {
  const email = `campaign-${Date.now()}@example.com`;
  await page.goto("/?utm_source=google&utm_medium=cpc&utm_campaign=ohio-probate&gclid=TEST123");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL("/blog");
  await page
    .getByRole("navigation", { name: "Footer" })
    .getByRole("link", { name: "Home", exact: true })
    .click();
  await page.locator("#states").getByRole("link", { name: "Ohio", exact: true }).click();
  await expect(page).toHaveURL("/sell-house-fast-ohio");
  await submitLikeAPerson(page, { address: "77 High St, Columbus, OH", condition: "Fair", email });
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();

  const [lead] = await leadsFor(email);
  expect(lead).toMatchObject({
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    utm_source: "google",
    utm_medium: "cpc",
    utm_campaign: "ohio-probate",
    gclid: "TEST123",
    landing_page: "/",
    first_utm_campaign: "ohio-probate",
    first_landing_page: "/",
    spam_reason: null,
  });
});

test("a visitor who read the page, then let the browser fill the form in a second, is a lead", async ({
  page,
}) => {
  const email = `autofill-${Date.now()}@example.com`;
  await page.goto("/sell-house-fast-texas");
  // Reading the page: time before the form is touched counts towards the fill time.
  await page.waitForFunction((ms) => performance.now() > ms, LEAD_LIMITS.minFillMs + 500);
  const form = page.getByRole("form", { name: "Free cash offer request" });
  const startedAt = Date.now();
  await form.getByLabel("Property Address").fill("4100 Bell Ave, Houston, TX");
  await form.getByRole("button", { name: "Next" }).click();
  await form.getByRole("radio", { name: /^Good/ }).check();
  await form.getByLabel("Email Address *").fill(email);
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
  expect(Date.now() - startedAt).toBeLessThan(LEAD_LIMITS.minFillMs);
  const [lead] = await leadsFor(email);
  expect(lead?.spam_reason).toBeNull();
});

test("a bot that fills the hidden field gets the same thanks, and is held, not dropped", async ({
  page,
}) => {
  const email = `bot-${Date.now()}@example.com`;
  await page.goto("/");
  await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
    input.value = "https://spam.example";
  });
  await submitLikeAPerson(page, { address: "1 Spam Way, Reno, NV", condition: "Poor", email });
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
  const leads = await leadsFor(email);
  expect(leads).toHaveLength(1);
  expect(leads[0]?.spam_reason).toMatch(/hidden/);
});

test("invisible control characters are named under the field, and nothing is sent", async ({
  page,
}) => {
  const stored = async () => (await storedLeads("drill")).length;
  const before = await stored();
  await page.goto("/");
  const form = page.getByRole("form", { name: "Free cash offer request" });
  const address = form.getByLabel("Property Address");
  await address.fill("12 Main St\u202E, Dayton, OH");
  await form.getByRole("button", { name: "Next" }).click();
  await expect(
    form.getByText(/Remove the invisible text-direction character \(U\+202E\)/),
  ).toBeVisible();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toBeFocused();
  await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
  await address.fill("12 Main St, Dayton, OH");
  await expect(form.getByText(/invisible text-direction character/)).toHaveCount(0);
  expect(await stored()).toBe(before);
});

test("during an outage the visitor is reassured, and the lead arrives once it recovers", async ({
  page,
  request,
}) => {
  const email = `outage-${Date.now()}@example.com`;
  await request.post("/__faults", { data: { status: 503 } });
  await page.goto("/?utm_source=newsletter&utm_campaign=november");
  await submitLikeAPerson(page, { address: "5 Harbor Rd, Mobile, AL", condition: "Poor", email });
  await expect(page.getByRole("status").filter({ hasText: "Form submitted!" })).toContainText(
    "Thank you for your interest. We'll contact you soon about your property.",
  );
  expect(await leadsFor(email)).toHaveLength(0);
  expect(await kept(page)).toContain(email);

  await request.delete("/__faults");
  // The next page load sends what was kept, with the same id and the attribution it had.
  await page.goto("/sell-house-fast-alabama");
  await expect.poll(async () => (await leadsFor(email)).length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => kept(page)).toBeNull();

  await page.goto("/");
  await expect.poll(() => kept(page)).toBeNull();
  const leads = await leadsFor(email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({
    address: "5 Harbor Rd, Mobile, AL",
    state: null,
    source: "/",
    utm_source: "newsletter",
    utm_campaign: "november",
  });
});

test("a kept lead is retried on its own after the backoff, without a reload", async ({
  page,
  request,
}) => {
  const email = `backoff-${Date.now()}@example.com`;
  await request.post("/__faults", { data: { status: 503 } });
  await page.goto("/");
  await submitLikeAPerson(page, { address: "12 Elm St, Boise, ID", condition: "Good", email });
  await expect(page.getByRole("status").filter({ hasText: "Form submitted!" })).toBeVisible();
  await request.delete("/__faults");
  // First retry is 2 s after the failure.
  await expect.poll(async () => (await leadsFor(email)).length, { timeout: 20_000 }).toBe(1);
});

for (const status of [404, 405, 413, 429]) {
  test(`a ${status} answer keeps the lead in the browser until it is taken`, async ({
    page,
    request,
  }) => {
    const email = `kept-${status}-${Date.now()}@example.com`;
    await request.post("/__faults", { data: { status } });
    await page.goto("/");
    await submitLikeAPerson(page, { address: "3 Pine St, Erie, PA", condition: "Good", email });
    await expect(page.getByRole("status").filter({ hasText: "Form submitted!" })).toBeVisible();
    expect(await kept(page)).toContain(email);

    await request.delete("/__faults");
    await page.reload();
    await expect.poll(async () => (await leadsFor(email)).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => kept(page)).toBeNull();
  });
}
