import { callSourceOf, classifyTouch, describeAttribution, describeTouch } from "./attribution.ts";
import type { Touch } from "./touch-fields.ts";

const at = "2026-11-20T09:00:00.000Z";
const touch = (fields: Partial<Touch> = {}): Touch => ({ landing_page: "/", at, ...fields });

describe("classifyTouch", () => {
  it.each<[string, Partial<Touch>, string, string, string]>([
    ["a Google click id", { gclid: "Cj0" }, "Google Ads", "google", "cpc"],
    ["an iOS Google click id", { gbraid: "0AAA" }, "Google Ads", "google", "cpc"],
    ["a web-to-app Google click id", { wbraid: "1BBB" }, "Google Ads", "google", "cpc"],
    [
      "google / cpc tags",
      { utm_source: "Google", utm_medium: "CPC" },
      "Google Ads",
      "google",
      "cpc",
    ],
    ["a Microsoft click id", { msclkid: "m1" }, "Microsoft Ads", "bing", "cpc"],
    ["a Facebook click id", { fbclid: "IwAR" }, "Facebook", "facebook", "social"],
    [
      "newsletter tags",
      { utm_source: "newsletter", utm_medium: "email" },
      "newsletter / email",
      "newsletter",
      "email",
    ],
    [
      "a Google referrer",
      { referrer: "https://www.google.com" },
      "Google search",
      "google",
      "organic",
    ],
    [
      "a Google country referrer",
      { referrer: "https://www.google.co.uk" },
      "Google search",
      "google",
      "organic",
    ],
    ["a Bing referrer", { referrer: "https://www.bing.com" }, "Bing search", "bing", "organic"],
    [
      "a DuckDuckGo referrer",
      { referrer: "https://duckduckgo.com" },
      "DuckDuckGo search",
      "duckduckgo",
      "organic",
    ],
    [
      "a Facebook referrer",
      { referrer: "https://m.facebook.com" },
      "Facebook",
      "facebook",
      "social",
    ],
    [
      "another site",
      { referrer: "https://www.example.com" },
      "Referral from example.com",
      "example.com",
      "referral",
    ],
    [
      "a site named like Google",
      { referrer: "https://google.com.evil.example" },
      "Referral from google.com.evil.example",
      "google.com.evil.example",
      "referral",
    ],
    ["nothing", {}, "Direct visit", "(direct)", "(none)"],
  ])("%s -> %s", (_case, fields, label, source, medium) => {
    expect(classifyTouch(touch(fields))).toMatchObject({ label, source, medium });
  });

  it("is a direct visit when no touch was sent", () => {
    expect(classifyTouch(null)).toEqual({
      source: "(direct)",
      medium: "(none)",
      campaign: null,
      label: "Direct visit",
    });
  });
});

