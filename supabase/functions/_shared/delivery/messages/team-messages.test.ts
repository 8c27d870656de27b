import { attributionToColumns } from "../../contract/attribution-columns.ts";
import type { ConsentRecord } from "../../store/rows.ts";
import { leadFixture } from "../../store/lead-test-kit.ts";
import {
  buildEscalationText,
  buildTeamEmail,
  buildTeamText,
  describeLead,
  leftOutForHomeowner,
} from "./team-messages.ts";

const lead = leadFixture({
  address: `<img src=x onerror="alert(1)"> 12 Oak & Elm's\r\nBcc: victim@example.com`,
  condition: "Poor",
  state: "Texas",
  source: "/sell-house-fast-texas",
  consent_version: "2026-11-23",
  consent_at: "2026-11-23T14:03:11.201Z",
  ...attributionToColumns({
    first: {
      landing_page: "/blog",
      at: "2026-11-02T10:00:00.000Z",
      referrer: "https://www.google.com",
    },
    last: {
      landing_page: "/sell-house-fast-texas",
      at: "2026-11-23T14:00:00.000Z",
      gclid: "abc",
      utm_campaign: "<b>texas</b>\u202e",
    },
  }),
});

describe("buildTeamEmail", () => {
  const email = buildTeamEmail(lead);

  it("shows visitors' text as text in the HTML, controls and direction marks written out", () => {
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<b>");
    expect(email.html).not.toMatch(/[\r\n\u202e]/);
    expect(email.html).toContain(
      "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; 12 Oak &amp; Elm&#39;s\\u{d}\\u{a}Bcc: victim@example.com",
    );
    expect(email.html).toContain("campaign &lt;b&gt;texas&lt;/b&gt;\\u{202e}");
  });

  it("lists every field, saying which optional ones were not given", () => {
    expect(email.text).toContain(
      `Address: <img src=x onerror="alert(1)"> 12 Oak & Elm's\\u{d}\\u{a}Bcc: victim@example.com`,
    );
    expect(email.text).toContain("Condition: Poor");
    expect(email.text).toContain("Call: not requested: reply by e-mail");
    expect(email.text).toContain("State: Texas");
    expect(email.text).toContain("Page: /sell-house-fast-texas");
    expect(email.text).toContain(`Request id: ${lead.id}`);
    expect(email.text).toContain(
      "Left out of the homeowner's e-mail and text: the address (it contains an e-mail address and markup)",
    );
    // One line per field: nothing the visitor typed starts a new one.
    expect(email.text.split("\n")).toHaveLength(2 + 10);
  });

  it("says where the lead came from, first visit included", () => {
    expect(email.text).toContain(
      "Came from: Google Ads, campaign <b>texas</b>\\u{202e}, landed on /sell-house-fast-texas; first visit: Google search, landed on /blog (2026-11-02)",
    );
    expect(buildTeamEmail(leadFixture()).text).toContain("Came from: Direct visit");
  });

  it("states the consent wording's version and time, and what the visitor agreed to", () => {
    expect(email.text).toContain(
      "Consent: version 2026-11-23, submitted 2026-11-23T14:03:11.201Z; no call consent (no phone number was sent)",
    );
    const consent = { calls: true, texts: false } as ConsentRecord;
    expect(buildTeamEmail({ ...lead, phone: "555-0100" }, consent).text).toContain(
      "calls agreed, no text consent",
    );
    expect(buildTeamEmail(leadFixture()).text).toContain(
      "Consent: not recorded (sent from a page older than consent records)",
    );
  });

  it("keeps the subject on one line", () => {
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).toMatch(/^New cash offer request: /);
    expect(buildTeamEmail({ ...lead, address: "1 Elm\u2028St\u0085x" }).subject).toBe(
      "New cash offer request: 1 Elm\\u{2028}St\\u{85}x",
    );
  });
});

