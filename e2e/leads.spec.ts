import { type APIRequestContext } from "@playwright/test";

import { expect, test, type Page } from "./support/test";

import { fillOffer } from "./support/offer-form";

/**
 * The whole flow against the project's own server and its embedded store, with no
 * request answered in the browser: what the visitor sends is what gets stored.
 */
type Lead = {
  id: string;
  address: string;
  condition: string;
  email: string;
  phone: string | null;
  state: string | null;
  source: string;
};

// The function treats a three-step form filled faster than a person could as a bot.
const HUMAN_FILL_MS = 3_200;

async function leadsFor(request: APIRequestContext, email: string): Promise<Lead[]> {
  const response = await request.get("/__leads");
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Lead[]).filter((lead) => lead.email === email);
}

async function submitLikeAPerson(page: Page, answers: Parameters<typeof fillOffer>[1]) {
  const loadedAt = Date.now();
  const form = await fillOffer(page, answers);
  await page.waitForTimeout(Math.max(0, HUMAN_FILL_MS - (Date.now() - loadedAt)));
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  return form;
}

test.describe.configure({ mode: "serial" });

test.afterEach(async ({ request }) => {
  await request.delete("/__faults");
});

test("a request from the home page is stored once, without a state", async ({ page, request }) => {
  const email = `home-${Date.now()}@example.com`;
  await page.goto("/");
  await submitLikeAPerson(page, {
    address: "1600 Oak Hollow Ln, Plano, TX",
    condition: "Needs Work",
    email,
    phone: "972-555-0188",
  });
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
  const leads = await leadsFor(request, email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({
    address: "1600 Oak Hollow Ln, Plano, TX",
    condition: "Needs Work",
    phone: "972-555-0188",
    state: null,
    source: "/",
  });
});

test("a request from a state page is stored with its state", async ({ page, request }) => {
  const email = `ohio-${Date.now()}@example.com`;
  await page.goto("/sell-house-fast-ohio");
  await submitLikeAPerson(page, { address: "77 High St, Columbus, OH", condition: "Fair", email });
  await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toBeVisible();
  const leads = await leadsFor(request, email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ state: "Ohio", phone: null, source: "/sell-house-fast-ohio" });
});

test("during an outage the visitor is reassured, and the lead arrives once it recovers", async ({
  page,
  request,
}) => {
  const email = `outage-${Date.now()}@example.com`;
  await request.post("/__faults", { data: { status: 503 } });
  await page.goto("/");
  await submitLikeAPerson(page, { address: "5 Harbor Rd, Mobile, AL", condition: "Poor", email });
  await expect(page.getByRole("status").filter({ hasText: "Form submitted!" })).toContainText(
    "Thank you for your interest. We'll contact you soon about your property.",
  );
  expect(await leadsFor(request, email)).toHaveLength(0);
  const kept = await page.evaluate(() => localStorage.getItem("qhb.offer-outbox.v1"));
  expect(kept).toContain(email);

  await request.delete("/__faults");
  // The next page load sends what was kept, with the same id.
  await page.goto("/sell-house-fast-alabama");
  await expect
    .poll(async () => (await leadsFor(request, email)).length, { timeout: 10_000 })
    .toBe(1);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("qhb.offer-outbox.v1")))
    .toBeNull();

  await page.goto("/");
  await page.waitForTimeout(1_000);
  const leads = await leadsFor(request, email);
  expect(leads).toHaveLength(1);
  expect(leads[0]).toMatchObject({ address: "5 Harbor Rd, Mobile, AL", state: null, source: "/" });
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
  await expect
    .poll(async () => (await leadsFor(request, email)).length, { timeout: 10_000 })
    .toBe(1);
});
