import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { checkNextVersion, pinnedNextVersion } from "./next-pin.mjs";

let projectDir: string;
const withNext = (next: string | undefined) =>
  writeFileSync(path.join(projectDir, "package.json"), JSON.stringify({ dependencies: { next } }));

beforeEach(() => {
  projectDir = mkdtempSync(path.join(tmpdir(), "next-pin-"));
});
afterEach(() => rmSync(projectDir, { recursive: true, force: true }));

describe("the pinned Next version", () => {
  it("is the one version package.json names", () => {
    withNext("16.4.6");
    expect(pinnedNextVersion(projectDir)).toBe("16.4.6");
    withNext("16.5.0-canary.3");
    expect(pinnedNextVersion(projectDir)).toBe("16.5.0-canary.3");
  });

  it("refuses a range, which would let an untested Next in", () => {
    for (const range of ["^16.4.6", "~16.4.6", ">=16", "latest", undefined]) {
      withNext(range);
      expect(() => pinnedNextVersion(projectDir)).toThrow(/must pin "next" to one version/);
    }
  });

  it("refuses an installed Next that is not the pinned one, saying what to do", () => {
    withNext("16.4.6");
    expect(() => checkNextVersion("16.4.6", projectDir)).not.toThrow();
    expect(() => checkNextVersion("16.5.0", projectDir)).toThrow(
      /Next 16\.5\.0 is installed, but the islands step is tested against Next 16\.4\.6 .*npm ci/,
    );
  });
});

describe("this project's package.json", () => {
  it("pins next, and eslint-config-next to the same version", () => {
    const root = path.resolve(__dirname, "../..");
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      devDependencies: Record<string, string>;
    };
    expect(manifest.devDependencies["eslint-config-next"]).toBe(pinnedNextVersion(root));
  });
});
