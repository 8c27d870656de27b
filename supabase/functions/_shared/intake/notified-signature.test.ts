import { createNotifiedSigner } from "./notified-signature.ts";

const LEAD = "0b6f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b";
const OTHER = "9d2c7a51-0b1e-4c3f-8d4e-5f6a7b8c9d0e";
const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const SECRET = "a-signing-secret-of-at-least-32-characters";

const UNSIGNED =
  "notified: the list of deliveries sent while the store was down carries no signature of this function; it was ignored, so a team message may have gone twice.";
const NOT_OURS =
  "notified: the list of deliveries sent while the store was down was not signed by this function for this request; it was ignored, so a team message may have gone twice.";

describe("createNotifiedSigner", () => {
  it("signs the sorted ids for one request, and believes that list for that request", async () => {
    const signer = createNotifiedSigner(SECRET);
    const signed = await signer.sign(LEAD, [B, A, B]);
    expect(signed).toEqual({ ids: [A, B], sig: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    await expect(signer.check(LEAD, signed)).resolves.toEqual({ sent: [A, B], note: null });
    // However the page orders or spells the ids.
    await expect(
      signer.check(LEAD.toUpperCase(), { ids: [B.toUpperCase(), A], sig: signed.sig }),
    ).resolves.toEqual({ sent: [A, B], note: null });
  });

  it("believes a list signed before a restart, with the same secret", async () => {
    const signed = await createNotifiedSigner(SECRET).sign(LEAD, [A]);
    await expect(createNotifiedSigner(SECRET).check(LEAD, signed)).resolves.toEqual({
      sent: [A],
      note: null,
    });
  });

  it.each<[string, string[], string, string[]]>([
    ["another request", [A], OTHER, [A]],
    ["another list", [A], LEAD, [B]],
    ["one id more", [A], LEAD, [A, B]],
    ["one id fewer", [A, B], LEAD, [A]],
  ])("refuses the signature when it is claimed for %s", async (_case, signedIds, leadId, ids) => {
    const signer = createNotifiedSigner(SECRET);
    const { sig } = await signer.sign(LEAD, signedIds);
    await expect(signer.check(leadId, { ids, sig })).resolves.toEqual({
      sent: [],
      note: NOT_OURS,
    });
  });

  it("refuses a list signed with another secret, or by a process without one", async () => {
    const signed = await createNotifiedSigner("another-secret-of-at-least-32-characters").sign(
      LEAD,
      [A],
    );
    await expect(createNotifiedSigner(SECRET).check(LEAD, signed)).resolves.toEqual({
      sent: [],
      note: NOT_OURS,
    });
    const random = await createNotifiedSigner(null).sign(LEAD, [A]);
    await expect(createNotifiedSigner(null).check(LEAD, random)).resolves.toMatchObject({
      sent: [],
    });
  });

  it.each([
    ["an older page's bare list", [A]],
    ["an older page's true", true],
    ["a list without a signature", { ids: [A] }],
    ["a signature that is no base64url", { ids: [A], sig: "+".repeat(43) }],
    ["a signature of the wrong length", { ids: [A], sig: "A".repeat(42) }],
    ["an empty list", { ids: [], sig: "A".repeat(43) }],
    ["ids that are no UUIDs", { ids: ["x"], sig: "A".repeat(43) }],
    ["text", "11111111-1111-4111-8111-111111111111"],
  ])("marks nothing for %s, and says so", async (_case, claim) => {
    await expect(createNotifiedSigner(SECRET).check(LEAD, claim)).resolves.toEqual({
      sent: [],
      note: UNSIGNED,
    });
  });

  it.each([undefined, null, false])("says nothing when there is no list (%s)", async (claim) => {
    await expect(createNotifiedSigner(SECRET).check(LEAD, claim)).resolves.toEqual({
      sent: [],
      note: null,
    });
  });
});
