import { readFileSync } from "node:fs";

import postgres from "postgres";

import { CONSENT_VERSION } from "../content/consent";
import { OUTBOX_KEY } from "../lib/browser/offer-outbox";
import { LEAD_LIMITS } from "../supabase/functions/_shared/contract/lead-rules";
import { HOSTED_INFO_FILE, type HostedInfo } from "../scripts/hosted-site";
import { FUNCTION_PATH } from "../supabase/functions/_shared/contract/site-facts";
import { HOSTED_SITE_TIMEOUT_MS, hostedSiteUp } from "./support/hosted-site";
import { FUNCTION_URL, fillOffer } from "./support/offer-form";
import { e2eUrl } from "./support/servers";
import { expect, islandsHydrated, test, type Page, toastItem } from "./support/test";

/**
 * The hosted path, run for real: a deploy build whose NEXT_PUBLIC_SUPABASE_URL points at
 * the function's own Deno entry, which stores into PostgreSQL with Supabase's roles and
 * the repository's migrations (scripts/hosted-site.ts).
 */
const info = () => JSON.parse(readFileSync(HOSTED_INFO_FILE, "utf8")) as HostedInfo;

let sql: postgres.Sql;
test.beforeAll(async () => {
  test.setTimeout(HOSTED_SITE_TIMEOUT_MS);
  await hostedSiteUp(e2eUrl("hosted"));
  sql = postgres(info().databaseUrl, { max: 1, onnotice: () => {} });
});
test.afterAll(async () => {
  await sql.end();
});

async function rowsFor(email: string) {
  return sql<
    {
      id: string;
      state: string | null;
      source: string;
      utm_campaign: string | null;
      consent_version: string | null;
      spam_reason: string | null;
    }[]
  >`
    select id, state, source, utm_campaign, consent_version, spam_reason
    from public.leads where email = ${email}`;
}

async function submit(page: Page, email: string) {
  await page.waitForFunction((ms) => performance.now() > ms, LEAD_LIMITS.minFillMs + 200);
  const form = await fillOffer(page, {
    address: "77 High St, Columbus, OH",
    condition: "Fair",
    email,
  });
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
}

test.describe.configure({ mode: "serial" });

test("the form posts to the Supabase URL it was built with, and the row is in Postgres", async ({
  page,
}) => {
  const email = `hosted-${Date.now()}@example.com`;
  const posted: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posted.push(request.url());
  });
  await page.goto("/?utm_source=google&utm_medium=cpc&utm_campaign=ohio-probate");
  await page.locator("#states").getByRole("link", { name: "Ohio", exact: true }).click();
  await expect(page).toHaveURL(/\/sell-house-fast-ohio$/);
  await islandsHydrated(page);
  await submit(page, email);
  await expect(toastItem(page, "Thank you!")).toBeVisible();

  // Every attempt goes to the function the build was pointed at (a slow answer may be sent
  // again with the same id: the row count below shows it is stored once).
  expect(posted.length).toBeGreaterThan(0);
  expect(new Set(posted)).toEqual(new Set([`${info().supabaseUrl}${FUNCTION_PATH}`]));
  const rows = await rowsFor(email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    state: "Ohio",
    source: "/sell-house-fast-ohio",
    utm_campaign: "ohio-probate",
    consent_version: CONSENT_VERSION,
    spam_reason: null,
  });
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts itself to the function, which stores the lead in Postgres and sends the browser back to the site", async ({
    page,
  }) => {
    const email = `hosted-no-script-${Date.now()}@example.com`;
    await page.goto("/sell-house-fast-ohio");
    const form = page.getByRole("form", { name: "Free cash offer request" });
    await form.getByLabel("Property Address").fill("77 High St, Columbus, OH");
    await form.getByRole("radio", { name: /^Fair/ }).check();
    await form.getByLabel("Email Address *").fill(email);
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();
    await expect(page).toHaveURL("/offer-received");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you!");
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      state: "Ohio",
      source: "/sell-house-fast-ohio",
      consent_version: CONSENT_VERSION,
      spam_reason: null,
    });
  });
});

test("a request the network lost is sent again from the browser and stored once", async ({
  page,
}) => {
  const email = `hosted-retry-${Date.now()}@example.com`;
  await page.route(FUNCTION_URL, (route) => route.abort("failed"), {
    times: 1,
  });
  await page.goto("/sell-house-fast-ohio");
  await submit(page, email);
  await expect(toastItem(page, "Form submitted!")).toBeVisible();
  expect(await rowsFor(email)).toHaveLength(0);

  await page.reload();
  await expect.poll(async () => (await rowsFor(email)).length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), OUTBOX_KEY)).toBeNull();
  await page.reload();
  await expect.poll(async () => (await rowsFor(email)).length).toBe(1);
});

test("Supabase's public roles can neither read nor write the leads", async () => {
  for (const role of ["anon", "authenticated"]) {
    await expect(
      sql.begin(async (tx) => {
        await tx.unsafe(`set local role ${role}`);
        return tx`select count(*) from public.leads`;
      }),
      `${role} reads`,
    ).rejects.toThrow(/permission denied/);
    await expect(
      sql.begin(async (tx) => {
        await tx.unsafe(`set local role ${role}`);
        return tx`insert into public.leads (id, address, condition, email)
                  values (gen_random_uuid(), 'x', 'Good', 'x@example.com')`;
      }),
      `${role} writes`,
    ).rejects.toThrow(/permission denied|row-level security/);
  }
});
