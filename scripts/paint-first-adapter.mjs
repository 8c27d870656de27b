// @ts-check
import { readFile, writeFile } from "node:fs/promises";

import { paintFirst } from "./paint-first.mjs";

/**
 * The build adapter named in next.config.mjs: after `next build` has written the static
 * export, every HTML page in it is rewritten to start Next's scripts after the first
 * paint (see paint-first.mjs for why).
 * @type {import("next").NextAdapter}
 */
const adapter = {
  name: "paint-first",
  async onBuildComplete({ outputs }) {
    const pages = outputs.staticFiles.filter((file) => file.filePath.endsWith(".html"));
    let rewritten = 0;
    for (const { filePath } of pages) {
      const html = await readFile(filePath, "utf8");
      const result = paintFirst(html);
      if (result === html) continue;
      await writeFile(filePath, result);
      rewritten++;
    }
    console.log(
      `paint-first: ${rewritten} of ${pages.length} pages start their scripts after the paint`,
    );
  },
};

export default adapter;
