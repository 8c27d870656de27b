import {
  OTHER_CLOSING_ASSUMPTION,
  REPAIR_CHECKLIST,
  WORKED_EXAMPLE,
  calculatorPageCopy,
  calculatorText,
  type CalculatorText,
} from "@/content/calculator";
import { chromeCopy, chromeCopyEs } from "@/content/es/chrome";
import { languageCopy } from "@/content/es/language";
import { STATE_NAMES_ES } from "@/content/es/state-names";
import type { Translation } from "@/content/translation";
import {
  getTransferTaxes,
  type LocalChoice,
  type StateTransferTaxes,
} from "@/lib/build/transfer-taxes";
import type { TransferTax } from "@/lib/net-proceeds";
import { todayIso } from "@/lib/build/data-dates";
import { TAX_DATE_WORDS, comingChanges, dueWarning } from "@/lib/build/tax-versions";
import { fillText } from "@/lib/fill-text";
import {
  SPANISH_STATES,
  spanishStatePath,
  type Language,
  type SpanishState,
} from "@/lib/languages";
import { statePath } from "@/lib/states";
import { HOME_ES } from "@/lib/structured-data";
import { Island } from "@/components/islands/island";
import { islandWords } from "@/components/calculator/island-words";
import type {
  CalculatorPlace,
  CalculatorStateData,
  Note,
} from "@/components/calculator/net-proceeds-calculator";
import { Breadcrumb } from "@/components/site/breadcrumb";

export type CalculatorPageProps = {
  /** The state the worked example is for (two-letter code). */
  stateCode: string;
  /** The page's language; English unless the Spanish page says otherwise. */
  language?: Language;
  /** The page's own words (content/calculator.ts or content/es/calculator.ts). */
  copy?: Translation<typeof calculatorPageCopy>;
  /** Every word the island shows, in the same language. */
  text?: Translation<CalculatorText>;
  /** The repair checklist's items, in the same language. */
  checklist?: readonly string[];
};

/** What the page does differently in Spanish: names, links, dates, and the data's language. */
type PageLanguage = {
  language: Language;
  home: { name: string; href: string };
  stateName: (name: string) => string;
  /** The state's page, and what its link says when that page is in another language. */
  statePage: (name: string) => { path: string; note: string };
  /** The tax data's own notes are English: marked so where the page is not. */
  dataLang: string | undefined;
};

const PAGE_LANGUAGES: Record<Language, PageLanguage> = {
  en: {
    language: "en",
    home: { name: chromeCopy.breadcrumb.home, href: "/" },
    stateName: (name) => name,
    statePage: (name) => ({ path: statePath(name), note: "" }),
    dataLang: undefined,
  },
  es: {
    language: "es",
    home: HOME_ES,
    stateName: (name) => STATE_NAMES_ES[name as keyof typeof STATE_NAMES_ES] ?? name,
    statePage: (name) =>
      (SPANISH_STATES as readonly string[]).includes(name)
        ? { path: spanishStatePath(name as SpanishState), note: "" }
        : { path: statePath(name), note: ` ${languageCopy.englishOnly}` },
    dataLang: "en",
  },
};

/** What the island needs of a tax: the arithmetic and who pays, without the build's extras. */
function islandTax(tax: TransferTax): TransferTax {
  return {
    name: tax.name,
    method: tax.method,
    schedule: tax.schedule,
    ...(tax.per !== undefined ? { per: tax.per } : {}),
    ...(tax.minimumPrice !== undefined ? { minimumPrice: tax.minimumPrice } : {}),
    sellerShare: tax.sellerShare,
    paidBy: tax.paidBy,
    ...(tax.inForceFrom !== undefined ? { inForceFrom: tax.inForceFrom } : {}),
    ...(tax.inForceUntil !== undefined ? { inForceUntil: tax.inForceUntil } : {}),
  };
}

/**
 * Sentences said together, as notes: the data's (English) and the page's own in turn, each
 * run of one language a note. On the English page that is one note, as it always read.
 */
