import { readLeadConfig } from "../config/lead-config.ts";
import { DISCLOSURE_VERSION, sha256Hex, shownDisclosure } from "../contract/disclosures.ts";
import { leadRequestFixture } from "../store/lead-test-kit.ts";
import { consentDoubts, consentRecord } from "./consent-record.ts";
import { readSubmission } from "./submission.ts";

/** The server's clock: a second after the fixture's consent time. */
const NOW = new Date("2026-11-23T14:03:12.000Z");
/** The company's name when COMPANY_NAME is not set, as the handler reads it. */
const BRAND = readLeadConfig(() => undefined, { onSupabase: false }).brand;

/**
 * The consent record of the fixture's request with `change`, read as the handler reads it
 * (unseen-fields.ts, the schema), and the lead's notes after it.
 */
async function recordOf(change: Record<string, unknown>) {
  const read = await readSubmission({ ...leadRequestFixture(), ...change }, () => NOW.getTime());
  if ("errors" in read) throw new Error(read.errors.error);
  const record = await consentRecord(read.submission, {
    brand: BRAND,
    via: "script",
    gpc: false,
    userAgent: null,
    clientIp: "203.0.113.7",
    notes: read.notes,
    now: NOW,
  });
  return { record, notes: read.notes.join(" ") };
}

describe("the consent record stored with each lead", () => {
  const wording = (phoneSection: boolean, version = DISCLOSURE_VERSION) =>
    sha256Hex(shownDisclosure(version, "Quick Home Buyers", { phoneSection })!);

  it("renders the wording for the company's name the handler reads by default", () => {
    expect(BRAND).toBe("Quick Home Buyers");
  });

  it.each<[string, (hash: string) => Record<string, unknown>, string]>([
    [
      "no hash at all (a bare post, a client that leaves it out)",
      () => ({}),
      "the page sent no hash",
    ],
    ["the hash of another version", () => ({ shown: "OTHER" }), "does not match version"],
  ])("is not verified with %s", async (_case, change, note) => {
    const other = await wording(true, "2026-11-23");
    const extra = change("");
    const shown = extra.shown === "OTHER" ? other : undefined;
    const { record, notes } = await recordOf({
      consent: {
        version: DISCLOSURE_VERSION,
        at: "2026-11-23T14:03:11.201Z",
        calls: true,
        ...(shown ? { shown } : {}),
      },
    });
    expect(record).toMatchObject({
      disclosure_verified: false,
      disclosure_sha256: shown ?? null,
    });
    expect(notes).toContain(note);
  });

  it("takes the phone section from the hash: a call claimed beside the wording without it is not agreed", async () => {
    const { record } = await recordOf({
      consent: {
        version: DISCLOSURE_VERSION,
        at: "2026-11-23T14:03:11.201Z",
        calls: true,
        texts: true,
        shown: await wording(false),
      },
    });
    expect(record).toMatchObject({ disclosure_verified: true, calls: false, texts: false });
  });

  it("records texts as not agreed for a wording without the box, or when the phone section was not shown", async () => {
    const older = await recordOf({
      consent: { version: "2026-11-23", at: "2026-11-23T14:03:11.201Z", calls: true, texts: true },
    });
    const hidden = await recordOf({
      consent: {
        version: DISCLOSURE_VERSION,
        at: "2026-11-23T14:03:11.201Z",
        calls: false,
        texts: true,
      },
    });
    expect(older.record).toMatchObject({ calls: true, texts: false });
    expect(older.notes).toContain(
      'consent.texts: not recorded as agreed: wording version "2026-11-23" had no box for texts.',
    );
    expect(hidden.record).toMatchObject({ calls: false, texts: false });
    expect(hidden.notes).toContain(
      "consent.texts: not recorded as agreed: the phone section was not shown.",
    );
  });

  it("keeps a consent time from before its wording was published as sent, and doubts it in the record", async () => {
    const { record, notes } = await recordOf({
      consent: { version: DISCLOSURE_VERSION, at: "2026-09-28T10:00:00.000Z" },
    });
    expect(record).toMatchObject({
      consented_at: "2026-09-28T10:00:00.000Z",
      doubts: [
        `2026-09-28T10:00:00.000Z is before wording ${DISCLOSURE_VERSION} was published (2026-11-25T00:00:00.000Z)`,
        "2026-09-28T10:00:00.000Z is older than the 30 days a browser keeps a request (server's clock 2026-11-23T14:03:12.000Z)",
      ],
    });
    expect(notes).toContain(
      `consent.at: 2026-09-28T10:00:00.000Z is before wording ${DISCLOSURE_VERSION} was published (2026-11-25T00:00:00.000Z); kept as sent.`,
    );
  });

  it("records no call or text consent without a phone number, whatever the boxes said", async () => {
    const { record, notes } = await recordOf({
      phone: "",
      consent: {
        version: DISCLOSURE_VERSION,
        at: "2026-11-23T14:03:11.201Z",
        calls: true,
        texts: true,
      },
    });
    expect(record).toMatchObject({ calls: false, texts: false });
    expect(notes).toContain("consent.texts: not recorded as agreed: no phone number was sent.");
  });

  it("keeps the page's hash but notes it when this function renders the wording differently", async () => {
    const { record, notes } = await recordOf({
      consent: {
        version: DISCLOSURE_VERSION,
        at: "2026-11-23T14:03:11.201Z",
        shown: "a".repeat(64),
      },
    });
    expect(record).toMatchObject({
      disclosure_sha256: "a".repeat(64),
      disclosure_verified: false,
    });
    expect(notes).toContain("check COMPANY_NAME on both");
  });

  it("notes a wording version this function does not have, and keeps the page's hash", async () => {
    const { record, notes } = await recordOf({
      consent: { version: "2030-01-01", at: "2026-11-23T14:03:11.201Z", shown: "b".repeat(64) },
    });
    expect(record).toMatchObject({
      disclosure_version: "2030-01-01",
      disclosure_sha256: "b".repeat(64),
      disclosure_verified: false,
      doubts: [],
    });
    expect(notes).toContain(
      `consent: wording version "2030-01-01" is not in this function's disclosures.ts; the page's hash is kept.`,
    );
  });

  it("is all nulls and noes for a request sent without consent (an old page)", async () => {
    const { record, notes } = await recordOf({ consent: undefined, pageUrl: undefined });
    expect(record).toMatchObject({
      consented_at: null,
      disclosure_version: null,
      disclosure_sha256: null,
      disclosure_verified: false,
      calls: false,
      texts: false,
      page_url: null,
      doubts: [],
    });
    expect(notes).toBe("");
  });
});

