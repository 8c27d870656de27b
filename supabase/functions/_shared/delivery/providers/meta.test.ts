import { createHash } from "node:crypto";

import { sha256Hex } from "../../contract/disclosures.ts";
import type { MetaConfig } from "../../config/lead-config.ts";
import { type MetaLeadInput, fbcFrom, metaLeadEvent, metaPhone, sendMetaLead } from "./meta.ts";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

const TOKEN = "EAABsecretTOKEN123";
const FBCLID = "IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk";

const config: MetaConfig = {
  datasetId: "123456789012345",
  accessToken: TOKEN,
  apiVersion: "v26.0",
};

const lead: MetaLeadInput = {
  id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
  email: "  John_Smith@Gmail.com ",
  phone: "(650) 555-1212",
  fbclid: FBCLID,
  fbclidAt: "2026-11-20T15:04:05.678Z",
  createdAt: "2026-11-21T19:00:00.900Z",
  eventSourceUrl: "https://quickhomebuyers.example/sell-house-fast-ohio",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
  clientIp: "203.0.113.7",
};

function fakeFetch(respond: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const accepted = () =>
  Response.json({ events_received: 1, messages: [], fbtrace_id: "AbCdEf" }, { status: 200 });

describe("metaPhone", () => {
  it.each([
    ["(650)555-1212", "16505551212"],
    ["650.555.1212", "16505551212"],
    ["1-650-555-1212", "16505551212"],
    ["+1 (650) 555-1212", "16505551212"],
    ["650-555-1212 ext. 4", "16505551212"],
    ["(650) 555-1212 cell", "16505551212"],
    ["+44 20 7946 0000", "442079460000"],
  ])("%j becomes %j: digits with the country code, the extension left aside", (input, expected) => {
    expect(metaPhone(input)).toBe(expected);
  });

  it.each(["", "n/a", "555-0100", "1-800-FLOWERS", "2+2", "+1 650"])(
    "returns null for %j, which cannot be a phone number",
    (input) => {
      expect(metaPhone(input)).toBeNull();
    },
  );
});

describe("sha256Hex", () => {
  it("matches Node's SHA-256 and Meta's documented examples", async () => {
    expect(await sha256Hex("john_smith@gmail.com")).toBe(
      "62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f",
    );
    expect(await sha256Hex("16505551212")).toBe(
      "e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176",
    );
    expect(await sha256Hex("valéry 정")).toBe(sha256("valéry 정"));
  });
});

describe("fbcFrom", () => {
  it("is fb.1.<milliseconds>.<fbclid>, the click id unchanged", () => {
    expect(fbcFrom("AbC-d_E", 1795187045678)).toBe("fb.1.1795187045678.AbC-d_E");
  });

  it("refuses a time that is not milliseconds since 1970", () => {
    expect(() => fbcFrom("AbC", Number.NaN)).toThrow(RangeError);
    expect(() => fbcFrom("AbC", -1)).toThrow(RangeError);
  });
});

describe("metaLeadEvent", () => {
  it("builds the Lead event: seconds, the lead id for deduplication, hashed contact, fbc", async () => {
    expect(await metaLeadEvent(lead)).toEqual({
      event_name: "Lead",
      event_time: 1795287600,
      event_id: lead.id,
      action_source: "website",
      event_source_url: "https://quickhomebuyers.example/sell-house-fast-ohio",
      user_data: {
        em: [sha256("john_smith@gmail.com")],
        ph: [sha256("16505551212")],
        fbc: `fb.1.1795187045678.${FBCLID}`,
        client_ip_address: "203.0.113.7",
        client_user_agent: "Mozilla/5.0 (X11; Linux x86_64)",
      },
    });
  });

  it("dates the fbc by the lead when the click id's own time is unknown", async () => {
    const event = await metaLeadEvent({ ...lead, fbclidAt: null });
    expect((event.user_data as Record<string, unknown>).fbc).toBe(`fb.1.1795287600900.${FBCLID}`);
  });

  it("leaves out what is missing or unusable instead of sending it", async () => {
    const event = await metaLeadEvent({
      ...lead,
      phone: "n/a",
      fbclid: "bad id<script>",
      eventSourceUrl: null,
      userAgent: null,
      clientIp: null,
    });
    expect(event).not.toHaveProperty("event_source_url");
    expect(event.user_data).toEqual({ em: [sha256("john_smith@gmail.com")] });
  });

  it("refuses a lead without a creation time", async () => {
    await expect(metaLeadEvent({ ...lead, createdAt: "last Tuesday" })).rejects.toThrow(
      "createdAt is not an ISO 8601 date-time.",
    );
  });
});

describe("sendMetaLead's request", () => {
  it("posts one Lead to the dataset's events edge, the token in the body and not the address", async () => {
    const { calls, fetchImpl } = fakeFetch(accepted);
    await sendMetaLead(config, lead, fetchImpl);

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe("https://graph.facebook.com/v26.0/123456789012345/events");
    expect(call?.url).not.toContain(TOKEN);
    expect(call?.init.method).toBe("POST");
    expect(call?.init.headers).toEqual({ "content-type": "application/json" });
    expect(JSON.parse(String(call?.init.body))).toEqual({
      data: [await metaLeadEvent(lead)],
      access_token: TOKEN,
    });
  });

  it("goes to the configured base URL and passes a test event code", async () => {
    const { calls, fetchImpl } = fakeFetch(accepted);
    await sendMetaLead(
      { ...config, url: "http://127.0.0.1:3702/", testEventCode: "TEST12345" },
      lead,
      fetchImpl,
    );
    expect(calls[0]?.url).toBe("http://127.0.0.1:3702/v26.0/123456789012345/events");
    expect(JSON.parse(String(calls[0]?.init.body))).toMatchObject({
      test_event_code: "TEST12345",
    });
  });
});

describe("sendMetaLead's reading of Meta's answer", () => {
  it("turns Meta's error JSON into a readable message without the token", async () => {
    const { fetchImpl } = fakeFetch(() =>
      Response.json(
        {
          error: {
            message: `Malformed access token ${TOKEN}`,
            type: "OAuthException",
            code: 190,
            fbtrace_id: "AbCdEfGh",
          },
        },
        { status: 400 },
      ),
    );
    const result = await sendMetaLead(config, lead, fetchImpl);
    expect(result).toEqual({
      outcome: "failed",
      status: 400,
      error:
        "400 from Meta: Malformed access token [access token] (OAuthException, code 190, fbtrace_id AbCdEfGh)",
    });
    expect(JSON.stringify(result)).not.toContain(TOKEN);
  });

  it("writes out control characters in what Meta sent instead of passing them to a terminal", async () => {
    const { fetchImpl } = fakeFetch(
      () => new Response("upstream \u001b[2J\u202eerror", { status: 502 }),
    );
    expect(await sendMetaLead(config, lead, fetchImpl)).toMatchObject({
      outcome: "retry",
      error: "502 from Meta: upstream \\u{1b}[2J\\u{202e}error",
    });
  });

  it("says when Meta could not be reached, without the token", async () => {
    const fetchImpl = (async () => {
      throw new TypeError(`fetch failed (body began {"access_token":"${TOKEN}")`);
    }) as typeof fetch;
    expect(await sendMetaLead(config, lead, fetchImpl)).toEqual({
      outcome: "retry",
      error:
        'Meta Conversions API could not be reached: TypeError: fetch failed (body began {"access_token":"[access token]")',
    });
  });

  it("fails when Meta answers 200 but received no event", async () => {
    const { fetchImpl } = fakeFetch(() =>
      Response.json({ events_received: 0, messages: [] }, { status: 200 }),
    );
    expect(await sendMetaLead(config, lead, fetchImpl)).toMatchObject({
      outcome: "failed",
      error: expect.stringMatching(/received no event/),
    });
  });

  it("tries again when Meta calls its error temporary, whatever the status", async () => {
    const { fetchImpl } = fakeFetch(() =>
      Response.json(
        { error: { message: "Please retry", type: "OAuthException", code: 2, is_transient: true } },
        { status: 400 },
      ),
    );
    expect(await sendMetaLead(config, lead, fetchImpl)).toMatchObject({ outcome: "retry" });
  });
});
