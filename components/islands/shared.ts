/**
 * What the page scripts and the modules islands load later have in common. Every one of
 * them imports this module (scripts/islands/build.ts adds the import to each lazily loaded
 * module), so all of it lands in one file: esbuild otherwise splits shared code into a
 * small file for every different set of importers, and on a slow phone each file costs a
 * request and its own compression overhead (about 3 KB on a page with the form).
 */
import "react";
import "react/jsx-runtime";
import "react-dom/client";
import "@/components/islands/hydrate";
import "@/components/ui/button";
import "@/components/ui/icon";
import "@/components/ui/toaster";
import "@/components/ui/use-toast";
import "@/components/islands/page-script";
import "@/lib/browser/call-tracking";
import "@/lib/browser/offer-stash";
import "@/config/commitments";
import "@/lib/utils";
import "@/lib/fill-text";
