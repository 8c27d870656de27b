// @ts-check
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The one Next version the islands step is tested against, pinned exactly in package.json.
 * The step leans on what that version writes (its adapter API, its export's HTML and file
 * names), so another version comes in as an upgrade made on purpose, with the tests
 * (README, "Upgrading Next"), never through a caret range or a stale node_modules.
 * Plain JavaScript: the adapter runs inside Next's process, which does not load TypeScript.
 * @param {string} projectDir
 * @returns {string}
 */
export function pinnedNextVersion(projectDir) {
  const manifest = JSON.parse(readFileSync(path.join(projectDir, "package.json"), "utf8"));
  const pinned = manifest.dependencies?.next;
  if (typeof pinned !== "string" || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(pinned)) {
    throw new Error(
      `package.json must pin "next" to one version (such as "16.4.6"), not ${JSON.stringify(pinned)}: ` +
        "the islands step is tested against one version of Next's output.",
    );
  }
  return pinned;
}

/**
 * Throws unless `installed` is the pinned version, saying what to do.
 * @param {string} installed
 * @param {string} projectDir
 */
export function checkNextVersion(installed, projectDir) {
  const pinned = pinnedNextVersion(projectDir);
  if (installed === pinned) return;
  throw new Error(
    `Next ${installed} is installed, but the islands step is tested against Next ${pinned} ` +
      `(package.json). Run \`npm ci\` to install ${pinned}, or upgrade on purpose as the README's ` +
      '"Upgrading Next" says.',
  );
}
