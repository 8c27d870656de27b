import { parseRateLimit, readLeadConfig, RESEND_URL } from "./lead-config.ts";
import { META_GRAPH_URL } from "./lead-config.ts";

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

  it("reads the client's address as Supabase passes it on Supabase only, unless LEADS_TRUST_FORWARDED_FOR says", () => {
    expect(read({}, true).addressSource).toBe("supabase");
    expect(read({}, false).addressSource).toBe("socket");
    expect(read({ LEADS_TRUST_FORWARDED_FOR: "1" }, false).addressSource).toBe("supabase");
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

  it("caps homeowners' messages at 30 an hour unless told otherwise, 0 turning the cap off", () => {
    expect(read({}).homeownerMessagesPerHour).toBe(30);
    expect(read({ LEADS_HOMEOWNER_MESSAGES_PER_HOUR: " 120 " }).homeownerMessagesPerHour).toBe(120);
    expect(read({ LEADS_HOMEOWNER_MESSAGES_PER_HOUR: "0" }).homeownerMessagesPerHour).toBeNull();
    for (const wrong of ["-1", "2.5", "lots", "10001"]) {
      expect(() => read({ LEADS_HOMEOWNER_MESSAGES_PER_HOUR: wrong })).toThrow(
        `LEADS_HOMEOWNER_MESSAGES_PER_HOUR must be whole messages from 0 (no cap) to 10000; got "${wrong}".`,
      );
    }
  });

  it("turns the retry endpoint on only with a secret", () => {
    expect(read({}).cronSecret).toBeNull();
    expect(read({ LEADS_CRON_SECRET: " s3cret " }).cronSecret).toBe("s3cret");
  });

  it("signs the 503's list of sent deliveries with LEADS_SIGNING_SECRET, else on Supabase its service role key", () => {
    const secret = "x".repeat(32);
    const serviceRole = "eyJhbGciOiJIUzI1NiJ9.service-role";
    expect(read({ SUPABASE_SERVICE_ROLE_KEY: serviceRole }, true).signingSecret).toBe(serviceRole);
    expect(
      read({ LEADS_SIGNING_SECRET: secret, SUPABASE_SERVICE_ROLE_KEY: serviceRole }, true)
        .signingSecret,
    ).toBe(secret);
    // The local server keeps its own in the data folder.
    expect(read({ SUPABASE_SERVICE_ROLE_KEY: serviceRole }, false).signingSecret).toBeNull();
    expect(() => read({ LEADS_SIGNING_SECRET: "short-s3cret-value" })).toThrow(
      /^LEADS_SIGNING_SECRET must be at least 32 characters \(openssl rand -base64 32 makes one\)\.$/,
    );
  });

  it("sends the team's e-mail through Resend when all three settings are set, at RESEND_API_URL if given", () => {
    const all = {
      RESEND_API_KEY: "re_1",
      LEADS_NOTIFY_TO: "a@example.com, b@example.com",
      LEADS_NOTIFY_FROM: "site@example.com",
    };
    expect(read(all)).toMatchObject({
      resend: { apiKey: "re_1", url: RESEND_URL },
      teamEmail: { to: ["a@example.com", "b@example.com"], from: "site@example.com" },
    });
    expect(read({ ...all, RESEND_API_URL: "http://127.0.0.1:3701/emails" }).resend?.url).toBe(
      "http://127.0.0.1:3701/emails",
    );
    expect(read({})).toMatchObject({ resend: null, teamEmail: null, teamEmailMissing: [] });
    expect(read({ RESEND_API_KEY: "re_1" })).toMatchObject({
      teamEmail: null,
      teamEmailMissing: ["LEADS_NOTIFY_TO", "LEADS_NOTIFY_FROM"],
    });
  });
});

