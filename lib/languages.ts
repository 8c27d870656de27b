import { site } from "@/config/site";
import { CALCULATOR_PATH } from "@/content/calculator";
import { LEGAL_PAGES } from "@/content/legal-pages";
import { CALCULATOR_PATH_ES } from "@/content/es/calculator";
import { LEGAL_PAGES_ES } from "@/content/es/legal-pages";
import { SPANISH_GUIDE_SLUGS, type SpanishGuideSituation } from "@/content/es/situations";
import { STATE_NAMES_ES } from "@/content/es/state-names";
import { slugify } from "@/lib/slug";
import { situationPath } from "@/lib/situations";
import { statePath, stateSummaries } from "@/lib/states";
import {
  FORM_RESULT_PATHS,
  NOT_SENT_REASONS,
  notSentPath,
} from "@/supabase/functions/_shared/contract/lead-form.ts";
import type { Language } from "@/supabase/functions/_shared/contract/language.ts";
import type { StateName } from "@/supabase/functions/_shared/contract/states.ts";

export type { Language };

/**
 * Every page that exists in both languages, as the pair of its paths: the one list the
 * language switch, the hreflang links, the sitemap and the build's reciprocity check read.
 * The English URLs are the specification's and keep no prefix; the Spanish ones live under
 * /es/ with Spanish slugs. Without a number answered in Spanish (COMPANY_SPANISH_PHONE) there
 * are no pairs: no Spanish page is built and no page links to one.
 */
export type Pair = {
  en: string;
  es: string;
  /** Search engines see the pair (hreflang, sitemap); the form's answer pages are noindex. */
  indexed: boolean;
};

export const SPANISH_HOME_PATH = "/es";

/** The ten states with the most Spanish speakers, each with a Spanish page. */
export const SPANISH_STATES = [
  "California",
  "Texas",
  "Florida",
  "New York",
  "Illinois",
  "Arizona",
  "New Jersey",
  "New Mexico",
  "Nevada",
  "Colorado",
] as const satisfies readonly StateName[];

export type SpanishState = (typeof SPANISH_STATES)[number];

/** "/es/vender-casa-rapido-nueva-york": the Spanish state page, named in Spanish. */
export function spanishStatePath(name: SpanishState): string {
  return `${SPANISH_HOME_PATH}/vender-casa-rapido-${slugify(STATE_NAMES_ES[name])}`;
}

export const SPANISH_SITUATIONS_PATH = `${SPANISH_HOME_PATH}/situaciones`;

/** Whether a situation has a Spanish guide. */
export function hasSpanishGuide(situation: string): situation is SpanishGuideSituation {
  return Object.hasOwn(SPANISH_GUIDE_SLUGS, situation);
}

export function spanishGuidePath(situation: SpanishGuideSituation): string {
  return `${SPANISH_SITUATIONS_PATH}/${SPANISH_GUIDE_SLUGS[situation]}`;
}

/**
 * "/es/calculadora/nueva-york": the Spanish calculator with a state's worked example, which
 * /es/calculadora?state=ny is answered with (lib/hosting/query-rewrites.ts), as in English.
 */
export function spanishCalculatorStatePath(name: StateName): string {
  return `${CALCULATOR_PATH_ES}/${slugify(STATE_NAMES_ES[name])}`;
}

/** Whether the Spanish site is built (config/languages.mjs decides, site.ts reads it). */
export function spanishSiteOn(): boolean {
  return site.company.spanish !== null;
}

function allPairs(): Pair[] {
  const indexed = (en: string, es: string): Pair => ({ en, es, indexed: true });
  return [
    indexed("/", SPANISH_HOME_PATH),
    ...SPANISH_STATES.map((name) => indexed(statePath(name), spanishStatePath(name))),
    ...(Object.keys(SPANISH_GUIDE_SLUGS) as SpanishGuideSituation[]).map((situation) =>
      indexed(situationPath(situation), spanishGuidePath(situation)),
    ),
    indexed(CALCULATOR_PATH, CALCULATOR_PATH_ES),
    // The calculator's per-state copies point search engines at the calculator: noindex.
    ...stateSummaries.map((state) => ({
      en: `${CALCULATOR_PATH}/${state.slug}`,
      es: spanishCalculatorStatePath(state.name),
      indexed: false,
    })),
    indexed(LEGAL_PAGES.privacy.path, LEGAL_PAGES_ES.privacy.path),
    indexed(LEGAL_PAGES.terms.path, LEGAL_PAGES_ES.terms.path),
    indexed(LEGAL_PAGES.sms.path, LEGAL_PAGES_ES.sms.path),
    { en: FORM_RESULT_PATHS.en.received, es: FORM_RESULT_PATHS.es.received, indexed: false },
    ...NOT_SENT_REASONS.map((reason) => ({
      en: notSentPath("en", reason),
      es: notSentPath("es", reason),
      indexed: false,
    })),
  ];
}

/** The pairs the build makes: none without the Spanish line. */
export function languagePairs(): Pair[] {
  return spanishSiteOn() ? allPairs() : [];
}

/** The same page in the other language, if it has one. */
export function counterpart(path: string, language: Language): string | undefined {
  const pair = languagePairs().find((candidate) => candidate[language] === path);
  return pair?.[language === "en" ? "es" : "en"];
}
