import { LEAD_LIMITS } from "../contract/lead-rules.ts";
import { leadRequestFixture } from "../store/lead-test-kit.ts";
import type { PlannedDelivery } from "../store/rows.ts";
import {
  canonicalJson,
  derivedLeadId,
  findBotSign,
  fingerprintOf,
  readSubmission,
  sentWhileDown,
  toLead,
  type Submission,
} from "./submission.ts";

const NOW = Date.parse("2026-11-23T14:03:12.000Z");
const UUID_V8 = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The fixture's request with `change`, read as the handler reads it; fails on errors. */
async function submissionOf(change: Record<string, unknown> = {}, now = NOW): Promise<Submission> {
  const read = await readSubmission({ ...leadRequestFixture(), ...change }, () => now);
  if ("errors" in read) throw new Error(read.errors.error);
  return read;
}

describe("readSubmission", () => {
  it("keeps the request's own id, lowercased", async () => {
    const { submission } = await submissionOf({ id: "0B6F2A4E-3C1D-4E5F-8A9B-0C1D2E3F4A5B" });
    expect(submission.id).toBe("0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b");
  });

  it("derives an id for a request without one, the same for the same request that day", async () => {
    const first = await submissionOf({ id: undefined });
    const again = await submissionOf({ id: undefined, elapsedMs: 9000 });
    const tomorrow = await submissionOf({ id: undefined }, NOW + 86_400_000);
    expect(first.submission.id).toMatch(UUID_V8);
    expect(again.submission.id).toBe(first.submission.id);
    expect(tomorrow.submission.id).not.toBe(first.submission.id);
    expect(first.submission.id).toBe(await derivedLeadId(first.fingerprint, new Date(NOW)));
  });

  it("derives one for an id that is not a UUID, and notes it", async () => {
    const { submission, notes } = await submissionOf({ id: "lead-1" });
    expect(submission.id).toMatch(UUID_V8);
    expect(notes).toContain(
      'id: "lead-1" is not a UUID; one was made from the request\'s content.',
    );
  });

  it("answers the schema's errors for what the visitor typed, naming each field", async () => {
    const read = await readSubmission(
      { ...leadRequestFixture(), address: " ", email: "name@gmail" },
      () => NOW,
    );
    expect(read).toEqual({
      errors: expect.objectContaining({ fields: ["address", "email"] }),
    });
  });
});

describe("why the homeowner gets no confirmation", () => {
  const texts = { version: "2026-11-23", at: "2026-11-23T14:03:11.201Z", texts: true };

  it.each([
    ["(900) 555-0199", "(900) 555-0199 is a premium-rate number"],
    ["+44 20 7946 0958", "+44 20 7946 0958 is outside the US and its territories"],
    [
      "1-800-555-0199",
      "(800) 555-0199 is toll-free, and many toll-free numbers are landlines or call centres",
    ],
    ["(500) 234-5678", "(500) 234-5678 is not a mobile-capable number (personal number)"],
  ])("notes why no text goes to %j, and keeps the lead", async (phone, why) => {
    const { submission, notes } = await submissionOf({ phone, consent: texts });
    expect(submission.phone).toBe(phone);
    expect(notes).toEqual([`No confirmation text will go to the homeowner: ${why}.`]);
  });

  it("notes nothing of a number that takes texts, or when no text was asked for", async () => {
    expect((await submissionOf({ phone: "(614) 555-0123", consent: texts })).notes).toEqual([]);
    expect((await submissionOf({ phone: "(900) 555-0199" })).notes).toEqual([]);
    expect((await submissionOf({ phone: null, consent: texts })).notes).toEqual([]);
  });

  it("notes the doubt about an e-mail that imitates another's: neither e-mail nor text goes", async () => {
    const { notes } = await submissionOf({ email: "pat@gm\u0430il.com", consent: texts });
    expect(notes).toEqual([
      expect.stringMatching(
        /^No confirmation e-mail or text will go to the homeowner\. The e-mail's domain .* mixes Latin and Cyrillic letters/,
      ),
    ]);
  });
});

