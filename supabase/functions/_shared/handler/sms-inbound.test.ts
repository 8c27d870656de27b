import type { TwilioConfig } from "../config/lead-config.ts";
import { buildHelpText } from "../delivery/messages/homeowner-messages.ts";
import { twilioSignature } from "../delivery/providers/twilio.ts";
import type { OptOut } from "../store/rows.ts";
import { handleSmsInbound, type SmsInboundDeps } from "./sms-inbound.ts";

// Signed with the function's own twilioSignature: the twilio package is not installed here,
// and delivery/providers/twilio.test.ts checks that function against Twilio's documented vector.

const INBOUND_URL = "https://project.supabase.co/functions/v1/send-contact-email/sms-inbound";
const TWILIO: TwilioConfig = {
  accountSid: `AC${"0".repeat(32)}`,
  authToken: "twilio-auth-token",
  from: "+16145550142",
  url: "https://api.twilio.com",
  inboundUrl: null,
};
const COMPANY = {
  name: "Quick Home Buyers",
  phone: "(614) 555-0142",
  email: "offers@quickhomebuyers.com",
};
const EMPTY_REPLY = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** Twilio's post of a text someone sent, signed for `signedUrl` with `authToken`. */
async function inboundText(
  fields: Record<string, string>,
  {
    authToken = TWILIO.authToken,
    accountSid = TWILIO.accountSid,
    signed = true,
    url = INBOUND_URL,
    signedUrl = url,
  }: {
    authToken?: string;
    accountSid?: string;
    signed?: boolean;
    url?: string;
    signedUrl?: string;
  } = {},
): Promise<Request> {
  const params = new URLSearchParams({
    MessageSid: "SM0123456789abcdef0123456789abcdef",
    AccountSid: accountSid,
    From: "+16145550100",
    To: TWILIO.from,
    ...fields,
  });
  const signature = await twilioSignature(authToken, signedUrl, params);
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(signed ? { "x-twilio-signature": signature } : {}),
    },
    body: params.toString(),
  });
}

function setup(overrides: Partial<SmsInboundDeps> = {}) {
  const optOuts: OptOut[] = [];
  const logs: string[] = [];
  const deps: SmsInboundDeps = {
    twilio: TWILIO,
    company: COMPANY,
    records: {
      recordOptOut: async (contact, channel, note = null, action = "opt_out") => {
        const row = { id: optOuts.length + 1, contact, channel, action, note, recorded_at: "" };
        optOuts.push(row);
        return row;
      },
    },
    log: (line) => logs.push(line),
    ...overrides,
  };
  const send = async (request: Request | Promise<Request>) => {
    const response = await handleSmsInbound(await request, deps);
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      text: await response.text(),
    };
  };
  return { send, optOuts, logs };
}

