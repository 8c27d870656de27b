import { CONSENT_VERSION } from "../content/consent";
import { OUTBOX_KEY } from "../lib/browser/offer-outbox";
import { LEAD_LIMITS } from "../supabase/functions/_shared/contract/lead-rules";
import type { LeadRow } from "../supabase/functions/_shared/store/rows";
import { site } from "../config/site";
import { storedLeads } from "./support/lead-store";
import { FUNCTION_URL, fillOffer } from "./support/offer-form";
import { expect, test, type Page, toastItem } from "./support/test";

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
  await expect(toastItem(page, "Thank you!")).toBeVisible();
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
  await expect(toastItem(page, "Thank you!")).toBeVisible();

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

const ADVANCE_MS = 400;

test("a visitor who read the page, then let the browser fill the form in a second, is a lead", async ({
  page,
}) => {
  const email = `autofill-${Date.now()}@example.com`;
  await page.clock.install();
  await page.goto("/sell-house-fast-texas");
  await expect(page.locator("form[data-enhanced]")).toBeVisible();
  // Reading the page: time before the form is touched counts towards the fill time. Then
  // the page's clock stands still, so the form is filled in no time at all, however busy
  // the machine running the test is.
  await page.clock.fastForward(LEAD_LIMITS.minFillMs + 500);
  const { readFor, now } = await page.evaluate(() => ({
    readFor: performance.now(),
    now: Date.now(),
  }));
  // A little ahead of the page's clock (it cannot go back), then standing still.
  const pausedAt = now + 10_000;
  await page.clock.pauseAt(pausedAt);
  const form = page.getByRole("form", { name: "Free cash offer request" });
  await form.getByLabel("Property Address").fill("4100 Bell Ave, Houston, TX");
  await form.getByRole("button", { name: "Next" }).click();
  await form.getByRole("radio", { name: /^Good/ }).check();
  // The step moves on 300 ms after a condition is chosen: that much of the clock runs.
  await page.clock.runFor(ADVANCE_MS);
  await form.getByLabel("Email Address *").fill(email);
  const sent = page.waitForRequest((request) => request.method() === "POST");
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  const { elapsedMs } = (await sent).postDataJSON() as { elapsedMs: number };
  expect(elapsedMs).toBeGreaterThanOrEqual(LEAD_LIMITS.minFillMs);
  // Filled while the clock stood still: only the reading (and the jump) counted.
  expect(elapsedMs).toBeLessThanOrEqual(readFor + (pausedAt - now) + ADVANCE_MS + 50);
  await page.clock.resume();
  await expect(toastItem(page, "Thank you!")).toBeVisible();
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
  await expect(toastItem(page, "Thank you!")).toBeVisible();
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
  await expect(toastItem(page, "Form submitted!")).toContainText(
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
  await expect(toastItem(page, "Form submitted!")).toBeVisible();
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
    await expect(toastItem(page, "Form submitted!")).toBeVisible();
    expect(await kept(page)).toContain(email);

    await request.delete("/__faults");
    await page.reload();
    await expect.poll(async () => (await leadsFor(email)).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => kept(page)).toBeNull();
  });
}

