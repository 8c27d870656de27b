/**
 * `npm run build` (and `npm run build:local`, which `npm start` and the tests use): `next
 * build`, then the check that its islands step ran (scripts/islands/export-check.ts).
 * A plain `next build` can exit 0 with an export that must not ship; this command cannot.
 *
 *   tsx scripts/islands/next-build.ts [more next build arguments]
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import nextConfig from "../../next.config.mjs";
import { HEADERS_FILE } from "../../lib/hosting/headers-file.ts";
import { publicEnv } from "../../config/env.ts";
import { exportProblems, exportRefusal } from "./export-check.ts";
import { languagePairProblems, languagePairRefusal } from "./language-pairs.ts";
import { checkNextVersion, pinnedNextVersion } from "./next-pin.mjs";

const PROJECT_DIR = process.cwd();

function installedNextVersion(): string {
  const manifest = createRequire(import.meta.url)("next/package.json") as { version: string };
  return manifest.version;
}

/** The export folder: with output: "export", distDir names it (next.config.mjs). */
function exportDir(): string {
  return path.resolve(PROJECT_DIR, nextConfig.distDir ?? "out");
}

function main(): number {
  const installed = installedNextVersion();
  const pinned = pinnedNextVersion(PROJECT_DIR);
  // Before two minutes of building: the islands step is tested against one Next.
  checkNextVersion(installed, PROJECT_DIR);

  const outDir = exportDir();
  // Next empties the export folder before it exports; should a version not, a _headers
  // left by an earlier build must not vouch for this one.
  rmSync(path.join(outDir, HEADERS_FILE), { force: true });
  const build = spawnSync("npx", ["next", "build", ...process.argv.slice(2)], {
    stdio: "inherit",
    // No telemetry, and so no notice about it on a newcomer's first build.
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) return build.status ?? 1;

  const problems = exportProblems(outDir, pinned);
  if (problems.length > 0) {
    console.error(`\n${exportRefusal(outDir, problems, { installed, pinned })}\n`);
    return 1;
  }
  const unpaired = languagePairProblems(outDir, publicEnv.siteUrl);
  if (unpaired.length > 0) {
    console.error(`\n${languagePairRefusal(outDir, unpaired)}\n`);
    return 1;
  }
  console.log(`The export in ${path.relative(PROJECT_DIR, outDir)}/ has its islands and _headers.`);
  return 0;
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
