import { readFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import { parseContent } from "@/lib/build/content-check";
import { checkRecheck, isoDate, overlappingVersions, recheckFields } from "@/lib/build/data-dates";
import type { TransferTax } from "@/lib/net-proceeds";
import { stateSummaries, type StateSummary } from "@/lib/states";

/**
 * Each state's transfer or deed tax, from content/calculator/transfer-taxes.json, and the
 * county and city taxes a visitor can choose where they are material, from
 * content/calculator/local-transfer-taxes.json, checked at build time: a bracket out of
 * order, a rate that reads as a percent, a state missing, a source without an address or
 * a check dated after the file stops `next build` with a message naming the state (and
 * the county or city).
 */
export const TRANSFER_TAX_FILE = path.join("content", "calculator", "transfer-taxes.json");
export const LOCAL_TRANSFER_TAX_FILE = path.join(
  "content",
  "calculator",
  "local-transfer-taxes.json",
);

const bracketSchema = z
  .object({
    from: z.number().nonnegative(),
    // Dollars per dollar: 0.001 is $1 per $1,000. A rate above 10% is a typo for a percent.
    rate: z.number().min(0).max(0.1),
  })
  .strict();

const taxFields = {
  name: z.string().trim().min(3),
  method: z.enum(["flat", "marginal", "tiered-whole"]),
  schedule: z.array(bracketSchema).min(1),
  per: z.number().positive().optional(),
  minimumPrice: z.number().nonnegative().optional(),
  sellerShare: z.union([z.literal(0), z.literal(0.5), z.literal(1)]),
  paidBy: z.string().trim().min(10),
  /** The day this version takes effect; none: in force for as long as the sources go back. */
  inForceFrom: isoDate.optional(),
  /** The day the next version takes effect (this one is in force until the day before). */
  inForceUntil: isoDate.optional(),
  /** For a version with a start: the address of the row's source that enacts it. */
  enactedBy: z.url().optional(),
};

function checkSchedule(
  tax: { method: string; schedule: readonly { from: number }[] },
  context: z.RefinementCtx,
) {
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
}

type Versioned = {
  taxes: readonly {
    name: string;
    inForceFrom?: string | undefined;
    inForceUntil?: string | undefined;
    enactedBy?: string | undefined;
  }[];
  sources: readonly { url: string }[];
};

/**
 * A row's versions of one tax (the same name) are in force on different days, and each
 * version with a start names the source that enacts it among the row's sources.
 */
function checkVersions(row: Versioned, context: z.RefinementCtx) {
  for (const message of overlappingVersions(row.taxes)) {
    context.addIssue({ code: "custom", path: ["taxes"], message });
  }
  row.taxes.forEach((tax, index) => {
    if (tax.inForceFrom === undefined) return;
    if (!row.sources.some((source) => source.url === tax.enactedBy)) {
      context.addIssue({
        code: "custom",
        path: ["taxes", index, "enactedBy"],
        message: "a version with a start names the address of one of the row's sources",
      });
    }
  });
}

const taxSchema = z
  .object({
    ...taxFields,
    /** state: the state's own tax; county: a county tax state law sets and every county charges. */
    level: z.enum(["state", "county"]).default("state"),
    note: z.string().trim().min(10).optional(),
  })
  .strict()
  .superRefine(checkSchedule);

/** A county's or city's own tax: where it applies is the place the visitor chose. */
const localTaxSchema = z.object(taxFields).strict().superRefine(checkSchedule);

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
    ...recheckFields,
  })
  .strict()
  .superRefine(checkRecheck)
  .superRefine(checkVersions);

const fileSchema = z
  .object({
    asOf: isoDate,
    states: z.record(z.string(), z.unknown()),
  })
  .strict();

const localChoiceSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, "lowercase letters, digits and hyphens"),
    name: z.string().trim().min(3),
    /** Empty where no local tax is counted: `note` says why (none there, or not in our data). */
    taxes: z.array(localTaxSchema),
    /** Said beside the local tax line. */
    note: z.string().trim().min(10).optional(),
    sources: z.array(sourceSchema).min(1),
    /** "YYYY-MM-DD": when the rate was read in the sources. */
    checked: isoDate,
    /** What the sources leave in doubt, shown beside the line. */
    uncertain: z.string().trim().min(10).optional(),
    ...recheckFields,
  })
  .strict()
  .superRefine(checkRecheck)
  .superRefine(checkVersions)
  .refine((choice) => choice.taxes.length > 0 || choice.note !== undefined, {
    message: "a place with no tax counted says why in note",
    path: ["note"],
  });

const localitiesSchema = z
  .object({
    /** What the visitor chooses: "County", "Municipality", "County or city". */
    label: z.string().trim().min(4),
    /** The choice the worked example is for. */
    default: z.string(),
    choices: z.array(z.unknown()).min(2),
  })
  .strict();

export type LocalChoice = z.output<typeof localChoiceSchema>;
export type Localities = { label: string; default: string; choices: LocalChoice[] };

export type StateTransferTaxes = Omit<z.output<typeof stateTaxSchema>, "name"> &
  StateSummary & {
    taxes: (TransferTax & z.output<typeof taxSchema>)[];
    /** Where counties or cities add material taxes: the places a visitor chooses from. */
    localities?: Localities;
  };

export type TransferTaxData = { asOf: string; states: StateTransferTaxes[] };

/**
 * Checks the local file: each state's places, each with its taxes, sources and check date.
 * Every error names the state and, for a place, the place.
 */
export function parseLocalTransferTaxes(
  raw: unknown,
  file = LOCAL_TRANSFER_TAX_FILE,
): { asOf: string; states: Record<string, Localities> } {
  const { asOf, states } = parseContent(
    fileSchema,
    raw,
    `Invalid local transfer-tax data in ${file}`,
  );
  const result: Record<string, Localities> = {};
  for (const [slug, entry] of Object.entries(states)) {
    const summary = stateSummaries.find((state) => state.slug === slug);
    if (!summary) {
      throw new Error(`Invalid local transfer-tax data in ${file}: unknown state ${slug}`);
    }
    const whose = `Invalid local transfer-tax data for ${summary.name} in ${file}`;
    const localities = parseContent(localitiesSchema, entry, whose);
    const choices = localities.choices.map((choice, index) => {
      const named = (choice as { name?: unknown } | null)?.name;
      const place = typeof named === "string" ? named : `place ${index + 1}`;
      const parsed = parseContent(localChoiceSchema, choice, `${whose}, ${place}`);
      if (parsed.checked > asOf) {
        throw new Error(`${whose}, ${place}: checked ${parsed.checked} is after asOf ${asOf}`);
      }
      return parsed;
    });
    const ids = choices.map((choice) => choice.id);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    if (repeated.length > 0) throw new Error(`${whose}: id ${repeated.join(", ")} repeated`);
    if (!ids.includes(localities.default)) {
      throw new Error(`${whose}: default "${localities.default}" is not one of its places`);
    }
    result[slug] = { label: localities.label, default: localities.default, choices };
  }
  return { asOf, states: result };
}

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

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(path.resolve(process.cwd(), file), "utf8"));
}

/** Both files read and checked, each state with its places where it has them. */
export function loadTransferTaxes(
  taxesFile = TRANSFER_TAX_FILE,
  localFile = LOCAL_TRANSFER_TAX_FILE,
): TransferTaxData {
  const { asOf, states } = parseTransferTaxes(readJson(taxesFile), taxesFile);
  const local = parseLocalTransferTaxes(readJson(localFile), localFile);
  return {
    asOf,
    states: states.map((state) => {
      const localities = local.states[state.slug];
      return localities ? { ...state, localities } : state;
    }),
  };
}

let cache: TransferTaxData | undefined;

/** Every state's taxes, with the places to choose from where local taxes are material. */
export function getTransferTaxes(): TransferTaxData {
  cache ??= loadTransferTaxes();
  return cache;
}

export function getStateTransferTaxes(slug: string): StateTransferTaxes | undefined {
  return getTransferTaxes().states.find((state) => state.slug === slug);
}
