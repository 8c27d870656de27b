import { isIsoDateTime } from "../contract/touch-rules.ts";

/** What the browser sent and the visitor never typed, judged and shown for the lead's notes. */

/** How far a browser's clock may run ahead of the server's before its times are not believed. */
const CLOCK_AHEAD_MS = 10 * 60_000;
/**
 * How old a browser's time may be: the outbox keeps a request 30 days, the first touch is
 * kept 30 days before that.
 */
const TIME_MAX_AGE_MS = 61 * 24 * 60 * 60_000;
/** Text that may be shown later: controls and format characters removed. */
export function printableText(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\ud800-\udfff]/gu, "").trim();
}

/** A value the visitor never saw, shortened for a note. */
export function shown(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const clean = printableText(String(text ?? typeof value));
  return clean.length > 60 ? `${JSON.stringify(clean.slice(0, 60))}…` : JSON.stringify(clean);
}

export function cut(text: string, max: number): string {
  return Array.from(text).slice(0, max).join("");
}

/**
 * A time from the browser, as stored: kept when it is an ISO time within the window the
 * server believes; otherwise null, with the reason.
 */
export function judgeBrowserTime(
  value: unknown,
  now: Date,
): { at: string | null; problem: string | null } {
  if (value === undefined || value === null || value === "") return { at: null, problem: null };
  if (typeof value !== "string" || !isIsoDateTime(value)) {
    return { at: null, problem: `was ${shown(value)}, not a time` };
  }
  const at = Date.parse(value);
  if (at > now.getTime() + CLOCK_AHEAD_MS) {
    return {
      at: null,
      problem: `was ${value}, ahead of the server's clock (${now.toISOString()})`,
    };
  }
  if (at < now.getTime() - TIME_MAX_AGE_MS) {
    return {
      at: null,
      problem: `was ${value}, older than any request the browser keeps (server's clock ${now.toISOString()})`,
    };
  }
  return { at: new Date(at).toISOString(), problem: null };
}
