import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { nearest404 } from "./static-site.ts";

describe("nearest404", () => {
  const root = mkdtempSync(path.join(tmpdir(), "qhb-out-"));
  mkdirSync(path.join(root, "blog"));
  writeFileSync(path.join(root, "404.html"), "site");
  writeFileSync(path.join(root, "blog", "404.html"), "blog");

  it.each([
    ["/blog/no-such-post", "blog/404.html"],
    ["/blog/a/b/c", "blog/404.html"],
    ["/sell-house-fast-narnia", "404.html"],
    ["/", "404.html"],
    ["/docs/missing", "404.html"],
  ])("answers %s with %s", (pathname, expected) => {
    expect(nearest404(pathname, root)).toBe(path.join(root, expected));
  });

  it("never leaves the export folder", () => {
    expect(nearest404("/../../etc/passwd", root).startsWith(root)).toBe(true);
  });
});
