import { fillOffer } from "./support/offer-form";
import { expect, test, toastItem } from "./support/test";

/**
 * The export runs under its own Content-Security-Policy (out/_headers, served by npm start
 * as a static host serves it): every page type loads, hydrates and sends a lead without one
 * violation, and nothing can frame it.
 */
const PAGES = [
  "/",
  "/sell-house-fast-ohio",
  "/blog",
  "/blog?category=estate-sales",
  "/blog/cash-offers-vs-traditional-sales",
  "/privacy",
  "/terms",
  "/no-such-page",
  "/blog/no-such-post",
];

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { __violations: violations });
    document.addEventListener("securitypolicyviolation", (event) =>
      violations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`),
    );
  });
});

const violations = (page: import("@playwright/test").Page) =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

test("every page type is served with the security headers", async ({ request }) => {
  for (const path of PAGES) {
    const headers = (await request.get(path)).headers();
    const policy = headers["content-security-policy"] ?? "";
    expect(policy, path).toContain("script-src 'self'");
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
  }
});

test("every page type runs under the policy without a violation", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of PAGES) {
    await page.goto(path);
    if (path === "/blog") {
      await page.getByRole("button", { name: "Categories" }).click();
      await expect(page.getByRole("dialog", { name: "Categories" })).toBeVisible();
    }
    expect(await violations(page), path).toEqual([]);
  }
});

test("a browser that reads only style-src (Safari before 15.4) still gets the styles", async ({
  page,
}) => {
  // The policy as such a browser reads it: without the style-src-elem and -attr directives.
  await page.route("**/*", async (route) => {
    if (route.request().resourceType() !== "document") return route.fallback();
    const response = await route.fetch();
    const headers = response.headers();
    headers["content-security-policy"] = (headers["content-security-policy"] ?? "")
      .split("; ")
      .filter((directive) => !directive.startsWith("style-src-"))
      .join("; ");
    return route.fulfill({ response, headers });
  });
  for (const path of ["/", "/blog/cash-offers-vs-traditional-sales", "/no-such-page"]) {
    await page.goto(path);
    expect(await violations(page), path).toEqual([]);
    // The site's stylesheet applied: the page is laid out as a column, not as plain HTML.
    await expect(page.locator("body"), path).toHaveCSS("display", "flex");
  }
});

test("a lead is sent under the policy, and the toast shows, without a violation", async ({
  page,
}) => {
  await page.goto("/sell-house-fast-ohio");
  const form = await fillOffer(page, {
    address: "77 High St, Columbus, OH",
    condition: "Fair",
    email: `csp-${Date.now()}@example.com`,
  });
  await form.getByRole("button", { name: "Get My Cash Offer" }).click();
  await expect(toastItem(page, "Thank you!")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("another site cannot frame the pages", async ({ page }) => {
  await page.goto("/privacy");
  const framed = await page.evaluate(async () => {
    const frame = document.createElement("iframe");
    frame.src = "/";
    document.body.append(frame);
    await new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
    try {
      return frame.contentDocument?.querySelector("h1")?.textContent ?? null;
    } catch {
      return null;
    }
  });
  expect(framed).toBeNull();
});
