/** The site's own origin; deployments add theirs through ALLOWED_ORIGINS. */
export const DEFAULT_ALLOWED_ORIGINS: readonly string[] = ["https://quickhomebuyers.com"];

const PREFLIGHT_HEADERS = {
  "access-control-allow-methods": "POST, OPTIONS",
  // What supabase-js sends with functions.invoke().
  "access-control-allow-headers": "authorization, x-client-info, apikey, content-type",
  "access-control-max-age": "86400",
};

/** An entry ending in ":*" allows any port: "http://localhost:*". */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    if (!entry.endsWith(":*")) return origin === entry;
    const base = entry.slice(0, -2);
    return origin === base || new RegExp(`^${escapeRegExp(base)}:\\d{1,5}$`).test(origin);
  });
}

/** The request's Origin is echoed only when allowed; others get no CORS grant. */
export function corsHeaders(
  origin: string | null,
  allowed: readonly string[],
  preflight = false,
): Record<string, string> {
  const headers: Record<string, string> = { vary: "Origin" };
  if (origin && isAllowedOrigin(origin, allowed)) {
    headers["access-control-allow-origin"] = origin;
    if (preflight) Object.assign(headers, PREFLIGHT_HEADERS);
  }
  return headers;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
