import { BlogFilter } from "@/components/blog/blog-filter";
import { NetProceedsCalculator } from "@/components/calculator/net-proceeds-calculator";
import { ShareButton } from "@/components/blog/share-button";
import { OfferForm } from "@/components/offer-form/offer-form";
import { LogMissingPath } from "@/components/site/log-missing-path";
import { ScrollToTop } from "@/components/site/scroll-to-top";

/**
 * Every island: the interactive parts of pages that are otherwise static HTML. The key is
 * the island's name in the HTML; `module` and `exportName` say where the browser bundle
 * takes the component from, one entry script per island (the build checks that they
 * name this very component).
 */
export const ISLANDS = {
  "offer-form": {
    component: OfferForm,
    module: "@/components/offer-form/offer-form",
    exportName: "OfferForm",
  },
  "blog-filter": {
    component: BlogFilter,
    module: "@/components/blog/blog-filter",
    exportName: "BlogFilter",
  },
  "share-button": {
    component: ShareButton,
    module: "@/components/blog/share-button",
    exportName: "ShareButton",
  },
  "net-proceeds-calculator": {
    component: NetProceedsCalculator,
    module: "@/components/calculator/net-proceeds-calculator",
    exportName: "NetProceedsCalculator",
  },
  "missing-path-logger": {
    component: LogMissingPath,
    module: "@/components/site/log-missing-path",
    exportName: "LogMissingPath",
  },
  "scroll-to-top": {
    component: ScrollToTop,
    module: "@/components/site/scroll-to-top",
    exportName: "ScrollToTop",
  },
} as const;

export type IslandName = keyof typeof ISLANDS;
