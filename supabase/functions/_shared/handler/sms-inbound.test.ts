import type { TwilioConfig } from "../config/lead-config.ts";
import type { Language } from "../contract/language.ts";
import { buildHelpText, buildStopConfirmation } from "../delivery/messages/homeowner-messages.ts";
import { twilioSignature } from "../delivery/providers/twilio.ts";
import { hasStopped } from "../store/lead-records.ts";
import { leadFixture, storeForEachTest, type TestStore } from "../store/lead-test-kit.ts";
import { buildUnclearAlert, handleSmsInbound, type SmsInboundDeps } from "./sms-inbound.ts";

// Signed with the function's own twilioSignature: the twilio package is not installed here,
// and delivery/providers/twilio.test.ts checks that function against Twilio's documented vector.
// Kept in the SQL store on an in-memory PGlite: the replay rules are the statement's.

jest.setTimeout(60_000);

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
    sid = "SM0123456789abcdef0123456789abcdef",
  }: {
    authToken?: string;
    accountSid?: string;
    signed?: boolean;
    url?: string;
    signedUrl?: string;
    sid?: string;
  } = {},
): Promise<Request> {
  const params = new URLSearchParams({
    MessageSid: sid,
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

const SENDER = "+16145550100";
const SID = "SM0123456789abcdef0123456789abcdef";
const TEAM_PHONES = ["+16145550177", "+16145550188"];
const reply = (...messages: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${messages.join("")}</Response>`;
const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const CONFIRMATION = reply(`<Message>${xml(buildStopConfirmation(COMPANY))}</Message>`);

let store: TestStore;
storeForEachTest((opened) => (store = opened));

/** Whether the sender's texts are stopped now, as the confirmation text's sending reads it. */
const stopped = async (contact = SENDER) =>
  hasStopped(await store.optOuts(), [contact], "texts") !== null;

function setup(overrides: Partial<SmsInboundDeps> = {}) {
  const logs: string[] = [];
  const deps: SmsInboundDeps = {
    twilio: TWILIO,
    company: COMPANY,
    teamPhones: TEAM_PHONES,
    records: store,
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
  return { send, logs };
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
    "%j, one of Twilio's keywords, records an opt-out of texts, and leaves the answer to Twilio",
    async (body) => {
      const { send, logs } = setup();
      const answer = await send(inboundText({ Body: body }));
      expect(answer).toEqual({ status: 200, type: "text/xml; charset=utf-8", text: EMPTY_REPLY });
      expect(await store.optOuts()).toMatchObject([
        {
          contact: SENDER,
          channel: "texts",
          note: expect.stringContaining(`(Twilio ${SID})`),
          action: "opt_out",
        },
      ]);
      expect(await store.inboundTexts()).toMatchObject([
        { message_sid: SID, from_number: SENDER, classification: "revocation" },
      ]);
      expect(logs).toEqual([expect.stringMatching(/^\+16145550100 stopped texts: /)]);
    },
  );

  it.each([
    "stop please",
    "Stop.",
    "Stop!",
    "STOP ALL",
    "OPT OUT",
    "opt-out",
    "STOP 🛑",
    "ＳＴＯＰ",
    "unsubscribe me",
    "please stop texting me",
    "remove me",
    "don't text me",
    "leave me alone",
    "not interested",
    "wrong number",
  ])(
    "%j records an opt-out of texts, and is answered with the one confirmation Twilio does not send",
    async (body) => {
      const { send } = setup();
      const answer = await send(inboundText({ Body: body }));
      expect(answer).toEqual({ status: 200, type: "text/xml; charset=utf-8", text: CONFIRMATION });
      expect(answer.text).not.toMatch(/offer|http|Reply/i);
      expect(await store.optOuts()).toMatchObject([
        { contact: SENDER, channel: "texts", action: "opt_out" },
      ]);
      expect(await stopped()).toBe(true);
      expect(await store.inboundTexts()).toMatchObject([{ classification: "revocation" }]);
    },
  );

  it.each(["PARAR", "ALTO", "CANCELAR", "BAJA", "no más", "no mas", "stop por favor"])(
    "%j records an opt-out of texts, and is confirmed in Spanish",
    async (body) => {
      const { send } = setup();
      const answer = await send(inboundText({ Body: body }));
      expect(answer.text).toBe(
        reply(`<Message>${xml(buildStopConfirmation(COMPANY, "es"))}</Message>`),
      );
      expect(answer.text).toContain(
        "Quick Home Buyers: canceló su suscripción y no recibirá más mensajes de texto",
      );
      expect(await stopped()).toBe(true);
    },
  );

  it.each<[string, string, Language | null]>([
    ["AYUDA", "a number with no lead", null],
    ["HELP", "a number whose latest lead is Spanish", "es"],
    ["ayuda por favor", "a number whose latest lead is English", "en"],
  ])("%j from %s is answered in Spanish", async (body, _, language) => {
    if (language) {
      await store.insert(
        leadFixture({ id: crypto.randomUUID(), phone: "(614) 555-0100", language: "en" }),
      );
      await store.insert(
        leadFixture({ id: crypto.randomUUID(), phone: "614.555.0100 cel", language }),
      );
    }
    const { send } = setup();
    const answer = await send(inboundText({ Body: body }));
    expect(answer.text).toBe(reply(`<Message>${xml(buildHelpText(COMPANY, "es"))}</Message>`));
    expect(answer.text).toContain("Ayuda: llame al (614) 555-0142");
    expect(answer.text).toContain("Responda PARAR para cancelar.");
  });

  it("answers a Spanish lead's number in Spanish whatever the stop's words", async () => {
    await store.insert(leadFixture({ phone: "(614) 555-0100", language: "es" }));
    const { send } = setup();
    const answer = await send(inboundText({ Body: "please stop texting me" }));
    expect(answer.text).toBe(
      reply(`<Message>${xml(buildStopConfirmation(COMPANY, "es"))}</Message>`),
    );
    const english = await send(
      inboundText(
        { Body: "HELP", From: "+16145550111" },
        { sid: "SM00000000000000000000000000000002" },
      ),
    );
    expect(english.text).toContain("Msg &amp; data rates may apply. Reply STOP to opt out.");
  });

  it.each(["START", "yes", "Unstop"])("%j records an opt-in, taking a STOP back", async (body) => {
    const { send, logs } = setup();
    await send(inboundText({ Body: "STOP" }, { sid: "SM00000000000000000000000000000001" }));
    const answer = await send(inboundText({ Body: body }));
    expect(answer.text).toBe(EMPTY_REPLY);
    expect(await store.optOuts()).toMatchObject([
      { contact: SENDER, channel: "texts", action: "opt_out" },
      { contact: SENDER, channel: "texts", action: "opt_in" },
    ]);
    expect(await stopped()).toBe(false);
    expect(logs.at(-1)).toMatch(/^\+16145550100 restarted texts: /);
  });

  it("follows the keyword Twilio matched (OptOutType) over the message's words", async () => {
    const { send } = setup();
    const answer = await send(inboundText({ Body: "please do not", OptOutType: "STOP" }));
    expect(await store.optOuts()).toMatchObject([{ action: "opt_out" }]);
    // Twilio confirmed it itself.
    expect(answer.text).toBe(EMPTY_REPLY);
  });

  it.each(["HELP", "info"])(
    "%j is answered with who we are and how to reach a person",
    async (body) => {
      const { send } = setup();
      const answer = await send(inboundText({ Body: body }));
      const help = buildHelpText(COMPANY).replace(/&/g, "&amp;");
      expect(answer).toEqual({
        status: 200,
        type: "text/xml; charset=utf-8",
        text: `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${help}</Message></Response>`,
      });
      expect(help).toContain("Msg &amp; data rates may apply.");
      expect(await store.optOuts()).toEqual([]);
      expect(await store.inboundTexts()).toMatchObject([{ classification: "help" }]);
    },
  );

  it("is kept and logged, and changes nothing, when it asks for none of these", async () => {
    const { send, logs } = setup();
    const answer = await send(inboundText({ Body: "Is the offer still good?" }));
    expect(answer.text).toBe(EMPTY_REPLY);
    expect(await store.optOuts()).toEqual([]);
    expect(await store.inboundTexts()).toMatchObject([
      { body_excerpt: "Is the offer still good?", classification: "other" },
    ]);
    expect(logs).toEqual([`Text from +16145550100: "Is the offer still good?" to ${TWILIO.from}`]);
  });

  it("is kept and logged, and records no opt-out, when it comes from no phone number", async () => {
    const { send, logs } = setup();
    await send(inboundText({ Body: "STOP", From: "not-a-number" }));
    expect(await store.optOuts()).toEqual([]);
    expect(await store.inboundTexts()).toMatchObject([{ from_number: null }]);
    expect(logs).toEqual([expect.stringMatching(/^Text from not-a-number: "STOP"/)]);
  });

  it("is checked against the public address Twilio was given, when a proxy changed it", async () => {
    const publicUrl = "https://leads.example.com/sms-inbound";
    const { send } = setup({ twilio: { ...TWILIO, inboundUrl: publicUrl } });
    const answer = await send(inboundText({ Body: "STOP" }, { signedUrl: publicUrl }));
    expect(answer.status).toBe(200);
    expect(await store.optOuts()).toHaveLength(1);
  });

  it("answers 503 when it cannot be kept, so Twilio tries again, and keeps nothing", async () => {
    const { send, logs } = setup();
    store.failing = true;
    const answer = await send(inboundText({ Body: "stop please" }));
    store.failing = false;
    expect(answer).toMatchObject({ status: 503, text: "Could not record it just now.\n" });
    expect(logs).toEqual([
      `Could not record the text ${SID} from +16145550100 (revocation): connection refused`,
    ]);
    expect(await store.inboundTexts()).toEqual([]);
    // Twilio's retry is taken as the first post.
    await send(inboundText({ Body: "stop please" }));
    expect(await stopped()).toBe(true);
  });

  it("is refused without its MessageSid, and changes nothing", async () => {
    const { send } = setup();
    const answer = await send(inboundText({ Body: "STOP", MessageSid: "" }));
    expect(answer).toMatchObject({
      status: 400,
      text: "A text from Twilio carries its MessageSid.\n",
    });
    expect(await store.inboundTexts()).toEqual([]);
  });
});

describe("a replayed MessageSid", () => {
  const START_SID = "SM11111111111111111111111111111111";
  const STOP_SID = "SM22222222222222222222222222222222";

  it("changes nothing: an older START sent again after a newer STOP leaves texts stopped", async () => {
    const { send, logs } = setup();
    // Captured, signature and all, when it was sent.
    const start = (await inboundText({ Body: "START" }, { sid: START_SID })).clone();
    await send(start.clone());
    await send(inboundText({ Body: "stop please" }, { sid: STOP_SID }));
    expect(await stopped()).toBe(true);

    const replay = await send(start.clone());
    expect(replay).toEqual({ status: 200, type: "text/xml; charset=utf-8", text: EMPTY_REPLY });
    expect(await stopped()).toBe(true);
    expect((await store.optOuts()).map((row) => row.action)).toEqual(["opt_in", "opt_out"]);
    expect((await store.inboundTexts()).map((row) => row.message_sid)).toEqual([
      START_SID,
      STOP_SID,
    ]);
    expect(logs.at(-1)).toBe(
      `Text ${START_SID} from +16145550100 was received before: changed nothing.`,
    );
  });

  it("of a STOP records no second opt-out and sends no second confirmation", async () => {
    const { send } = setup();
    expect((await send(inboundText({ Body: "Stop!" }))).text).toBe(CONFIRMATION);
    expect((await send(inboundText({ Body: "Stop!" }))).text).toBe(EMPTY_REPLY);
    expect(await store.optOuts()).toHaveLength(1);
    expect(await store.inboundTexts()).toHaveLength(1);
  });

  it("is known when it reached the store only once, though posted twice at the same time", async () => {
    const { send } = setup();
    const answers = await Promise.all([
      send(inboundText({ Body: "START" })),
      send(inboundText({ Body: "START" })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await store.optOuts()).toHaveLength(1);
  });
});

describe("a text that may be a revocation but is not clear", () => {
  it.each(["who is this?", "?", "No", "Is this spam?"])(
    "%j is kept, stops nothing, and is sent on to the team's phones",
    async (body) => {
      const { send, logs } = setup();
      const answer = await send(inboundText({ Body: body }));
      const alert = xml(buildUnclearAlert(SENDER, body));
      expect(answer).toEqual({
        status: 200,
        type: "text/xml; charset=utf-8",
        text: reply(
          `<Message to="+16145550177">${alert}</Message>`,
          `<Message to="+16145550188">${alert}</Message>`,
        ),
      });
      expect(alert).toContain("npm run leads -- --opt-out +16145550100 --channel texts");
      expect(await store.optOuts()).toEqual([]);
      expect(await store.inboundTexts()).toMatchObject([
        { from_number: SENDER, classification: "unclear" },
      ]);
      expect(logs).toEqual([
        expect.stringMatching(
          /may be an opt-out, not taken as one: .*sent on to the team's 2 phones\.$/,
        ),
      ]);
    },
  );

  it("goes to the team once a day per number, so a stranger cannot run up the team's texts", async () => {
    const { send, logs } = setup();
    await send(
      inboundText({ Body: "who is this?" }, { sid: "SM00000000000000000000000000000001" }),
    );
    const again = await send(
      inboundText({ Body: "who are you??" }, { sid: "SM00000000000000000000000000000002" }),
    );
    expect(again.text).toBe(EMPTY_REPLY);
    expect(await store.inboundTexts()).toHaveLength(2);
    expect(logs.at(-1)).toMatch(/the team was sent an earlier one of the last day\.$/);
  });

  it("is logged, saying so, when no team phone is set", async () => {
    const { send, logs } = setup({ teamPhones: [] });
    const answer = await send(inboundText({ Body: "who is this?" }));
    expect(answer.text).toBe(EMPTY_REPLY);
    expect(await store.inboundTexts()).toMatchObject([{ classification: "unclear" }]);
    expect(logs).toEqual([
      expect.stringMatching(/no team phone to send it to \(LEADS_ALERT_SMS_TO\)\.$/),
    ]);
  });

  it("escapes what the stranger typed in the TwiML, and writes out what does not print", async () => {
    const { send } = setup();
    const answer = await send(
      inboundText({ Body: 'who is this? </Message><Message to="+19005550199">\u0007' }),
    );
    expect(answer.text).not.toContain('<Message to="+19005550199">');
    expect(answer.text).not.toContain("\u0007");
    expect(answer.text.match(/<Message to="/g)).toHaveLength(2);
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
    const { send, logs } = setup();
    const answer = await send(request);
    expect(answer).toEqual({
      status: 403,
      type: "text/plain; charset=utf-8",
      text: "Refused: the request does not carry Twilio's signature for this account and address.\n",
    });
    expect(await store.optOuts()).toEqual([]);
    expect(await store.inboundTexts()).toEqual([]);
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
    const { send } = setup(deps);
    const answer = await send(new Request(INBOUND_URL, { method: "POST", ...init }));
    expect(answer).toMatchObject({ status, text: `${text}\n` });
    expect(await store.inboundTexts()).toEqual([]);
  });
});
