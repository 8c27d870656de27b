import { createLeadNotifier, describeLead } from "./lead-notifier.ts";
import type { Lead } from "./lead-store.ts";

const lead: Lead = {
  id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
  address: "12 Oak St\nApt 3",
  condition: "Fair",
  email: "pat@example.com",
  phone: null,
  state: "Ohio",
  source: "/sell-house-fast-ohio",
};

describe("createLeadNotifier", () => {
  afterEach(() => jest.restoreAllMocks());

  it("without e-mail settings, writes one readable log line per lead", async () => {
    const logs: string[] = [];
    await createLeadNotifier(
      () => undefined,
      (line) => logs.push(line),
    ).notify(lead);

    expect(logs).toEqual([
      `New lead ${lead.id}: "12 Oak St\\nApt 3" (Fair), email "pat@example.com", no call requested, state Ohio, from "/sell-house-fast-ohio"`,
    ]);
  });

  it("names the missing settings when only some are set", () => {
    const logs: string[] = [];
    const env: Record<string, string> = { RESEND_API_KEY: "re_123" };
    createLeadNotifier(
      (name) => env[name],
      (line) => logs.push(line),
    );

    expect(logs).toEqual([
      "Lead e-mails are off, LEADS_NOTIFY_TO, LEADS_NOTIFY_FROM not set: new leads go to this log only.",
    ]);
  });

  it("sends through Resend when all three settings are set", async () => {
    const fetchSpy = jest
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response("{}", { status: 200 }));
    const env: Record<string, string> = {
      RESEND_API_KEY: "re_123",
      LEADS_NOTIFY_TO: "leads@example.com",
      LEADS_NOTIFY_FROM: "site@example.com",
    };
    const logs: string[] = [];
    await createLeadNotifier(
      (name) => env[name],
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