describe("fingerprintOf", () => {
  it("is the same for the same request however it was spelled or timed", async () => {
    const { fingerprint } = await submissionOf();
    const { attribution, ...rest } = leadRequestFixture();
    const respelled = await readSubmission(
      { attribution, ...rest, address: ` ${rest.address} `, elapsedMs: 50_000 },
      () => NOW,
    );
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect((respelled as Submission).fingerprint).toBe(fingerprint);
    expect((await submissionOf({ consent: { version: "2026-11-23" } })).fingerprint).toBe(
      fingerprint,
    );
  });

  it.each<[string, Record<string, unknown>]>([
    ["address", { address: "changed on retry" }],
    ["e-mail", { email: "someone-else@example.com" }],
    ["condition", { condition: "Poor" }],
    ["phone", { phone: "(614) 555-0199" }],
    ["state", { state: "Texas" }],
    ["page", { source: "/" }],
  ])("changes with the %s", async (_case, change) => {
    const { fingerprint } = await submissionOf();
    expect((await submissionOf(change)).fingerprint).not.toBe(fingerprint);
  });

  it("is the SHA-256 of the request's fields as canonical JSON", async () => {
    const { submission } = await submissionOf();
    const { address, condition, email, phone, state, source } = submission;
    const text = canonicalJson({ address, condition, email, phone, state, source });
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0"));
    expect(await fingerprintOf(submission)).toBe(hex.join(""));
  });
});

describe("canonicalJson", () => {
  it("sorts keys at every depth and leaves out undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: null, e: "x" }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":"x","f":null}]},"b":1}',
    );
    expect(canonicalJson(undefined)).toBe("null");
  });
});

describe("findBotSign", () => {
  it.each<[string, string | undefined, number | undefined, "script" | "form", string | null]>([
    [
      "a filled-in hidden field",
      "https://spam.example",
      42_000,
      "script",
      'the hidden "website" field was filled in',
    ],
    ["a hidden field of spaces", "   ", 42_000, "script", null],
    ["no fill time from the script", undefined, undefined, "script", "no fill time was sent"],
    ["no fill time from the form, which has none", undefined, undefined, "form", null],
    [
      "a fill time under the minimum",
      undefined,
      LEAD_LIMITS.minFillMs - 1,
      "script",
      "the form was filled in 2999 ms",
    ],
    ["exactly the minimum", undefined, LEAD_LIMITS.minFillMs, "script", null],
  ])("%s: %s", (_case, honeypot, elapsedMs, via, reason) => {
    expect(findBotSign(honeypot, elapsedMs, via)).toBe(reason);
  });
});

describe("toLead", () => {
  it("is the row to store: the fields, the consent's version and time, the fill time, the notes and the attribution", async () => {
    const { submission, fingerprint } = await submissionOf({ pageUrl: "https://example.com/x" });
    const notes = ["a note"];
    const lead = toLead(submission, fingerprint, notes, "script", true);
    expect(lead).toMatchObject({
      id: "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b",
      address: "123 Main St, Columbus, OH 43004",
      consent_version: "2026-11-23",
      consent_at: "2026-11-23T14:03:11.201Z",
      fill_ms: 42_000,
      spam_reason: null,
      fingerprint,
      gpc: true,
      landing_page: "/sell-house-fast-ohio",
      first_landing_page: "/blog",
    });
    expect(lead.intake_notes).toBe(notes);
    for (const key of ["website", "elapsedMs", "consent", "attribution", "pageUrl", "notified"]) {
      expect(lead).not.toHaveProperty(key);
    }
  });
});

describe("sentWhileDown", () => {
  const planned = (id: string): PlannedDelivery => ({
    id,
    channel: "team_email",
    event: "lead.created",
    destination: "team@example.com",
    payload: {},
    lifetimeSeconds: 60,
    onceKey: null,
    status: "pending",
    note: null,
  });
  const a = "11111111-1111-4111-8111-111111111111";
  const b = "22222222-2222-4222-8222-222222222222";

  it("marks the deliveries the 503 named as sent, and leaves the rest pending", () => {
    const marked = sentWhileDown([planned(a), planned(b)], [b]);
    expect(marked.map((delivery) => [delivery.id, delivery.status])).toEqual([
      [a, "pending"],
      [b, "sent"],
    ]);
    expect(marked[1]!.note).toBe("sent while the store was down, before the lead was stored");
  });

  it("keeps the plan as it is when nothing was sent", () => {
    const plan = [planned(a)];
    expect(sentWhileDown(plan, [])).toBe(plan);
  });
});