describe("callSourceOf", () => {
  it.each<[string, Partial<Touch>, string]>([
    ["a Google click id", { gclid: "Cj0" }, "google"],
    ["an iOS Google click id", { gbraid: "0AAA" }, "google"],
    ["a web-to-app Google click id", { wbraid: "1BBB" }, "google"],
    ["google tags of any medium", { utm_source: "Google", utm_medium: "display" }, "google"],
    ["a Microsoft click id", { msclkid: "m1" }, "bing"],
    ["bing tags", { utm_source: "bing", utm_medium: "cpc" }, "bing"],
    ["microsoft tags", { utm_source: "microsoft" }, "bing"],
    ["a Facebook click id", { fbclid: "IwAR" }, "facebook"],
    ...(["facebook", "fb", "instagram", "IG"] as const).map(
      (source): [string, Partial<Touch>, string] => [
        `${source} tags`,
        { utm_source: source },
        "facebook",
      ],
    ),
    ["a Facebook referrer", { referrer: "https://m.facebook.com" }, "facebook"],
    ["an Instagram referrer", { referrer: "https://l.instagram.com" }, "facebook"],
    ["a Google referrer", { referrer: "https://www.google.com" }, "organic"],
    ["a Google country referrer", { referrer: "https://www.google.co.uk" }, "organic"],
    ["a Bing referrer", { referrer: "https://www.bing.com" }, "organic"],
    ["a DuckDuckGo referrer", { referrer: "https://duckduckgo.com" }, "organic"],
    ["newsletter tags", { utm_source: "newsletter", utm_medium: "email" }, "email"],
    ["e-mail as the source", { utm_source: "e-mail" }, "email"],
    ["other tags", { utm_source: "nextdoor", utm_medium: "social" }, "referral"],
    ["another site", { referrer: "https://www.example.com" }, "referral"],
    ["a site named like Google", { referrer: "https://google.com.evil.example" }, "referral"],
    ["a LinkedIn referrer", { referrer: "https://www.linkedin.com" }, "referral"],
    ["nothing", {}, "direct"],
    // A click id names its platform whatever the tags or the referrer say.
    ["a Google click from Facebook", { gclid: "Cj0", utm_source: "facebook" }, "google"],
    [
      "a Google ad clicked in search",
      { gclid: "Cj0", referrer: "https://www.google.com" },
      "google",
    ],
    [
      "tags over the referrer",
      { utm_source: "newsletter", referrer: "https://www.google.com" },
      "referral",
    ],
  ])("%s -> %s", (_case, fields, source) => {
    expect(callSourceOf(touch(fields))).toBe(source);
  });

  it("agrees with the operator's tool on which ad platform and which search engine a visit came from", () => {
    const visits: Partial<Touch>[] = [
      { gclid: "Cj0" },
      { msclkid: "m1" },
      { fbclid: "IwAR" },
      { gclid: "Cj0", msclkid: "m1", fbclid: "IwAR" },
      { msclkid: "m1", fbclid: "IwAR" },
      { utm_source: "google", utm_medium: "cpc" },
      { utm_source: "bing", utm_medium: "ppc" },
      { referrer: "https://www.google.com" },
      { referrer: "https://search.yahoo.com" },
      { referrer: "https://search.brave.com" },
      { referrer: "https://www.facebook.com" },
      { referrer: "https://www.example.com" },
      {},
    ];
    for (const fields of visits) {
      const channel = classifyTouch(touch(fields));
      const expected =
        channel.medium === "organic"
          ? "organic"
          : channel.medium === "(none)"
            ? "direct"
            : ["google", "bing", "facebook"].includes(channel.source)
              ? channel.source
              : "referral";
      expect([fields, callSourceOf(touch(fields))]).toEqual([fields, expected]);
    }
  });
});

describe("describeAttribution", () => {
  const ads = touch({
    landing_page: "/sell-house-fast-ohio",
    gclid: "x",
    utm_campaign: "ohio-probate",
  });

  it("says where the visit came from in one line", () => {
    expect(describeTouch(ads)).toBe(
      "Google Ads, campaign ohio-probate, landed on /sell-house-fast-ohio",
    );
    expect(describeAttribution({ last: ads })).toBe(
      "Google Ads, campaign ohio-probate, landed on /sell-house-fast-ohio",
    );
  });

  it("adds the first visit when it came another way", () => {
    const first = touch({
      landing_page: "/blog",
      referrer: "https://www.google.com",
      at: "2026-11-02T10:00:00.000Z",
    });
    expect(describeAttribution({ first, last: ads })).toBe(
      "Google Ads, campaign ohio-probate, landed on /sell-house-fast-ohio; first visit: Google search, landed on /blog (2026-11-02)",
    );
  });

  it("says it once when both visits came the same way", () => {
    expect(describeAttribution({ first: ads, last: { ...ads, at: "2026-11-23T00:00:00Z" } })).toBe(
      "Google Ads, campaign ohio-probate, landed on /sell-house-fast-ohio",
    );
  });

  it("uses the first visit when only it was sent, and says Direct visit when neither was", () => {
    expect(describeAttribution({ first: touch({ referrer: "https://example.com" }) })).toBe(
      "Referral from example.com, landed on /",
    );
    expect(describeAttribution(undefined)).toBe("Direct visit");
    expect(describeAttribution({})).toBe("Direct visit");
  });
});
