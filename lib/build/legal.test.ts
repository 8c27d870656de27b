import { fillTokens, getLegalPage } from "@/lib/build/legal";
import { DO_NOT_SELL_ANCHOR } from "@/content/legal-pages";
import { DO_NOT_SELL_ANCHOR_ES } from "@/content/es/legal-pages";
import { EXAMPLE_SPANISH_PHONE, SPANISH_PHONE_VARIABLE } from "@/config/languages.mjs";
import { formatAddress, parseUsPhone, site } from "@/config/site";

/** The loader as a build with (or without) a number answered in Spanish has it. */
function build(spanishLine: boolean): typeof import("@/lib/build/legal") {
  const saved = { ...process.env };
  if (spanishLine) process.env[SPANISH_PHONE_VARIABLE] = EXAMPLE_SPANISH_PHONE;
  else {
    delete process.env[SPANISH_PHONE_VARIABLE];
    delete process.env.QHB_LOCAL_BUILD;
  }
  try {
    let legal: typeof import("@/lib/build/legal") | undefined;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh config, for this environment
      legal = require("@/lib/build/legal");
    });
    return legal!;
  } finally {
    process.env = saved;
  }
}

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

  it("opens with its short version, and folds every section but that and Do Not Sell", () => {
    const html = getLegalPage("privacy").html;
    const open = [
      ...html.matchAll(/<details class="folded-section" open><summary><h2 id="([^"]+)">/g),
    ].map((match) => match[1]);
    expect(open).toEqual(["the-short-version", DO_NOT_SELL_ANCHOR]);
    expect(html.match(/<details class="folded-section"><summary><h2 /g)).toHaveLength(11);
    expect(html.indexOf("<h2")).toBe(html.indexOf('<h2 id="the-short-version">'));
    // Terms and texts are short enough to read straight through.
    expect(getLegalPage("terms").html).not.toContain("<details");
    expect(getLegalPage("sms").html).not.toContain("<details");
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

describe("the privacy policy on sale, sharing and the consent record", () => {
  const html = getLegalPage("privacy").html;
  /** The words of one h2 section, tags dropped. */
  const section = (id: string) => {
    const start = html.indexOf(`<h2 id="${id}">`);
    expect(start).toBeGreaterThanOrEqual(0);
    const end = html.indexOf("<h2", start + 1);
    return html
      .slice(start, end < 0 ? undefined : end)
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ");
  };

  it("keeps the client IP address and browser user agent with the consent record, 5 years", () => {
    expect(section("what-we-collect")).toContain(
      "the client IP address and the browser user agent the request came with",
    );
    const kept = section("how-long-we-keep-it");
    expect(kept).toMatch(
      /The record of your consent,? with the client IP address and browser user agent stored in it: 5 years/,
    );
    expect(kept).toContain("Telephone Consumer Protection Act can be brought up to 4 years");
    expect(kept).toContain("Offer requests: up to 3 years");
    expect(kept).toContain("The hashed IP address used to limit abuse: 24 hours");
  });

  it("says what each ad platform gets, and that GPC and opted-out requests get none of it", () => {
    const text = section(DO_NOT_SELL_ANCHOR);
    for (const needle of [
      "Google Ads and Microsoft Advertising",
      "gclid",
      "gbraid",
      "wbraid",
      "msclkid",
      "the name of the conversion",
      "someone on our team uploads",
      "Meta (Facebook and Instagram), only if we turn on Meta's Conversions API",
      '"Lead" event',
      "hashed with SHA-256",
      "the id of your request",
      "fbc",
      "fbclid",
      "None of this is sent for a request from a browser that sent Global Privacy Control, or for anyone who opted out of sale or sharing.",
    ]) {
      expect(text).toContain(needle);
    }
  });

  it("honours Global Privacy Control and says how else to opt out, toll-free line included", () => {
    const text = section(DO_NOT_SELL_ANCHOR);
    expect(text).toContain("Sec-GPC: 1");
    expect(text).toContain("navigator.globalPrivacyControl");
    expect(text).toContain("we honor it as your request to opt out of the sale and sharing");
    expect(text).toContain("never sent to any advertising platform");
    expect(text).toContain(site.company.email);
    expect(text).toContain(`call our toll-free privacy line ${site.company.privacyPhone.display}`);
    expect(text).toContain(site.company.phone.display);
    expect(text).toContain("within 15 business days");
    expect(section("your-privacy-rights")).toContain(
      "call our toll-free privacy line, " + site.company.privacyPhone.display,
    );
  });

  it("keeps texts a consent of their own, with STOP and HELP, never shared for marketing", () => {
    const text = section("calls-and-texts");
    for (const needle of [
      '"Text me about my offer"',
      "never ticked for you",
      "reply STOP to any text",
      "Reply HELP",
      "We never sell your mobile number or your consent to receive texts, and we never share them with anyone for their own marketing.",
    ]) {
      expect(text).toContain(needle);
    }
    expect(getLegalPage("sms").html).toContain(
      "We never sell your mobile number or your consent to receive texts, and we never share them with anyone for their own marketing.",
    );
  });

  it("no longer says it shares nothing", () => {
    expect(html).not.toMatch(/nothing to opt out of|have not sold or shared|never sell or share/i);
  });
});

describe("the Spanish policies", () => {
  const legal = build(true);
  const spanishLine = parseUsPhone(EXAMPLE_SPANISH_PHONE);
  const slugs = ["privacy", "terms", "sms"] as const;

  it.each(slugs)("%s is at its Spanish path, in Spanish, with the company filled in", (slug) => {
    const page = legal.getLegalPage(slug, "es");
    expect(page.language).toBe("es");
    expect(page.path).toMatch(/^\/es\/(privacidad|terminos|politica-de-mensajes)$/);
    expect(page.html).toContain(site.company.legalName);
    expect(page.html).not.toMatch(/\{\{|\}\}/);
    expect(page.updated).toBe(legal.getLegalPage(slug).updated);
  });

  it.each(slugs)("%s gives the number answered in Spanish, not the English line", (slug) => {
    const html = legal.getLegalPage(slug, "es").html;
    expect(html).toContain(`<a href="${spanishLine.href}">${spanishLine.display}</a>`);
    expect(html).not.toContain(`href="${site.company.phone.href}"`);
  });

  it("keeps the toll-free privacy line where the privacy policy gives it", () => {
    const english = getLegalPage("privacy").html;
    const spanish = legal.getLegalPage("privacy", "es").html;
    const count = (html: string) => html.split(`href="${site.company.privacyPhone.href}"`).length;
    expect(count(spanish)).toBe(count(english));
  });

  it("opens the short version and Do Not Sell, the section the Spanish footer links to", () => {
    const html = legal.getLegalPage("privacy", "es").html;
    const open = [
      ...html.matchAll(/<details class="folded-section" open><summary><h2 id="([^"]+)">/g),
    ].map((match) => match[1]);
    expect(open).toEqual(["en-pocas-palabras", DO_NOT_SELL_ANCHOR_ES]);
  });

  it("are not built without a number answered in Spanish", () => {
    expect(() => build(false).getLegalPage("privacy", "es")).toThrow(/COMPANY_SPANISH_PHONE/);
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
