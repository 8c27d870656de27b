import type { Translation } from "@/content/translation";

/** Compile-time equality: `true` only when A and B are the same type (tsc checks these). */
type Equal<A, B> =
  (<V>() => V extends A ? 1 : 2) extends <V>() => V extends B ? 1 : 2 ? true : false;
function assertType<Check extends true>(check?: Check): Check | undefined {
  return check;
}

const english = {
  title: "Thank you!",
  steps: { 1: { title: "Where is the property?" } },
  promises: ["Written offer within 24 hours", "We pay closing costs"],
  list: [{ label: "Rating", claim: "bbb" }],
  headline: (state: string) => `Sell Your House Fast in ${state}`,
  intro: (state: string, [first]: readonly string[]) => `From ${first} in ${state}`,
  outOf: 5,
  optional: undefined as string | undefined,
} as const;

type Spanish = Translation<typeof english>;

describe("Translation<T>", () => {
  it("widens every string literal and keeps the shape, tuples, functions and numbers", () => {
    assertType<Equal<Spanish["title"], string>>();
    assertType<Equal<Spanish["steps"], { readonly 1: { readonly title: string } }>>();
    assertType<Equal<Spanish["promises"], readonly [string, string]>>();
    assertType<
      Equal<Spanish["list"], readonly [{ readonly label: string; readonly claim: string }]>
    >();
    assertType<Equal<Spanish["headline"], (state: string) => string>>();
    assertType<Equal<Parameters<Spanish["intro"]>, [state: string, readonly string[]]>>();
    assertType<Equal<Spanish["outOf"], 5>>();
    assertType<Equal<Spanish["optional"], string | undefined>>();

    const spanish: Spanish = {
      title: "¡Gracias!",
      steps: { 1: { title: "¿Dónde está la propiedad?" } },
      promises: ["Oferta por escrito en 24 horas", "Pagamos los costos de cierre"],
      list: [{ label: "Calificación", claim: "bbb" }],
      headline: (state) => `Venda su casa rápido en ${state}`,
      intro: (state, [first]) => `Desde ${first} en ${state}`,
      outOf: 5,
      optional: undefined,
    };
    expect(english.headline("Texas")).toBe("Sell Your House Fast in Texas");
    expect(spanish.headline("Texas")).toBe("Venda su casa rápido en Texas");
    expect(spanish.intro("Texas", ["Houston"])).toBe("Desde Houston en Texas");
  });

  it("refuses a missing key, an extra item in a tuple and a changed number", () => {
    const base: Spanish = {
      title: "",
      steps: { 1: { title: "" } },
      promises: ["", ""],
      list: [{ label: "", claim: "" }],
      headline: () => "",
      intro: () => "",
      outOf: 5,
      optional: undefined,
    };
    // @ts-expect-error -- a translation keeps every key
    const missing: Spanish = { ...base, steps: {} };
    // @ts-expect-error -- a tuple keeps its length
    const longer: Spanish = { ...base, promises: ["", "", ""] };
    // @ts-expect-error -- numbers are facts, not words
    const changed: Spanish = { ...base, outOf: 4 };
    // @ts-expect-error -- a function keeps its parameters
    const wrongArgs: Spanish = { ...base, headline: (state: number) => `${state}` };
    expect([missing, longer, changed, wrongArgs]).toHaveLength(4);
  });

  it("keeps the literal unions named in Keep", () => {
    type Kept = Translation<typeof english, "bbb">;
    assertType<Equal<Kept["list"][0]["claim"], "bbb">>();
    assertType<Equal<Kept["list"][0]["label"], string>>();
    // @ts-expect-error -- a kept identifier cannot be translated
    const renamed: Kept["list"][0]["claim"] = "mejor";
    expect(renamed).toBe("mejor");
  });
});
