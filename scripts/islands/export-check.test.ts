import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { renderHeadersFile, siteHeaderRules } from "../../lib/hosting/headers-file.ts";
import { exportProblems, exportRefusal, readStamp, stampNote } from "./export-check.ts";

const NEXT = "16.4.6";
const RULES = siteHeaderRules({ connectOrigins: [], scriptHashes: [], styleHashes: [] });
const ISLANDS_PAGE =
  '<!DOCTYPE html><html><head><script type="module" src="/_next/static/islands/page-1.js">' +
  "</script></head><body><main>Hi</main></body></html>";
const NEXT_PAGE =
  '<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script>' +
  "</head><body><main>Hi</main><script>(self.__next_f=self.__next_f||[]).push([0])</script>" +
  "</body></html>";

let outDir: string;

/** An export with two pages and, unless `headers` is null, a _headers file. */
function writeExport({ page = ISLANDS_PAGE, headers = "" as string | null } = {}) {
  writeFileSync(path.join(outDir, "index.html"), page);
  mkdirSync(path.join(outDir, "blog"), { recursive: true });
  writeFileSync(path.join(outDir, "blog", "index.html"), page);
  if (headers !== null) writeFileSync(path.join(outDir, "_headers"), headers);
}

const stamped = (pages: number, next = NEXT) =>
  renderHeadersFile(RULES, [stampNote({ next, buildId: "b1", pages })]);

beforeEach(() => {
  outDir = mkdtempSync(path.join(tmpdir(), "islands-export-"));
});
afterEach(() => rmSync(outDir, { recursive: true, force: true }));

describe("exportProblems", () => {
  it("passes an export the islands step stamped, with a policy and no Next runtime", () => {
    writeExport({ headers: stamped(2) });
    expect(exportProblems(outDir, NEXT)).toEqual([]);
  });

  it("refuses the export of a build whose islands step did not run", () => {
    writeExport({ page: NEXT_PAGE, headers: null });
    const problems = exportProblems(outDir, NEXT);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /_headers is missing: the site would be served without its security policy/,
    );
    expect(problems[1]).toMatch(
      /2 of 2 pages still load Next's client runtime, such as blog\/index\.html/,
    );
  });

  it("refuses a _headers the islands step did not write, or wrote for another build", () => {
    writeExport({ headers: renderHeadersFile(RULES) });
    expect(exportProblems(outDir, NEXT)).toEqual([
      expect.stringMatching(/not written by the islands step/),
    ]);
    writeExport({ headers: stamped(2, "16.5.0") });
    expect(exportProblems(outDir, NEXT)).toEqual([
      expect.stringMatching(/written for Next 16\.5\.0, but package\.json pins 16\.4\.6/),
    ]);
    writeExport({ headers: stamped(1) });
    expect(exportProblems(outDir, NEXT)).toEqual([
      expect.stringMatching(/rewrote 1 pages, but .* holds 2/),
    ]);
  });

  it("refuses a _headers without a Content-Security-Policy", () => {
    const note = stampNote({ next: NEXT, buildId: "b1", pages: 2 });
    writeExport({ headers: renderHeadersFile([{ path: "/*", headers: { "X-A": "1" } }], [note]) });
    expect(exportProblems(outDir, NEXT)).toEqual([
      expect.stringMatching(/no Content-Security-Policy/),
    ]);
  });

  it("refuses a folder with no export at all", () => {
    expect(exportProblems(outDir, NEXT)).toEqual([expect.stringMatching(/holds no export/)]);
  });
});

describe("the stamp", () => {
  it("reads back what the islands step writes", () => {
    const stamp = { next: NEXT, buildId: "b1", pages: 68 };
    expect(readStamp(renderHeadersFile(RULES, [stampNote(stamp)]))).toEqual(stamp);
    expect(readStamp(renderHeadersFile(RULES))).toBeUndefined();
  });
});

describe("exportRefusal", () => {
  it("says what is wrong, what happened and where to look", () => {
    const message = exportRefusal(path.join(process.cwd(), "out"), ["out/_headers is missing"], {
      installed: "17.0.0",
      pinned: NEXT,
    });
    expect(message).toMatch(
      /^The export in out\/ must not be deployed:\n {2}- out\/_headers is missing\n/,
    );
    expect(message).toContain("`adapterPath`");
    expect(message).toContain(
      "Next installed: 17.0.0; the islands step is tested against: 16.4.6.",
    );
    expect(message).toContain('"Upgrading Next"');
  });
});
