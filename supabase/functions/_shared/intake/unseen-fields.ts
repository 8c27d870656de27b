import { TOUCH_FIELDS, TOUCH_KEYS, type Touch } from "../contract/touch-fields.ts";
import { HONEYPOT_FIELD, LEAD_LIMITS } from "../contract/lead-rules.ts";
import { STATE_NAMES, type StateName } from "../contract/states.ts";
import { isIsoDateTime, touchFieldProblem } from "../contract/touch-rules.ts";
import { cut, judgeBrowserTime, printableText, shown } from "./browser-time.ts";

/**
 * What the visitor never typed (the request's id, the page, the state a state page adds,
 * the times and the attribution the browser adds, the consent flags) can never be the
 * reason a lead is refused: a 400 would make the browser drop a request the visitor cannot
 * fix. Each such field is made acceptable here (normalised, truncated, judged against the
 * server's clock, or dropped), and every change is noted on the lead. What the visitor
 * typed (address, condition, e-mail, phone) is left for the schema, which names what is
 * wrong with it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Normalized = {
  /** The request with its unseen fields made acceptable; the visitor's fields as sent. */
  body: Record<string, unknown>;
  /** One sentence per change, for the operator: "source: cut to 200 characters." */
  notes: string[];
};

type Context = { now: Date };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A consent time the browser sent, as an ISO time a database can hold, or why it is none. */
function consentTime(value: unknown): { at: string | null; problem: string | null } {
  if (value === undefined || value === null || value === "") return { at: null, problem: null };
  if (typeof value !== "string" || !isIsoDateTime(value))
    return { at: null, problem: "not a time" };
  const at = new Date(Date.parse(value));
  const year = at.getUTCFullYear();
  return year >= 1 && year <= 9999
    ? { at: at.toISOString(), problem: null }
    : { at: null, problem: "outside the years 1 to 9999" };
}

/** The page path from whatever the browser sent: a path, or the path of a full URL. */
function normalizeSource(value: unknown, notes: string[]): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string") {
    notes.push(`source: ${shown(value)} is not a page path; left out.`);
    return null;
  }
  let path = printableText(value);
  if (!path.startsWith("/")) {
    try {
      path = new URL(path).pathname;
      notes.push(`source: the full address ${shown(value)} was sent; its path kept.`);
    } catch {
      notes.push(`source: ${shown(value)} is not a page path; left out.`);
      return null;
    }
  }
  const bare = path.split(/[?#]/, 1)[0] || "/";
  if (bare.length > LEAD_LIMITS.sourceMax) {
    notes.push(`source: ${bare.length} characters long; cut to ${LEAD_LIMITS.sourceMax}.`);
    return cut(bare, LEAD_LIMITS.sourceMax);
  }
  return bare;
}

/** A state page sends its state's name; anything else is matched by name, or left out. */
function normalizeState(value: unknown, notes: string[]): StateName | null {
  if (value === undefined || value === null || value === "") return null;
  const text = typeof value === "string" ? printableText(value).replace(/-/g, " ") : "";
  const found = STATE_NAMES.find((name) => name.toLowerCase() === text.toLowerCase());
  if (found === undefined) notes.push(`state: ${shown(value)} is not a US state; left out.`);
  else if (found !== value) notes.push(`state: ${shown(value)} read as ${found}.`);
  return found ?? null;
}

function normalizeFillTime(value: unknown, notes: string[]): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const ms = typeof value === "string" ? Number(value) : value;
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms < 0) {
    notes.push(`elapsedMs: ${shown(value)} is not a fill time; left out.`);
    return undefined;
  }
  return Math.round(ms);
}

function normalizeConsent(value: unknown, now: Date, notes: string[]) {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    notes.push(`consent: ${shown(value)} is not a consent record; left out.`);
    return undefined;
  }
  const version =
    typeof value.version === "string"
      ? cut(printableText(value.version), LEAD_LIMITS.consentVersionMax)
      : "";
  if (version === "") {
    notes.push(
      value.version === undefined
        ? "consent.version: none was sent, so no wording is named; the consent is left out."
        : `consent.version: ${shown(value.version)} names no wording; left out.`,
    );
    return undefined;
  }
  // Kept as the browser sent it whenever it is a time: the handler flags one it doubts.
  const { at, problem } = consentTime(value.at);
  if (problem)
    notes.push(
      `consent.at: was ${shown(value.at)}, ${problem}; the server's receive time stands for it.`,
    );
  const flag = (name: "calls" | "texts" | "gpc") => {
    const given = value[name];
    if (given === undefined || typeof given === "boolean") return given;
    notes.push(`consent.${name}: ${shown(given)} is not true or false; read as false.`);
    return false;
  };
  const shownHash =
    typeof value.shown === "string" && /^[0-9a-f]{64}$/.test(value.shown) ? value.shown : undefined;
  if (value.shown !== undefined && shownHash === undefined) {
    notes.push(`consent.shown: ${shown(value.shown)} is not a SHA-256; left out.`);
  }
  return {
    version,
    at: at ?? now.toISOString(),
    calls: flag("calls"),
    texts: flag("texts"),
    gpc: flag("gpc"),
    shown: shownHash,
  };
}

