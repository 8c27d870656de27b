"use client";

import { useEffect } from "react";

/**
 * Starts the page at the top on load, instead of where the browser last left it. Scrolling
 * up once is not enough: on a reload the browser puts the page back where it was as it lays
 * it out, which can come after this has run (a jump down and up again, or a page left half
 * way down), so it is told not to restore this page's position at all.
 */
export function ScrollToTop() {
  useEffect(() => {
    history.scrollRestoration = "manual";
    if (!window.location.hash) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, []);
  return null;
}
