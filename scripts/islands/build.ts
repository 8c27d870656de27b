/**
 * Islands, not the framework runtime: the last step of `next build`, run by the adapter in
 * scripts/islands/adapter.mjs with what Next's adapter API hands it (the export folder, the
 * build id and the list of files Next exported, on standard input).
 *
 * Next writes every page with its whole client runtime (React, the App Router, the RSC
 * payload: ~140 KB gzip on every page). The pages are static; only a few parts of them are
 * interactive. So, over the export:
 *  1. on every page Next listed, finds Next's scripts, its RSC payload and its islands
 *     (scripts/islands/html.ts parses the page);
 *  2. bundles one module script per kind of page (the islands it has, and the page script
 *     every page runs), React and React DOM shared between them, into
 *     out/_next/static/islands/ with the build's NEXT_PUBLIC_* values;
 *     Its stylesheet is written into each page: on a slow network a stylesheet costs a whole
 *     round trip before anything is painted. Each page gets only the rules it can use
 *     (scripts/islands/styles.ts).
 *  3. renders each island as its own React root (so React's ids match when the browser
 *     hydrates it with the same props) and loads the page's script from <head>;
 *  4. deletes Next's client chunks and RSC payload files (scripts/islands/exported-files.ts),
 *     checks that no page still refers to them and that every script a page loads exists,
 *     and writes the host's _headers (stamped: `npm run build` checks the stamp) and
 *     _redirects.
 * Anything unexpected stops the build with a message naming the page.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { build, type Metafile, type Plugin } from "esbuild";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { minify } from "terser";

import { LOCAL_BUILD_FLAG, PUBLIC_ENV_NAMES, checkPublicEnv, publicEnv } from "../../config/env.ts";
import { checkCompanyForDeploy, site } from "../../config/site.ts";
import {
  HEADERS_FILE,
  renderHeadersFile,
  siteHeaderRules,
} from "../../lib/hosting/headers-file.ts";
import { renderRedirectsFile } from "../../lib/hosting/query-rewrites.ts";
import { filesUnder } from "../../lib/build/files.ts";
import { islandElement, islandIdPrefix } from "../../components/islands/island-root.tsx";
import { ISLANDS, type IslandName } from "../../components/islands/registry.ts";
import { stampNote } from "./export-check.ts";
import {
  classCandidates,
  groupPages,
  parseStylesheet,
  selectorsUsed,
  stringWords,
  stylesheetWith,
} from "./styles.ts";
import {
  checkListMatchesFolder,
  isNotFoundCopy,
  isPage,
  leftoverPayloads,
  nextClientFiles,
  payloadFiles,
  unknownNextStaticFiles,
  type AdapterExport,
  type ExportedFile,
} from "./exported-files.ts";
import {
  addModuleScripts,
  applyEdits,
  attributeValues,
  fillIslands,
  findIslands,
  inlineScripts,
  inlineStylesheets,
  nextRuntime,
  nextRuntimeLeftovers,
  parseExportPage,
  parsePage,
  styleElement,
  urlsLoaded,
  type IslandInHtml,
  type ParsedPage,
} from "./html.ts";

/** Where the island scripts go: beside Next's assets, so hosts cache them as immutable too. */
export const ISLANDS_URL_DIR = "/_next/static/islands";
/** What every page runs, islands or not (notes where the visit came from). */
const PAGE_SCRIPT = "@/components/islands/page-script";
/** What all page scripts and lazily loaded modules share, bundled as one file. */
const SHARED = "@/components/islands/shared";
/** Shows the visit's tracking number: in the page scripts of a build with COMPANY_PHONE_BY_SOURCE. */
const CALL_TRACKING = "@/lib/browser/call-tracking";

const PROJECT_DIR = process.cwd();

/** A kind of page's script, the files it imports, and every file it may load (import() too). */
type Entry = { script: string; preloads: string[]; loads: string[] };

type Page = { file: string; parsed: ParsedPage; islands: IslandInHtml[] };

function isIslandName(name: string): name is IslandName {
  return Object.hasOwn(ISLANDS, name);
}

