"use client";

import { lazy, Suspense, useState } from "react";

import { useToasts } from "@/components/ui/use-toast";

let region: Promise<typeof import("@/components/ui/toast-region")> | undefined;

/** Starts loading the toasts' code ahead of a toast that is likely to come (a form about to be sent). */
export function preloadToaster() {
  region ??= import("@/components/ui/toast-region");
  return region;
}

const ToastRegion = lazy(() =>
  preloadToaster().then(({ ToastRegion }) => ({ default: ToastRegion })),
);

/**
 * Shows the toasts raised with toast(). Radix Toast is ~15 KB gzip that most visits
 * never need, so it loads with the first toast instead of with every page.
 */
export function Toaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
