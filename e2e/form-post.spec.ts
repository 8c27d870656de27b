import { test as plainTest } from "@playwright/test";

import { FORM_FIELDS } from "../supabase/functions/_shared/contract/form-fields";
import { HONEYPOT_FIELD } from "../supabase/functions/_shared/contract/lead-rules";
import { storedLeads } from "./support/lead-store";
import { expect, test, type Page } from "./support/test";

/**
 * The offer form as an HTML form: with script off, or before its script arrives, it posts
 * itself to the function, which stores the lead as it stores a scripted one and sends the
 * browser to a page of the site (303). Against the main server and its store.
 */
const leadsFor = async (email: string) =>
  (await storedLeads("main")).filter((lead) => lead.email === email);

/**
 * Fills the form as a bare HTML form: without script every field shows at once; while the
 * script is on its way each step appears as the one before is filled.
 */
async function fillWithoutScript(page: Page, email: string, phone?: string) {
  const form = page.getByRole("form", { name: "Free cash offer request" });
  await form.getByLabel("Property Address").fill("31 Spruce St, Toledo, OH");
  await form.getByRole("radio", { name: /^Needs Work/ }).check();
  await form.getByLabel("Email Address *").fill(email);
  if (phone) {
    await form.getByRole("switch", { name: "Request Call" }).check();
    await form.getByLabel("Phone Number").fill(phone);
    await form.getByRole("checkbox", { name: /^Text me about my offer/ }).check();
  }
  return form;
}

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a state page's form posts itself, lands on the thank-you page, and the lead is stored with its consent", async ({
    page,
  }) => {
    const email = `no-script-${Date.now()}@example.com`;
    await page.goto("/sell-house-fast-ohio");
    const form = await fillWithoutScript(page, email, "419-555-0177");
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();

    await expect(page).toHaveURL("/offer-received");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you!");
    await expect(
      page.getByText(
        "We've received your inquiry and will contact you within 24 hours with a cash offer.",
      ),
    ).toBeVisible();
    const leads = await leadsFor(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      address: "31 Spruce St, Toledo, OH",
      condition: "Needs Work",
      phone: "419-555-0177",
      state: "Ohio",
      source: "/sell-house-fast-ohio",
      spam_reason: null,
      // The landing page is the page itself: no script noted the visit.
      landing_page: null,
      intake_notes: [],
    });
  });

  test("the browser itself stops a blank address and an e-mail without a domain", async ({
    page,
  }) => {
    await page.goto("/");
    const form = page.getByRole("form", { name: "Free cash offer request" });
    const address = form.getByLabel("Property Address");
    const email = form.getByLabel("Email Address *");
    const valid = (field: typeof email) =>
      field.evaluate((input: HTMLInputElement) => input.validity.valid);
    await address.fill("   ");
    await form.getByRole("radio", { name: /^Good/ }).check();
    await email.fill("dana@example.com");
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();
    await expect(page).toHaveURL("/");
    expect(await valid(address)).toBe(false);

    await address.fill("8 Birch Ct, Erie, PA");
    await email.fill("not-an-address");
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();
    await expect(page).toHaveURL("/");
    expect(await valid(email)).toBe(false);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width}px the form shows every field and its button at once, as one form`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      for (const path of ["/", "/sell-house-fast-ohio"]) {
        await page.goto(path);
        const form = page.getByRole("form", { name: "Free cash offer request" });
        await expect(form.getByLabel("Property Address")).toBeVisible();
        const conditions = form.getByRole("radio");
        await expect(conditions).toHaveCount(5);
        for (const condition of await conditions.all()) await expect(condition).toBeVisible();
        await expect(form.getByLabel("Email Address *")).toBeVisible();
        await expect(form.getByRole("switch", { name: "Request Call" })).toBeVisible();
        await expect(form.getByRole("button", { name: "Get My Cash Offer" })).toBeVisible();
        // The wizard's own controls take no room where no wizard will come.
        await expect(form.getByRole("progressbar")).toHaveCount(0);
        await expect(form.getByRole("button", { name: /^(Next|Back)$/ })).toHaveCount(0);
        const heights = await form.evaluate((element) =>
          [...element.querySelectorAll("[data-wizard-only]")].map(
            (control) => control.getBoundingClientRect().height,
          ),
        );
        expect(heights.every((height) => height === 0)).toBe(true);
        // One form, posting to the function, its hidden fields in it.
        await expect(page.locator("form[data-offer-form]")).toHaveCount(1);
        await expect(form).toHaveAttribute("method", "post");
        for (const name of ["id", "source", FORM_FIELDS.consentVersion, HONEYPOT_FIELD]) {
          await expect(form.locator(`input[name="${name}"]`)).toHaveCount(1);
        }
      }
    });
  }
});

// The plain page: navigations here do not wait for the islands, whose scripts are held.
plainTest(
  "a form sent at first paint, before any script, is stored once, and not again when the scripts arrive",
  async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/islands/**", async (route) => {
      await held;
      await route.continue();
    });
    const email = `first-paint-${Date.now()}@example.com`;
    await page.goto("/", { waitUntil: "commit" });
    const form = await fillWithoutScript(page, email);
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();
    await expect(page).toHaveURL("/offer-received");
    release();
    // The scripts arrive; the visitor opens the form again, as one unsure it went through would.
    await page.goto("/");
    await expect(page.locator("form[data-offer-form][data-enhanced]")).toHaveCount(1);
    const leads = await leadsFor(email);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.fill_ms).toBeNull();
  },
);