/** A kind of page: the islands it has, by name, sorted; "page" when it has none. */
function kindOf(islands: readonly IslandInHtml[]): string {
  const names = [...new Set(islands.map((island) => island.name))].sort();
  return names.length > 0 ? names.join("+") : "page";
}

/** Each kind of page's entry module: the page script, then each of its islands hydrated. */
const pageEntries: Plugin = {
  name: "page-entries",
  setup(bundler) {
    bundler.onResolve({ filter: /^page-entry:/ }, (args) => ({
      path: args.path.slice("page-entry:".length),
      namespace: "page-entry",
    }));
    bundler.onLoad({ filter: /.*/, namespace: "page-entry" }, (args) => {
      const names = args.path === "page" ? [] : args.path.split("+");
      const lines = [
        `import ${JSON.stringify(SHARED)};`,
        `import { runInTasks, startPage } from ${JSON.stringify(PAGE_SCRIPT)};`,
      ];
      // Each step in a task of its own (runInTasks), in this order: the visit noted and its
      // phone number shown, then each kind of island hydrated.
      const steps: string[] = [];
      // Only a build with tracking numbers carries the code that picks one (about 0.6 KB gzip).
      const phones = Object.entries(site.company.phoneBySource);
      if (phones.length > 0) {
        const displays = Object.fromEntries(
          phones.map(([source, { display }]) => [source, display]),
        );
        lines.push(`import { showTrackingPhone } from ${JSON.stringify(CALL_TRACKING)};`);
        steps.push(`() => showTrackingPhone(startPage(), ${JSON.stringify(displays)}, document)`);
      } else {
        steps.push("() => startPage()");
      }
      if (names.length > 0) {
        lines.push(`import { hydrateIslands } from "@/components/islands/hydrate";`);
      }
      names.forEach((name, index) => {
        if (!isIslandName(name)) throw new Error(`No island named "${name}".`);
        const { module, exportName } = ISLANDS[name];
        lines.push(`import { ${exportName} as Island${index} } from ${JSON.stringify(module)};`);
        steps.push(`() => hydrateIslands(${JSON.stringify(name)}, Island${index})`);
      });
      lines.push(`runInTasks([${steps.join(", ")}]);`);
      return { contents: lines.join("\n"), loader: "tsx", resolveDir: PROJECT_DIR };
    });
  },
};

/**
 * Every module an island loads later (import()) is loaded through a wrapper that also
 * imports the shared module, so what it has in common with the pages stays in that one
 * shared file instead of splitting into files of its own.
 */
const lazyModulesShare: Plugin = {
  name: "lazy-modules-share",
  setup(bundler) {
    bundler.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== "dynamic-import" || args.namespace === "lazy") return undefined;
      return { path: args.path, namespace: "lazy", pluginData: { resolveDir: args.resolveDir } };
    });
    bundler.onLoad({ filter: /.*/, namespace: "lazy" }, (args) => ({
      contents: `import ${JSON.stringify(SHARED)};\nexport * from ${JSON.stringify(args.path)};`,
      loader: "ts",
      resolveDir: (args.pluginData as { resolveDir: string }).resolveDir,
    }));
  },
};

/** The NEXT_PUBLIC_* values baked into the browser code, as Next would bake them. */
function publicDefines(): Record<string, string> {
  const defines: Record<string, string> = { "process.env.NODE_ENV": '"production"' };
  for (const name of PUBLIC_ENV_NAMES) {
    const value = process.env[name];
    defines[`process.env.${name}`] = value === undefined ? "undefined" : JSON.stringify(value);
  }
  return defines;
}

/**
 * V8's explicit compile hint: compile every function while the file streams in, off the
 * main thread, instead of one by one on it as React DOM first calls them. Measured under
 * applied throttling: Lighthouse's blocking time 86-172 ms without, 12-13 ms with.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Renames the bundle's local names again with terser's mangler, which picks the shortest
 * names for the most used ones and reuses the letters the file already uses most, so gzip
 * finds more repeats: 0.8 KB gzip less on the shared file (React's), measured 2026-11-27.
 * Only names change, and no exported name: the chunks still import each other by esbuild's.
 * Terser's compressor is left off: on top of esbuild's minified code it made the file larger
 * once gzipped. A file keeps esbuild's name, whose hash is of esbuild's output: with the
 * terser version the lock file pins, the same hash still means the same file.
 */
