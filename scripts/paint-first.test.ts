/**
 * @jest-environment jsdom
 */
import { deferredSources, paintFirst, startAfterPaint } from "./paint-first.mjs";

/** The head and body of an exported page, as `next build` writes them (shortened). */
const EXPORTED = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/form.js"/>',
  '<script src="/_next/static/chunks/react-dom.js" async=""></script>',
  '<script src="/_next/static/chunks/router.js" async=""></script>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  "</head><body><main><h1>Sell Your House Fast</h1></main>",
  '<script type="application/ld+json">{"@type":"Organization"}</script>',
  '<script src="/_next/static/chunks/form.js" async=""></script>',
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
  "</body></html>",
].join("");

describe("paintFirst", () => {
  const rewritten = paintFirst(EXPORTED);

  it("takes Next's scripts and their preload out of the page", () => {
    expect(rewritten).not.toMatch(/<script src="\/_next\/static\/chunks\/[^"]+" async="">/);
    expect(rewritten).not.toContain('rel="preload" as="script"');
  });

  it("starts the same scripts from one script at the end of <body>, in the page's order", () => {
    expect(rewritten).toMatch(/<script id="paint-first">[^<]*<\/script><\/body><\/html>$/);
    expect(deferredSources(rewritten)).toEqual([
      "/_next/static/chunks/react-dom.js",
      "/_next/static/chunks/router.js",
      "/_next/static/chunks/form.js",
    ]);
  });

  it("leaves the page's content, styles, data and other scripts as they were", () => {
    for (const kept of [
      '<link rel="stylesheet" href="/_next/static/chunks/site.css" data-precedence="next"/>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
      "<main><h1>Sell Your House Fast</h1></main>",
    ]) {
      expect(rewritten).toContain(kept);
    }
  });

  it("changes nothing the second time, or on a page without Next's scripts", () => {
    expect(paintFirst(rewritten)).toBe(rewritten);
    const plain = "<html><body><p>No scripts</p></body></html>";
    expect(paintFirst(plain)).toBe(plain);
    expect(deferredSources(plain)).toEqual([]);
  });

  it("refuses a page it cannot put the script in", () => {
    expect(() => paintFirst('<script src="/_next/static/chunks/a.js" async=""></script>')).toThrow(
      "no </body>",
    );
  });
});

describe("startAfterPaint, in the page", () => {
  const SOURCES = ["/_next/static/chunks/a.js", "/_next/static/chunks/b.js"];
  let readyState: DocumentReadyState;
  let visibility: DocumentVisibilityState;

  function appended(): string[] {
    return Array.from(document.head.querySelectorAll("script[src]"), (script) =>
      script.getAttribute("src"),
    ).filter((src): src is string => src !== null);
  }

  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = "";
    readyState = "interactive";
    visibility = "visible";
    jest.spyOn(document, "readyState", "get").mockImplementation(() => readyState);
    jest.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    jest
      .spyOn(window, "requestAnimationFrame")
      .mockImplementation((callback) => Number(setTimeout(() => callback(performance.now()), 16)));
  });

  afterEach(() => {
    // Every instance started (and so inert) before the next test listens for load again.
    window.dispatchEvent(new KeyboardEvent("keydown"));
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  function load() {
    readyState = "complete";
    window.dispatchEvent(new Event("load"));
  }

  it("adds nothing before the page has loaded", () => {
    startAfterPaint(SOURCES);
    jest.advanceTimersByTime(5_000);
    expect(appended()).toEqual([]);
  });

  it("adds every script once, in order, two frames after load", () => {
    startAfterPaint(SOURCES);
    load();
    jest.advanceTimersByTime(16);
    expect(appended()).toEqual([]);
    jest.advanceTimersByTime(100);
    expect(appended()).toEqual(SOURCES);
    window.dispatchEvent(new KeyboardEvent("keydown"));
    jest.advanceTimersByTime(1_000);
    expect(appended()).toEqual(SOURCES);
  });

  it("starts at once when the visitor types or taps before the page has loaded", () => {
    startAfterPaint(SOURCES);
    window.dispatchEvent(new KeyboardEvent("keydown"));
    expect(appended()).toEqual(SOURCES);
  });

  it("starts at load in a tab that is not shown, where no frame is painted", () => {
    visibility = "hidden";
    startAfterPaint(SOURCES);
    load();
    expect(appended()).toEqual(SOURCES);
  });

  it("works on a page that had already loaded", () => {
    readyState = "complete";
    startAfterPaint(SOURCES);
    jest.advanceTimersByTime(100);
    expect(appended()).toEqual(SOURCES);
  });
});
