import {
  TOUCH_FIELDS,
  TOUCH_KEYS,
  type Attribution,
  type Touch,
  type TouchField,
  type TouchKey,
} from "./touch-fields.ts";

/**
 * The columns the leads table keeps a lead's two touches in: the last touch's named as its
 * fields, the first touch's with a "first_" prefix. Made from TOUCH_FIELDS, so the two
 * cannot drift; the page script has no use for them and does not import this file.
 */

type ColumnOf<F extends TouchField> = F extends "at" ? "touched_at" : F;
export type LastTouchColumn = ColumnOf<TouchField>;
export type FirstTouchColumn = `first_${LastTouchColumn}`;
export type AttributionColumn = LastTouchColumn | FirstTouchColumn;
/** The two touches as the leads table keeps them; null when not sent. */
export type AttributionColumns = Record<AttributionColumn, string | null>;

/** "at" is a reserved word in SQL's eyes and says little in a table: touched_at. */
export function touchColumn(touch: TouchKey, field: TouchField): AttributionColumn {
  const column = (field === "at" ? "touched_at" : field) as LastTouchColumn;
  return touch === "first" ? `first_${column}` : column;
}

export const ATTRIBUTION_COLUMNS: readonly AttributionColumn[] = (
  ["last", "first"] as const
).flatMap((touch) => TOUCH_FIELDS.map((field) => touchColumn(touch, field)));

/** The columns for both touches; absent touches and fields are null. */
export function attributionToColumns(attribution: Attribution | undefined): AttributionColumns {
  const columns: Record<string, string | null> = Object.fromEntries(
    ATTRIBUTION_COLUMNS.map((column) => [column, null]),
  );
  for (const touch of TOUCH_KEYS) {
    const values = attribution?.[touch];
    if (!values) continue;
    for (const field of TOUCH_FIELDS) {
      columns[touchColumn(touch, field)] = values[field] ?? null;
    }
  }
  return columns as AttributionColumns;
}

/** One touch back from the columns, or null when it was not sent. */
export function touchFromColumns(columns: AttributionColumns, touch: TouchKey): Touch | null {
  const entries = TOUCH_FIELDS.flatMap((field) => {
    const value = columns[touchColumn(touch, field)];
    return value === null || value === undefined ? [] : [[field, value] as const];
  });
  const values = Object.fromEntries(entries) as Partial<Touch>;
  if (values.landing_page === undefined) return null;
  return values as Touch;
}

/** Both touches back from a stored lead's columns. */
export function attributionFromColumns(columns: AttributionColumns): Attribution {
  const first = touchFromColumns(columns, "first");
  const last = touchFromColumns(columns, "last");
  return { ...(first ? { first } : {}), ...(last ? { last } : {}) };
}
