import { attributionToColumns } from "./attribution.ts";
import { buildLeadEmail, escapeHtml } from "./lead-email.ts";
import { leadFixture } from "./lead-test-kit.ts";

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

describe("escapeHtml", () => {
  it("escapes the five characters that can open markup or break out of an attribute", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});

describe("buildLeadEmail", () => {
  const email = buildLeadEmail(lead);

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
    expect(email.text).toContain("Phone: not given (no call requested)");
    expect(email.text).toContain("State: Texas");
    expect(email.text).toContain("Page: /sell-house-fast-texas");
    expect(email.text).toContain(`Request id: ${lead.id}`);
    // One line per field: nothing the visitor typed starts a new one.
    expect(email.text.split("\n")).toHaveLength(2 + 9);
  });

  it("says where the lead came from, first visit included", () => {
    expect(email.text).toContain(
      "Came from: Google Ads, campaign <b>texas</b>\\u{202e}, landed on /sell-house-fast-texas; first visit: Google search, landed on /blog (2026-11-02)",
    );
    expect(buildLeadEmail(leadFixture()).text).toContain("Came from: Direct visit");
  });

  it("states the consent wording's version and time, and whether call consent was shown", () => {
    expect(email.text).toContain(
      "Consent: version 2026-11-23, submitted 2026-11-23T14:03:11.201Z; no call/text consent (no phone number was sent)",
    );
    expect(buildLeadEmail({ ...lead, phone: "555-0100" }).text).toContain(
      "call/text consent shown (a phone number was sent)",
    );
    expect(buildLeadEmail(leadFixture()).text).toContain(
      "Consent: not recorded (sent from a page older than consent records)",
    );
  });

  it("keeps the subject on one line", () => {
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).toMatch(/^New cash offer request: /);
    expect(buildLeadEmail({ ...lead, address: "1 Elm\u2028St\u0085x" }).subject).toBe(
      "New cash offer request: 1 Elm\\u{2028}St\\u{85}x",
    );
  });
});
