// @ts-check
import { spawnSync } from "node:child_process";
import path from "node:path";

import { PHASE_PRODUCTION_BUILD } from "next/constants.js";

import { checkNextVersion } from "./next-pin.mjs";

/** Set once modifyConfig has checked a production build: onBuildComplete relies on it. */
let buildChecked = false;

/**
 * The build adapter named in next.config.mjs, so a plain `next build` produces the islands
 * export. The work is TypeScript run by tsx in a process of its own: Next's build process
 * aliases `react` to its own copy, and the islands must render with the React they ship.
 * A Next that does not call this adapter (one that ignores `adapterPath`) exports Next's
 * whole runtime on every page and no _headers: `npm run build` then fails
 * (scripts/islands/next-build.ts).
 * @type {import("next").NextAdapter}
 */
const adapter = {
  name: "islands",
  modifyConfig(config, { phase, projectDir, nextVersion }) {
    if (phase !== PHASE_PRODUCTION_BUILD) return config;
    // Fail before the build, not after it: on a Next whose output the rewrite was not
    // tested against, or a deploy build with nowhere to send leads or the example company.
    checkNextVersion(nextVersion, projectDir);
    if (config.output !== "export") {
      throw new Error(
        `The islands adapter rewrites a static export: next.config.mjs needs output: "export".`,
      );
    }
    runTs(projectDir, ["scripts/islands/check-env.ts"]);
    buildChecked = true;
    return config;
  },
  onBuildComplete({ projectDir, config, outputs, buildId, nextVersion }) {
    if (!buildChecked) {
      throw new Error(
        `Next ${nextVersion} finished a build without calling the islands adapter's modifyConfig ` +
          `for "${PHASE_PRODUCTION_BUILD}": the version and environment checks did not run. ` +
          "Its adapter API is not the one scripts/islands/adapter.mjs was written for.",
      );
    }
    // With output: "export", a distDir other than .next names the export folder.
    const outDir = path.join(projectDir, config.distDir === ".next" ? "out" : config.distDir);
    // For an export, Next lists every file it wrote as a static file: the rewrite works from
    // that list (scripts/islands/exported-files.ts), not from guesses over the folder.
    const files = outputs.staticFiles.map(({ pathname, filePath }) => ({ pathname, filePath }));
    const input = JSON.stringify({ outDir, buildId, nextVersion, files });
    runTs(projectDir, ["scripts/islands/build.ts", "--adapter-input"], input);
  },
};

/**
 * @param {string} cwd
 * @param {string[]} args
 * @param {string} [input] written to the process's standard input
 */
function runTs(cwd, args, input) {
  const result = spawnSync(process.execPath, ["--import", "tsx", ...args], {
    cwd,
    input,
    stdio: [input === undefined ? "inherit" : "pipe", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`${args[0]} failed (exit ${result.status})`);
}

export default adapter;
