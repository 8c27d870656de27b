import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import send from "send";

import { LOCAL_BUILD_FLAG } from "../config/env.ts";
import {
  DEFAULT_CACHE_CONTROL,
  HEADERS_FILE,
  headersFor,
  parseHeadersFile,
  type HeaderRule,
} from "../lib/hosting/headers-file.ts";
import { rewriteForQuery } from "../lib/hosting/query-rewrites.ts";

export const OUT_DIR = path.resolve("out");

/** Files a host reads for itself and never serves. */
const HOST_FILES = new Set([`/${HEADERS_FILE}`, "/_redirects"]);

/**
 * The path of a request target as a static host reads it: the part before "?", decoded.
 * Not `new URL(target, base)`, which reads "//anything" as a host named "anything" and
 * leaves "/" (the home page). Null when it cannot be decoded or is not a path.
 */
export function decodedPath(target: string | undefined): string | null {
  const raw = (target ?? "/").split(/[?#]/, 1)[0]!;
  if (!raw.startsWith("/")) return null;
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.includes("\0") ? null : decoded;
  } catch {
    return null;
  }
}

/** The query string of a request target, with its "?", or "". */
function searchOf(target: string | undefined): string {
  const at = (target ?? "").indexOf("?");
  return at < 0 ? "" : (target ?? "").slice(at).split("#", 1)[0]!;
}

/** `/_headers`, however it is spelled: sirv decodes `%5F` and ignores a trailing slash. */
function isHostFile(decoded: string | null): boolean {
  return decoded !== null && HOST_FILES.has(decoded.replace(/\/+$/, ""));
}

/** What the export is built from: a change to any of it makes out/ stale. */
const SOURCES = [
  "app",
  "components",
  "content",
  "config",
  "lib",
  "public",
  "scripts/islands",
  "supabase/functions/_shared/contract",
];
const SOURCE_FILES = ["next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry, { recursive: true, encoding: "utf8" }).reduce(
    (newest, name) => Math.max(newest, statSync(path.join(entry, name)).mtimeMs),
    stats.mtimeMs,
  );
}

/** Whether out/ is missing or older than any of its sources. */
export function exportIsStale(): boolean {
  const built = path.join(OUT_DIR, "index.html");
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return [...SOURCES, ...SOURCE_FILES].some((source) => newestMtime(source) > builtAt);
}

/**
 * Builds the export for the local server as `npm run build:local` does (`next build`, then
 * the check that its islands step ran), always or only when out/ is missing or stale;
 * throws if it fails.
 */
export function buildExport({ onlyIfStale }: { onlyIfStale: boolean }): void {
  if (onlyIfStale && !exportIsStale()) return;
  console.log("Building the static export (next build) ...");
  // The local server answers the function itself: its pages post to their own origin.
  const result = spawnSync("npx", ["tsx", "scripts/islands/next-build.ts"], {
    stdio: "inherit",
    env: { ...process.env, [LOCAL_BUILD_FLAG]: "1" },
  });
  if (result.status !== 0) throw new Error(`The export build failed with status ${result.status}`);
}

/**
 * The nearest 404.html above a missing path, as static hosts do: out/blog/404.html
 * for /blog/anything, out/404.html for the rest.
 */
export function nearest404(pathname: string, root = OUT_DIR): string {
  const parts = pathname.split("/").filter(Boolean);
  for (let depth = parts.length - 1; depth >= 1; depth--) {
    const candidate = path.join(root, ...parts.slice(0, depth), "404.html");
    if (candidate.startsWith(root) && existsSync(candidate)) return candidate;
  }
  return path.join(root, "404.html");
}

function readHeaderRules(root: string): HeaderRule[] {
  const file = path.join(root, HEADERS_FILE);
  return existsSync(file) ? parseHeadersFile(readFileSync(file, "utf8")) : [];
}

/**
 * Serves out/ like a static host: clean URLs (/blog -> blog.html), content types, the
 * headers of out/_headers (security policy, caching), the query rewrites of _redirects,
 * and the nearest 404.html with status 404.
 */
export function createStaticSite(root = OUT_DIR) {
  const rules = readHeaderRules(root);
  const setHeaders = (res: ServerResponse, pathname: string) => {
    const headers = { "Cache-Control": DEFAULT_CACHE_CONTROL, ...headersFor(rules, pathname) };
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };
  const notFound = (req: IncomingMessage, res: ServerResponse, pathname: string) => {
    setHeaders(res, pathname);
    res.writeHead(404, {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-cache",
    });
    res.end(req.method === "HEAD" ? undefined : readFileSync(nearest404(pathname, root)));
  };

  return (req: IncomingMessage, res: ServerResponse) => {
    const pathname = decodedPath(req.url);
    if (pathname === null) {
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Bad request: the URL is not valid.");
      return;
    }
    const page = rewriteForQuery(pathname, searchOf(req.url)) ?? pathname;
    const file = isHostFile(page) ? null : fileFor(root, page);
    if (!file) return notFound(req, res, pathname);
    setHeaders(res, pathname);
    // send answers ranges, conditional requests and HEAD as RFC 9110 says, and maps errors
    // to statuses; the path it gets is the file already found, so it never guesses.
    send(req, encodeURI(file), {
      root,
      index: false,
      extensions: false,
      dotfiles: "deny",
      etag: true,
      lastModified: true,
      cacheControl: false,
    })
      .on("error", (error: { status?: number }) => {
        if (error.status === 404) return notFound(req, res, pathname);
        res.writeHead(error.status ?? 500).end();
      })
      .pipe(res);
  };
}

/**
 * The file a clean URL names, relative to the root, or null: /blog -> /blog.html,
 * / -> /index.html, /_next/static/x.js as it is. A trailing slash names the same page.
 * Anything that would leave the root, or a directory, is null.
 */
export function fileFor(root: string, pathname: string): string | null {
  const clean = path.posix.normalize(pathname);
  if (!clean.startsWith("/") || clean.split("/").includes("..")) return null;
  const bare = clean.length > 1 ? clean.replace(/\/+$/, "") : clean;
  const candidates = bare === "/" ? ["/index.html"] : [bare, `${bare}.html`, `${bare}/index.html`];
  for (const candidate of candidates) {
    const full = path.join(root, candidate);
    if (!full.startsWith(root + path.sep)) continue;
    try {
      if (statSync(full).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}
