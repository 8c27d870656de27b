/**
 * The site's response headers as one file, `out/_headers`, in the format static hosts such
 * as Netlify and Cloudflare Pages read: a path pattern, then indented `Name: value` lines.
 * The build writes it (scripts/islands/build.ts); the local server reads it back and
 * serves exactly what a host would (local-server/static-site.ts).
 */
export const HEADERS_FILE = "_headers";

export type HeaderRule = { path: string; headers: Record<string, string> };

export type PolicyInputs = {
  /** Origins besides the site's own that pages send requests to (the Supabase project). */
  connectOrigins: readonly string[];
  /** `sha256-…` of each inline script the pages run (none today: the islands are files). */
  scriptHashes: readonly string[];
  /** `sha256-…` of each stylesheet written into the pages. */
  styleHashes: readonly string[];
};

/** What static hosts send for a file no rule gives a Cache-Control (Netlify's default). */
export const DEFAULT_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/**
 * Scripts only from the site itself (no inline script unless hashed), requests only to the
 * site and the lead function, no framing, no plugins, no inline style attributes. Inline
 * <style> elements are allowed: Radix Dialog's scroll lock (the category sheet) injects one
 * whose text depends on the device's scrollbar width, so no hash can name it. Browsers that
 * predate style-src-elem (Safari before 15.4) read style-src instead, which names the
 * pages' own stylesheets by hash, so they still get the site's styles.
 */
export function contentSecurityPolicy({
  connectOrigins,
  scriptHashes,
  styleHashes,
}: PolicyInputs): string {
  const quoted = (hashes: readonly string[]) => hashes.map((hash) => `'${hash}'`);
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...quoted(scriptHashes)],
    ["style-src", "'self'", ...quoted(styleHashes)],
    ["style-src-elem", "'self'", "'unsafe-inline'"],
    ["style-src-attr", "'none'"],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...connectOrigins],
    ["manifest-src", "'self'"],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'self'"],
    // The offer form posts itself to the function when no script runs.
    ["form-action", "'self'", ...connectOrigins],
    ["object-src", "'none'"],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/**
 * Every header the site sends, by path: security on all, immutable caching on hashed files.
 * No two rules name the same header: hosts apply every matching rule and join the values.
 */
export function siteHeaderRules(inputs: PolicyInputs): HeaderRule[] {
  return [
    {
      path: "/*",
      headers: {
        "Content-Security-Policy": contentSecurityPolicy(inputs),
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "strict-origin-when-cross-origin",
        "Permissions-Policy":
          "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
        "Cross-Origin-Opener-Policy": "same-origin",
      },
    },
    {
      // File names carry a content hash: a new build makes new names.
      path: "/_next/static/*",
      headers: { "Cache-Control": "public, max-age=31536000, immutable" },
    },
  ];
}

/**
 * What Cloudflare Pages reads of a _headers file: at most 100 rules, each line at most 2,000
 * characters, spaces, name and value included
 * (https://developers.cloudflare.com/pages/configuration/headers/). A longer policy line
 * would not be applied as written, so the build stops instead.
 */
export const HOST_LIMITS = { rules: 100, lineCharacters: 2000 };

/** The file's text: `notes` first, as comment lines (hosts skip them), then the rules. */
export function renderHeadersFile(rules: readonly HeaderRule[], notes: readonly string[] = []) {
  if (rules.length > HOST_LIMITS.rules) {
    throw new Error(
      `${HEADERS_FILE}: ${rules.length} rules; hosts read at most ${HOST_LIMITS.rules}.`,
    );
  }
  const comments = notes.map((note) => `# ${note}\n`).join("");
  const body = rules
    .map(({ path, headers }) =>
      [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n"),
    )
    .join("\n\n");
  for (const line of body.split("\n")) {
    if (line.length > HOST_LIMITS.lineCharacters) {
      throw new Error(
        `${HEADERS_FILE}: a line of ${line.length} characters (${line.slice(0, 60)}…); ` +
          `hosts read at most ${HOST_LIMITS.lineCharacters}.`,
      );
    }
  }
  return `${comments && `${comments}\n`}${body}\n`;
}

/** The text of the file's comment lines, without the "# ". */
export function headersFileNotes(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("# "))
    .map((line) => line.slice(2));
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(":");
    if (!rule || colon === -1) throw new Error(`${HEADERS_FILE}: cannot read the line "${line}".`);
    rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

function matches(pattern: string, pathname: string): boolean {
  return pattern.endsWith("*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/**
 * The headers for one path as Netlify and Cloudflare Pages send them: every matching rule in
 * order, a header named twice sent once with both values joined by a comma.
 */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules.filter((candidate) => matches(candidate.path, pathname))) {
    for (const [name, value] of Object.entries(rule.headers)) {
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
  }
  return headers;
}
