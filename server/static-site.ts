import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";

import sirv from "sirv";

export const OUT_DIR = path.resolve("out");

/** What the export is built from: a change to any of it makes out/ stale. */
const SOURCES = ["app", "components", "content", "lib", "public", "supabase/functions/_shared"];
const SOURCE_FILES = ["next.config.mjs", "package.json", "postcss.config.mjs", "tsconfig.json"];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestMtime(path.join(entry, name))),
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

/** Runs `next build`, always or only when out/ is missing or stale; throws if it fails. */
export function buildExport({ onlyIfStale }: { onlyIfStale: boolean }): void {
  if (onlyIfStale && !exportIsStale()) return;
  console.log("Building the static export (next build) ...");
  const result = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
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
 * Serves out/ like a static host: clean URLs (/blog -> blog.html), content types,
 * immutable caching for hashed assets, and the nearest 404.html with status 404.
 */
export function createStaticSite(root = OUT_DIR) {
  return sirv(root, {
    extensions: ["html"],
    etag: true,
    setHeaders(res, pathname) {
      if (pathname.startsWith("/_next/static/")) {
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      } else {
        res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
      }
    },
    onNoMatch(req: IncomingMessage, res: ServerResponse) {
      const pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
      res.writeHead(404, {
        "Content-Type": "text/html; charset=utf-8",
        "Cache-Control": "no-cache",
      });
      res.end(req.method === "HEAD" ? undefined : readFileSync(nearest404(pathname, root)));
    },
  });
}
