import { parseRateLimit, readLeadConfig, RESEND_URL } from "./lead-config.ts";

const read = (values: Record<string, string>, onSupabase = true) =>
  readLeadConfig((name) => values[name], { onSupabase });

describe("readLeadConfig", () => {
  it("allows the site with and without www by default", () => {
    expect(read({}).allowedOrigins).toEqual([
      "https://quickhomebuyers.com",
      "https://www.quickhomebuyers.com",
    ]);
  });

  it("adds NEXT_PUBLIC_SITE_URL with its www twin, and ALLOWED_ORIGINS, to the defaults", () => {
    const { allowedOrigins } = read({
      NEXT_PUBLIC_SITE_URL: "https://www.staging.example/",
      ALLOWED_ORIGINS: " https://preview.example , http://localhost:*",
    });
    expect(allowedOrigins).toEqual([
      "https://quickhomebuyers.com",
      "https://www.quickhomebuyers.com",
      "https://www.staging.example",
      "https://staging.example",
      "https://preview.example",
      "http://localhost:*",
    ]);
  });

  it("limits to 5 requests per 10 minutes unless told otherwise", () => {
    expect(read({}).rateLimit).toEqual({ max: 5, windowSeconds: 600 });
    expect(read({ LEADS_RATE_LIMIT: "100/60" }).rateLimit).toEqual({ max: 100, windowSeconds: 60 });
    expect(read({ LEADS_RATE_LIMIT: "off" }).rateLimit).toBeNull();
  });

  it("trusts X-Forwarded-For on Supabase only, unless LEADS_TRUST_FORWARDED_FOR says", () => {
    expect(read({}, true).addressSource).toBe("first-forwarded");
    expect(read({}, false).addressSource).toBe("socket");
    expect(read({ LEADS_TRUST_FORWARDED_FOR: "1" }, false).addressSource).toBe("first-forwarded");
    expect(read({ LEADS_TRUST_FORWARDED_FOR: "0" }, true).addressSource).toBe("socket");
    expect(() => read({ LEADS_TRUST_FORWARDED_FOR: "maybe" })).toThrow(
      'LEADS_TRUST_FORWARDED_FOR must be 1 or 0; got "maybe".',
    );
  });

  it("behind the operator's own proxies, counts them from the right (LEADS_TRUSTED_PROXIES)", () => {
    expect(read({ LEADS_TRUSTED_PROXIES: "1" }, false).addressSource).toEqual({ proxies: 1 });
    expect(read({ LEADS_TRUSTED_PROXIES: "0" }, false).addressSource).toBe("socket");
    expect(() => read({ LEADS_TRUSTED_PROXIES: "yes" })).toThrow(
      'LEADS_TRUSTED_PROXIES must be the number of reverse proxies in front (0 to 10); got "yes".',
    );
    expect(() => read({ LEADS_TRUSTED_PROXIES: "1", LEADS_TRUST_FORWARDED_FOR: "1" })).toThrow(
      "Set LEADS_TRUSTED_PROXIES or LEADS_TRUST_FORWARDED_FOR, not both",
    );
  });

  it("turns the retry endpoint on only with a secret", () => {
    expect(read({}).cronSecret).toBeNull();
    expect(read({ LEADS_CRON_SECRET: " s3cret " }).cronSecret).toBe("s3cret");
  });

  it("sends e-mail through Resend when all three settings are set, at RESEND_API_URL if given", () => {
    const all = {
      RESEND_API_KEY: "re_1",
      LEADS_NOTIFY_TO: "a@example.com",
      LEADS_NOTIFY_FROM: "b@example.com",
    };
    expect(read(all).resend).toEqual({
      apiKey: "re_1",
      to: "a@example.com",
      from: "b@example.com",
      url: RESEND_URL,
    });
    expect(read({ ...all, RESEND_API_URL: "http://127.0.0.1:3701/emails" }).resend?.url).toBe(
      "http://127.0.0.1:3701/emails",
    );
    expect(read({})).toMatchObject({ resend: null, resendMissing: [] });
    expect(read({ RESEND_API_KEY: "re_1" })).toMatchObject({
      resend: null,
      resendMissing: ["LEADS_NOTIFY_TO", "LEADS_NOTIFY_FROM"],
    });
  });
});

describe("parseRateLimit", () => {
  it.each(["5", "0/600", "5/0", "5 per 600", "5/100000", "-1/60"])(
    "refuses %j, saying how to write it",
    (value) => {
      expect(() => parseRateLimit(value)).toThrow(
        /LEADS_RATE_LIMIT must be "<requests>\/<seconds>"/,
      );
    },
  );
});