describe("the other channels", () => {
  const twilio = {
    TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "token",
    TWILIO_FROM: "(614) 555-0199",
  };
  const secret = `whsec_${Buffer.from("k".repeat(32)).toString("base64")}`;

  it("texts the team through Twilio with every TWILIO_* setting, numbers as typed read as E.164", () => {
    expect(
      read({ ...twilio, LEADS_ALERT_SMS_TO: "614-555-0177, +1 (614) 555-0188" }),
    ).toMatchObject({
      twilio: { from: "+16145550199", url: "https://api.twilio.com", inboundUrl: null },
      alertSmsTo: ["+16145550177", "+16145550188"],
    });
    expect(read({ ...twilio, TWILIO_FROM: `MG${"a".repeat(32)}` }).twilio?.from).toBe(
      `MG${"a".repeat(32)}`,
    );
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      "half the Twilio settings",
      { TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID },
      /TWILIO_AUTH_TOKEN, TWILIO_FROM are not set, but TWILIO_ACCOUNT_SID is/,
    ],
    [
      "a SID that is not one",
      { ...twilio, TWILIO_ACCOUNT_SID: "AC123" },
      /TWILIO_ACCOUNT_SID must be the account's SID/,
    ],
    [
      "team texts without Twilio",
      { LEADS_ALERT_SMS_TO: "614-555-0177" },
      /LEADS_ALERT_SMS_TO is set: set the TWILIO_\* settings/,
    ],
    [
      "a team number that is none",
      { ...twilio, LEADS_ALERT_SMS_TO: "the office" },
      /LEADS_ALERT_SMS_TO takes phone numbers/,
    ],
    ["homeowner texts without Twilio", { LEADS_CONFIRM_SMS: "1" }, /LEADS_CONFIRM_SMS is on/],
    [
      "a confirmation without Resend",
      { LEADS_CONFIRM_FROM: "offers@example.com" },
      /LEADS_CONFIRM_FROM is set: set RESEND_API_KEY/,
    ],
    [
      "a webhook without a secret",
      { LEADS_WEBHOOK_URL: "https://crm.example/hook" },
      /Unsigned webhooks are not sent/,
    ],
    [
      "a webhook over plain http",
      { LEADS_WEBHOOK_URL: "http://crm.example/hook", LEADS_WEBHOOK_SECRET: secret },
      /LEADS_WEBHOOK_URL takes https addresses/,
    ],
    [
      "a secret that is not whsec_",
      { LEADS_WEBHOOK_URL: "https://crm.example/hook", LEADS_WEBHOOK_SECRET: "hunter2" },
      /LEADS_WEBHOOK_SECRET must be Standard Webhooks secrets/,
    ],
    [
      "an escalation by text without Twilio",
      { LEADS_ESCALATE_TO: "(614) 555-0188" },
      /LEADS_ESCALATE_TO names a phone number/,
    ],
    [
      "an escalation by e-mail without Resend",
      { LEADS_ESCALATE_TO: "owner@example.com" },
      /LEADS_ESCALATE_TO names an e-mail address/,
    ],
    [
      "an escalation after no time",
      { LEADS_ESCALATE_AFTER_MINUTES: "0" },
      /LEADS_ESCALATE_AFTER_MINUTES must be whole minutes from 1 to 1440/,
    ],
    [
      "a company phone that is none",
      { COMPANY_PHONE: "call us" },
      /COMPANY_PHONE must be a phone number/,
    ],
  ])("stop the function on %s, naming the setting", (_case, env, message) => {
    expect(() => read(env)).toThrow(message);
  });

  it("sign each webhook with its own secret, or one for all, rotating secrets side by side", () => {
    const other = `whsec_${Buffer.from("o".repeat(24)).toString("base64")}`;
    expect(
      read({
        LEADS_WEBHOOK_URL: "https://crm.example/hook, http://127.0.0.1:9/hook",
        LEADS_WEBHOOK_SECRET: `${secret} ${other}, ${other}`,
      }).webhooks,
    ).toEqual([
      { url: "https://crm.example/hook", secrets: [secret, other] },
      { url: "http://127.0.0.1:9/hook", secrets: [other] },
    ]);
    expect(
      read({
        LEADS_WEBHOOK_URL: "https://a.example/1,https://b.example/2",
        LEADS_WEBHOOK_SECRET: secret,
      }).webhooks,
    ).toHaveLength(2);
  });

  it("escalate after 15 minutes by default, to e-mails and numbers", () => {
    expect(read({}).escalation).toEqual({ afterMinutes: 15, to: [] });
    expect(
      read({
        ...twilio,
        RESEND_API_KEY: "re_1",
        LEADS_NOTIFY_TO: "a@example.com",
        LEADS_NOTIFY_FROM: "site@example.com",
        LEADS_ESCALATE_TO: "owner@example.com, 614 555 0188",
        LEADS_ESCALATE_AFTER_MINUTES: "5",
      }).escalation,
    ).toEqual({ afterMinutes: 5, to: ["owner@example.com", "+16145550188"] });
  });

  it("name the company in what a homeowner receives, the site's example by default", () => {
    expect(read({}).company).toEqual({
      name: "Quick Home Buyers",
      phone: "(614) 555-0142",
      email: "offers@quickhomebuyers.com",
      spanishPhone: null,
    });
    // A Spanish lead's messages give the number answered in Spanish.
    expect(read({ COMPANY_SPANISH_PHONE: "(614) 555-0143" }).company.spanishPhone).toBe(
      "(614) 555-0143",
    );
    expect(() => read({ COMPANY_SPANISH_PHONE: "call us" })).toThrow(
      /COMPANY_SPANISH_PHONE must be a phone number/,
    );
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

describe("a secret in the wrong setting", () => {
  const webhookSecret = `whsec_${Buffer.from("w".repeat(32)).toString("base64")}`;
  /** Every channel on, so that each setting below is read and checked. */
  const everything = {
    TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "token",
    TWILIO_FROM: "(614) 555-0199",
    RESEND_API_KEY: "re_1",
    LEADS_NOTIFY_TO: "team@example.com",
    LEADS_NOTIFY_FROM: "site@example.com",
    LEADS_WEBHOOK_URL: "https://crm.example/hook",
    LEADS_WEBHOOK_SECRET: `whsec_${Buffer.from("k".repeat(32)).toString("base64")}`,
    META_DATASET_ID: "123",
    META_ACCESS_TOKEN: "EAAGother",
  };
  /** Each secret setting with a value of its kind; the cron secret has no shape to know it by. */
  const SECRETS: [string, string][] = [
    ["RESEND_API_KEY", "re_Fq7xKpLmNvBcTzRwYdH"],
    ["TWILIO_AUTH_TOKEN", "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6"],
    ["META_ACCESS_TOKEN", "EAAGmPXZCpsBAKZCcZAfTx9kQ2"],
    ["LEADS_WEBHOOK_SECRET", webhookSecret],
    ["LEADS_CRON_SECRET", "correct horse battery staple"],
    [
      "SUPABASE_SERVICE_ROLE_KEY",
      "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZSJ9.c2ln",
    ],
  ];
  /** The settings whose refusal quotes what was written. */
  const PLACES = [
    "LEADS_RATE_LIMIT",
    "LEADS_HOMEOWNER_MESSAGES_PER_HOUR",
    "LEADS_TRUSTED_PROXIES",
    "LEADS_TRUST_FORWARDED_FOR",
    "TWILIO_ACCOUNT_SID",
    "TWILIO_FROM",
    "TWILIO_INBOUND_URL",
    "LEADS_ALERT_SMS_TO",
    "LEADS_CONFIRM_SMS",
    "LEADS_WEBHOOK_URL",
    "LEADS_ESCALATE_AFTER_MINUTES",
    "LEADS_ESCALATE_TO",
    "COMPANY_PHONE",
    "COMPANY_EMAIL",
    "META_DATASET_ID",
    "META_API_VERSION",
  ];
  const cases = PLACES.flatMap((place) => SECRETS.map(([name, secret]) => [place, name, secret]));

  it.each(cases)("%s names itself, not a copy of %s", (place, name, secret) => {
    const env = { ...everything, [name]: secret, [place]: secret };
    expect(() => read(env)).toThrow(new RegExp(`^${place} .*not shown`));
    expect(() => read(env)).not.toThrow(secret);
  });

  it.each(cases.filter(([, name]) => name !== "LEADS_CRON_SECRET"))(
    "%s names itself, not a value shaped like %s's",
    (place, _name, secret) => {
      const env = { ...everything, [place]: secret };
      expect(() => read(env)).toThrow(new RegExp(`^${place} .*not shown`));
      expect(() => read(env)).not.toThrow(secret);
    },
  );

  it("still shows a value that is no secret, and says when it leaves one out", () => {
    expect(() => read({ COMPANY_PHONE: "call us" })).toThrow(
      'COMPANY_PHONE must be a phone number; got "call us".',
    );
    expect(() => read({ COMPANY_PHONE: "re_Fq7xKpLmNvBcTzRwYdH" })).toThrow(
      "COMPANY_PHONE must be a phone number; got a value that may be a secret (not shown).",
    );
    expect(() => parseRateLimit("re_Fq7xKpLmNvBcTzRwYdH")).toThrow(/LEADS_RATE_LIMIT.*not shown/);
  });

  it("leaves out a database URL's password wherever it turns up", () => {
    const env = {
      SUPABASE_DB_URL: "postgresql://postgres:Tr0ub4dor@db.example:5432/postgres",
      COMPANY_EMAIL: "Tr0ub4dor",
    };
    expect(() => read(env)).toThrow(/^COMPANY_EMAIL .*not shown/);
    expect(() => read(env)).not.toThrow("Tr0ub4dor");
  });
});

describe("a webhook address with credentials in it", () => {
  const secret = `whsec_${Buffer.from("k".repeat(32)).toString("base64")}`;

  it.each([
    "https://zapier:Pa55-w0rd-s3cret@crm.example/hook",
    "http://zapier:Pa55-w0rd-s3cret@crm.example/hook",
    "https://Pa55-w0rd-s3cret@crm.example/hook",
    "https://a.example/hook, https://zapier:Pa55-w0rd-s3cret@crm.example/hook",
  ])("is refused at start-up without printing the password: %s", (url) => {
    const env = { LEADS_WEBHOOK_URL: url, LEADS_WEBHOOK_SECRET: secret };
    expect(() => read(env)).toThrow(
      'LEADS_WEBHOOK_URL must not carry credentials (user:password@ in the address for "crm.example"): the endpoint checks each webhook\'s signature, so put the shared secret in LEADS_WEBHOOK_SECRET instead.',
    );
    expect(() => read(env)).not.toThrow("Pa55-w0rd-s3cret");
  });
});