/** A touch with each field the function would refuse left out, and its time judged. */
function normalizeTouch(value: unknown, key: string, now: Date, notes: string[]): Touch | null {
  if (value === undefined || value === null) return null;
  if (!isObject(value)) {
    notes.push(`attribution.${key}: not a visit; left out.`);
    return null;
  }
  const touch: Record<string, string> = {};
  for (const field of TOUCH_FIELDS) {
    const item = value[field];
    if (item === undefined || item === null || item === "") continue;
    if (field === "at") {
      const { at, problem } = judgeBrowserTime(item, now);
      if (problem) notes.push(`attribution.${key}.at: ${problem}; left out.`);
      if (at) touch.at = at;
    } else if (touchFieldProblem(field, item) === null) {
      touch[field] = item as string;
    } else {
      notes.push(
        `attribution.${key}.${field}: ${shown(item)} ${touchFieldProblem(field, item)} Left out.`,
      );
    }
  }
  if (touch.landing_page === undefined) {
    if (Object.keys(touch).length > 0) {
      notes.push(`attribution.${key}: no landing page; the visit is left out.`);
    }
    return null;
  }
  return touch as Touch;
}

function normalizeAttribution(value: unknown, now: Date, notes: string[]) {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    notes.push(`attribution: ${shown(value)} is not a record of visits; left out.`);
    return undefined;
  }
  const touches: Partial<Record<(typeof TOUCH_KEYS)[number], Touch>> = {};
  for (const key of TOUCH_KEYS) {
    const touch = normalizeTouch(value[key], key, now, notes);
    if (touch) touches[key] = touch;
  }
  return touches;
}

function normalizePageUrl(value: unknown, notes: string[]): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  let url: URL | null = null;
  try {
    url = typeof value === "string" ? new URL(value) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
    notes.push(`pageUrl: ${shown(value)} is not a web address; left out.`);
    return undefined;
  }
  const text = url.href;
  if (text.length <= LEAD_LIMITS.pageUrlMax) return text;
  notes.push(`pageUrl: ${text.length} characters long; cut to ${LEAD_LIMITS.pageUrlMax}.`);
  return text.slice(0, LEAD_LIMITS.pageUrlMax);
}

/**
 * The request with every field the visitor never typed made acceptable. Keys the function
 * does not know are dropped. The id is kept when it is a UUID; otherwise it is left out
 * and the handler derives one from the content, so a retry is still stored once.
 */
export function normalizeUnseenFields(raw: Record<string, unknown>, { now }: Context): Normalized {
  const notes: string[] = [];
  const body: Record<string, unknown> = {};
  for (const field of ["address", "condition", "email", "phone"] as const) {
    if (Object.hasOwn(raw, field)) body[field] = raw[field];
  }
  // Not typed by the visitor, but not guessed either: the site's pages send only "es", and a
  // client that sends another value is told so (a 400 naming the field) rather than having
  // its lead answered, and its consent read, in a language it did not ask for.
  if (Object.hasOwn(raw, "language")) body.language = raw.language;

  if (typeof raw.id === "string" && UUID.test(raw.id)) body.id = raw.id.toLowerCase();
  else if (raw.id !== undefined && raw.id !== "") {
    notes.push(`id: ${shown(raw.id)} is not a UUID; one was made from the request's content.`);
  }

  const honeypot = raw[HONEYPOT_FIELD];
  if (honeypot !== undefined && honeypot !== null && honeypot !== "") {
    // Only looked at, never stored: anything in it is a bot's answer.
    body[HONEYPOT_FIELD] =
      typeof honeypot === "string" ? cut(honeypot, LEAD_LIMITS.honeypotMax) : "(not text)";
  }

  const source = normalizeSource(raw.source, notes);
  if (source !== null) body.source = source;
  const state = normalizeState(raw.state, notes);
  if (state !== null) body.state = state;
  const elapsedMs = normalizeFillTime(raw.elapsedMs, notes);
  if (elapsedMs !== undefined) body.elapsedMs = elapsedMs;
  const consent = normalizeConsent(raw.consent, now, notes);
  if (consent) body.consent = consent;
  const attribution = normalizeAttribution(raw.attribution, now, notes);
  if (attribution) body.attribution = attribution;
  const pageUrl = normalizePageUrl(raw.pageUrl, notes);
  if (pageUrl) body.pageUrl = pageUrl;
  return { body, notes };
}
