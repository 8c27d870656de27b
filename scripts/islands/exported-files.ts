/**
 * What Next exported, read from the list its adapter API hands the islands step: for
 * output: "export", onBuildComplete's `outputs.staticFiles` names every file written to the
 * export folder with the URL path it is served at (an HTML page's without ".html"). From
 * that list: the pages, and which files are Next's client runtime, to delete. Where a rule
 * rests on how Next names its files, it says so, and a list that does not fit the rule
 * stops the build instead of leaving Next's files (or deleting the site's) unnoticed.
 */
import path from "node:path";

export type ExportedFile = { pathname: string; filePath: string };

/** What the adapter passes to scripts/islands/build.ts. */
export type AdapterExport = {
  outDir: string;
  buildId: string;
  nextVersion: string;
  files: ExportedFile[];
};

/** Where Next's client build goes in the export. */
const NEXT_STATIC = "/_next/static/";

/**
 * The adapter's list and the folder must agree: if a Next version listed less (or more)
 * than it wrote, decisions made from the list would miss files. Returns nothing; throws
 * naming a few of the differences.
 */
export function checkListMatchesFolder(
  files: readonly ExportedFile[],
  onDisk: readonly string[],
  outDir: string,
): void {
  const listed = new Set(files.map((file) => file.filePath));
  const found = new Set(onDisk);
  const relative = (file: string) => path.relative(outDir, file);
  const unlisted = onDisk.filter((file) => !listed.has(file)).map(relative);
  const missing = [...listed].filter((file) => !found.has(file)).map(relative);
  if (unlisted.length === 0 && missing.length === 0) return;
  const few = (names: string[]) => names.slice(0, 5).join(", ") + (names.length > 5 ? ", …" : "");
  throw new Error(
    `Next's list of exported files (the adapter's outputs.staticFiles) does not match ${outDir}: ` +
      [
        unlisted.length > 0 ? `${unlisted.length} files it does not list (${few(unlisted)})` : "",
        missing.length > 0 ? `${missing.length} listed files are not there (${few(missing)})` : "",
      ]
        .filter(Boolean)
        .join("; ") +
      '. Its adapter API has changed: see the README, "Upgrading Next".',
  );
}

/** Next's own copy of the not-found page and its payloads: hosts serve 404.html instead. */
export function isNotFoundCopy(file: ExportedFile): boolean {
  return /^\/_not-found(?:$|\.txt$|\/)/.test(file.pathname);
}

export function isPage(file: ExportedFile): boolean {
  return file.filePath.endsWith(".html");
}

/**
 * Next's client build: the chunks (scripts and the stylesheets, which the rewrite writes into
 * the pages) and the folder named after the build id that holds its client manifests.
 * Media files (fonts, images the stylesheet refers to) stay.
 */
export function nextClientFiles(files: readonly ExportedFile[], buildId: string): ExportedFile[] {
  const manifests = `${NEXT_STATIC}${buildId}/`;
  return files.filter(
    (file) =>
      file.pathname.startsWith(manifests) ||
      (file.pathname.startsWith(`${NEXT_STATIC}chunks/`) && file.pathname.endsWith(".js")),
  );
}

/** Of the files left after the rewrite, those of Next's client build it does not know to keep. */
export function unknownNextStaticFiles(files: readonly ExportedFile[]): ExportedFile[] {
  return files.filter(
    (file) =>
      file.pathname.startsWith(NEXT_STATIC) && !file.pathname.startsWith(`${NEXT_STATIC}media/`),
  );
}

/**
 * Each page's RSC payload files, which only Next's client router reads. Next 16's export
 * names them after the page: `<page>.txt` beside it (next/dist/export/index.js) and
 * `__next.<segment path>.txt` in the folder of the page's name (the segment prefetches,
 * convertSegmentPathToStaticExportFilename in next/dist/shared/lib/segment-cache). The
 * home page is /index; 404.html is Next's copy of /_not-found and has none of its own.
 * Throws when a page has no payload: Next then names them otherwise, and they would ship.
 */
export function payloadFiles(files: readonly ExportedFile[]): ExportedFile[] {
  const byPathname = new Map(files.map((file) => [file.pathname, file]));
  const payloads: ExportedFile[] = [];
  const pagesWithout: string[] = [];
  for (const page of files.filter(isPage)) {
    const payload = byPathname.get(`${page.pathname}.txt`);
    if (payload) payloads.push(payload);
    else if (page.pathname !== "/404") pagesWithout.push(page.pathname);
    const folder = page.pathname === "/index" ? "/" : page.pathname;
    payloads.push(
      ...files.filter(
        (file) =>
          path.posix.dirname(file.pathname) === folder &&
          path.posix.basename(file.pathname).startsWith("__next.") &&
          file.pathname.endsWith(".txt"),
      ),
    );
  }
  if (pagesWithout.length > 0) {
    throw new Error(
      `No RSC payload file (<page>.txt) was exported beside ${pagesWithout.slice(0, 3).join(", ")}: ` +
        "this Next names its payload files otherwise. Teach scripts/islands/exported-files.ts " +
        'their names, or they ship (see the README, "Upgrading Next").',
    );
  }
  return payloads;
}

/** Files that are still named like Next's payloads once the payloads are gone. */
export function leftoverPayloads(files: readonly ExportedFile[]): ExportedFile[] {
  return files.filter((file) => path.posix.basename(file.pathname).startsWith("__next."));
}
