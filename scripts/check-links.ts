/**
 * npm run check:links: crawls the export as a static host serves it (clean URLs,
 * nearest 404.html) from every HTML page in out/, and fails on any internal link,
 * image, script, stylesheet or #fragment that does not resolve. Absolute links to the
 * production domain (canonical, Open Graph images, JSON-LD) are checked against out/
 * too; links off the site (mailto:, other domains) are not fetched. Next's scripts, which
 * each page starts from an inline script after its paint (paint-first.mjs), must be in out/.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import { check, LinkState } from "linkinator";

import { site } from "../lib/site.ts";
import { OUT_DIR } from "../server/static-site.ts";
import { startStaticServer } from "./local-server.ts";
import { deferredSources } from "./paint-first.mjs";

const PORT = 3304;

/** Every HTML file of out/, with the URL path it is served at. */
function htmlPages(directory = OUT_DIR): { file: string; path: string }[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return htmlPages(file);
    if (!entry.name.endsWith(".html")) return [];
    const route = `/${path.relative(OUT_DIR, file)}`.replace(/\.html$/, "");
    return [{ file, path: route === "/index" ? "/" : route.replace(/\/index$/, "") }];
  });
}

/** Each script a page starts after its paint that is not in out/, with the page. */
function missingDeferredScripts(pages: readonly { file: string; path: string }[]) {
  return pages.flatMap((page) =>
    deferredSources(readFileSync(page.file, "utf8"))
      .filter((source) => !existsSync(path.join(OUT_DIR, source)))
      .map((source) => ({ page: page.path, source })),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function main(): Promise<number> {
  if (!existsSync(path.join(OUT_DIR, "index.html"))) {
    console.error("No export in out/: run `npm run build` first.");
    return 1;
  }
  const startedAt = Date.now();
  const server = await startStaticServer(PORT);
  try {
    const pages = htmlPages();
    const result = await check({
      path: pages.map((page) => `${server.url}${page.path}`),
      recurse: true,
      checkFragments: true,
      concurrency: 16,
      timeout: 10_000,
      urlRewriteExpressions: [
        { pattern: new RegExp(`^${escapeRegExp(site.url)}`), replacement: server.url },
      ],
      linksToSkip: async (link) => !link.startsWith(server.url),
    });
    const broken = result.links.filter((link) => link.state === LinkState.BROKEN);
    for (const link of broken) {
      const from = link.parent?.replace(server.url, "") ?? "(start)";
      const why = link.failureDetails
        ?.flatMap((detail) => (detail instanceof Error ? [detail.message] : []))
        .join("; ");
      console.error(
        `broken: ${link.url.replace(server.url, "")} (status ${link.status}) on ${from}${why ? `: ${why}` : ""}`,
      );
    }
    const missing = missingDeferredScripts(pages);
    for (const { page, source } of missing) {
      console.error(`broken: ${source} (not in out/), started after the paint on ${page}`);
    }
    const checked = result.links.filter((link) => link.state !== LinkState.SKIPPED).length;
    const skipped = result.links.length - checked;
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    const summary = `${checked} links checked from ${pages.length} pages in ${seconds} s (${skipped} off-site skipped): ${broken.length + missing.length} broken`;
    if (broken.length > 0 || missing.length > 0) {
      console.error(summary);
      return 1;
    }
    console.log(summary);
    return 0;
  } finally {
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
