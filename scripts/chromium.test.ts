import { readFileSync } from "node:fs";

import { chromium } from "@playwright/test";

import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  HIDDEN_UI_FEATURES,
  PLAYWRIGHT_CHROMIUM_FLAGS,
} from "./chromium.ts";

// Starts Debian's Chromium: a second or two.
jest.setTimeout(60_000);

const featuresIn = (flag: string) => flag.slice("--disable-features=".length).split(",");

it("passes Chromium one list of features to turn off, Playwright's own included", async () => {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_PATH,
    args: PLAYWRIGHT_CHROMIUM_FLAGS,
  });
  try {
    // Debian's /usr/bin/chromium execs the browser: the process keeps its id.
    const commandLine = readFileSync(`/proc/${server.process().pid}/cmdline`, "utf8").split("\0");
    const lists = commandLine.filter((flag) => flag.startsWith("--disable-features="));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    // Chromium keeps only the last one.
    const applied = new Set(featuresIn(lists.at(-1)!));
    const dropped = lists
      .slice(0, -1)
      .flatMap(featuresIn)
      .filter((name) => !applied.has(name));
    expect(dropped).toEqual([]);
    expect(HIDDEN_UI_FEATURES.filter((name) => !applied.has(name))).toEqual([]);

    // And the hidden UI is gone: the only target beside the browser is the page.
    const browser = await chromium.connect(server.wsEndpoint());
    const page = await browser.newPage();
    await page.setContent("<h1>Quick Home Buyers</h1>");
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = (await session.send("Target.getTargets")) as {
      targetInfos: { type: string; url: string }[];
    };
    expect(targetInfos.filter((target) => target.type !== "page")).toEqual([]);
    await browser.close();
  } finally {
    await server.close();
  }
});

it("passes Chromium started directly only the hidden UI to turn off", () => {
  const lists = CHROMIUM_FLAGS.filter((flag) => flag.startsWith("--disable-features="));
  expect(lists.map(featuresIn)).toEqual([HIDDEN_UI_FEATURES]);
});
