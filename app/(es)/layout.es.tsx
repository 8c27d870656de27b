import type { ReactNode } from "react";

import { homeCopyEs } from "@/content/es/home";
import { rootMetadata, rootViewport } from "@/lib/seo";
import { SiteDocument } from "@/components/site/site-document";

import "../globals.css";

export const metadata = rootMetadata(homeCopyEs.seo.description);
export const viewport = rootViewport;

/**
 * The Spanish pages' document: `<html lang="es">`. The folder's files end in .es.tsx, so they
 * are routes only for a company with a number answered in Spanish (config/languages.mjs).
 */
export default function SpanishLayout({ children }: { children: ReactNode }) {
  return <SiteDocument language="es">{children}</SiteDocument>;
}