async function mangleNames(file: string): Promise<string> {
  const result = await minify(readFileSync(file, "utf8"), {
    module: true,
    compress: false,
    mangle: true,
    // The compile hint stays at the top; license links (/*! ... */) at the bottom.
    format: { comments: (_node, comment) => comment.value.startsWith("!"), preamble: COMPILE_HINT },
  });
  if (result.code === undefined) throw new Error(`terser returned nothing for ${file}.`);
  writeFileSync(file, result.code);
  return result.code;
}

/** Bundles one entry per kind of page; returns each kind's script URL and what it imports. */
async function bundlePageScripts(outDir: string, kinds: readonly string[]) {
  const scriptDir = path.join(outDir, ISLANDS_URL_DIR);
  rmSync(scriptDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: PROJECT_DIR,
    entryPoints: kinds.map((kind) => ({ in: `page-entry:${kind}`, out: kind })),
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2020",
    minify: true,
    // React's license notices go to a .LEGAL.txt beside each file, linked from it.
    legalComments: "linked",
    metafile: true,
    outdir: scriptDir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    jsx: "automatic",
    tsconfig: path.join(PROJECT_DIR, "tsconfig.json"),
    define: publicDefines(),
    plugins: [pageEntries, lazyModulesShare],
    logLevel: "warning",
  });
  await Promise.all(
    Object.keys(result.metafile.outputs).map(async (file) => {
      const written = path.join(PROJECT_DIR, file);
      const code = file.endsWith(".js")
        ? await mangleNames(written)
        : readFileSync(written, "utf8");
      // A browser has no `process`: a library reading process.env would throw on the page.
      if (/\bprocess\.env\b/.test(code)) {
        throw new Error(`${file} reads process.env, which is undefined in the browser.`);
      }
    }),
  );
  return entriesOf(result.metafile, outDir);
}

function entriesOf(metafile: Metafile, outDir: string): Map<string, Entry> {
  const url = (file: string) =>
    `/${path.relative(outDir, path.join(PROJECT_DIR, file)).split(path.sep).join("/")}`;
  const imports = (file: string, lazyToo: boolean, seen = new Set<string>()): Set<string> => {
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      const followed =
        imported.kind === "import-statement" || (lazyToo && imported.kind === "dynamic-import");
      if (!followed || seen.has(imported.path)) continue;
      seen.add(imported.path);
      imports(imported.path, lazyToo, seen);
    }
    return seen;
  };
  const entries = new Map<string, Entry>();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!output.entryPoint?.startsWith("page-entry:")) continue;
    const kind = output.entryPoint.slice("page-entry:".length);
    entries.set(kind, {
      script: url(file),
      preloads: [...imports(file, false)].map(url),
      loads: [file, ...imports(file, true)].filter((name) => name.endsWith(".js")).map(url),
    });
  }
  return entries;
}

/** The registry's module and export name must be the very component it renders. */
async function checkRegistry(): Promise<void> {
  for (const [name, island] of Object.entries(ISLANDS)) {
    const exports = (await import(island.module)) as Record<string, unknown>;
    if (exports[island.exportName] !== island.component) {
      throw new Error(
        `Island "${name}": ${island.module} exports no ${island.exportName} that is its component.`,
      );
    }
  }
}

/** Each island's own markup, rendered as the browser will hydrate it. */
function renderIslands(page: Page): string[] {
  const seen = new Map<IslandName, number>();
  return page.islands.map((island) => {
    if (!isIslandName(island.name))
      throw new Error(`${page.parsed.name}: unknown island "${island.name}".`);
    const index = seen.get(island.name) ?? 0;
    seen.set(island.name, index + 1);
    const component = ISLANDS[island.name].component as ComponentType<object>;
    return renderToString(islandElement(component, island.props as object), {
      identifierPrefix: islandIdPrefix(island.name, index),
    });
  });
}

/** A page as rewritten, before it is written: which stylesheets it holds, what classes it may use. */
type RewrittenPage = { file: string; html: string; stylesheets: string[]; words: Set<string> };

/**
 * Swaps each stylesheet written into the pages for the rules they can use
 * (scripts/islands/styles.ts); returns the stylesheets the pages now hold.
 */
