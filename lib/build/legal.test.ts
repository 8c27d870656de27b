import { fillTokens, getLegalPage } from "@/lib/build/legal";
import { DO_NOT_SELL_ANCHOR } from "@/content/legal-pages";
import { formatAddress, site } from "@/config/site";

describe("the policy pages", () => {
  it.each(["privacy", "terms"] as const)("%s names the company as the site config does", (slug) => {
    const page = getLegalPage(slug);
    expect(page.html).toContain(site.company.legalName);
    expect(page.html).toContain(`href="${site.company.phone.href}"`);
    expect(page.html).toContain(formatAddress(site.company.address));
    expect(page.html).not.toMatch(/\{\{|\}\}/);
  });

  it("gives the toll-free privacy line where it says how to make a request", () => {
    const html = getLegalPage("privacy").html;
    const howToAsk = html.slice(html.indexOf("How to ask."));
    expect(howToAsk.slice(0, 600)).toContain(
      `<a href="${site.company.privacyPhone.href}">${site.company.privacyPhone.display}</a>`,
    );
  });

  it("has the section the footer's Do Not Sell link opens", () => {
    expect(getLegalPage("privacy").html).toContain(`<h2 id="${DO_NOT_SELL_ANCHOR}">`);
  });

  it("says what is recorded, for how long, and how to stop calls and texts", () => {
    const text = getLegalPage("privacy").html;
    for (const needle of [
      "utm_source",
      "gclid",
      "qhb.first-touch.v1",
      "qhb.offer-outbox.v1",
      "30 days",
      "24 hours",
      "STOP",
    ]) {
      expect(text).toContain(needle);
    }
  });
});

describe("fillTokens", () => {
  it("fills known tokens and stops the build on an unknown one, naming the file", () => {
    expect(fillTokens("Call {{ phone }}", { phone: "x" }, "f.md")).toBe("Call x");
    expect(() => fillTokens("{{company.fax}}", { phone: "x" }, "content/legal/terms.md")).toThrow(
      /content\/legal\/terms\.md: unknown \{\{company\.fax\}\}/,
    );
  });
});
