import type { ReactNode } from "react";

import { site } from "@/config/site";
import { rootMetadata, rootViewport } from "@/lib/seo";
import { SiteDocument } from "@/components/site/site-document";

import "../globals.css";

export const metadata = rootMetadata(site.description);
export const viewport = rootViewport;

/** The English pages' document: `<html lang="en">`; each page brings its own frame. */
export default function EnglishLayout({ children }: { children: ReactNode }) {
  return <SiteDocument language="en">{children}</SiteDocument>;
}
