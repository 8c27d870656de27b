// @ts-check
/**
 * Paint first, then hydrate: a Next.js build adapter that rewrites every exported HTML page
 * so Next's own scripts (React, the router, the islands: ~140 KB gzip) start loading once
 * the page has loaded and its largest content has been shown, instead of racing the HTML,
 * the CSS and the images for a slow phone's bandwidth and main thread.
 *
 * Measured with Lighthouse's mobile settings (slow 4G, 4x CPU), the scripts added 0.9 to
 * 1.2 s to the Largest Contentful Paint of every page while they were requested from the
 * <head>; started after the paint they add nothing to it (numbers in reports/perf.md).
 * Next has no option for this, and `output: 'export'` has no server to do it, so the
 * exported files are rewritten at the end of `next build` (`adapterPath` in next.config.mjs:
 * the adapter's onBuildComplete runs after the export is written).
 */

/** Marks a page already rewritten, so running the adapter twice changes nothing. */
export const BOOTSTRAP_ID = "paint-first";

/** Next's scripts as the export writes them: external, async, under /_next/static/. */
const NEXT_SCRIPT = /<script src="(\/_next\/static\/[^"]+\.js)" async=""><\/script>/g;
/** Next's own early fetch of a script it also adds as a <script>: it would defeat the wait. */
const NEXT_SCRIPT_PRELOAD =
  /<link rel="preload" as="script" fetchPriority="low" href="([^"]+)"\/>/g;

/**
 * Runs in the browser, inlined at the end of <body>: appends the scripts once the page has
 * loaded and the frame with its largest content has been presented, which is when the
 * browser reports a largest-contentful-paint entry; where it reports none (Safari, or when
 * nothing larger paints after load) two frames after load. A visitor who starts to type
 * or tap before then gets them at once, and a tab loaded in the background at load.
 *
 * Written in ES5 with no outside names: it is inlined as its source text.
 * @param {string[]} sources
 */
export function startAfterPaint(sources) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    sources.forEach(function (source) {
      var script = document.createElement("script");
      script.src = source;
      script.async = true;
      document.head.appendChild(script);
    });
  }
  ["pointerdown", "keydown", "focusin"].forEach(function (type) {
    window.addEventListener(type, start, { once: true, capture: true, passive: true });
  });
  function afterLoad() {
    if (document.visibilityState === "hidden") return start();
    var observer = window.PerformanceObserver;
    if (observer && (observer.supportedEntryTypes || []).indexOf("largest-contentful-paint") >= 0) {
      new observer(function () {
        setTimeout(start, 0);
      }).observe({ type: "largest-contentful-paint" });
    }
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 50);
      });
    });
  }
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}

/**
 * The scripts a rewritten page starts after its paint (none for any other page): what a
 * link check must find in the export, now that they are no <script src> of their own.
 * @param {string} html
 * @returns {string[]}
 */
export function deferredSources(html) {
  const start = html.indexOf(`<script id="${BOOTSTRAP_ID}">`);
  if (start === -1) return [];
  const end = html.indexOf("</script>", start);
  const call = html.slice(start, end).match(/\)\((\[[^\]]*\])\)$/);
  if (!call?.[1]) throw new Error("paint-first: the page's script has no list of scripts");
  return JSON.parse(call[1]);
}

/**
 * The page with Next's script tags (and their preloads) taken out and one inline script
 * at the end of <body> that starts them after the paint, in the order Next wrote them.
 * A page without Next's scripts, or already rewritten, comes back unchanged.
 * @param {string} html
 * @returns {string}
 */
export function paintFirst(html) {
  if (html.includes(`<script id="${BOOTSTRAP_ID}">`)) return html;
  /** @type {string[]} */
  const sources = [];
  const withoutScripts = html.replace(NEXT_SCRIPT, (_tag, /** @type {string} */ src) => {
    if (!sources.includes(src)) sources.push(src);
    return "";
  });
  if (sources.length === 0) return html;
  const withoutPreloads = withoutScripts.replace(NEXT_SCRIPT_PRELOAD, (tag, href) =>
    sources.includes(href) ? "" : tag,
  );
  const bootstrap = `<script id="${BOOTSTRAP_ID}">(${startAfterPaint.toString()})(${JSON.stringify(sources)})</script>`;
  const end = withoutPreloads.lastIndexOf("</body>");
  if (end === -1) throw new Error("paint-first: the page has no </body> to put its script before");
  return `${withoutPreloads.slice(0, end)}${bootstrap}${withoutPreloads.slice(end)}`;
}
