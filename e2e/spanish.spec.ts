import { execFileSync } from "node:child_process";

import { offerFormCopyEs } from "../content/es/offer-form";
import { receivedPageEs } from "../content/es/form-post-pages";
import { chromeCopyEs } from "../content/es/chrome";
import { FIELD_MESSAGES_ES } from "../supabase/functions/_shared/contract/field-messages-es";
import { CURRENT_WORDINGS } from "../supabase/functions/_shared/contract/disclosures";
import { LEAD_LIMITS } from "../supabase/functions/_shared/contract/lead-rules";
import { E2E_DATA_DIRS, storedConsent, storedLeads } from "./support/lead-store";
import { axeViolations } from "./support/axe";
import { expect, test, type Page, toastItem } from "./support/test";

/**
 * The Spanish site as a Spanish-speaking homeowner meets it: a request sent from the Spanish
 * home page and a Spanish state page, with script and without, stored with its language and
 * its Spanish consent verified, listed as Spanish for the team; and the pages found in search
 * as pairs, each linking the other, readable by everyone at a phone's width and a desktop's.
 * What the team's messages, the webhook and the homeowner's confirmation say for a Spanish lead
 * is tested against the fake providers in local-server/spanish-lead.test.ts.
 */
const words = offerFormCopyEs;
const SPANISH_VERSION = CURRENT_WORDINGS.es.version;

const leadsFor = async (email: string) =>
  (await storedLeads("main")).filter((lead) => lead.email === email);

function spanishForm(page: Page) {
  return page.getByRole("form", { name: words.formLabel });
}

/** Fills the Spanish form: step by step with script, every field at once without. */
async function fillSpanish(page: Page, email: string, scripted: boolean) {
  const form = spanishForm(page);
  await form.getByLabel(words.addressLabel).fill("2100 Calle Sol, El Paso, TX");
  if (scripted) await form.getByRole("button", { name: words.next }).click();
  await form.getByRole("radio", { name: /^Necesita trabajo/ }).check();
  await form.getByLabel(words.emailLabel).fill(email);
  await form.getByRole("switch", { name: words.requestCall }).check();
  await form.getByLabel(words.phoneLabel).fill("915-555-0142");
  await form.getByRole("checkbox", { name: /^Envíenme mensajes de texto/ }).check();
  return form;
}

const PAGES = [
  { name: "the Spanish home page", path: "/es", state: null },
  { name: "the Spanish Texas page", path: "/es/vender-casa-rapido-texas", state: "Texas" },
] as const;

for (const scripted of [true, false]) {
  test.describe(`with JavaScript ${scripted ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: scripted });

    for (const from of PAGES) {
      test(`a request from ${from.name} is stored in Spanish, with the Spanish consent verified`, async ({
        page,
      }) => {
        const email = `es-${scripted ? "on" : "off"}-${from.state ?? "home"}-${Date.now()}@example.com`;
        await page.goto(from.path);
        await expect(page.locator("html")).toHaveAttribute("lang", "es");
        const form = spanishForm(page);
        // Only the Spanish wording is on the page, under the form and beside the box.
        await expect(form).toContainText("Al enviar, usted acepta nuestros");
        await expect(form).not.toContainText("By submitting, you agree");
        if (scripted) {
          await page.waitForFunction((ms) => performance.now() > ms, LEAD_LIMITS.minFillMs + 200);
        }
        await fillSpanish(page, email, scripted);
        await form.getByRole("button", { name: words.submit }).click();

        if (scripted) {
          await expect(toastItem(page, words.success.title)).toBeVisible();
        } else {
          await expect(page).toHaveURL("/es/oferta-recibida");
          await expect(page.locator("html")).toHaveAttribute("lang", "es");
          await expect(page.getByRole("heading", { level: 1 })).toHaveText(receivedPageEs.title);
        }
        await expect.poll(async () => (await leadsFor(email)).length).toBe(1);
        const [lead] = await leadsFor(email);
        expect(lead).toMatchObject({
          language: "es",
          state: from.state,
          source: from.path,
          condition: "Needs Work",
          consent_version: SPANISH_VERSION,
          spam_reason: null,
        });
        const consent = await storedConsent("main", lead!.id);
        expect(consent).toMatchObject({
          disclosure_version: SPANISH_VERSION,
          disclosure_verified: true,
          texts: true,
        });

        // The team's listing says so, in both languages.
        const listing = execFileSync("npx", ["tsx", "leads-cli/leads.ts"], {
          env: { ...process.env, LEADS_DATA_DIR: E2E_DATA_DIRS.main },
          encoding: "utf8",
        });
        const block = listing.slice(listing.indexOf(email) - 300, listing.indexOf(email) + 200);
        expect(block).toContain("prefiere español (prefers Spanish)");
      });
    }
  });
}

test("a field the function would refuse is named in Spanish, before anything is sent", async ({
  page,
}) => {
  await page.goto("/es");
  const form = spanishForm(page);
  await form.getByLabel(words.addressLabel).fill("2100 Calle Sol, El Paso, TX");
  await form.getByRole("button", { name: words.next }).click();
  await form.getByRole("radio", { name: /^Buena/ }).check();
  await form.getByLabel(words.emailLabel).fill("ana@sin-dominio");
  await form.getByRole("button", { name: words.submit }).click();
  await expect(form.getByText(FIELD_MESSAGES_ES.emailExample)).toBeVisible();
});

test("each page of a pair names both in its head and links the other, with no redirect", async ({
  page,
  request,
}) => {
  await page.goto("/sell-house-fast-texas");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const alternates = async () =>
    Object.fromEntries(
      await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) =>
          links.map((link) => [
            link.getAttribute("hreflang"),
            new URL(link.getAttribute("href")!).pathname,
          ]),
        ),
    );
  const pair = {
    "en-US": "/sell-house-fast-texas",
    "es-US": "/es/vender-casa-rapido-texas",
    "x-default": "/sell-house-fast-texas",
  };
  expect(await alternates()).toEqual(pair);
  await page.getByRole("banner").getByRole("link", { name: "Español" }).click();
  await expect(page).toHaveURL("/es/vender-casa-rapido-texas");
  expect(await alternates()).toEqual(pair);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Venda su casa rápido en Texas");
  await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL("/sell-house-fast-texas");

  // A state with no Spanish page links none.
  await page.goto("/sell-house-fast-ohio");
  await expect(page.locator('link[hreflang="es-US"]')).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Español" })).toHaveCount(0);

  // The sitemap lists each page of a pair with both.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(
    /<loc>[^<]*\/es\/vender-casa-rapido-texas<\/loc>[\s\S]*?hreflang="en-US"[^>]*href="[^"]*\/sell-house-fast-texas"/,
  );
});

test("the Spanish pages show the number answered in Spanish and the language of the papers", async ({
  page,
}) => {
  await page.goto("/es");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: /555-0143/ })).toBeVisible();
  await expect(page.locator("[data-spanish-service]")).toContainText(
    "El contrato de compraventa y los documentos de cierre están en inglés",
  );
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width}px the Spanish pages have no accessibility violations`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const path of [
      "/es",
      "/es/vender-casa-rapido-california",
      "/es/situaciones/ejecucion-hipotecaria",
      "/es/calculadora",
      "/es/privacidad",
    ]) {
      await page.goto(path);
      await expect(
        page.getByRole("navigation", { name: chromeCopyEs.footer.navLabel }),
      ).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}
