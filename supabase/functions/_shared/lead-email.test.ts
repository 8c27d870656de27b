import { buildLeadEmail, escapeHtml } from "./lead-email.ts";
import type { Lead } from "./lead-store.ts";

const lead: Lead = {
  id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
  address: `<img src=x onerror="alert(1)"> 12 Oak & Elm's\r\nBcc: victim@example.com`,
  condition: "Poor",
  email: "pat@example.com",
  phone: null,
  state: "Texas",
  source: "/sell-house-fast-texas",
};

describe("escapeHtml", () => {
  it("escapes the five characters that can open markup or break out of an attribute", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});

describe("buildLeadEmail", () => {
  const email = buildLeadEmail(lead);

  it("shows visitors' text as text in the HTML", () => {
    expect(email.html).not.toContain("<img");
    expect(email.html).toContain(
      "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; 12 Oak &amp; Elm&#39;s",
    );
  });

  it("lists every field, saying which optional ones were not given", () => {
    expect(email.text).toContain(`Address: ${lead.address}`);
    expect(email.text).toContain("Condition: Poor");
    expect(email.text).toContain("Phone: not given (no call requested)");
    expect(email.text).toContain("State: Texas");
    expect(email.text).toContain("Page: /sell-house-fast-texas");
    expect(email.text).toContain(`Request id: ${lead.id}`);
  });

  it("keeps the subject on one line", () => {
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject).toMatch(/^New cash offer request: /);
  });
});
