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

/** A Response as the function gives it (jsdom has none: this has the parts that are read). */
export function answer(
  status: number,
  body: unknown = {},
  headers: Record<string, string> = {},
): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    json: async () => {
      if (body instanceof Error) throw body;
      return body;
    },
  } as unknown as Response;
}