function notesOf(
  sentences: readonly (readonly [text: string | null | undefined, fromData: boolean])[],
  page: PageLanguage,
): Note[] {
  const notes: { text: string[]; lang: string | undefined }[] = [];
  for (const [text, fromData] of sentences) {
    if (!text) continue;
    const lang = fromData ? page.dataLang : undefined;
    const last = notes.at(-1);
    if (last && last.lang === lang) last.text.push(text);
    else notes.push({ text: [text], lang });
  }
  return notes.map(({ text, lang }) => (lang ? [text.join(" "), lang] : [text.join(" ")]));
}

/** A county or city: its taxes, and every source by name and address (the quotes stay here). */
function islandPlace(choice: LocalChoice, day: string, page: PageLanguage): CalculatorPlace {
  const dates = TAX_DATE_WORDS[page.language];
  // Said beside the line: who customarily pays (each different sentence once), where it
  // applies and the changes to come; then what is in doubt and whether it is due for a re-read.
  const about = notesOf(
    [
      ...[...new Set(choice.taxes.map((tax) => tax.paidBy))].map(
        (paidBy) => [paidBy, true] as const,
      ),
      [choice.taxes.length > 0 ? choice.note : null, true],
      ...comingChanges(choice.taxes, day, dates).map((change) => [change, false] as const),
    ],
    page,
  );
  const uncertain = notesOf(
    [
      [choice.uncertain, true],
      [dueWarning(choice, day, dates), false],
    ],
    page,
  );
  return {
    id: choice.id,
    name: choice.name,
    taxes: choice.taxes.map(islandTax),
    ...(choice.note ? { note: choice.note } : {}),
    about,
    sources: choice.sources.map(({ title, url }) => ({ title, url })),
    checked: dates.formatDate(choice.checked),
    ...(uncertain.length > 0 ? { uncertain } : {}),
  };
}

/** The state's notes as the island shows them: who pays each tax, then the rest. */
function stateNotes(state: StateTransferTaxes, day: string, page: PageLanguage): Note[] {
  const dates = TAX_DATE_WORDS[page.language];
  // The data's own sentences are English on either page, so their glue words are too.
  const english = calculatorPageCopy.notes;
  const data = (text: string): Note => (page.dataLang ? [text, page.dataLang] : [text]);
  const own = (text: string): Note => [text];
  const fromData = [
    ...state.taxes.map((tax) =>
      data(
        `${tax.name}${tax.level === "county" ? ` (${english.countyLevel})` : ""}: ${tax.paidBy}${tax.note ? ` ${tax.note}` : ""}`,
      ),
    ),
    ...(state.local ? [data(`${english.local}: ${state.local}`)] : []),
  ];
  const dataInEnglish = page.language === "es" ? languageCopy.calculatorDataInEnglish : null;
  return [
    ...(dataInEnglish && (fromData.length > 0 || state.uncertain) ? [own(dataInEnglish)] : []),
    ...(state.taxes.length === 0
      ? [own(fillText(dates.notes.noTax, { state: page.stateName(state.name) }))]
      : []),
    ...fromData,
    ...comingChanges(state.taxes, day, dates).map(own),
    ...(state.uncertain ? [data(state.uncertain)] : []),
    ...[dueWarning(state, day, dates)].filter((warning) => warning !== null).map(own),
  ];
}

