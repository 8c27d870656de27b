import { siteNavCopy } from "@/content/site-nav";
import type { Translation } from "@/content/translation";

/**
 * The header's navigation in Spanish (components/site/site-header.tsx). The blog and the
 * comparison page have no Spanish version: where the header links to them from a Spanish
 * page, add languageCopyEs.englishOnly after the words (content/es/language.ts).
 */
export const siteNavCopyEs: Translation<typeof siteNavCopy> = {
  label: "Principal",
  menu: "Menú",
  home: "Inicio",
  situations: "Situaciones",
  situationsTitle: "¿Cuál es su situación?",
  allSituations: "Todas las situaciones",
  compare: "Oferta en efectivo o venta con agente",
  calculator: "Calculadora",
  blog: "Blog",
};