test.describe("a field the visitor never typed never costs the lead", () => {
  test("a page address longer than the function keeps is cut and noted; the lead is stored", async ({
    page,
  }) => {
    const email = `long-url-${Date.now()}@example.com`;
    await page.goto(`/sell-house-fast-ohio?ref=${"x".repeat(2500)}`);
    await submitLikeAPerson(page, { address: "9 Long Rd, Akron, OH", condition: "Good", email });
    await expect(toastItem(page, "Thank you!")).toBeVisible();
    const [lead] = await leadsFor(email);
    expect(lead).toMatchObject({
      state: "Ohio",
      source: "/sell-house-fast-ohio",
      spam_reason: null,
    });
    expect(lead?.intake_notes.join(" ")).toMatch(/^pageUrl: \d+ characters long; cut to 2000\./);
  });

  test("a browser clock years behind is kept as the browser said, and doubted in the notes; the lead is stored", async ({
    page,
  }) => {
    // Date runs seven years behind; the page's own timer (performance.now) is untouched.
    await page.addInitScript(() => {
      const Real = Date;
      const behind = 7 * 365 * 24 * 60 * 60 * 1000;
      class Behind extends Real {
        constructor(...args: [] | [number | string | Date]) {
          if (args.length === 0) super(Real.now() - behind);
          else super(args[0]);
        }
        static override now() {
          return Real.now() - behind;
        }
      }
      window.Date = Behind as DateConstructor;
    });
    const email = `old-clock-${Date.now()}@example.com`;
    await page.goto("/");
    await submitLikeAPerson(page, { address: "3 Clock St, Elko, NV", condition: "Fair", email });
    await expect(toastItem(page, "Thank you!")).toBeVisible();
    const [lead] = await leadsFor(email);
    expect(lead?.spam_reason).toBeNull();
    // Seven years behind, as the browser sent it: the evidence says what happened.
    const behind = Date.now() - Date.parse(lead!.consent_at!);
    expect(behind).toBeGreaterThan(6 * 365 * 86_400_000);
    expect(lead?.intake_notes.join(" ")).toMatch(
      /consent\.at: \S+ is before wording \S+ was published .*; kept as sent\./,
    );
  });

  test("an address or phone longer than the limit, as autofill can leave it past maxlength, is named before anything is sent", async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") sent.push(request.url());
    });
    await page.goto("/");
    const form = page.getByRole("form", { name: "Free cash offer request" });
    const address = form.getByLabel("Property Address");
    // What an autofill or an input method can do: a value longer than maxlength.
    const fill = (locator: typeof address, value: string) =>
      locator.evaluate((input: HTMLInputElement, text) => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
        setter.call(input, text);
        input.dispatchEvent(new Event("input", { bubbles: true }));
      }, value);
    await fill(address, `${"9".repeat(301)} Main St`);
    await form.getByRole("button", { name: "Next" }).click();
    await expect(form.getByText("Use at most 300 characters. This has 309.")).toBeVisible();
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");

    await address.fill("9 Main St, Waco, TX");
    await form.getByRole("button", { name: "Next" }).click();
    await form.getByRole("radio", { name: /^Good/ }).check();
    await form.getByLabel("Email Address *").fill("pat@example.com");
    await form.getByRole("switch", { name: "Request Call" }).check();
    await fill(form.getByLabel("Phone Number"), "5".repeat(41));
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();
    await expect(form.getByText("Use at most 40 characters. This has 41.")).toBeVisible();
    expect(sent).toEqual([]);
  });

  test("an e-mail on an internationalised domain, as Chromium sends it, is taken", async ({
    page,
  }) => {
    const email = `idn-${Date.now()}@пример.рф`;
    await page.goto("/");
    await submitLikeAPerson(page, { address: "1 Unicode Way, Erie, PA", condition: "Good", email });
    await expect(toastItem(page, "Thank you!")).toBeVisible();
    const stored = (await storedLeads("drill")).filter((lead) => lead.email.startsWith("idn-"));
    expect(stored.map((lead) => lead.email)).toContainEqual(
      expect.stringMatching(/@(xn--e1afmkfd\.xn--p1ai|пример\.рф)$/),
    );
  });
});

test.describe("never said to be sent when it is kept nowhere", () => {
  /** localStorage refusing every write, as when it is full (or blocked, with IndexedDB off too). */
  const refuseStorage = (page: Page, { indexedDb }: { indexedDb: boolean }) =>
    page.addInitScript((keepIndexedDb) => {
      Storage.prototype.setItem = () => {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      };
      if (!keepIndexedDb) Object.defineProperty(window, "indexedDB", { get: () => undefined });
    }, indexedDb);

  test("with no storage and no connection, the visitor is told plainly, with the phone, and the page keeps trying", async ({
    page,
  }) => {
    await refuseStorage(page, { indexedDb: false });
    const email = `no-storage-${Date.now()}@example.com`;
    await page.goto("/");
    await page.route(FUNCTION_URL, (route) => route.abort("internetdisconnected"));
    await submitLikeAPerson(page, { address: "4 Nowhere Ln, Ely, NV", condition: "Good", email });

    const alert = page.getByRole("alert").filter({ hasText: "this browser cannot save it" });
    await expect(alert).toContainText("Keep this page open");
    await expect(alert.getByRole("link", { name: site.company.phone.display })).toHaveAttribute(
      "href",
      site.company.phone.href,
    );
    await expect(page.getByRole("region", { name: "Not sent yet" })).toBeVisible();
    // No toast that suggests it went through.
    await expect(toastItem(page, /Thank you!|Form submitted!/)).toHaveCount(0);

    // The connection comes back: the page sends what it held, and says so.
    await page.unroute(FUNCTION_URL);
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await expect(page.getByRole("region", { name: "Request received" })).toBeVisible({
      timeout: 20_000,
    });
    expect(await leadsFor(email)).toHaveLength(1);
  });

  test("with localStorage full, the request is kept in IndexedDB and sent on the next visit", async ({
    page,
  }) => {
    await refuseStorage(page, { indexedDb: true });
    const email = `indexeddb-${Date.now()}@example.com`;
    await page.goto("/");
    await page.route(FUNCTION_URL, (route) => route.abort("internetdisconnected"));
    await submitLikeAPerson(page, { address: "6 Quota Ct, Troy, NY", condition: "Fair", email });
    await expect(page.getByRole("region", { name: "Request saved, sending soon" })).toBeVisible();
    await expect(toastItem(page, "Form submitted!")).toBeVisible();
    expect(await leadsFor(email)).toHaveLength(0);

    await page.unroute(FUNCTION_URL);
    await page.goto("/blog/cash-offers-vs-traditional-sales");
    await page.goto("/sell-house-fast-new-york");
    await expect.poll(async () => (await leadsFor(email)).length, { timeout: 20_000 }).toBe(1);
  });
});
