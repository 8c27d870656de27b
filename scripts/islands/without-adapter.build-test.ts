/**
 * The deploy build refuses an export the islands step did not rewrite. Builds the site as a
 * Next that ignores `adapterPath` would (QHB_WITHOUT_ISLANDS_ADAPTER=1, read by
 * next.config.mjs) into a folder of its own, through `npm run build` with no Supabase URL,
 * as a deploy would: `next build` succeeds, the command must not. One whole `next build`
 * (1-2 minutes on two cores): `npm run test:build`, part of `npm test`, not of `jest`.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";

const EXPORT_DIR = "out-without-islands";

test("npm run build fails, saying why, when Next does not run the islands adapter", () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    QHB_WITHOUT_ISLANDS_ADAPTER: "1",
    QHB_EXPORT_DIR: EXPORT_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    // npm test runs this beside `npm run typecheck`: the types are its to check, not this build's.
    QHB_TYPES_CHECKED: "1",
  };
  delete env.QHB_LOCAL_BUILD;
  delete env.NEXT_PUBLIC_SUPABASE_URL;
  // A company with no number answered in Spanish: the same build shows no Spanish site exists.
  delete env.COMPANY_SPANISH_PHONE;
  rmSync(EXPORT_DIR, { recursive: true, force: true });
  try {
    const build = spawnSync("npm", ["run", "--silent", "build"], { env, encoding: "utf8" });
    const output = `${build.stdout}\n${build.stderr}`;

    // Next itself exported the site: what would have been deployed without the check.
    const home = path.join(EXPORT_DIR, "index.html");
    assert.ok(existsSync(home), `next build did not export the site:\n${output.slice(-3000)}`);
    assert.match(readFileSync(home, "utf8"), /self\.__next_f/);
    assert.ok(!existsSync(path.join(EXPORT_DIR, "_headers")));

    assert.notEqual(build.status, 0, "npm run build exited 0 with Next's runtime on every page");
    assert.match(output, new RegExp(`The export in ${EXPORT_DIR}/ must not be deployed`));
    assert.match(output, new RegExp(`${EXPORT_DIR}/_headers is missing`));
    assert.match(output, /pages still load Next's client runtime/);
    assert.match(output, /The islands step \(scripts\/islands\/adapter\.mjs.*\) *\n?did not run/);

    // Without COMPANY_SPANISH_PHONE no Spanish page is built and no page links to one.
    assert.ok(!existsSync(path.join(EXPORT_DIR, "es.html")), "a Spanish home page was built");
    assert.ok(!existsSync(path.join(EXPORT_DIR, "es")), "Spanish pages were built");
    const pages = readdirSync(EXPORT_DIR, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".html"),
    );
    assert.ok(pages.length > 60, `only ${pages.length} pages were exported`);
    for (const file of pages) {
      const html = readFileSync(path.join(EXPORT_DIR, file), "utf8");
      assert.doesNotMatch(html, /href="[^"]*\/es(?:[/"#?])|hreflang="es-US"|>Español</i, file);
    }
  } finally {
    rmSync(EXPORT_DIR, { recursive: true, force: true });
  }
});
