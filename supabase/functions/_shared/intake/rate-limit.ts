import type { LeadConfig } from "../config/lead-config.ts";
import type { LeadStore } from "../store/lead-store.ts";
import {
  clientAddress,
  hasNoForwardedAddress,
  rateLimitKey,
  type ConnectionInfo,
} from "./client-address.ts";

export type RateLimitDeps = {
  store: Pick<LeadStore, "countRequest">;
  config: Pick<LeadConfig, "rateLimit" | "addressSource">;
  log: (line: string) => void;
  now: () => number;
};

/**
 * The abuse limit: each offer request counted against its client's budget in the store
 * (LEADS_RATE_LIMIT, at most `max` in each window). Returns the seconds until the next
 * window when the client is past it, null when the request may go on or the limit is off.
 * The store's errors are thrown: the handler answers them as the store being down.
 */
export function createRateLimit({ store, config, log, now }: RateLimitDeps) {
  let warnedAboutProxy = false;

  return async function overLimit(
    request: Request,
    info: ConnectionInfo | undefined,
  ): Promise<number | null> {
    if (!config.rateLimit) return null;
    if (!warnedAboutProxy) {
      const warning = proxyWarning(request, config.addressSource);
      if (warning) {
        warnedAboutProxy = true;
        log(warning);
      }
    }
    const client = rateLimitKey(clientAddress(request, info, config.addressSource));
    const { windowStart, retryAfter } = rateWindow(now(), config.rateLimit.windowSeconds);
    const hits = await store.countRequest(client, windowStart);
    return hits > config.rateLimit.max ? retryAfter : null;
  };
}

/** What the operator should hear once when the address source does not fit the requests. */
function proxyWarning(request: Request, source: LeadConfig["addressSource"]): string | null {
  if (source === "socket" && request.headers.has("x-forwarded-for")) {
    return (
      "Offer requests arrive through a proxy (X-Forwarded-For), but LEADS_TRUSTED_PROXIES is not set: " +
      "every visitor behind it shares one rate-limit budget. Set LEADS_TRUSTED_PROXIES to the number of proxies in front."
    );
  }
  if (source === "supabase" && hasNoForwardedAddress(request)) {
    return (
      "Offer requests carry neither CF-Connecting-IP nor X-Forwarded-For, though the client's address is read as " +
      "Supabase's gateway passes it (LEADS_TRUST_FORWARDED_FOR): the connection's peer is counted instead. " +
      "Behind a proxy of your own, set LEADS_TRUSTED_PROXIES; with none, LEADS_TRUST_FORWARDED_FOR=0."
    );
  }
  return null;
}

/** Fixed windows aligned to the epoch: every instance agrees on where one starts. */
export function rateWindow(nowMs: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  return {
    windowStart: new Date(start),
    retryAfter: Math.max(1, Math.ceil((start + windowMs - nowMs) / 1000)),
  };
}
