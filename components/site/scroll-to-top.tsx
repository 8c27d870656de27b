"use client";

import { useEffect } from "react";

/** Starts the page at the top on load, instead of where the browser last left it. */
export function ScrollToTop() {
  useEffect(() => {
    if (!window.location.hash) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, []);
  return null;
}
