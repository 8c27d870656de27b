import { isSignedByTwilio, sendText, twilioSignature } from "./twilio.ts";

const config = {
  accountSid: `AC${"0123456789abcdef".repeat(2)}`,
  authToken: "token",
  from: "+16145550199",
  url: "https://api.twilio.com",
  inboundUrl: null,
};

describe("twilioSignature", () => {
  // Twilio's own worked example ("Validating signatures from Twilio"): this URL, these
  // parameters and the auth token 12345 sign as 0/KCTR6DLpKmkAf8muzZqo1nDgQ=.
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const params = new URLSearchParams({
    CallSid: "CA1234567890ABCDE",
    Caller: "+12349013030",
    Digits: "1234",
    From: "+12349013030",
    To: "+18005551212",
  });

  it("matches Twilio's documented example", async () => {
    expect(await twilioSignature("12345", url, params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });

  it("takes only that signature, for that URL and those parameters", async () => {
    expect(await isSignedByTwilio("12345", url, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(true);
    expect(await isSignedByTwilio("12345", url, params, null)).toBe(false);
    expect(await isSignedByTwilio("54321", url, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(
      false,
    );
    expect(
      await isSignedByTwilio("12345", `${url}&x=1`, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ="),
    ).toBe(false);
    const changed = new URLSearchParams(params);
    changed.set("Digits", "9999");
    expect(await isSignedByTwilio("12345", url, changed, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(
      false,
    );
  });
});

describe("sendText", () => {
  it("posts To, From and Body as a form with HTTP Basic, or MessagingServiceSid for a service", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Response.json({ sid: "SM1", status: "queued" }, { status: 201 });
    }) as typeof fetch;
    expect(await sendText(config, "+16145550100", "Hello", fetchImpl)).toEqual({
      outcome: "sent",
      status: 201,
    });
    await sendText({ ...config, from: `MG${"a".repeat(32)}` }, "+16145550100", "Hello", fetchImpl);
    expect(calls[0]?.url).toBe(
      `https://api.twilio.com/2010-04-01/Accounts/${config.accountSid}/Messages.json`,
    );
    expect(calls[0]?.init.headers).toMatchObject({
      authorization: `Basic ${btoa(`${config.accountSid}:token`)}`,
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]?.init.body)))).toEqual({
      To: "+16145550100",
      Body: "Hello",
      From: "+16145550199",
    });
    expect(new URLSearchParams(String(calls[1]?.init.body)).get("MessagingServiceSid")).toBe(
      `MG${"a".repeat(32)}`,
    );
  });

  it("reads Twilio's error: a number it cannot text is refused for good, a busy API is tried again", async () => {
    const answer = (status: number, code: number, message: string) =>
      (async () => Response.json({ code, message, status }, { status })) as unknown as typeof fetch;
    expect(
      await sendText(config, "+15005550001", "x", answer(400, 21211, "Invalid 'To' Phone Number")),
    ).toEqual({
      outcome: "failed",
      status: 400,
      error: "400 from Twilio: Invalid 'To' Phone Number (code 21211)",
    });
    expect(
      await sendText(config, "+16145550100", "x", answer(429, 20429, "Too Many Requests")),
    ).toMatchObject({ outcome: "retry", status: 429 });
  });
});
