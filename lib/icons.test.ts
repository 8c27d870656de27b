import { readFileSync } from "node:fs";
import path from "node:path";

import { FAVICON } from "@/lib/icons";
import { site } from "@/config/site";

describe("app icons", () => {
  it("draws the favicon in the brand's theme colour", () => {
    const svg = readFileSync(path.join(process.cwd(), FAVICON.file), "utf8");
    expect(svg).toContain(`fill="${site.themeColor}"`);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
  });
});