/** What the island needs of a state: its taxes, places, notes and the source shown beside them. */
function islandState(
  state: StateTransferTaxes,
  day: string,
  page: PageLanguage,
  text: Translation<CalculatorText>,
): CalculatorStateData {
  // The first official source, else the first: the one named beside the tax line.
  const source = state.sources.find((candidate) => candidate.official) ?? state.sources[0]!;
  const name = page.stateName(state.name);
  const statePage = page.statePage(state.name);
  return {
    code: state.code,
    name,
    slug: state.slug,
    statePath: statePage.path,
    offer: fillText(text.next.offer, { state: name }) + statePage.note,
    taxes: state.taxes.map(islandTax),
    notes: stateNotes(state, day, page),
    ...(state.localities
      ? {
          localities: {
            label:
              page.language === "es"
                ? (languageCopy.placeLabels[state.localities.label] ?? state.localities.label)
                : state.localities.label,
            default: state.localities.default,
            choices: state.localities.choices.map((choice) => islandPlace(choice, day, page)),
          },
        }
      : {}),
    source: { title: source.title, url: source.url },
    checked: TAX_DATE_WORDS[page.language].formatDate(state.checked),
  };
}

/**
 * The net-proceeds calculator page: the island, rendered by the build with the worked
 * example for one state, so the numbers are in the HTML before any script runs. The same
 * page in English and Spanish: the words come in, and the island's script is the same.
 */
export function CalculatorPage({
  stateCode,
  language = "en",
  copy = calculatorPageCopy,
  text = calculatorText,
  checklist = REPAIR_CHECKLIST,
}: CalculatorPageProps) {
  const page = PAGE_LANGUAGES[language];
  const { formatDate } = TAX_DATE_WORDS[language];
  const { asOf, states } = getTransferTaxes();
  // The build's day: the worked example's rates, the changes still to come and what is due.
  const day = todayIso();
  const islandStates = states.map((state) => islandState(state, day, page, text));
  // In the state list's order as the page's language spells the names (Carolina del Norte).
  if (language !== "en") islandStates.sort((a, b) => a.name.localeCompare(b.name, language));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-12">
      <Breadcrumb
        label={(language === "es" ? chromeCopyEs : chromeCopy).breadcrumb.label}
        items={[page.home, { name: copy.breadcrumb, href: text.links.calculator }]}
      />
      <h1 className="mt-4 max-w-4xl text-3xl font-extrabold tracking-tight text-slate-950 sm:mt-6 sm:text-5xl">
        {copy.headline}
      </h1>
      <p className="mt-3 max-w-4xl text-slate-700 sm:mt-4 sm:text-lg">{copy.intro}</p>
      {/* Outside the island: the island never changes its markup after hydrating, which on a
          slow phone would re-render the whole form at once and shift the layout. */}
      <noscript>
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-slate-900">{copy.noScript}</p>
      </noscript>
      <div className="mt-8">
        <Island
          name="net-proceeds-calculator"
          props={{
            states: islandStates,
            initialState: stateCode,
            text: islandWords(text),
            example: WORKED_EXAMPLE,
            checklist: [...checklist],
            builtOn: day,
          }}
        />
      </div>
      <div className="mt-10 max-w-4xl space-y-3 text-sm text-slate-700">
        <p>
          {copy.after.rounding} {fillText(copy.after.asOf, { date: formatDate(asOf) })}
        </p>
        <p>{copy.after.notAdvice}</p>
        <p id="other-closing-sources">
          {fillText(copy.after.assumptions, {
            checked: fillText(text.notes.checked, {
              date: formatDate(OTHER_CLOSING_ASSUMPTION.checked),
            }),
          })}{" "}
          {OTHER_CLOSING_ASSUMPTION.sources.map((source, index) => (
            <span key={source.url} lang={page.dataLang}>
              {index > 0 ? "; " : null}
              <a className="text-blue-800 underline" href={source.url} rel="noopener">
                {source.title}
              </a>{" "}
              (“{source.quote}”)
            </span>
          ))}
          .
        </p>
      </div>
      <div className="mt-8 max-w-4xl rounded-xl bg-blue-900 p-6 text-white">
        <h2 className="text-xl font-bold">{copy.next.title}</h2>
        <p className="mt-2">{copy.next.offerLead}</p>
        <p className="mt-4">
          <a
            href={copy.next.compareHref}
            className="font-semibold text-white underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {copy.next.compare}
          </a>
        </p>
      </div>
    </div>
  );
}
