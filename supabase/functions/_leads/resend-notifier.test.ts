import { RESEND_URL } from "./lead-config.ts";
import { leadFixture } from "./lead-test-kit.ts";
import { asciiEmail, createResendNotifier } from "./resend-notifier.ts";

const lead = leadFixture({ address: "9 Lake Rd", phone: "555-0100" });

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
  url: RESEND_URL,
};

describe("createResendNotifier", () => {
  it("posts to the configured URL (a fake in the hosted-stack test)", async () => {
    const { calls, fetchImpl } = fakeFetch(new Response("{}", { status: 200 }));
    await createResendNotifier(
      { ...config, url: "http://127.0.0.1:3701/emails" },
      fetchImpl,
    ).notify(lead);
    expect(calls[0]?.url).toBe("http://127.0.0.1:3701/emails");
  });

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

  it("sends the e-mail again without the reply-to when Resend refuses the visitor's address", async () => {
    const bodies: Record<string, unknown>[] = [];
    const keys: string[] = [];
    const fetchImpl = (async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      keys.push((init.headers as Record<string, string>)["idempotency-key"]!);
      return body.reply_to
        ? new Response('{"message":"Invalid `reply_to` field."}', { status: 422 })
        : new Response('{"id":"email_2"}', { status: 200 });
    }) as typeof fetch;
    await createResendNotifier(config, fetchImpl).notify(lead);
    expect(bodies.map((body) => body.reply_to)).toEqual(["pat@example.com", undefined]);
    expect(String(bodies[1]?.text)).toContain("Email: pat@example.com");
    expect(keys).toEqual([`lead-${lead.id}`, `lead-${lead.id}-no-reply-to`]);
  });

  it("writes an internationalised domain as the ASCII name mail systems take", () => {
    expect(asciiEmail("pat@пример.рф")).toBe("pat@xn--e1afmkfd.xn--p1ai");
    expect(asciiEmail("pat@münchen.de")).toBe("pat@xn--mnchen-3ya.de");
    expect(asciiEmail("pat@example.com")).toBe("pat@example.com");
  });
});
