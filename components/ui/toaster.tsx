"use client";

import { createRoot } from "react-dom/client";

let region: Promise<typeof import("@/components/ui/toast-region")> | undefined;
let mounted = false;

/** Starts loading the toasts' code ahead of a toast that is likely to come (a form about to be sent). */
export function preloadToaster() {
  region ??= import("@/components/ui/toast-region");
  // Offline now: a later toast loads it afresh instead of inheriting this failure.
  region.catch(() => {
    region = undefined;
  });
  return region;
}

/**
 * Puts the toast region on the page the first time a toast is raised: a root of its own
 * at the end of <body>, so no page carries it (or Radix Toast, ~15 KB gzip) until needed.
 */
export function mountToaster(): void {
  if (mounted) return;
  mounted = true;
  preloadToaster().then(
    ({ ToastRegion }) => {
      const container = document.createElement("div");
      container.dataset.toaster = "";
      document.body.append(container);
      createRoot(container).render(<ToastRegion />);
    },
    (error: unknown) => {
      mounted = false;
      console.error("The notification could not be shown:", error);
    },
  );
}
