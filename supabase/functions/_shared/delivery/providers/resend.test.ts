import { RESEND_URL } from "../../config/lead-config.ts";
import { asciiEmail, sendEmail, type Email } from "./resend.ts";

function fakeFetch(respond: (body: Record<string, unknown>) => Response) {
  const calls: { url: string; init: RequestInit; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ url, init, body });
    return respond(body);
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const config = { apiKey: "re_123", url: RESEND_URL };
const email: Email = {
  from: "Quick Home Buyers <site@example.com>",
  to: ["leads@example.com", "owner@пример.рф"],
  replyTo: "pat@example.com",
  subject: "New cash offer request: 9 Lake Rd",
  html: "<p>x</p>",
  text: "Email: pat@example.com",
};
const KEY = "3a8016d6-66a1-86c2-9cc5-326cac6d9c99";

describe("sendEmail", () => {
  it("posts to Resend with the key, every recipient, the reply-to, and the delivery's id as idempotency key", async () => {
    const { calls, fetchImpl } = fakeFetch(() => Response.json({ id: "email_1" }));
    expect(await sendEmail(config, email, KEY, fetchImpl)).toEqual({
      outcome: "sent",
      status: 200,
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe("https://api.resend.com/emails");
    expect(calls[0]?.init.headers).toMatchObject({
      authorization: "Bearer re_123",
      "content-type": "application/json",
      "idempotency-key": KEY,
    });
    expect(calls[0]?.body).toMatchObject({
      from: email.from,
      to: ["leads@example.com", "owner@xn--e1afmkfd.xn--p1ai"],
      reply_to: "pat@example.com",
      subject: "New cash offer request: 9 Lake Rd",
    });
  });

  it.each<[number, string]>([
    [401, "failed"],
    [403, "failed"],
    [429, "retry"],
    [500, "retry"],
  ])("takes a %i as %s, with Resend's words", async (status, outcome) => {
    const { fetchImpl } = fakeFetch(
      () => new Response('{"message":"API key is invalid"}', { status }),
    );
    expect(await sendEmail(config, email, KEY, fetchImpl)).toMatchObject({
      outcome,
      status,
      error: `${status} from Resend: {"message":"API key is invalid"}`,
    });
  });

  it("sends the e-mail again without the reply-to when Resend refuses the visitor's address", async () => {
    const { calls, fetchImpl } = fakeFetch((body) =>
      body.reply_to
        ? new Response('{"message":"Invalid `reply_to` field."}', { status: 422 })
        : Response.json({ id: "email_2" }),
    );
    expect(await sendEmail(config, email, KEY, fetchImpl)).toMatchObject({ outcome: "sent" });
    expect(calls.map((call) => call.body.reply_to)).toEqual(["pat@example.com", undefined]);
    expect(
      calls.map((call) => (call.init.headers as Record<string, string>)["idempotency-key"]),
    ).toEqual([KEY, `${KEY}-no-reply-to`]);
  });

  it("keeps a request that got no answer, to be sent again with the same key", async () => {
    const fetchImpl = (async () => {
      throw new DOMException("The operation timed out.", "TimeoutError");
    }) as typeof fetch;
    expect(await sendEmail(config, email, KEY, fetchImpl)).toEqual({
      outcome: "retry",
      error: "Resend could not be reached: no answer within the timeout",
    });
  });

  it("writes an internationalised domain as the ASCII name mail systems take", () => {
    expect(asciiEmail("pat@пример.рф")).toBe("pat@xn--e1afmkfd.xn--p1ai");
    expect(asciiEmail("pat@example.com")).toBe("pat@example.com");
  });
});
