import { expect, test, toastItem } from "./support/test";

import { CONSENT_VERSION } from "../content/consent";
import { FUNCTION_URL, fillOffer, holdFunction } from "./support/offer-form";

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
    // The 300 ms run on a clock the test holds, so a busy machine cannot skip past them.
    await page.clock.install();
    await page.goto("/");
    await page.clock.pauseAt(Date.now() + 60_000);
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

    await group.getByText("Needs Work", { exact: true }).click();
    await expect(group.getByRole("radio", { name: /^Needs Work/ })).toBeChecked();
    await page.clock.runFor(299);
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "2");
    await page.clock.runFor(1);
    await expect(form.getByLabel("Email Address *")).toBeVisible();
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

  test("reveals the phone field, the call wording and the separate box for texts when a call is requested", async ({
    page,
  }) => {
    const form = await fillOffer(page, {
      address: "12 Pine Rd, Tulsa, OK",
      condition: "Good",
      email: "dana@example.com",
    });
    const toggle = form.getByRole("switch", { name: "Request Call" });
    await expect(toggle).not.toBeChecked();
    await expect(form.getByLabel("Phone Number")).toBeHidden();
    await toggle.check();
    const requested = form.getByRole("switch", { name: "Call Requested" });
    await expect(requested).toBeChecked();
    await expect(form.getByLabel("Phone Number")).toHaveAttribute("type", "tel");
    await expect(form.getByText(/may call you at this number about your property/)).toBeVisible();
    const texts = form.getByRole("checkbox", { name: /^Text me about my offer/ });
    // Optional and unticked: a call does not sign anyone up for texts.
    await expect(texts).not.toBeChecked();
    await expect(texts).toHaveAccessibleName(
      /Msg & data rates may apply\. Reply STOP to cancel, HELP for help\./,
    );
    await requested.uncheck();
    await expect(form.getByLabel("Phone Number")).toBeHidden();
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
      consent: {
        version: CONSENT_VERSION,
        calls: true,
        texts: false,
        shown: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    expect(call.bodies[0]).not.toHaveProperty("state");
    call.release();

    const toast = toastItem(page, "Thank you!");
    await expect(toast).toContainText(
      "We've received your inquiry and will contact you within 24 hours with a cash offer.",
    );
    // In place of the form: what was sent, and nothing to confuse with a new request.
    const received = page.getByRole("region", { name: "Request received" });
    await expect(received).toContainText("4100 Bell Ave, Houston, TX");
    await expect(received).toContainText("maria@example.com");
    // Sent as typed; shown the way the site writes a number, so it is easy to check.
    await expect(received).toContainText("We'll call(713) 555-0142");
    await expect(form).toBeHidden();
    await received.getByRole("button", { name: "Request another offer" }).click();

    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
    await expect(form.getByLabel("Property Address")).toHaveValue("");
    await expect(form.getByLabel("Property Address")).toBeFocused();
    await form.getByLabel("Property Address").fill("1 A St, Waco, TX");
    await form.getByRole("button", { name: "Next" }).click();
    await expect(form.getByRole("radio", { checked: true })).toHaveCount(0);
    await form.getByRole("radio", { name: /^Poor/ }).check();
    await expect(form.getByLabel("Email Address *")).toHaveValue("");
    await expect(form.getByRole("switch", { name: "Request Call" })).not.toBeChecked();
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

    const toast = toastItem(page, "Form submitted!");
    await expect(toast).toContainText(
      "Thank you for your interest. We'll contact you soon about your property.",
    );
    await expect(toastItem(page, "Thank you!")).toHaveCount(0);
    expect(errors.some((text) => text.includes("Offer request failed"))).toBe(true);
    // Said plainly: saved on this device, to be sent on its own.
    const saved = page.getByRole("region", { name: "Request saved, sending soon" });
    await expect(saved).toContainText("88 Lake Dr, Orlando, FL");
    // No call was asked for: no number to call back.
    await expect(saved).not.toContainText("We'll call");
    await saved.getByRole("button", { name: "Request another offer" }).click();
    await expect(form.getByRole("progressbar")).toHaveAttribute("value", "1");
    await expect(form.getByLabel("Property Address")).toHaveValue("");
  });
});

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`after sending, at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("the panel shows the number to call back, and the toast covers neither it nor the heading", async ({
      page,
    }) => {
      // The panel comes into view at once, so its place can be read straight after.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.route(FUNCTION_URL, (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: "{}" }),
      );
      await page.goto("/");
      const form = await fillOffer(page, {
        address: "4100 Bell Ave, Houston, TX",
        condition: "Fair",
        email: "maria@example.com",
        phone: "(713) 555-0142",
      });
      await form.getByRole("button", { name: "Get My Cash Offer" }).click();

      // The toast as drawn (Radix also announces it in a live region of its own, 1 px in size).
      const toast = page
        .getByRole("region", { name: /^Notifications/ })
        .getByRole("listitem")
        .filter({ hasText: "Thank you!" });
      await expect(toast).toBeVisible();
      const received = page.getByRole("region", { name: "Request received" });
      const heading = received.getByRole("heading", { name: "Request received" });
      const number = received.getByText("(713) 555-0142", { exact: true });
      await expect(heading).toBeFocused();
      await expect(heading).toBeInViewport({ ratio: 1 });
      await expect(number).toBeInViewport({ ratio: 1 });

      const toastBox = (await toast.boundingBox())!;
      expect(overlaps(toastBox, (await heading.boundingBox())!)).toBe(false);
      expect(overlaps(toastBox, (await number.boundingBox())!)).toBe(false);
      if (viewport.width < 640) {
        // On a phone the toast spans the screen's width: it stays clear of the whole panel.
        expect(overlaps(toastBox, (await received.boundingBox())!)).toBe(false);
      }
    });
  });
}
