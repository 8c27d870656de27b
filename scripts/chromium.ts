/**
 * Debian's Chromium, as the e2e tests and the perf script launch it. No browser is
 * downloaded on this machine; without the background-networking flags Chromium keeps
 * trying hosts the closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
