/**
 * The settings that hold secrets, and how a refused setting's value is shown without one.
 * A start-up error goes to the function's log, where no secret belongs, so a value is
 * quoted only when it is none of these secrets (pasted into the wrong setting) and has
 * no secret's shape.
 */
export const SECRET_SETTINGS = [
  "RESEND_API_KEY",
  "TWILIO_AUTH_TOKEN",
  "META_ACCESS_TOKEN",
  "LEADS_WEBHOOK_SECRET",
  "LEADS_CRON_SECRET",
  "LEADS_SIGNING_SECRET",
  // Supabase's own, beside them in the function's environment.
  "SUPABASE_SERVICE_ROLE_KEY",
  "SUPABASE_DB_URL",
] as const;

/** A refused value as a message shows it: in quotes, or only said to be there. */
export type Quote = (value: string) => string;

const NOT_SHOWN = "a value that may be a secret (not shown)";

/** A key's prefix (Resend, Standard Webhooks, Supabase, sk_, rk_), or credentials in an address. */
const SECRET_SHAPES = [
  /(^|[^A-Za-z0-9])(re|sk|rk|whsec|sb_secret)_[A-Za-z0-9]/,
  /^[^\s/@]*:\/\/[^\s/@]*@/,
  /^[^\s/@:]+:[^\s/@]*@/,
];

/** A token: 20 or more characters of letters and digits together (API keys, JWTs, base64). */
function hasToken(value: string): boolean {
  return value
    .split(/[^A-Za-z0-9_\-+/=]+/)
    .some((piece) => piece.length >= 20 && /[A-Za-z]/.test(piece) && /\d/.test(piece));
}

/** Each secret setting's values (a list's entries one by one), and a database URL's password. */
export function secretValues(env: (name: string) => string | undefined): string[] {
  return SECRET_SETTINGS.flatMap((name) => {
    const value = env(name)?.trim() ?? "";
    const pieces = value.split(/[\s,]+/).filter(Boolean);
    return [...pieces, ...passwordOf(value)];
  });
}

/** A URL's password as written and decoded (a database URL's, say); none for anything else. */
function passwordOf(value: string): string[] {
  const password = URL.canParse(value) ? new URL(value).password : "";
  if (!password) return [];
  try {
    return [password, decodeURIComponent(password)];
  } catch {
    return [password];
  }
}

/** Quotes a value, unless it holds one of `secrets` or looks like a secret of its own. */
export function quoteUnlessSecret(secrets: readonly string[]): Quote {
  return (value) =>
    hasToken(value) ||
    SECRET_SHAPES.some((shape) => shape.test(value)) ||
    secrets.some((secret) => value.includes(secret))
      ? NOT_SHOWN
      : `"${value}"`;
}
