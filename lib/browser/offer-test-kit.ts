import type { OfferPayload } from "@/lib/browser/offer-wizard";

/** What the outbox's and sender's tests send. */
export function payload(id: string): OfferPayload {
  return {
    id,
    address: "500 Main St, Dayton, OH",
    condition: "Fair",
    email: "lee@example.com",
    phone: "",
    source: "/",
    website: "",
    elapsedMs: 9000,
  };
}

/**
 * A Response as the function gives it, JSON (jsdom has none: this has the parts that are
 * read, by the sender and by Supabase's functions client).
 */
export function answer(
  status: number,
  body: unknown = {},
  headers: Record<string, string> = {},
): Response {
  const all: Record<string, string> = { "content-type": "application/json", ...headers };
  const json = async () => {
    if (body instanceof Error) throw body;
    return body;
  };
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => all[name.toLowerCase()] ?? null },
    json,
    text: async () => JSON.stringify(await json()),
  } as unknown as Response;
}
