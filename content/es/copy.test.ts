import { CLAIMS } from "@/config/site";
import { REPAIR_CHECKLIST, calculatorPageCopy, calculatorText } from "@/content/calculator";
import { homeFaq } from "@/content/faq";
import { callUs, notSentPages, receivedPage } from "@/content/form-post-pages";
import { homeCopy } from "@/content/home";
import { LEGAL_LINKS, LEGAL_PAGES } from "@/content/legal-pages";
import { nextSteps } from "@/content/next-steps";
import { offerFormCopy } from "@/content/offer-form";
import { offerShortcutsCopy } from "@/content/offer-shortcuts";
import { siteNavCopy } from "@/content/site-nav";
import { SITUATION_SLUGS, SITUATION_WORDS, situationsCopy } from "@/content/situations";
import { statePageCopy } from "@/content/state-page";
import { CONDITIONS } from "@/supabase/functions/_shared/contract/lead-rules.ts";
import { STATE_NAMES } from "@/supabase/functions/_shared/contract/states.ts";
import {
  REPAIR_CHECKLIST_ES,
  calculatorHrefEs,
  calculatorPageCopyEs,
  calculatorTextEs,
} from "@/content/es/calculator";
import { chromeCopy, chromeCopyEs } from "@/content/es/chrome";
import { homeFaqEs, homeFaqEsFor } from "@/content/es/faq";
import { callUsEs, notSentPagesEs, receivedPageEs } from "@/content/es/form-post-pages";
import { homeCopyEs } from "@/content/es/home";
import { contractLanguageCopy, formatDateEs } from "@/content/es/language";
import { DO_NOT_SELL_ANCHOR_ES, LEGAL_LINKS_ES, LEGAL_PAGES_ES } from "@/content/es/legal-pages";
import { nextStepsEs } from "@/content/es/next-steps";
import { offerFormCopyEs } from "@/content/es/offer-form";
import { offerShortcutsCopyEs } from "@/content/es/offer-shortcuts";
import { siteNavCopyEs } from "@/content/es/site-nav";
import {
  SITUATION_WORDS_ES,
  SPANISH_GUIDE_SITUATIONS,
  SPANISH_GUIDE_SLUGS,
  situationsCopyEs,
} from "@/content/es/situations";
import { STATE_NAMES_ES } from "@/content/es/state-names";
import { statePageCopyEs } from "@/content/es/state-page";

/** Each English module beside its Spanish twin. */
const PAIRS: [string, unknown, unknown][] = [
  ["offerFormCopy", offerFormCopy, offerFormCopyEs],
  ["homeCopy", homeCopy, homeCopyEs],
  ["homeFaq", homeFaq, homeFaqEs],
  ["receivedPage", receivedPage, receivedPageEs],
  ["notSentPages", notSentPages, notSentPagesEs],
  ["callUs", callUs, callUsEs],
  ["nextSteps", nextSteps, nextStepsEs],
  ["statePageCopy", statePageCopy, statePageCopyEs],
  ["siteNavCopy", siteNavCopy, siteNavCopyEs],
  ["LEGAL_PAGES", LEGAL_PAGES, LEGAL_PAGES_ES],
  ["LEGAL_LINKS", LEGAL_LINKS, LEGAL_LINKS_ES],
  ["SITUATION_WORDS", SITUATION_WORDS, SITUATION_WORDS_ES],
  ["situationsCopy", situationsCopy, situationsCopyEs],
  ["offerShortcutsCopy", offerShortcutsCopy, offerShortcutsCopyEs],
  ["REPAIR_CHECKLIST", REPAIR_CHECKLIST, REPAIR_CHECKLIST_ES],
  ["calculatorPageCopy", calculatorPageCopy, calculatorPageCopyEs],
  ["calculatorText", calculatorText, calculatorTextEs],
  ["chromeCopy", chromeCopy, chromeCopyEs],
];

/** Keys a Spanish item may leave out: a card's guide where no Spanish guide exists. */
const OPTIONAL_KEYS = new Set(["guide"]);

/** The same in both languages on purpose: examples, numbers, paths, names and query keys. */
const SAME_ON_PURPOSE = new Set([
  "123 Main St, Springfield, IL 62701",
  "(555) 123-4567",
  "Paso {step} de {total}",
]);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The figures a sentence states: "$0", "24", "5.5%", "100,000,000". */
const numbers = (text: string) => (text.match(/\$?\d+(?:[.,]\d+)*%?/g) ?? []).sort();

