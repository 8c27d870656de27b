import { readFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { parseContent } from "@/lib/build/content-check";
import { checkRecheck, recheckFields } from "@/lib/build/data-dates";
import { stateSummaries, type StateSummary } from "@/lib/states";

/**
 * State-by-state law that the situation guides show as tables: how foreclosure usually
 * runs (content/state-law/foreclosure.json) and the simplified procedures for small
 * estates (content/state-law/small-estates.json). Every row carries its sources, each
 * with the words it was checked against; a row nobody could confirm says so in
 * `uncertain`, which the page shows beside it.
 */
const CONTENT_DIR = path.join(process.cwd(), "content", "state-law");

const sourceSchema = z
  .object({
    title: z.string().trim().min(5),
    url: z.url({ protocol: /^https?$/ }),
    /** The source's own words that back the row. */
    quote: z.string().trim().min(20),
  })
  .strict();

/** Shared by every row: its sources, whether it was checked, and what stays uncertain. */
const rowBase = {
  name: z.string(),
  sources: z.array(sourceSchema).min(1),
  checked: z.boolean(),
  /** When this row's sources were read, where that is later than the table's `asOf`. */
  readOn: z.iso.date().optional(),
  uncertain: z.string().trim().min(20).optional(),
  /** How often the row must be read again (`npm run check:data` lists the ones due). */
  ...recheckFields,
};

const everyRowChecked = (row: { checked: boolean; uncertain?: string }) =>
  row.checked || row.uncertain !== undefined;
const checkedMessage = {
  message: "a row that is not checked must say what is uncertain",
  path: ["uncertain"],
};

const PROCESS = ["judicial", "non-judicial"] as const;

export const foreclosureRowSchema = z
  .object({
    ...rowBase,
    /** The processes state law allows; "both" where lenders may go either way. */
    process: z.enum([...PROCESS, "both"]),
    /** The one most home foreclosures follow. */
    usual: z.enum(PROCESS),
    /** The owner's right to buy the home back after the sale; null where there is none in general. */
    redemption: z.string().trim().min(5).nullable(),
    note: z.string().trim().min(20),
  })
  .strict()
  .superRefine(checkRecheck)
  .refine(everyRowChecked, checkedMessage)
  .refine((row) => row.process === "both" || row.process === row.usual, {
    message: "the usual process must be the one the state allows",
    path: ["usual"],
  });

export const smallEstateRowSchema = z
  .object({
    ...rowBase,
    procedure: z.string().trim().min(10),
    /** The dollar limit; null where the procedure has none. */
    limit: z.number().int().positive().nullable(),
    limitNote: z.string().trim().min(20),
    /** Whether a house can pass by the procedure: yes, no, or only in some cases. */
    realEstate: z.enum(["yes", "no", "limited"]),
  })
  .strict()
  .superRefine(checkRecheck)
  .refine(everyRowChecked, checkedMessage);

const stateSlugs = stateSummaries.map((state) => state.slug);

function fileSchema<Row extends z.ZodType<{ name: string; readOn?: string }>>(row: Row) {
  return z
    .object({
      asOf: z.iso.date(),
      federal: z
        .object({ text: z.string().trim().min(20), sources: z.array(sourceSchema).min(1) })
        .strict()
        .optional(),
      states: z.record(z.string(), row),
    })
    .strict()
    .superRefine((file, context) => {
      const keys = Object.keys(file.states);
      const missing = stateSlugs.filter((slug) => !keys.includes(slug));
      const unknown = keys.filter((key) => !stateSlugs.includes(key));
      if (missing.length || unknown.length) {
        context.addIssue({
          code: "custom",
          path: ["states"],
          message: `must list exactly the 50 states (missing: ${missing.join(", ") || "none"}; unknown: ${unknown.join(", ") || "none"})`,
        });
      }
      for (const state of stateSummaries) {
        const entry = file.states[state.slug];
        if (entry && entry.name !== state.name) {
          context.addIssue({
            code: "custom",
            path: ["states", state.slug, "name"],
            message: `must be "${state.name}"`,
          });
        }
        if (entry?.readOn !== undefined && entry.readOn < file.asOf) {
          context.addIssue({
            code: "custom",
            path: ["states", state.slug, "readOn"],
            message: `is before the table's asOf ${file.asOf}: the row was read when the table was`,
          });
        }
      }
    });
}

const foreclosureFile = fileSchema(foreclosureRowSchema);
const smallEstatesFile = fileSchema(smallEstateRowSchema);

export const STATE_LAW_TABLES = {
  foreclosure: foreclosureFile,
  "small-estates": smallEstatesFile,
} as const;

export type StateLawTable = keyof typeof STATE_LAW_TABLES;
type WithState<Row> = Row & Pick<StateSummary, "slug" | "code">;
export type ForeclosureRow = WithState<z.infer<typeof foreclosureRowSchema>>;
export type SmallEstateRow = WithState<z.infer<typeof smallEstateRowSchema>>;
export type LawSource = z.infer<typeof sourceSchema>;

type StateLaw<Row> = {
  asOf: string;
  federal?: { text: string; sources: LawSource[] };
  /** One row per state, in alphabetical order. */
  rows: WithState<Row>[];
};
export type ForeclosureLaw = StateLaw<z.infer<typeof foreclosureRowSchema>>;
export type SmallEstateLaw = StateLaw<z.infer<typeof smallEstateRowSchema>>;

function inStateOrder<Row>(data: {
  asOf: string;
  federal?: StateLaw<Row>["federal"];
  states: Record<string, Row>;
}): StateLaw<Row> {
  return {
    asOf: data.asOf,
    ...(data.federal ? { federal: data.federal } : {}),
    rows: stateSummaries.map((state) => ({
      ...data.states[state.slug]!,
      slug: state.slug,
      code: state.code,
    })),
  };
}

/** Checks the foreclosure table's raw data; the error names the file and every problem. */
export function parseForeclosureLaw(raw: unknown, file: string): ForeclosureLaw {
  return inStateOrder(parseContent(foreclosureFile, raw, `Invalid state law in ${file}`));
}

/** Checks the small-estates table's raw data; the error names the file and every problem. */
export function parseSmallEstateLaw(raw: unknown, file: string): SmallEstateLaw {
  return inStateOrder(parseContent(smallEstatesFile, raw, `Invalid state law in ${file}`));
}

function load<Law>(table: StateLawTable, parse: (raw: unknown, file: string) => Law): Law {
  const file = path.join(CONTENT_DIR, `${table}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`Cannot read state law from ${file}: ${String(error)}`);
  }
  return parse(raw, path.relative(process.cwd(), file));
}

let foreclosure: ForeclosureLaw | undefined;
let smallEstates: SmallEstateLaw | undefined;

export function getForeclosureLaw(): ForeclosureLaw {
  foreclosure ??= load("foreclosure", parseForeclosureLaw);
  return foreclosure;
}

export function getSmallEstateLaw(): SmallEstateLaw {
  smallEstates ??= load("small-estates", parseSmallEstateLaw);
  return smallEstates;
}
