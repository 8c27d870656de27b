import { FUNCTION_PATH } from "../../supabase/functions/_shared/contract/site-facts";
import { expect, type Page, type Route } from "@playwright/test";

/** Any request to the lead function, whichever host serves it. */
export const FUNCTION_URL = `**${FUNCTION_PATH}`;

/** Walks the three steps with the given answers, stopping before submit. */
export async function fillOffer(
  page: Page,
  {
    address,
    condition,
    email,
    phone,
  }: { address: string; condition: string; email: string; phone?: string },
) {
  const form = page.getByRole("form", { name: "Free cash offer request" });
  await form.getByLabel("Property Address").fill(address);
  await form.getByRole("button", { name: "Next" }).click();
  await form.getByRole("radio", { name: new RegExp(`^${condition}`) }).check();
  await expect(form.getByLabel("Email Address *")).toBeVisible();
  await form.getByLabel("Email Address *").fill(email);
  if (phone !== undefined) {
    await form.getByRole("switch", { name: "Request Call" }).check();
    await form.getByLabel("Phone Number").fill(phone);
  }
  return form;
}

/** Answers the function call in the browser, holding it until `release` is called. */
export async function holdFunction(page: Page, status: number) {
  const bodies: Record<string, unknown>[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(FUNCTION_URL, async (route: Route) => {
    bodies.push(route.request().postDataJSON() as Record<string, unknown>);
    await released;
    await route.fulfill({
      status,
      contentType: "application/json",
      body: JSON.stringify(status === 200 ? { success: true } : { error: "Server error" }),
    });
  });
  return { bodies, release };
}