function keepStylesUsed(pages: RewrittenPage[], stylesheets: Map<string, string>): string[] {
  const bodies = new Set<string>();
  for (const [href, css] of stylesheets) {
    const sheet = parseStylesheet(css);
    const holding = pages.filter((page) => page.stylesheets.includes(href));
    const groups = groupPages(
      sheet,
      holding.map((page) => ({ page, used: selectorsUsed(sheet, page.words) })),
    );
    const whole = styleElement(css);
    const sizes: number[] = [];
    for (const group of groups) {
      const body = stylesheetWith(sheet, group.kept);
      bodies.add(body);
      sizes.push(body.length);
      for (const page of group.pages) {
        if (!page.html.includes(whole))
          throw new Error(`${page.file} lost its stylesheet ${href}.`);
        page.html = page.html.replace(whole, () => styleElement(body));
      }
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(
      `islands: ${href} (${kb(css.length)}) written into ${holding.length} pages as ` +
        `${groups.length} stylesheets of the rules they use, ${kb(Math.min(...sizes))} to ${kb(Math.max(...sizes))}`,
    );
  }
  return [...bodies];
}

function removeFiles(files: readonly ExportedFile[]): void {
  for (const file of files) rmSync(file.filePath, { force: true });
}

/**
 * Removes the folders under `directory` that hold no file: the payload folders emptied
 * above, and the empty one Next makes for the build id (out/_next/<build id>).
 */
function removeEmptyFolders(directory: string): void {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(directory, entry.name);
    removeEmptyFolders(folder);
    if (readdirSync(folder).length === 0) rmdirSync(folder);
  }
}

/**
 * What a static host reads beside the pages: `_headers` (security headers with the policy
 * that allows exactly the scripts and the lead function the pages use, and caching) and
 * `_redirects` (a /blog?category=… or /calculator?state=… address answered with its page).
 */
function writeHostFiles(
  outDir: string,
  inline: { scripts: readonly string[]; styles: readonly string[] },
  stamp: string,
): void {
  const hashes = (bodies: readonly string[]) =>
    bodies.map((body) => `sha256-${createHash("sha256").update(body).digest("base64")}`);
  const connectOrigins = publicEnv.supabaseUrl ? [new URL(publicEnv.supabaseUrl).origin] : [];
  const policy = {
    connectOrigins,
    scriptHashes: hashes(inline.scripts),
    styleHashes: hashes(inline.styles),
  };
  writeFileSync(
    path.join(outDir, HEADERS_FILE),
    renderHeadersFile(siteHeaderRules(policy), [stamp]),
  );
  writeFileSync(path.join(outDir, "_redirects"), renderRedirectsFile());
}

