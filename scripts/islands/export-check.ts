/**
 * Whether an export may be deployed: what `npm run build` checks after `next build`
 * (scripts/islands/next-build.ts). The islands step hangs on a config key (`adapterPath`)
 * that a Next version may not know: such a Next warns, exits 0, and exports every page with
 * its whole client runtime and no _headers (so no security policy, and the Supabase URL
 * unchecked). This check looks at the export itself, so it fails whatever the reason the
 * step did not run.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

import {
  HEADERS_FILE,
  headersFileNotes,
  headersFor,
  parseHeadersFile,
} from "../../lib/hosting/headers-file.ts";
import { filesUnder } from "../../lib/build/files.ts";
import { nextRuntimeLeftovers } from "./html.ts";

/** What the islands step notes at the top of _headers, the file it writes last. */
export type IslandsStamp = { next: string; buildId: string; pages: number };

const STAMP_NOTE = "Written by the islands step (scripts/islands/build.ts): ";

export function stampNote(stamp: IslandsStamp): string {
  return STAMP_NOTE + JSON.stringify(stamp);
}

export function readStamp(headersText: string): IslandsStamp | undefined {
  const note = headersFileNotes(headersText).find((line) => line.startsWith(STAMP_NOTE));
  if (!note) return undefined;
  const stamp = JSON.parse(note.slice(STAMP_NOTE.length)) as Partial<IslandsStamp>;
  const valid =
    typeof stamp.next === "string" &&
    typeof stamp.buildId === "string" &&
    typeof stamp.pages === "number";
  return valid ? (stamp as IslandsStamp) : undefined;
}

/** Why the export in `outDir` must not be deployed; empty when it may. */
export function exportProblems(outDir: string, pinnedNext: string): string[] {
  const shown = path.relative(process.cwd(), outDir) || outDir;
  if (!existsSync(path.join(outDir, "index.html"))) {
    return [`${shown}/ holds no export (no index.html): next build did not export the site.`];
  }
  const problems: string[] = [];
  const pages = filesUnder(outDir, ".html");
  const headersFile = path.join(outDir, HEADERS_FILE);
  if (!existsSync(headersFile)) {
    problems.push(
      `${shown}/${HEADERS_FILE} is missing: the site would be served without its security ` +
        "policy (Content-Security-Policy, framing, sniffing) and caching rules.",
    );
  } else {
    const text = readFileSync(headersFile, "utf8");
    const stamp = readStamp(text);
    if (!stamp) {
      problems.push(`${shown}/${HEADERS_FILE} was not written by the islands step (no stamp).`);
    } else if (stamp.next !== pinnedNext) {
      problems.push(
        `${shown}/${HEADERS_FILE} was written for Next ${stamp.next}, but package.json pins ${pinnedNext}.`,
      );
    } else if (stamp.pages !== pages.length) {
      problems.push(
        `The islands step rewrote ${stamp.pages} pages, but ${shown}/ holds ${pages.length}.`,
      );
    }
    if (!headersFor(parseHeadersFile(text), "/")["Content-Security-Policy"]) {
      problems.push(`${shown}/${HEADERS_FILE} gives pages no Content-Security-Policy.`);
    }
  }
  const withRuntime = pages
    .map((file) => ({ file, leftovers: nextRuntimeLeftovers(readFileSync(file, "utf8")) }))
    .filter(({ leftovers }) => leftovers.length > 0);
  const [first] = withRuntime;
  if (first) {
    problems.push(
      `${withRuntime.length} of ${pages.length} pages still load Next's client runtime, such as ` +
        `${path.relative(outDir, first.file)}: ${first.leftovers.join(", ")}.`,
    );
  }
  return problems;
}

/** The message `npm run build` fails with: what is wrong, what happened, what to do. */
export function exportRefusal(
  outDir: string,
  problems: readonly string[],
  versions: { installed: string; pinned: string },
): string {
  const shown = path.relative(process.cwd(), outDir) || outDir;
  return [
    `The export in ${shown}/ must not be deployed:`,
    ...problems.map((problem) => `  - ${problem}`),
    "",
    "The islands step (scripts/islands/adapter.mjs, named by `adapterPath` in next.config.mjs)",
    "did not run, or did not finish. A Next that does not know `adapterPath` only warns about",
    "an unrecognized key in next.config.mjs and exports without the step.",
    `Next installed: ${versions.installed}; the islands step is tested against: ${versions.pinned}.`,
    'Look for the adapter\'s lines ("Running onBuildComplete from islands") in the output above,',
    'and see the README, "Upgrading Next".',
  ].join("\n");
}
