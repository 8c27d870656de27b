import { z } from "zod";

/**
 * Runs one SQL statement with $1-style parameters and returns its rows: postgres.js
 * on Supabase, PGlite in the local server. The same SQL serves both.
 */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** A statement's placeholders, one per parameter name. */
export type Params<V> = { readonly [K in keyof V]: string };

/** One SQL statement, its parameters by name and how each of its rows reads. */
export type Statement<V, R> = {
  text: string;
  /** The values in placeholder order, as both drivers take them. */
  bind(values: V): unknown[];
  row: z.ZodType<R>;
};

/**
 * A statement whose parameters are named: `write` gets a placeholder per name, numbered
 * in order of first use (`${param.id}::uuid` is written `$1::uuid`), so the SQL reads as SQL
 * and no index is counted by hand. Give `param` its type (`param: Params<{ id: string }>`):
 * `bind` then takes exactly those values.
 */
export function statement<V extends Record<string, unknown>, R>(
  row: z.ZodType<R>,
  write: (param: Params<V>) => string,
): Statement<V, R> {
  const names: string[] = [];
  // Each name read is a parameter; the text is written once, here.
  const param = new Proxy({} as Params<V>, {
    get(_, name) {
      if (typeof name !== "string") throw new TypeError("A parameter is named by a string.");
      const index = names.includes(name) ? names.indexOf(name) : names.push(name) - 1;
      return `$${index + 1}`;
    },
  });
  const text = write(param);
  return { text, row, bind: (values) => names.map((name) => values[name]) };
}

/** Runs statements through `query`, each row read by its statement's schema. */
export function runner(query: Query) {
  return async <V, R>(sql: Statement<V, R>, values: V): Promise<R[]> =>
    readRows(sql.row, await query(sql.text, sql.bind(values)), sql.text);
}

/** Rows read by `schema`; one that does not fit throws, naming the statement and the column. */
export function readRows<R>(schema: z.ZodType<R>, rows: unknown[], what: string): R[] {
  return rows.map((row) => {
    const read = schema.safeParse(row);
    if (read.success) return read.data;
    const statement = what.replace(/\s+/g, " ").trim().slice(0, 80);
    throw new Error(
      `A row of "${statement}…" is not as the store reads it:\n${z.prettifyError(read.error)}`,
    );
  });
}
