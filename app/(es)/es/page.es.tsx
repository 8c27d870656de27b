import type { Metadata } from "next";

import { homeCopyEs } from "@/content/es/home";
import { SPANISH_HOME_PATH } from "@/lib/languages";
import { buildMetadata } from "@/lib/seo";
import { HomePage } from "@/components/home/home-page";

export const metadata: Metadata = buildMetadata({
  title: homeCopyEs.seo.title,
  description: homeCopyEs.seo.description,
  path: SPANISH_HOME_PATH,
  language: "es",
});

/** /es: the home page in Spanish, with its offer form. */
export default function InicioPage() {
  return <HomePage language="es" />;
}
