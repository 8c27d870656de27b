import { expect, test } from "./support/test";

import { fillOffer, holdFunction } from "./support/offer-form";

test.describe("offer form on the home page", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/");
  });

  test("needs an address that is not blank before step 2", async ({ page }) => {
    const form = page.getByRole("form", { name: "Free cash offer request" });
    const next = form.getByRole("button", { name: "Next" });
    const address = form.getByLabel("Property Address");
    await expect(address).toHaveAttribute("required", "");
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
    await expect(form.getByRole("button", { name: "Back" })).toHaveCount(0);
    await expect(next).toBeDisabled();
    await address.fill("    ");
    await expect(next).toBeDisabled();
    await address.fill("742 Evergreen Terrace, Springfield, IL");
    await expect(next).toBeEnabled();
    await address.press("Enter");
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "2");
    await expect(form.getByRole("radio", { name: /^Excellent/ })).toBeFocused();
  });

  test("lists the five conditions and moves on 300 ms after one is chosen", async ({ page }) => {
    const form = page.getByRole("form", { name: "Free cash offer request" });
    await form.getByLabel("Property Address").fill("742 Evergreen Terrace, Springfield, IL");
    await form.getByRole("button", { name: "Next" }).click();

    const group = form.getByRole("group", { name: "Property condition" });
    await expect(group.getByRole("radio")).toHaveCount(5);
    for (const [name, description] of [
      ["Excellent", "Move-in ready, no repairs needed"],
      ["Good", "Minor cosmetic updates needed"],
      ["Fair", "Some repairs and updates needed"],
      ["Needs Work", "Major repairs or renovations needed"],
      ["Poor", "Significant work required"],
    ] as const) {
      await expect(group.getByText(name, { exact: true })).toBeVisible();
      await expect(group.getByText(description, { exact: true })).toBeVisible();
    }
    await expect(form.getByRole("button", { name: "Next" })).toBeDisabled();

    const chosenAt = await page.evaluate(() => performance.now());
    await group.getByText("Needs Work", { exact: true }).click();
    await expect(group.getByRole("radio", { name: /^Needs Work/ })).toBeChecked();
    await expect(form.getByLabel("Email Address *")).toBeVisible();
    const advancedAt = await page.evaluate(() => performance.now());
    expect(advancedAt - chosenAt).toBeGreaterThanOrEqual(300);
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "3");
    await expect(form.getByLabel("Email Address *")).toBeFocused();

    await form.getByRole("button", { name: "Back" }).click();
    await expect(group.getByRole("radio", { name: /^Needs Work/ })).toBeChecked();
    await expect(group.getByRole("radio", { name: /^Needs Work/ })).toBeFocused();
    await form.getByRole("button", { name: "Back" }).click();
    await expect(form.getByLabel("Property Address")).toHaveValue(
      "742 Evergreen Terrace, Springfield, IL",
    );
  });

  test("arrow keys move through the conditions without leaving the step", async ({ page }) => {
    // The condition step's 300 ms advance runs on a clock the test moves.
    await page.clock.install();
    await page.goto("/");
    const form = page.getByRole("form", { name: "Free cash offer request" });
    await form.getByLabel("Property Address").fill("9 Oak St, Dayton, OH");
    await form.getByLabel("Property Address").press("Enter");
    const excellent = form.getByRole("radio", { name: /^Excellent/ });
    await expect(excellent).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(form.getByRole("radio", { name: /^Fair/ })).toBeChecked();
    await page.clock.runFor(1_000);
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "2");
    await page.keyboard.press("Enter");
    await expect(form.getByLabel("Email Address *")).toBeFocused();
  });

  test("reveals the phone field when a call is requested", async ({ page }) => {
    const form = await fillOffer(page, {
      address: "12 Pine Rd, Tulsa, OK",
      condition: "Good",
      email: "dana@example.com",
    });
    const toggle = form.getByRole("button", { name: "Request Call" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(form.getByLabel("Phone Number")).toHaveCount(0);
    await toggle.click();
    const pressed = form.getByRole("button", { name: "Call Requested" });
    await expect(pressed).toHaveAttribute("aria-pressed", "true");
    await expect(form.getByLabel("Phone Number")).toHaveAttribute("type", "tel");
    await pressed.click();
    await expect(form.getByLabel("Phone Number")).toHaveCount(0);
  });

  test("needs an email that is not blank, and says when it is not valid", async ({ page }) => {
    const form = await fillOffer(page, {
      address: "12 Pine Rd, Tulsa, OK",
      condition: "Good",
      email: "   ",
    });
    const email = form.getByLabel("Email Address *");
    await expect(email).toHaveAttribute("type", "email");
    const submit = form.getByRole("button", { name: "Get My Cash Offer" });
    await expect(submit).toHaveAttribute("type", "submit");
    await expect(submit).toBeDisabled();
    await email.fill("dana@gmail");
    await submit.click();
    await expect(
      form.getByText("Enter a valid email address, like name@example.com."),
    ).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await email.fill("dana@gmail.com");
    await expect(form.getByText("Enter a valid email address, like name@example.com.")).toHaveCount(
      0,
    );
  });

  test("sends the request, shows Sending..., thanks the visitor and starts over", async ({
    page,
  }) => {
    const call = await holdFunction(page, 200);
    const form = await fillOffer(page, {
      address: "  4100 Bell Ave, Houston, TX  ",
      condition: "Fair",
      email: "maria@example.com",
      phone: "713-555-0142",
    });
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();
    const sending = form.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();

    await expect.poll(() => call.bodies.length).toBe(1);
    expect(call.bodies[0]).toMatchObject({
      address: "4100 Bell Ave, Houston, TX",
      condition: "Fair",
      email: "maria@example.com",
      phone: "713-555-0142",
      source: "/",
    });
    expect(call.bodies[0]).not.toHaveProperty("state");
    call.release();

    const toast = page.getByRole("status").filter({ hasText: "Thank you!" });
    await expect(toast).toContainText(
      "We've received your inquiry and will contact you within 24 hours with a cash offer.",
    );
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
    await expect(form.getByLabel("Property Address")).toHaveValue("");
    await form.getByLabel("Property Address").fill("1 A St, Waco, TX");
    await form.getByRole("button", { name: "Next" }).click();
    await expect(form.getByRole("radio", { checked: true })).toHaveCount(0);
    await form.getByRole("radio", { name: /^Poor/ }).check();
    await expect(form.getByLabel("Email Address *")).toHaveValue("");
    await expect(form.getByRole("button", { name: "Request Call" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("on a failed call, logs the error, still reassures the visitor and starts over", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    const call = await holdFunction(page, 500);
    const form = await fillOffer(page, {
      address: "88 Lake Dr, Orlando, FL",
      condition: "Poor",
      email: "sam@example.com",
    });
    await form.getByRole("button", { name: "Get My Cash Offer" }).click();
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
    call.release();

    const toast = page.getByRole("status").filter({ hasText: "Form submitted!" });
    await expect(toast).toContainText(
      "Thank you for your interest. We'll contact you soon about your property.",
    );
    await expect(page.getByRole("status").filter({ hasText: "Thank you!" })).toHaveCount(0);
    expect(errors.some((text) => text.includes("Offer request failed"))).toBe(true);
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
    await expect(form.getByLabel("Property Address")).toHaveValue("");
  });
});
