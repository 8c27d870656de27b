import {
  CLICK_ID_FIELDS,
  UTM_FIELDS,
  tagFieldProblem,
  type Attribution,
  type Touch,
} from "@/supabase/functions/_shared/contract/touch-fields.ts";

/**
 * Where a visit came from, noted in the browser only (no cookies, no third party) and sent
 * with an offer request: the first touch for 30 days in localStorage, the latest touch for
 * the session in sessionStorage. The privacy policy names both keys.
 */
export const FIRST_TOUCH_KEY = "qhb.first-touch.v1";
export const LAST_TOUCH_KEY = "qhb.last-touch.v1";
export const FIRST_TOUCH_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the browser knows about this page view. */
export type Arrival = {
  /** The full address of the page, e.g. location.href. */
  url: string;
  /** document.referrer: "" when there is none. */
  referrer: string;
  now: Date;
};

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

/** The value if the function would accept it, else nothing: a bad tag must not cost the lead. */
function accepted<Field extends Parameters<typeof tagFieldProblem>[0]>(
  field: Field,
  value: string | null | undefined,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim().slice(0, field.startsWith("utm_") ? 200 : 500);
  if (trimmed === "") return undefined;
  return tagFieldProblem(field, trimmed) === null ? trimmed : undefined;
}

/**
 * The touch this page view makes, or null when it is a step inside a visit already noted:
 * a page reached from this same site, with no campaign tags or click ids in its address.
 */
export function touchFrom({ url, referrer, now }: Arrival, visitNoted: boolean): Touch | null {
  const page = new URL(url);
  const touch: Touch = { landing_page: page.pathname, at: now.toISOString() };
  let tagged = false;
  for (const field of [...UTM_FIELDS, ...CLICK_ID_FIELDS]) {
    const value = accepted(field, page.searchParams.get(field));
    if (value !== undefined) {
      touch[field] = value;
      tagged = true;
    }
  }
  let fromElsewhere = false;
  if (referrer) {
    try {
      const origin = new URL(referrer).origin;
      fromElsewhere = origin !== page.origin;
      const value = fromElsewhere ? accepted("referrer", origin) : undefined;
      if (value !== undefined) touch.referrer = value;
    } catch {
      // An unreadable referrer says nothing about where the visit came from.
    }
  }
  if (visitNoted && !tagged && !fromElsewhere) return null;
  const landing = accepted("landing_page", touch.landing_page);
  if (landing === undefined) return null;
  return touch;
}

function read<T>(storage: Storage | null, key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(storage: Storage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full, or blocked (private browsing): the lead goes without attribution.
  }
}

type StoredFirstTouch = { touch: Touch; expiresAt: string };

function isTouch(value: unknown): value is Touch {
  const touch = value as Partial<Touch> | null;
  return typeof touch?.landing_page === "string" && typeof touch.at === "string";
}

/** The first touch unless it has expired (it is then removed). */
function firstTouch(local: Storage | null, now: Date): Touch | undefined {
  const stored = read<StoredFirstTouch>(local, FIRST_TOUCH_KEY);
  if (!stored || !isTouch(stored.touch)) return undefined;
  if (!(Date.parse(stored.expiresAt) > now.getTime())) {
    try {
      local?.removeItem(FIRST_TOUCH_KEY);
    } catch {
      // Blocked storage: nothing to remove.
    }
    return undefined;
  }
  return stored.touch;
}

/**
 * Notes this page view: runs on every page, as early as the page script runs. The first
 * touch is read on every page too, so one past its 30 days is removed on the next page view.
 * Returns the visit's first touch (this page view's when it is the first), for the phone
 * number it is shown (lib/browser/call-tracking.ts).
 */
export function recordArrival(
  arrival: Arrival,
  local: Storage | null,
  session: Storage | null,
): Touch | undefined {
  const first = firstTouch(local, arrival.now);
  const last = read<Touch>(session, LAST_TOUCH_KEY);
  const touch = touchFrom(arrival, isTouch(last));
  if (!touch) return first;
  write(session, LAST_TOUCH_KEY, touch);
  if (first) return first;
  const expiresAt = new Date(arrival.now.getTime() + FIRST_TOUCH_DAYS * DAY_MS).toISOString();
  write(local, FIRST_TOUCH_KEY, { touch, expiresAt } satisfies StoredFirstTouch);
  return touch;
}

/** What to send with an offer request: the first touch (unless expired) and this session's. */
export function readAttribution(local: Storage | null, session: Storage | null, now: Date) {
  const attribution: Attribution = {};
  const first = firstTouch(local, now);
  const last = read<Touch>(session, LAST_TOUCH_KEY);
  if (first) attribution.first = first;
  if (isTouch(last)) attribution.last = last;
  return attribution;
}