describe("consentDoubts", () => {
  const published = "2026-11-25T00:00:00.000Z";
  const now = new Date("2026-12-01T12:00:00.000Z");

  it("doubts nothing about a time after publication, within 30 days, not ahead", () => {
    expect(consentDoubts("2026-12-01T11:59:00.000Z", published, "v", now)).toEqual([]);
    expect(consentDoubts("2026-12-01T12:09:59.000Z", published, "v", now)).toEqual([]);
  });

  it("doubts a time more than ten minutes ahead of the server's clock", () => {
    expect(consentDoubts("2026-12-01T12:10:01.000Z", published, "v", now)).toEqual([
      "2026-12-01T12:10:01.000Z is ahead of the server's clock (2026-12-01T12:00:00.000Z)",
    ]);
  });

  it("doubts a time older than the 30 days a browser keeps a request, and one before publication", () => {
    expect(consentDoubts("2026-10-31T11:59:59.000Z", published, "v", now)).toEqual([
      "2026-10-31T11:59:59.000Z is before wording v was published (2026-11-25T00:00:00.000Z)",
      "2026-10-31T11:59:59.000Z is older than the 30 days a browser keeps a request (server's clock 2026-12-01T12:00:00.000Z)",
    ]);
  });

  it("has no publication to doubt against for a version it does not know", () => {
    expect(consentDoubts("2026-11-20T00:00:00.000Z", null, "v", now)).toEqual([]);
  });
});
