import type { OfferPayload } from "@/lib/browser/offer-wizard";

/** What the offer client's and sender's tests send, and what supabase-js answers them. */
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
 * What supabase-js returns for a non-2xx answer: a FunctionsHttpError whose context
 * is the Response (jsdom has no Response, so this has the parts that are read).
 */
export function httpError(
  status: number,
  body: unknown = {},
  headers: Record<string, string> = {},
) {
  return Object.assign(new Error("Edge Function returned a non-2xx status code"), {
    name: "FunctionsHttpError",
    context: {
      status,
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      clone: () => ({
        json: async () => {
          if (body instanceof Error) throw body;
          return body;
        },
      }),
    },
  });
}
