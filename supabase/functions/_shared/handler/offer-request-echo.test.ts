import { readLeadConfig } from "../config/lead-config.ts";
import { PHONE_ONE_NUMBER } from "../contract/lead-rules.ts";
import {
  buildConfirmationEmail,
  buildConfirmationText,
} from "../delivery/messages/homeowner-messages.ts";
import { buildTeamEmail, buildTeamText } from "../delivery/messages/team-messages.ts";
import { leadRequestFixture } from "../store/lead-test-kit.ts";
import { FUNCTION_URL, ID, post, SITE, withTestStore } from "./handler-test-kit.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

/**
 * Nothing a visitor typed reaches a stranger (issue 41): what an attacker typed into the form,
 * as the function takes it, stores it and words the homeowner's confirmations from it.
 */

const setup = withTestStore();

const ATTACKER_ADDRESS =
  "https://evil.example/c call (900) 555-0199 … verify your bank at https://evil.example/verify";
const ATTACKER_PHONE = "(614) 555-0123 or (900) 555-0199";
const consent = {
  version: "2026-11-23",
  at: "2026-11-23T14:03:11.201Z",
  calls: true,
  texts: true,
};
const { company } = readLeadConfig(() => undefined, { onSupabase: false });

describe("the phone field takes one number", () => {
  it("answers 400 naming the phone for a second number, and stores nothing", async () => {
    const { send, rowCount } = setup();
    const answer = await send(
      post({ ...leadRequestFixture(), address: ATTACKER_ADDRESS, phone: ATTACKER_PHONE, consent }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: `phone: ${PHONE_ONE_NUMBER}`,
      fields: ["phone"],
      messages: { phone: PHONE_ONE_NUMBER },
    });
    expect(await rowCount()).toBe(0);
  });

  it("sends the form posted without script to the not-sent page that names the phone", async () => {
    const { handle, rowCount } = setup();
    const form = new URLSearchParams({
      address: ATTACKER_ADDRESS,
      condition: "Fair",
      email: "victim@example.com",
      call: "on",
      phone: ATTACKER_PHONE,
      texts: "on",
      website: "",
      consent_version: "2026-11-25",
    });
    const response = await handle(
      new Request(FUNCTION_URL, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
        body: form.toString(),
      }),
      { remoteAddr: { hostname: "203.0.113.7" } },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/offer-not-sent/phone`);
    expect(await rowCount()).toBe(0);
  });
});

describe("an address that is no street address", () => {
  it("is kept as typed, and the homeowner's e-mail and text carry none of it; the team sees why", async () => {
    const { send, row } = setup();
    const answer = await send(
      post({
        ...leadRequestFixture(),
        address: ATTACKER_ADDRESS,
        phone: "(614) 555-0123",
        consent,
      }),
    );
    expect(answer.status).toBe(200);
    const stored = (await row(ID))!;
    expect(stored.address).toBe(ATTACKER_ADDRESS);
    expect(stored.phone).toBe("(614) 555-0123");

    const mail = buildConfirmationEmail(stored, company);
    const text = buildConfirmationText(stored, company);
    expect(mail.subject).toBe("We received your request");
    expect(text).toMatch(/: we received your request\. We will contact you/);
    for (const message of [mail.subject, mail.text, mail.html, text]) {
      expect(message).not.toContain("evil.example");
      expect(message).not.toContain("900");
      expect(message).not.toContain("verify");
    }
    // The one number given for the call, written the site's way.
    expect(mail.text).toContain("We will call you at (614) 555-0123");

    const why =
      "Left out of the homeowner's e-mail and text: the address (it contains a URL and a phone number)";
    expect(buildTeamEmail(stored).text).toContain(why);
    expect(buildTeamText(stored)).toContain(why);
  });
});

describe("a number that cannot take a text", () => {
  it("keeps the lead, and notes why the homeowner gets no text", async () => {
    const { send, row } = setup();
    const answer = await send(post({ ...leadRequestFixture(), phone: "(900) 555-0199", consent }));
    expect(answer.status).toBe(200);
    const stored = (await row(ID))!;
    expect(stored.intake_notes).toContain(
      "No confirmation text will go to the homeowner: (900) 555-0199 is a premium-rate number.",
    );
    expect(buildTeamEmail(stored).text).toContain("(900) 555-0199 is a premium-rate number");
    // Nor does the homeowner's e-mail repeat it.
    expect(buildConfirmationEmail(stored, company).text).not.toContain("900");
  });
});
