import { parseRateLimit, readLeadConfig, RESEND_URL } from "./lead-config.ts";
import { META_GRAPH_URL } from "./meta-conversions.ts";

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

describe("Meta's Lead events", () => {
  const both = { META_DATASET_ID: " 123456789012345 ", META_ACCESS_TOKEN: "EAAGsecret" };

  it("are off unless both the dataset id and the access token are set", () => {
    expect(read({}).meta).toBeNull();
    expect(read(both).meta).toEqual({
      datasetId: "123456789012345",
      accessToken: "EAAGsecret",
      apiVersion: "v26.0",
      url: META_GRAPH_URL,
    });
  });

  it("take the API version, a test event code and the Graph URL (the tests' fake) when given", () => {
    expect(
      read({
        ...both,
        META_API_VERSION: "v27.0",
        META_TEST_EVENT_CODE: "TEST12345",
        META_GRAPH_URL: "http://127.0.0.1:3710",
      }).meta,
    ).toMatchObject({
      apiVersion: "v27.0",
      testEventCode: "TEST12345",
      url: "http://127.0.0.1:3710",
    });
  });

  it("stop the function when only one of the two is set, naming the missing one", () => {
    expect(() => read({ META_DATASET_ID: "123" })).toThrow(
      "META_ACCESS_TOKEN is not set, but META_DATASET_ID is: set both to send Lead events to Meta, or neither.",
    );
    expect(() => read({ META_ACCESS_TOKEN: "EAAGsecret", META_DATASET_ID: " " })).toThrow(
      "META_DATASET_ID is not set, but META_ACCESS_TOKEN is",
    );
  });

  it("refuse a dataset id or an API version Meta would not take", () => {
    expect(() => read({ ...both, META_DATASET_ID: "act_123" })).toThrow(
      'META_DATASET_ID must be the dataset\'s id, digits only; got "act_123".',
    );
    expect(() => read({ ...both, META_API_VERSION: "26" })).toThrow(
      'META_API_VERSION must look like "v26.0"; got "26".',
    );
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
