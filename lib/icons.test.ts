import { readFileSync } from "node:fs";
import path from "node:path";

import { APP_ICONS, FAVICON, LOGO, iconPath } from "@/lib/icons";
import { site } from "@/lib/site";

describe("app icons", () => {
  it("draws the favicon in the brand's theme colour", () => {
    const svg = readFileSync(path.join(process.cwd(), FAVICON.file), "utf8");
    expect(svg).toContain(`fill="${site.themeColor}"`);
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
  });

  it("names each PNG once, with the sizes manifests and iOS expect", () => {
    expect(new Set(APP_ICONS.map((icon) => icon.name)).size).toBe(APP_ICONS.length);
    expect(APP_ICONS.map((icon) => [icon.name, icon.size])).toEqual([
      ["icon-192.png", 192],
      ["icon-512.png", 512],
      ["icon-maskable-512.png", 512],
      ["apple-touch-icon.png", 180],
    ]);
    expect(LOGO.path).toBe(iconPath("icon-512.png"));
  });
});
