/**
 * The type of a translation of an English copy module declared `as const`: the same shape,
 * with every string literal widened to `string`, so `Translation<typeof offerFormCopy>` takes
 * Spanish words where the English type would demand the English ones.
 *
 * - Objects keep their keys (numeric keys too) and `readonly`; arrays, readonly arrays and
 *   tuples keep their kind and length.
 * - A function keeps its parameters and returns the translation of what it returned.
 * - Numbers, booleans, null and undefined stay as they are: a translation says the same facts.
 * - `Keep` names literal unions that are identifiers rather than words (a claim key, an icon
 *   name, a situation slug): they stay literal, so the translated object still fits the
 *   component that reads it. `Keep` must hold literals only, never `string` itself.
 */
export type Translation<T, Keep = never> = [T] extends [never]
  ? never
  : T extends Keep
    ? T
    : T extends string
      ? string
      : T extends (...args: infer Args) => infer Result
        ? (...args: Args) => Translation<Result, Keep>
        : T extends readonly unknown[]
          ? { [Index in keyof T]: Translation<T[Index], Keep> }
          : T extends object
            ? { [Key in keyof T]: Translation<T[Key], Keep> }
            : T;