describe("the team's text alert", () => {
  it("fits what a caller needs on one screen, what the visitor typed written out", () => {
    const text = buildTeamText({ ...lead, phone: "(614) 555-0100" });
    expect(text).toBe(
      `New lead: <img src=x onerror="alert(1)"> 12 Oak & Elm's\\u{d}\\u{a}Bcc: victim@example.com (Poor) Texas Call requested: (614) 555-0100. Email pat@example.com. From Google Ads, <b>texas</b>\\u{202e}. Left out of the homeowner's e-mail and text: the address (it contains an e-mail address and markup).`,
    );
    expect(text).not.toMatch(/[\r\n\u202e]/);
    expect(buildTeamText(leadFixture())).toBe(
      "New lead: 1 Elm St (Good) No call requested: reply by e-mail. Email pat@example.com. From Direct visit.",
    );
  });

  it("cuts a very long address so the alert stays one screen", () => {
    const text = buildEscalationText({ ...leadFixture(), address: "x".repeat(500) }, 15);
    expect(text.startsWith(`Not contacted after 15 min: ${"x".repeat(99)}… (Good)`)).toBe(true);
    expect(text.length).toBeLessThan(250);
  });
});

describe("what the team is told the homeowner was not shown", () => {
  const attacker = {
    address:
      "https://evil.example/c call (900) 555-0199 … verify your bank at https://evil.example/verify",
    phone: "(614) 555-0123 or (900) 555-0199",
  };

  it("says the address was left out and why, in the e-mail and the text", () => {
    const why =
      "the address (it contains a URL and a phone number) and the phone number (not one valid US number of a person's own line)";
    expect(leftOutForHomeowner(attacker)).toBe(why);
    const stored = leadFixture(attacker);
    expect(buildTeamEmail(stored).text).toContain(
      `Left out of the homeowner's e-mail and text: ${why}`,
    );
    expect(
      buildTeamText(stored).endsWith(` Left out of the homeowner's e-mail and text: ${why}.`),
    ).toBe(true);
  });

  it("says nothing when the homeowner was shown what was typed", () => {
    expect(leftOutForHomeowner({ address: "12 Oak St, Columbus, OH", phone: null })).toBeNull();
    expect(leftOutForHomeowner({ address: "12 Oak St", phone: "614-555-0123 cell" })).toBeNull();
    expect(buildTeamEmail(leadFixture()).text).not.toContain("Left out");
    expect(leftOutForHomeowner({ address: "12 Oak St", phone: "+44 20 7946 0958" })).toBe(
      "the phone number (not one valid US number of a person's own line)",
    );
  });
});

describe("describeLead", () => {
  it("is one log line, visitors' text quoted and written out", () => {
    expect(describeLead({ ...leadFixture(), address: "12 Oak St\nApt 3", phone: "555-0100" })).toBe(
      `${lead.id}: "12 Oak St\\nApt 3" (Good), email "pat@example.com", phone "555-0100", from "/"`,
    );
  });
});

describe("a Spanish lead", () => {
  const spanish = leadFixture({ phone: "(614) 555-0100", language: "es" });

  it("tells the team in the e-mail, the text and the escalation that the homeowner prefers Spanish", () => {
    const email = buildTeamEmail(spanish);
    expect(email.text).toContain("Language: Prefiere español (prefers Spanish)");
    expect(email.html).toContain("Prefiere español (prefers Spanish)");
    expect(buildTeamText(spanish)).toContain(
      "Call requested: (614) 555-0100. Prefiere español (prefers Spanish). Email",
    );
    expect(buildEscalationText(spanish, 15)).toContain("Prefiere español (prefers Spanish).");
  });

  it("adds nothing for an English lead", () => {
    const english = leadFixture({ phone: "(614) 555-0100" });
    expect(`${buildTeamEmail(english).text}${buildTeamText(english)}`).not.toMatch(
      /Language|Prefiere|Spanish/,
    );
  });
});
