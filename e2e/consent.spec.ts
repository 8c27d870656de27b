import { formatConsent } from "../leads-cli/consent-record";
import { storedConsent, storedLeads } from "./support/lead-store";
import { fillOffer } from "./support/offer-form";
import { expect, test, type Page } from "./support/test";

/**
 * What a lawyer asks for when a call or a text is challenged: the consent record stored
 * with each lead sent from a real browser, with Global Privacy Control on and off, the box
 * for texts ticked and not, and the wording reproduced from its hash.
 */
async function send(page: Page, email: string, { texts }: { texts: boolean }) {
  await page.goto("/sell-house-fast-ohio");
  const form = await fillOffer(page, {
    address: "18 Maple Ave, Dayton, OH",
    condition: "Good",
    email,
    phone: "937-555-0164",
  });
  if (texts) await form.getByRole("checkbox", { name: /^Text me about my offer/ }).check();
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  await expect(page.getByRole("region", { name: "Request received" })).toBeVisible();
  const lead = await expect
    .poll(async () => (await storedLeads("main")).find((row) => row.email === email))
    .toBeTruthy()
    .then(async () => (await storedLeads("main")).find((row) => row.email === email)!);
  return { lead, consent: (await storedConsent("main", lead.id))! };
}

test.describe("with Global Privacy Control on", () => {
  test.use({ extraHTTPHeaders: { "Sec-GPC": "1" } });

  test("the lead and its consent record say so, with texts agreed in their own box", async ({
    page,
  }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    const email = `gpc-on-${Date.now()}@example.com`;
    const { lead, consent } = await send(page, email, { texts: true });
    const userAgent = await page.evaluate(() => navigator.userAgent);

    expect(lead.gpc).toBe(true);
    expect(consent).toMatchObject({
      lead_id: lead.id,
      email,
      phone: "937-555-0164",
      calls: true,
      texts: true,
      gpc: true,
      disclosure_verified: true,
      user_agent: userAgent,
      client_ip: "127.0.0.1",
      via: "script",
    });
    expect(consent.page_url).toMatch(/\/sell-house-fast-ohio$/);
    const { text, matched } = await formatConsent(consent, []);
    expect(matched).toBe(true);
    expect(text).toMatch(/Global Privacy Control\s+sent/);
    expect(text).toContain("Msg & data rates may apply. Reply STOP to cancel, HELP for help.");
  });
});

test("without Global Privacy Control and with the texts box left alone, texts are not agreed", async ({
  page,
}) => {
  const email = `gpc-off-${Date.now()}@example.com`;
  const { lead, consent } = await send(page, email, { texts: false });
  expect(lead.gpc).toBe(false);
  expect(consent).toMatchObject({
    calls: true,
    texts: false,
    gpc: false,
    disclosure_verified: true,
  });
  // The wording shown still included the texts box: the record proves it was offered, not taken.
  const { text } = await formatConsent(consent, []);
  expect(text).toMatch(/Text messages\s+not agreed/);
  expect(text).toContain("Text me about my offer.");
});
