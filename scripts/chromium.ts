/**
 * Debian's Chromium, as the e2e tests and the perf script launch it. No browser is
 * downloaded on this machine; without the background-networking flags Chromium keeps
 * trying hosts the closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const BASE_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * Browser UI that headless Chromium 156 builds for every window although nothing shows it:
 * the address bar's popup, two WebUI pages in a renderer of their own. Measured here (24
 * loads of home and the privacy policy, each in a new context as every test has): 39 s of
 * CPU with them, 25 s without. It is the browser's own UI, not the page's: nothing a page
 * does or shows changes.
 */
export const HIDDEN_UI_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/**
 * The features Playwright's launcher turns off (its chromiumSwitches.ts, 1.65). Chromium
 * keeps only the last --disable-features it is given, so a list passed through Playwright
 * must carry these too or they would be on again; scripts/chromium.test.ts fails when
 * Playwright's own list has a name this one lacks.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

const disabling = (features: readonly string[]) => `--disable-features=${features.join(",")}`;

/** For Chromium started directly (Lighthouse's): no launcher's features to keep. */
export const CHROMIUM_FLAGS = [...BASE_FLAGS, disabling(HIDDEN_UI_FEATURES)];

/** For Chromium started by Playwright (the e2e tests, perf's throttled loads). */
export const PLAYWRIGHT_CHROMIUM_FLAGS = [
  ...BASE_FLAGS,
  disabling([...PLAYWRIGHT_DISABLED_FEATURES, ...HIDDEN_UI_FEATURES]),
];
