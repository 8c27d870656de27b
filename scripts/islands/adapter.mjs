// @ts-check
import { spawnSync } from "node:child_process";
import path from "node:path";

/**
 * The build adapter named in next.config.mjs, so a plain `next build` produces the islands
 * export. The work is TypeScript run by tsx in a process of its own: Next's build process
 * aliases `react` to its own copy, and the islands must render with the React they ship.
 * @type {import("next").NextAdapter}
 */
const adapter = {
  name: "islands",
  modifyConfig(config, { phase, projectDir }) {
    // Fail before the build, not after it: a deploy build with nowhere to send leads.
    if (phase === "phase-production-build") runTs(projectDir, ["scripts/islands/check-env.ts"]);
    return config;
  },
  onBuildComplete({ projectDir, config }) {
    // With output: "export", a distDir other than .next names the export folder.
    const outDir = path.join(projectDir, config.distDir === ".next" ? "out" : config.distDir);
    runTs(projectDir, ["scripts/islands/build.ts", outDir]);
  },
};

/**
 * @param {string} cwd
 * @param {string[]} args
 */
function runTs(cwd, args) {
  const result = spawnSync(process.execPath, ["--import", "tsx", ...args], {
    cwd,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error(`${args[0]} failed (exit ${result.status})`);
}

export default adapter;