export async function buildIslandPages(exported: AdapterExport): Promise<void> {
  const { outDir, buildId, nextVersion } = exported;
  checkPublicEnv(publicEnv, process.env[LOCAL_BUILD_FLAG]);
  checkCompanyForDeploy(process.env);
  checkListMatchesFolder(exported.files, filesUnder(outDir), outDir);
  // Next's own copy of the 404 page; hosts serve 404.html.
  const notFoundCopy = exported.files.filter(isNotFoundCopy);
  removeFiles(notFoundCopy);
  // Sorted: Next's order is its folder walk's, and the bundle's entries follow the pages.
  const files = exported.files
    .filter((file) => !isNotFoundCopy(file))
    .sort((a, b) => (a.filePath < b.filePath ? -1 : 1));
  if (!files.some((file) => file.pathname === "/index")) {
    throw new Error(`No export in ${outDir}: run next build with output: "export".`);
  }
  await checkRegistry();

  const stylesheets = new Map<string, string>();
  const readStylesheet = (href: string) => {
    if (!stylesheets.has(href)) {
      stylesheets.set(href, readFileSync(path.join(outDir, href), "utf8"));
    }
    return stylesheets.get(href)!;
  };
  const pages: Page[] = files.filter(isPage).map((file) => {
    const name = `/${path.relative(outDir, file.filePath).split(path.sep).join("/")}`;
    const parsed = parseExportPage(readFileSync(file.filePath, "utf8"), name);
    return { file: file.filePath, parsed, islands: findIslands(parsed) };
  });
  const entries = await bundlePageScripts(outDir, [
    ...new Set(pages.map((page) => kindOf(page.islands))),
  ]);

  const inlineScriptBodies = new Set<string>();
  const scriptWords = new Map<string, Set<string>>();
  const wordsOfScript = (url: string) => {
    if (!scriptWords.has(url)) {
      scriptWords.set(url, stringWords(readFileSync(path.join(outDir, url), "utf8")));
    }
    return scriptWords.get(url)!;
  };
  const rewrittenPages: RewrittenPage[] = [];
  for (const page of pages) {
    const { name } = page.parsed;
    const entry = entries.get(kindOf(page.islands));
    if (!entry) throw new Error(`${name}: no script was bundled for its kind of page.`);
    const inlined: string[] = [];
    const rewritten = applyEdits(page.parsed, [
      ...nextRuntime(page.parsed),
      ...inlineStylesheets(page.parsed, (href) => {
        inlined.push(href);
        return readStylesheet(href);
      }),
      ...fillIslands(page.islands, renderIslands(page)),
      addModuleScripts(page.parsed, [entry.script], entry.preloads),
    ]);
    const leftovers = nextRuntimeLeftovers(rewritten);
    if (leftovers.length > 0) throw new Error(`${name} still holds ${leftovers.join(", ")}.`);
    const result = parsePage(rewritten, name);
    for (const url of urlsLoaded(result, "/_next/static/")) {
      // A stylesheet is written into the page and its file removed: nothing may still load it.
      if (stylesheets.has(url) || !existsSync(path.join(outDir, url))) {
        throw new Error(`${name} loads ${url}, which is not in ${outDir}.`);
      }
    }
    for (const body of inlineScripts(result)) inlineScriptBodies.add(body);
    const words = new Set<string>();
    for (const value of attributeValues(result)) classCandidates(value, words);
    for (const island of page.islands) stringWords(JSON.stringify(island.props), words);
    for (const url of entry.loads) for (const word of wordsOfScript(url)) words.add(word);
    rewrittenPages.push({ file: page.file, html: rewritten, stylesheets: inlined, words });
  }
  const styleBodies = keepStylesUsed(rewrittenPages, stylesheets);
  for (const page of rewrittenPages) writeFileSync(page.file, page.html);

  // Every page carries its styles now: the files would be served to nobody.
  const inlined = files.filter((file) => stylesheets.has(file.pathname));
  const removed = [...nextClientFiles(files, buildId), ...payloadFiles(files), ...inlined];
  removeFiles(removed);
  removeEmptyFolders(outDir);
  const gone = new Set(removed);
  const kept = files.filter((file) => !gone.has(file));
  const unknown = [...unknownNextStaticFiles(kept), ...leftoverPayloads(kept)];
  if (unknown.length > 0) {
    throw new Error(
      `Next exported files the islands step neither removes nor knows to keep: ` +
        `${unknown.map((file) => file.pathname).join(", ")}. Teach scripts/islands/exported-files.ts.`,
    );
  }
  writeHostFiles(
    outDir,
    { scripts: [...inlineScriptBodies], styles: styleBodies },
    stampNote({ next: nextVersion, buildId, pages: pages.length }),
  );
  const kinds = [...entries.keys()].join(", ");
  console.log(
    `islands: ${pages.length} pages hydrate only their islands, ${entries.size} kinds of page ` +
      `(${kinds}); ${removed.length + notFoundCopy.length} Next client files removed`,
  );
}

/** What the adapter writes to standard input: `tsx scripts/islands/build.ts --adapter-input`. */
function readAdapterInput(): AdapterExport {
  if (!process.argv.includes("--adapter-input")) {
    throw new Error(
      "Run by the build adapter (scripts/islands/adapter.mjs) during `npm run build`, which " +
        "hands it Next's list of exported files.",
    );
  }
  return JSON.parse(readFileSync(0, "utf8")) as AdapterExport;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  Promise.resolve()
    .then(() => buildIslandPages(readAdapterInput()))
    .catch((error: unknown) => {
      console.error(
        `\nIsland build failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    });
}
