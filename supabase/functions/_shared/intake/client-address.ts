import type { AddressSource } from "../config/lead-config.ts";

/**
 * Who a request comes from, for the rate limit: which address to believe, and one key per
 * client however its address is spelled.
 */

/** What Deno.serve passes as its second argument; the local server passes the same shape. */
export type ConnectionInfo = { remoteAddr?: { hostname?: string } };

export function clientAddress(
  request: Request,
  info: ConnectionInfo | undefined,
  source: AddressSource,
): string {
  const peer = info?.remoteAddr?.hostname || "unknown";
  if (source === "socket") return peer;
  const forwarded = forwardedFor(request);
  if (source === "supabase") return supabaseClient(request) ?? forwarded.at(-1) ?? peer;
  // The chain as the last proxy knows it: every forwarded entry, then the peer itself.
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - source.proxies)]!;
}

/** The X-Forwarded-For entries, left (the first sender's claim) to right (the last hop's). */
function forwardedFor(request: Request): string[] {
  return (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * On Supabase, the address the client cannot write. Supabase documents no contract for it, so
 * this rests on what can be observed and on Cloudflare's own documentation:
 *
 * - Supabase's sample request headers of an Edge Function show Cloudflare in front (`cf-ray`,
 *   `cdn-loop: cloudflare`), and a team on Supabase found its origin Cloudflare-fronted
 *   (github.com/smith-horn/skillsmith/pull/1758, checked by DNS).
 * - Cloudflare, "HTTP request headers" (developers.cloudflare.com/fundamentals/reference/http-headers/):
 *   CF-Connecting-IP "provides the client IP address connecting to Cloudflare to the origin
 *   web server"; Cloudflare sets it itself, over any value the client sent.
 * - One public report from a team on Supabase: a client-sent `X-Forwarded-For: 1.2.3.4`
 *   reaches the function as `1.2.3.4, <real address>`. The first entry is the client's own
 *   words, so it is never read; the last is what Supabase's proxy appended.
 *
 * So CF-Connecting-IP when present, else the last X-Forwarded-For entry (clientAddress).
 */
function supabaseClient(request: Request): string | null {
  return request.headers.get("cf-connecting-ip")?.trim() || null;
}

/** Whether a request carries neither header the "supabase" source reads: the peer is counted. */
export function hasNoForwardedAddress(request: Request): boolean {
  return supabaseClient(request) === null && forwardedFor(request).length === 0;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isIpv4(text: string): boolean {
  const match = IPV4.exec(text);
  return match !== null && match.slice(1).every((part) => Number(part) <= 255);
}

/** The eight 16-bit groups of an IPv6 address (a trailing IPv4 part included), or null. */
function ipv6Groups(text: string): number[] | null {
  let address = text;
  const tail: number[] = [];
  const lastColon = address.lastIndexOf(":");
  const dotted = address.slice(lastColon + 1);
  if (lastColon >= 0 && isIpv4(dotted)) {
    const [a, b, c, d] = dotted.split(".").map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    // "::ffff:1.2.3.4" -> "::ffff", but "::1.2.3.4" -> "::": keep a "::" right before it.
    address = address.slice(0, address[lastColon - 1] === ":" ? lastColon + 1 : lastColon);
  }
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0] ?? "");
  const rest = halves.length === 2 ? parse(halves[1] ?? "") : [];
  if (![...head, ...rest].every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  const written = head.length + rest.length + tail.length;
  if (halves.length === 1 ? written !== 8 : written > 7) return null;
  const zeros = Array<number>(8 - written).fill(0);
  return [
    ...head.map((group) => parseInt(group, 16)),
    ...zeros,
    ...rest.map((group) => parseInt(group, 16)),
    ...tail,
  ];
}

/**
 * One key per client for the rate limit, so the same client cannot get a fresh budget by
 * spelling its address another way: lowercase, without a port or brackets or a zone, an
 * IPv4-mapped IPv6 address as its IPv4 address, and an IPv6 client by its /64 (one home or
 * phone gets a whole /64, and can pick any address in it). Anything else is kept as given.
 */
export function rateLimitKey(address: string): string {
  let text = address.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  text = text.split("%")[0]!;
  if (isIpv4(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
