import { readFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { parseContent } from "@/lib/build/content-check";
import { STATE_NAMES_ES } from "@/content/es/state-names";
import { SPANISH_STATES, spanishStatePath, type SpanishState } from "@/lib/languages";
import { SITUATION_SLUGS } from "@/lib/situations";
import { stateSummaries, statePath, type StateSummary } from "@/lib/states";

/**
 * The words of each state page, one JSON file per state in content/states/,
 * checked at build time: a missing field, a wrong number of cities, benefits or
 * questions stops `next build` with a message naming the file.
 */
export const MAJOR_CITIES = 10;
export const BENEFITS = 7;
/** Questions answered on each state page, from the state's own content file. */
export const STATE_FAQ = { min: 3, max: 4 } as const;

const CONTENT_DIR = path.join(process.cwd(), "content", "states");

const distinct = (items: string[]) => new Set(items).size === items.length;

export const statePageSchema = z
  .object({
    description: z.string().trim().min(100).max(170),
    keywords: z.array(z.string().trim().min(3)).min(5).max(10).refine(distinct, "keywords repeat"),
    majorCities: z
      .array(z.string().trim().min(2))
      .length(MAJOR_CITIES)
      .refine(distinct, "a city is listed twice"),
    benefits: z.array(z.string().trim().min(60)).length(BENEFITS),
    faq: z
      .array(
        z
          .object({
            question: z.string().trim().min(15).max(120).endsWith("?"),
            answer: z.string().trim().min(120).max(700),
            /** The situation guide the question is about, linked under the answer. */
            situation: z.enum(SITUATION_SLUGS).optional(),
          })
          .strict(),
      )
      .min(STATE_FAQ.min)
      .max(STATE_FAQ.max),
  })
  .strict();

export type StatePage = StateSummary &
  z.infer<typeof statePageSchema> & {
    /** The fixed page title template of the spec, without the brand suffix. */
    title: string;
    path: string;
  };

export function stateTitle({ name, code }: Pick<StateSummary, "name" | "code">): string {
  return `Sell My House Fast ${name} - Cash Home Buyers ${code}`;
}

/** Checks one state's raw content; the error names the file and every problem in it. */
export function parseStatePage(summary: StateSummary, raw: unknown, file: string): StatePage {
  const content = parseContent(
    statePageSchema,
    raw,
    `Invalid state content for ${summary.name} in ${file}`,
  );
  return { ...summary, ...content, title: stateTitle(summary), path: statePath(summary.name) };
}

function loadStatePage(summary: StateSummary, directory = CONTENT_DIR): StatePage {
  const file = path.join(directory, `${summary.slug}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Cannot read state content for ${summary.name} from ${file}: ${String(error)}`);
  }
  return parseStatePage(summary, raw, path.relative(process.cwd(), file));
}

let cache: readonly StatePage[] | undefined;

export function getStatePages(): readonly StatePage[] {
  cache ??= stateSummaries.map((summary) => loadStatePage(summary));
  return cache;
}

export function getStatePage(slug: string): StatePage | undefined {
  return getStatePages().find((state) => state.slug === slug);
}

/** The Spanish state pages' words: content/es/states/, the same checks as the English. */
const SPANISH_CONTENT_DIR = path.join(process.cwd(), "content", "es", "states");

/** "Vender mi casa rápido en Nueva York - Compradores de casas en efectivo NY" */
export function spanishStateTitle(name: SpanishState, code: string): string {
  return `Vender mi casa rápido en ${STATE_NAMES_ES[name]} - Compradores de casas en efectivo ${code}`;
}

let spanishCache: readonly StatePage[] | undefined;

/**
 * The ten states with a Spanish page, each from its own Spanish file: a state listed without
 * its file, or a file that fails the English page's checks, stops the build naming the file.
 */
export function getSpanishStatePages(): readonly StatePage[] {
  spanishCache ??= SPANISH_STATES.map((name) => {
    const summary = stateSummaries.find((state) => state.name === name)!;
    const page = loadStatePage(summary, SPANISH_CONTENT_DIR);
    return { ...page, title: spanishStateTitle(name, summary.code), path: spanishStatePath(name) };
  });
  return spanishCache;
}
