/**
 * npm run check:links: crawls the export as a static host serves it (clean URLs,
 * nearest 404.html) from every HTML page in out/, and fails on any internal link,
 * image, script, stylesheet or #fragment that does not resolve. Absolute links to the
 * production domain (canonical, Open Graph images, JSON-LD) are checked against out/
 * too; links off the site (mailto:, tel:, other domains) are not fetched. The islands'
 * module scripts and their modulepreloads are plain tags, so the crawl checks them too.
 * Then the README and docs/: every link between them, and every #heading one names.
 */
import { existsSync } from "node:fs";
import path from "node:path";

import { check, LinkState } from "linkinator";

import { site } from "../config/site.ts";
import { filesUnder } from "../lib/build/files.ts";
import { OUT_DIR } from "../local-server/static-site.ts";
import { startStaticServer } from "./test-servers.ts";

/** The URL path of every HTML file of out/, as a static host serves it. */
function htmlPaths(directory = OUT_DIR): string[] {
  return filesUnder(directory, ".html").map((file) => {
    const route = `/${path.relative(OUT_DIR, file)}`.replace(/\.html$/, "");
    return route === "/index" ? "/" : route.replace(/\/index$/, "");
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The Markdown a newcomer reads: the README and every file of docs/. */
const DOCS = ["README.md", ...filesUnder("docs", ".md")];

/**
 * Links between the README and docs/, and the headings they name (linkinator renders the
 * Markdown as GitHub does its anchors); links off the project are not fetched.
 */
async function checkDocs(): Promise<number> {
  const result = await check({
    path: DOCS,
    markdown: true,
    recurse: true,
    checkFragments: true,
    // linkinator serves the files itself on localhost; anything else is off the project.
    linksToSkip: async (link) => !link.startsWith("http://localhost"),
  });
  const broken = result.links.filter((link) => link.state === LinkState.BROKEN);
  for (const link of broken) console.error(`broken: ${link.url} in ${link.parent ?? "(start)"}`);
  const checked = result.links.filter((link) => link.state !== LinkState.SKIPPED).length;
  const summary = `${checked} links checked in the README and ${DOCS.length - 1} files of docs/: ${broken.length} broken`;
  if (broken.length > 0) {
    console.error(summary);
    return 1;
  }
  console.log(summary);
  return 0;
}

async function main(): Promise<number> {
  if (!existsSync(path.join(OUT_DIR, "index.html"))) {
    console.error("No export in out/: run `npm run build` first.");
    return 1;
  }
  const startedAt = Date.now();
  const server = await startStaticServer(0);
  try {
    const pages = htmlPaths();
    const result = await check({
      path: pages.map((page) => `${server.url}${page}`),
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
    const checked = result.links.filter((link) => link.state !== LinkState.SKIPPED).length;
    const skipped = result.links.length - checked;
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    const summary = `${checked} links checked from ${pages.length} pages in ${seconds} s (${skipped} off-site skipped): ${broken.length} broken`;
    if (broken.length > 0) {
      console.error(summary);
      return 1;
    }
    console.log(summary);
    return 0;
  } finally {
    await server.stop();
  }
}

Promise.all([main(), checkDocs()]).then(
  (codes) => process.exit(Math.max(...codes)),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
