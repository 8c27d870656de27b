import { readFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { parseContent } from "@/lib/build/content-check";
import type { TransferTax } from "@/lib/net-proceeds";
import { stateSummaries, type StateSummary } from "@/lib/states";

/**
 * Each state's transfer or deed tax, from content/calculator/transfer-taxes.json, checked
 * at build time: a bracket out of order, a rate that reads as a percent, a state missing or
 * a source without an address stops `next build` with a message naming the state.
 */
export const TRANSFER_TAX_FILE = path.join("content", "calculator", "transfer-taxes.json");

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD");

const bracketSchema = z
  .object({
    from: z.number().nonnegative(),
    // Dollars per dollar: 0.001 is $1 per $1,000. A rate above 10% is a typo for a percent.
    rate: z.number().min(0).max(0.1),
  })
  .strict();

const taxSchema = z
  .object({
    name: z.string().trim().min(3),
    /** state: the state's own tax; county: a county tax state law sets and every county charges. */
    level: z.enum(["state", "county"]).default("state"),
    method: z.enum(["flat", "marginal", "tiered-whole"]),
    schedule: z.array(bracketSchema).min(1),
    per: z.number().positive().optional(),
    minimumPrice: z.number().nonnegative().optional(),
    sellerShare: z.union([z.literal(0), z.literal(0.5), z.literal(1)]),
    paidBy: z.string().trim().min(10),
    note: z.string().trim().min(10).optional(),
  })
  .strict()
  .superRefine((tax, context) => {
    const { schedule } = tax;
    if (schedule[0]!.from !== 0) {
      context.addIssue({
        code: "custom",
        message: "the first bracket starts at 0",
        path: ["schedule"],
      });
    }
    if (schedule.some((bracket, index) => index > 0 && bracket.from <= schedule[index - 1]!.from)) {
      context.addIssue({
        code: "custom",
        message: "brackets are not in ascending order",
        path: ["schedule"],
      });
    }
    if (tax.method === "flat" && schedule.length !== 1) {
      context.addIssue({
        code: "custom",
        message: "a flat tax has one bracket",
        path: ["schedule"],
      });
    }
  });

const sourceSchema = z
  .object({
    title: z.string().trim().min(5),
    url: z.url({ protocol: /^https?$/ }),
    quote: z.string().trim().min(10),
    /** An official page (the state's revenue department, legislature or a county office). */
    official: z.boolean().default(false),
  })
  .strict();

const stateTaxSchema = z
  .object({
    name: z.string().trim().min(4),
    taxes: z.array(taxSchema),
    /** Where counties or cities add their own tax; null where none do. */
    local: z.string().trim().min(10).nullable(),
    sources: z.array(sourceSchema).min(1),
    /** When the figures were last checked against the sources. */
    checked: isoDate,
    /** What the sources leave in doubt. */
    uncertain: z.string().trim().min(10).optional(),
  })
  .strict();

const fileSchema = z
  .object({
    asOf: isoDate,
    states: z.record(z.string(), z.unknown()),
  })
  .strict();

export type StateTransferTaxes = Omit<z.output<typeof stateTaxSchema>, "name"> &
  StateSummary & { taxes: (TransferTax & z.output<typeof taxSchema>)[] };

export type TransferTaxData = { asOf: string; states: StateTransferTaxes[] };

/** Checks the file's content; every error names the state (or the file) it is about. */
export function parseTransferTaxes(raw: unknown, file = TRANSFER_TAX_FILE): TransferTaxData {
  const { asOf, states } = parseContent(fileSchema, raw, `Invalid transfer-tax data in ${file}`);
  const known = new Set(stateSummaries.map((state) => state.slug));
  const unknown = Object.keys(states).filter((slug) => !known.has(slug));
  if (unknown.length > 0) {
    throw new Error(`Invalid transfer-tax data in ${file}: unknown state ${unknown.join(", ")}`);
  }
  return {
    asOf,
    states: stateSummaries.map((summary) => {
      if (!(summary.slug in states)) {
        throw new Error(`Invalid transfer-tax data in ${file}: ${summary.name} is missing`);
      }
      const parsed = parseContent(
        stateTaxSchema,
        states[summary.slug],
        `Invalid transfer-tax data for ${summary.name} in ${file}`,
      );
      if (parsed.name !== summary.name) {
        throw new Error(
          `Invalid transfer-tax data for ${summary.name} in ${file}: name is "${parsed.name}"`,
        );
      }
      if (parsed.checked > asOf) {
        throw new Error(
          `Invalid transfer-tax data for ${summary.name} in ${file}: checked ${parsed.checked} is after asOf ${asOf}`,
        );
      }
      // The summary's name (the same, checked above) keeps its literal type.
      return { ...parsed, ...summary };
    }),
  };
}

let cache: TransferTaxData | undefined;

export function getTransferTaxes(): TransferTaxData {
  if (!cache) {
    const file = path.join(process.cwd(), TRANSFER_TAX_FILE);
    cache = parseTransferTaxes(JSON.parse(readFileSync(file, "utf8")));
  }
  return cache;
}

export function getStateTransferTaxes(slug: string): StateTransferTaxes | undefined {
  return getTransferTaxes().states.find((state) => state.slug === slug);
}
