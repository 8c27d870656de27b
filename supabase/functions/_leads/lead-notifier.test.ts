import { readLeadConfig } from "./lead-config.ts";
import { createLeadNotifier, describeLead } from "./lead-notifier.ts";
import { leadFixture } from "./lead-test-kit.ts";

const lead = leadFixture({
  address: "12 Oak St\nApt 3",
  condition: "Fair",
  state: "Ohio",
  source: "/sell-house-fast-ohio",
});

const config = (env: Record<string, string>) =>
  readLeadConfig((name) => env[name], { onSupabase: false });

describe("createLeadNotifier", () => {
  afterEach(() => jest.restoreAllMocks());

  it("without e-mail settings, writes one readable log line per lead", async () => {
    const logs: string[] = [];
    await createLeadNotifier(config({}), (line) => logs.push(line)).notify(lead);

    expect(logs).toEqual([
      `New lead ${lead.id}: "12 Oak St\\nApt 3" (Fair), email "pat@example.com", no call requested, state Ohio, from "/sell-house-fast-ohio"`,
    ]);
  });

  it("writes format characters and separators in visitors' text out, so none reaches the terminal raw", async () => {
    const logs: string[] = [];
    await createLeadNotifier(config({}), (line) => logs.push(line)).notify({
      ...lead,
      address: "12 Oak\u200b St\u00ad\ufeff\u2028Apt 3",
      email: "pat\u200b@example.com",
      phone: "555\u2060-0100\u2029",
      source: "/blog\u200d",
    });

    expect(logs).toEqual([
      `New lead ${lead.id}: "12 Oak\\u200b St\\u00ad\\ufeff\\u2028Apt 3" (Fair), email "pat\\u200b@example.com", phone "555\\u2060-0100\\u2029", state Ohio, from "/blog\\u200d"`,
    ]);
    expect(logs[0]).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u);
  });

  it("names the missing settings when only some are set", () => {
    const logs: string[] = [];
    createLeadNotifier(config({ RESEND_API_KEY: "re_123" }), (line) => logs.push(line));

    expect(logs).toEqual([
      "Lead e-mails are off, LEADS_NOTIFY_TO, LEADS_NOTIFY_FROM not set: new leads go to this log only.",
    ]);
  });

  it("sends through Resend when all three settings are set", async () => {
    const fetchSpy = jest
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response("{}", { status: 200 }));
    const logs: string[] = [];
    await createLeadNotifier(
      config({
        RESEND_API_KEY: "re_123",
        LEADS_NOTIFY_TO: "leads@example.com",
        LEADS_NOTIFY_FROM: "site@example.com",
      }),
      (line) => logs.push(line),
    ).notify(lead);

    expect(fetchSpy).toHaveBeenCalledWith(
      "https://api.resend.com/emails",
      expect.objectContaining({ method: "POST" }),
    );
    expect(logs).toEqual([]);
  });
});

describe("describeLead", () => {
  it("includes the phone when a call was requested", () => {
    expect(describeLead({ ...lead, phone: "555-0100", state: null, source: null })).toBe(
      `${lead.id}: "12 Oak St\\nApt 3" (Fair), email "pat@example.com", phone "555-0100"`,
    );
  });
});
