import { leadSchema } from "../contract/lead-schema.ts";

/**
 * The list of deliveries a team channel took while the store was down, as a 503 hands it to
 * the page's script and the page sends it back: their ids, signed by the function with
 * HMAC-SHA-256 over the request's id and the ids sorted. A delivery marked sent is never
 * sent, so a list the function did not sign for this request (forged, another request's, or
 * an older page's unsigned one) marks nothing: it could otherwise spend a homeowner's one
 * confirmation a day without sending it. Ignored, a team message may go twice; no more.
 */

export type SignedNotified = { ids: string[]; sig: string };

/** What a request's list marks sent, and why it marked nothing when it was ignored. */
export type NotifiedClaim = { sent: string[]; note: string | null };

export type NotifiedSigner = {
  sign(leadId: string, ids: readonly string[]): Promise<SignedNotified>;
  /** The ids the list names when its signature holds for this request; none otherwise. */
  check(leadId: string, claim: unknown): Promise<NotifiedClaim>;
};

/**
 * The key is derived from the secret by HMAC with this label, so the secret (on Supabase the
 * service role key) is never itself the key, and a signature made here means nothing elsewhere.
 */
const KEY_LABEL = "quick-home-buyers/send-contact-email/notified-deliveries/v1";

const encoder = new TextEncoder();

/**
 * Signs and checks lists with a key derived from `secret` (config/env-schema.ts,
 * signingSettings). Without one, a random key of this process: a list it signed is then
 * believed only by the same instance, and elsewhere ignored.
 */
export function createNotifiedSigner(secret: string | null): NotifiedSigner {
  let key: Promise<CryptoKey> | null = null;
  const signingKey = () => (key ??= deriveKey(secret));

  return {
    async sign(leadId, ids) {
      const sorted = sortedIds(ids);
      const mac = await crypto.subtle.sign("HMAC", await signingKey(), message(leadId, sorted));
      return { ids: sorted, sig: toBase64Url(new Uint8Array(mac)) };
    },
    async check(leadId, claim) {
      if (claim === undefined || claim === null || claim === false) return { sent: [], note: null };
      const parsed = leadSchema.shape.notified.safeParse(claim);
      const list = parsed.success ? parsed.data : undefined;
      if (typeof list !== "object" || Array.isArray(list)) {
        return { sent: [], note: ignored("carries no signature of this function") };
      }
      const sorted = sortedIds(list.ids);
      const holds = await crypto.subtle.verify(
        "HMAC",
        await signingKey(),
        fromBase64Url(list.sig),
        message(leadId, sorted),
      );
      return holds
        ? { sent: sorted, note: null }
        : { sent: [], note: ignored("was not signed by this function for this request") };
    },
  };
}

const ignored = (why: string) =>
  `notified: the list of deliveries sent while the store was down ${why}; it was ignored, so a team message may have gone twice.`;

async function deriveKey(secret: string | null): Promise<CryptoKey> {
  const hmac = { name: "HMAC", hash: "SHA-256" } as const;
  let raw: Uint8Array<ArrayBuffer>;
  if (secret === null) {
    raw = crypto.getRandomValues(new Uint8Array(32));
  } else {
    const master = await crypto.subtle.importKey("raw", encoder.encode(secret), hmac, false, [
      "sign",
    ]);
    raw = new Uint8Array(await crypto.subtle.sign("HMAC", master, encoder.encode(KEY_LABEL)));
  }
  return crypto.subtle.importKey("raw", raw, hmac, false, ["sign", "verify"]);
}

function sortedIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))].sort();
}

/** The request's id, then each id: UUIDs hold no newline, so no two lists read the same. */
function message(leadId: string, sorted: readonly string[]): Uint8Array<ArrayBuffer> {
  return encoder.encode([leadId.toLowerCase(), ...sorted].join("\n"));
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