/** Walks both trees side by side and says what differs in shape, placeholders or words. */
function compare(where: string, english: unknown, spanish: unknown, problems: string[]): void {
  if (typeof english === "string") {
    if (typeof spanish !== "string") return void problems.push(`${where}: not a string`);
    if (spanish.trim() === "") problems.push(`${where}: empty`);
    if (placeholders(english).join() !== placeholders(spanish).join()) {
      problems.push(`${where}: placeholders ${placeholders(english)} vs ${placeholders(spanish)}`);
    }
    if (numbers(english).join() !== numbers(spanish).join()) {
      problems.push(`${where}: figures ${numbers(english)} vs ${numbers(spanish)}`);
    }
    const words = english.replace(/\{\w+\}|Arg\d+x/g, "").match(/\p{L}{2,}/gu) ?? [];
    const example = SAME_ON_PURPOSE.has(english) || english.startsWith("123 Main St");
    if (english === spanish && words.length >= 2 && /\s/.test(english) && !example) {
      problems.push(`${where}: left in English ("${english}")`);
    }
    return;
  }
  if (typeof english === "function") {
    if (typeof spanish !== "function") return void problems.push(`${where}: not a function`);
    if (english.length !== spanish.length) problems.push(`${where}: takes other parameters`);
    // Each argument a word the output must carry: a state, the cities, a year.
    const args = Array.from({ length: english.length }, (_, index) =>
      index === 1 && where.endsWith(".intro") ? ["Uno", "Dos", "Tres"] : `Arg${index}x`,
    );
    const shown = (fn: unknown) => String((fn as (...values: unknown[]) => unknown)(...args));
    for (const value of args.flat()) {
      if (shown(english).includes(value) && !shown(spanish).includes(value)) {
        problems.push(`${where}: drops its argument ${value}`);
      }
    }
    return compare(`${where}()`, shown(english), shown(spanish), problems);
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(spanish)) return void problems.push(`${where}: not an array`);
    if (english.length !== spanish.length) problems.push(`${where}: ${spanish.length} items`);
    english.forEach((item, index) => compare(`${where}[${index}]`, item, spanish[index], problems));
    return;
  }
  if (english !== null && typeof english === "object") {
    if (spanish === null || typeof spanish !== "object") {
      return void problems.push(`${where}: not an object`);
    }
    const es = spanish as Record<string, unknown>;
    for (const [key, value] of Object.entries(english)) {
      if (!(key in es)) {
        if (!OPTIONAL_KEYS.has(key)) problems.push(`${where}.${key}: missing`);
        continue;
      }
      compare(`${where}.${key}`, value, es[key], problems);
    }
    for (const key of Object.keys(es)) {
      if (!(key in english)) problems.push(`${where}.${key}: not in the English`);
    }
    return;
  }
  if (english !== spanish) problems.push(`${where}: ${String(english)} became ${String(spanish)}`);
}

describe("the Spanish copy modules", () => {
  it.each(PAIRS)("%s: same shape, same placeholders, nothing left in English", (name, en, es) => {
    const problems: string[] = [];
    compare(name, en, es, problems);
    expect(problems).toEqual([]);
  });

  it("use the Spanish policy paths and the Spanish do-not-sell anchor", () => {
    expect(LEGAL_PAGES_ES.privacy.path).toBe("/es/privacidad");
    expect(LEGAL_PAGES_ES.terms.path).toBe("/es/terminos");
    expect(LEGAL_PAGES_ES.sms.path).toBe("/es/politica-de-mensajes");
    expect(offerFormCopyEs.privacy.link.href).toBe(`/es/privacidad#${DO_NOT_SELL_ANCHOR_ES}`);
    expect(DO_NOT_SELL_ANCHOR_ES).toBe("no-vender-ni-compartir-mi-informacion-personal");
  });

  it("say the spec's promises in Spanish", () => {
    expect(offerFormCopyEs.submit).toBe("Obtener mi oferta en efectivo");
    expect(offerFormCopyEs.success.title).toBe("¡Gracias!");
    expect(offerFormCopyEs.success.description).toContain("24 horas");
    expect(homeCopyEs.hero.promises).toContain("Cierre en tan solo 7 días");
    expect(homeFaqEsFor("(214) 555-0199").at(-1)?.answer).toContain("(214) 555-0199");
  });

  it("give the four Spanish guides their slugs and every situation words", () => {
    expect(SPANISH_GUIDE_SLUGS).toEqual({
      foreclosure: "ejecucion-hipotecaria",
      "inherited-house-probate": "casa-heredada-sucesion",
      divorce: "divorcio",
      "behind-on-property-taxes": "impuestos-atrasados",
    });
    expect([...SPANISH_GUIDE_SITUATIONS].sort()).toEqual(Object.keys(SPANISH_GUIDE_SLUGS).sort());
    expect(Object.keys(SITUATION_WORDS_ES).sort()).toEqual([...SITUATION_SLUGS].sort());
  });

  it("link the Spanish calculator and name all 50 states", () => {
    expect(calculatorHrefEs("OH")).toBe("/es/calculadora?state=oh");
    expect(Object.keys(STATE_NAMES_ES).sort()).toEqual([...STATE_NAMES].sort());
    expect(STATE_NAMES_ES["New York"]).toBe("Nueva York");
  });

  it("write dates the Spanish way", () => {
    expect(formatDateEs("2027-01-01")).toBe("1 de enero de 2027");
  });

  it("tell the truth about the contract's language in both settings", () => {
    const english = contractLanguageCopy.english.join(" ");
    expect(english).toMatch(/están en inglés/);
    expect(english).not.toMatch(/escrito en español/);
    // An English-only company does not buy a home in foreclosure where the law asks for Spanish.
    expect(english).toMatch(/California o Nueva Jersey/);
    expect(contractLanguageCopy.spanish.join(" ")).toMatch(
      /contrato de compraventa escrito en español/,
    );
  });
});

describe("chromeCopy, the English twin", () => {
  it("says what the components and config say today", () => {
    for (const claim of Object.keys(CLAIMS) as (keyof typeof CLAIMS)[]) {
      expect(chromeCopy.claims[claim]).toEqual({
        claim: CLAIMS[claim].claim,
        leadsTo: CLAIMS[claim].leadsTo,
      });
    }
    for (const condition of CONDITIONS) {
      expect(chromeCopy.conditions[condition.value]).toEqual({
        label: condition.value,
        description: condition.description,
      });
    }
  });
});
