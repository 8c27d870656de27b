import { PRODUCTION_URL } from "../contract/site-facts.ts";

/** The site's own origins, with and without www; a deployment's are added to them. */
export const SITE_ORIGINS: readonly string[] = [
  PRODUCTION_URL,
  PRODUCTION_URL.replace("https://", "https://www."),
];

const PREFLIGHT_HEADERS = {
  "access-control-allow-methods": "POST, OPTIONS",
  // What supabase-js sends with functions.invoke().
  "access-control-allow-headers": "authorization, x-client-info, apikey, content-type",
  "access-control-max-age": "86400",
};

/**
 * An origin and its www./apex twin: a site served at one is often linked at the
 * other. Empty for anything that is not an http(s) URL.
 */
export function originWithTwin(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return [];
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return [];
  const { hostname } = parsed;
  // localhost and IP addresses have no www. form.
  if (!hostname.includes(".") || /^[\d.]+$/.test(hostname) || hostname.startsWith("[")) {
    return [parsed.origin];
  }
  const twin = new URL(parsed.origin);
  twin.hostname = hostname.startsWith("www.") ? hostname.slice(4) : `www.${hostname}`;
  return [parsed.origin, twin.origin];
}

/** An entry ending in ":*" allows any port: "http://localhost:*". */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => {
    if (!entry.endsWith(":*")) return origin === entry;
    const base = entry.slice(0, -2);
    const withPort = new RegExp(`^${escapeRegExp(base)}:\\d{1,5}$`);
    return origin === base || (withPort.test(origin) && isSerializedOrigin(origin));
  });
}

/** An origin as a browser sends it: a port up to 65535, with no leading zero. */
function isSerializedOrigin(origin: string): boolean {
  try {
    return new URL(origin).origin === origin;
  } catch {
    return false;
  }
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
    // A 429's Retry-After is read by the page's retry queue; CORS hides it unless exposed.
    else headers["access-control-expose-headers"] = "retry-after";
  }
  return headers;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