describe("a signed text someone sends to the company's number", () => {
  it.each([
    "STOP",
    " stop ",
    "Unsubscribe",
    "cancel",
    "END",
    "quit",
    "STOPALL",
    "revoke",
    "OPTOUT",
  ])(
    "%j records an opt-out of texts for that number, and adds no reply of its own",
    async (body) => {
      const { send, optOuts, logs } = setup();
      const answer = await send(inboundText({ Body: body }));
      expect(answer).toEqual({ status: 200, type: "text/xml; charset=utf-8", text: EMPTY_REPLY });
      expect(optOuts).toMatchObject([
        {
          contact: "+16145550100",
          channel: "texts",
          note: expect.stringContaining("(Twilio SM0123456789abcdef0123456789abcdef)"),
          action: "opt_out",
        },
      ]);
      expect(logs).toEqual([expect.stringMatching(/^\+16145550100 stopped texts: /)]);
    },
  );

  it.each(["START", "yes", "Unstop"])("%j records an opt-in, taking a STOP back", async (body) => {
    const { send, optOuts, logs } = setup();
    const answer = await send(inboundText({ Body: body }));
    expect(answer.text).toBe(EMPTY_REPLY);
    expect(optOuts).toMatchObject([
      { contact: "+16145550100", channel: "texts", action: "opt_in" },
    ]);
    expect(logs).toEqual([expect.stringMatching(/^\+16145550100 restarted texts: /)]);
  });

  it("follows the keyword Twilio matched (OptOutType) over the message's words", async () => {
    const { send, optOuts } = setup();
    await send(inboundText({ Body: "please stop texting me", OptOutType: "STOP" }));
    expect(optOuts).toMatchObject([{ action: "opt_out" }]);
  });

  it.each(["HELP", "info"])(
    "%j is answered with who we are and how to reach a person",
    async (body) => {
      const { send, optOuts } = setup();
      const answer = await send(inboundText({ Body: body }));
      const help = buildHelpText(COMPANY).replace(/&/g, "&amp;");
      expect(answer).toEqual({
        status: 200,
        type: "text/xml; charset=utf-8",
        text: `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${help}</Message></Response>`,
      });
      expect(help).toContain("Msg &amp; data rates may apply.");
      expect(optOuts).toEqual([]);
    },
  );

  it("is logged, and changes nothing, when it is no keyword", async () => {
    const { send, optOuts, logs } = setup();
    const answer = await send(inboundText({ Body: "Is the offer still good?" }));
    expect(answer.text).toBe(EMPTY_REPLY);
    expect(optOuts).toEqual([]);
    expect(logs).toEqual([`Text from +16145550100: "Is the offer still good?" to ${TWILIO.from}`]);
  });

  it("is logged, and records nothing, when it comes from no phone number", async () => {
    const { send, optOuts, logs } = setup();
    await send(inboundText({ Body: "STOP", From: "not-a-number" }));
    expect(optOuts).toEqual([]);
    expect(logs).toEqual([expect.stringMatching(/^Text from not-a-number: "STOP"/)]);
  });

  it("is checked against the public address Twilio was given, when a proxy changed it", async () => {
    const publicUrl = "https://leads.example.com/sms-inbound";
    const { send, optOuts } = setup({ twilio: { ...TWILIO, inboundUrl: publicUrl } });
    const answer = await send(inboundText({ Body: "STOP" }, { signedUrl: publicUrl }));
    expect(answer.status).toBe(200);
    expect(optOuts).toHaveLength(1);
  });

  it("answers 503 when the opt-out cannot be recorded, so Twilio tries again", async () => {
    const { send, logs } = setup({
      records: {
        recordOptOut: async () => {
          throw new Error("connection refused");
        },
      },
    });
    const answer = await send(inboundText({ Body: "STOP" }));
    expect(answer).toMatchObject({ status: 503, text: "Could not record it just now.\n" });
    expect(logs).toEqual(["Could not record STOP from +16145550100: connection refused"]);
  });
});

describe("a request that is not Twilio's is refused and changes nothing", () => {
  it.each<[string, Promise<Request>]>([
    ["unsigned", inboundText({ Body: "STOP" }, { signed: false })],
    [
      "signed with another auth token",
      inboundText({ Body: "STOP" }, { authToken: "not-the-token" }),
    ],
    [
      "signed for another account",
      inboundText({ Body: "STOP" }, { accountSid: `AC${"f".repeat(32)}` }),
    ],
    [
      "signed for another address",
      inboundText({ Body: "STOP" }, { signedUrl: "https://other.example/sms-inbound" }),
    ],
  ])("%s: 403", async (_case, request) => {
    const { send, optOuts, logs } = setup();
    const answer = await send(request);
    expect(answer).toEqual({
      status: 403,
      type: "text/plain; charset=utf-8",
      text: "Refused: the request does not carry Twilio's signature for this account and address.\n",
    });
    expect(optOuts).toEqual([]);
    expect(logs).toEqual([
      `Refused an inbound text without Twilio's signature for ${INBOUND_URL}.`,
    ]);
  });

  it.each<[string, Partial<SmsInboundDeps>, RequestInit, number, string]>([
    [
      "without Twilio's settings",
      { twilio: null },
      {},
      404,
      "Texts are not set up here (TWILIO_* settings).",
    ],
    ["by GET", {}, { method: "GET" }, 405, "Use POST."],
    [
      "as JSON",
      {},
      { headers: { "content-type": "application/json" }, body: '{"Body":"STOP"}' },
      415,
      "Twilio posts application/x-www-form-urlencoded.",
    ],
    [
      "in bytes that are not UTF-8",
      {},
      {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new Uint8Array([0x42, 0xff]),
      },
      400,
      "The body is not UTF-8.",
    ],
    [
      "past 16 KB",
      {},
      {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `Body=${"a".repeat(16 * 1024)}`,
      },
      413,
      "The request is too large.",
    ],
  ])("%s", async (_case, deps, init, status, text) => {
    const { send, optOuts } = setup(deps);
    const answer = await send(new Request(INBOUND_URL, { method: "POST", ...init }));
    expect(answer).toMatchObject({ status, text: `${text}\n` });
    expect(optOuts).toEqual([]);
  });
});
