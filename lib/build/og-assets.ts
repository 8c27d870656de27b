import { readFile } from "node:fs/promises";
import path from "node:path";

import { FAVICON } from "@/lib/icons";

/**
 * What the generated images are drawn with, read from disk at build time: Inter
 * from the npm package (the build has no network, and next/og reads ttf/otf/woff
 * but not woff2) and the brand mark, the favicon itself.
 */
const FONT_DIR = path.join(process.cwd(), "node_modules", "@fontsource", "inter", "files");
const BRAND_MARK = path.join(process.cwd(), FAVICON.file);
const WEIGHTS = [400, 700, 800] as const;

export type OgFont = {
  name: string;
  data: ArrayBuffer;
  weight: (typeof WEIGHTS)[number];
  style: "normal";
};

async function loadWeight(weight: (typeof WEIGHTS)[number]): Promise<OgFont> {
  const file = await readFile(path.join(FONT_DIR, `inter-latin-${weight}-normal.woff`));
  const data = file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
  return { name: "Inter", data, weight, style: "normal" };
}

let fonts: Promise<OgFont[]> | undefined;
let mark: Promise<string> | undefined;

/** Read once per build worker and shared by every image it renders. */
export function ogFonts(): Promise<OgFont[]> {
  fonts ??= Promise.all(WEIGHTS.map(loadWeight));
  return fonts;
}

/** The brand mark as a data URI for an <img> inside an ImageResponse. */
export function brandMark(): Promise<string> {
  mark ??= readFile(BRAND_MARK).then(
    (svg) => `data:image/svg+xml;base64,${svg.toString("base64")}`,
  );
  return mark;
}
