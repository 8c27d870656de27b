import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import sirv from "sirv";

import { CATEGORY_QUERY, POST_CATEGORIES } from "../lib/blog-categories.ts";
import { LOCAL_BUILD_FLAG } from "../config/env.ts";
import {
  DEFAULT_CACHE_CONTROL,
  HEADERS_FILE,
  headersFor,
  parseHeadersFile,
  type HeaderRule,
} from "../lib/hosting/headers-file.ts";
import { slugify } from "../lib/slug.ts";

export const OUT_DIR = path.resolve("out");

/** Files a host reads for itself and never serves. */
const HOST_FILES = new Set([`/${HEADERS_FILE}`, "/_redirects"]);

/** A request's path decoded, or null when it cannot be (a lone "%", a broken UTF-8 escape). */
export function decodedPath(url: string | undefined): string | null {
  try {
    return decodeURIComponent(new URL(url ?? "/", "http://localhost").pathname);
  } catch {
    return null;
  }
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
  "supabase/functions/_leads",
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
 * Runs `next build` for the local server, always or only when out/ is missing or stale;
 * throws if it fails.
 */
export function buildExport({ onlyIfStale }: { onlyIfStale: boolean }): void {
  if (onlyIfStale && !exportIsStale()) return;
  console.log("Building the static export (next build) ...");
  // The local server answers the function itself: its pages post to their own origin.
  const result = spawnSync("npx", ["next", "build"], {
    stdio: "inherit",
    env: { ...process.env, [LOCAL_BUILD_FLAG]: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed with status ${result.status}`);
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

/**
 * The page a /blog?category=… address is answered with, as the export's _redirects tells
 * hosts that rewrite on the query string: that category's pre-rendered list.
 */
export function categoryRewrite(pathname: string, search: string): string | null {
  if (pathname !== "/blog") return null;
  const slug = new URLSearchParams(search).get(CATEGORY_QUERY);
  const known = POST_CATEGORIES.some((category) => slugify(category) === slug);
  return known ? `/blog/category/${slug}` : null;
}

function readHeaderRules(root: string): HeaderRule[] {
  const file = path.join(root, HEADERS_FILE);
  return existsSync(file) ? parseHeadersFile(readFileSync(file, "utf8")) : [];
}

/**
 * Serves out/ like a static host: clean URLs (/blog -> blog.html), content types, the
 * headers of out/_headers (security policy, caching), the category rewrite of _redirects,
 * and the nearest 404.html with status 404.
 */
export function createStaticSite(root = OUT_DIR) {
  const rules = readHeaderRules(root);
  const setHeaders = (res: ServerResponse, pathname: string) => {
    const headers = { "Cache-Control": DEFAULT_CACHE_CONTROL, ...headersFor(rules, pathname) };
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };
  const serve = sirv(root, {
    extensions: ["html"],
    etag: true,
    setHeaders,
    onNoMatch(req: IncomingMessage, res: ServerResponse) {
      const pathname = decodedPath(req.url) ?? "/";
      setHeaders(res, pathname);
      res.writeHead(404, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
      });
      res.end(req.method === "HEAD" ? undefined : readFileSync(nearest404(pathname, root)));
    },
  });
  return (req: IncomingMessage, res: ServerResponse, next?: () => void) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (isHostFile(decodedPath(req.url))) url.pathname = "/__not-served__";
    const rewritten = categoryRewrite(url.pathname, url.search);
    if (rewritten) url.pathname = rewritten;
    req.url = `${url.pathname}${url.search}`;
    serve(req, res, next);
  };
}
