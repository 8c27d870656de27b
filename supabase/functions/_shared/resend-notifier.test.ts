import type { Lead } from "./lead-store.ts";
import { createResendNotifier } from "./resend-notifier.ts";

const lead: Lead = {
  id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
  address: "9 Lake Rd",
  condition: "Good",
  email: "pat@example.com",
  phone: "555-0100",
  state: null,
  source: "/",
};

function fakeFetch(response: Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return response;
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const config = {
  apiKey: "re_123",
  to: "leads@example.com, owner@example.com",
  from: "Quick Home Buyers <site@example.com>",
};

describe("createResendNotifier", () => {
  it("posts the e-mail to Resend with the key, both recipients and the homeowner as reply-to", async () => {
    const { calls, fetchImpl } = fakeFetch(new Response('{"id":"email_1"}', { status: 200 }));
    await createResendNotifier(config, fetchImpl).notify(lead);

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe("https://api.resend.com/emails");
    expect(call?.init.method).toBe("POST");
    expect(call?.init.headers).toMatchObject({
      authorization: "Bearer re_123",
      "content-type": "application/json",
      "idempotency-key": `lead-${lead.id}`,
    });
    expect(JSON.parse(String(call?.init.body))).toMatchObject({
      from: config.from,
      to: ["leads@example.com", "owner@example.com"],
      reply_to: "pat@example.com",
      subject: "New cash offer request: 9 Lake Rd",
    });
  });

  it("throws with Resend's status and message when it refuses", async () => {
    const { fetchImpl } = fakeFetch(
      new Response('{"message":"API key is invalid"}', { status: 401 }),
    );
    await expect(createResendNotifier(config, fetchImpl).notify(lead)).rejects.toThrow(
      'Resend answered 401: {"message":"API key is invalid"}',
    );
  });
});
