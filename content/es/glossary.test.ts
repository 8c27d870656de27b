import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import glossary from "@/content/es/glossary.json";

type Term = {
  en: string;
  es: string;
  inParentheses: boolean;
  note: string;
  avoid: string[];
  confirmedBy?: string[];
};

const GLOSSARY_FILE = path.join(__dirname, "glossary.json");
const terms = glossary.terms as Term[];

/**
 * Every file under content/es, however deep, that holds words a visitor reads: others' folders
 * included; tests, which name the words to avoid, left out.
 */
function wordFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return wordFiles(file);
    const words = /\.(ts|tsx|md|mdx|json)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return words && file !== GLOSSARY_FILE ? [file] : [];
  });
}

/** The word or phrase on its own, not inside a longer word, in any case. */
function avoidPattern(word: string): RegExp {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])`, "iu");
}

describe("content/es/glossary.json", () => {
  it("names its source, with a quote, and each term's fields", () => {
    expect(glossary.source.title).toMatch(/English-Spanish/);
    expect(glossary.source.url).toMatch(/^https:\/\//);
    expect(glossary.source.quote.length).toBeGreaterThan(40);
    const sourceKeys = glossary.source.also.map((source) => source.key);
    expect(terms.length).toBeGreaterThanOrEqual(40);
    for (const term of terms) {
      expect(term.en.trim()).not.toBe("");
      expect(term.es.trim()).not.toBe("");
      expect(typeof term.inParentheses).toBe("boolean");
      expect(Array.isArray(term.avoid)).toBe(true);
      for (const key of term.confirmedBy ?? []) expect(sourceKeys).toContain(key);
    }
  });

  it("gives each English term once, and each Spanish term once", () => {
    const unique = (values: string[]) => new Set(values.map((value) => value.toLowerCase())).size;
    expect(unique(terms.map((term) => term.en))).toBe(terms.length);
    expect(unique(terms.map((term) => term.es))).toBe(terms.length);
  });

  it("never lists a word to avoid that a term itself uses", () => {
    for (const term of terms) {
      for (const word of term.avoid) {
        const clash = terms.find((other) => avoidPattern(word).test(other.es));
        expect(clash?.es).toBeUndefined();
      }
    }
  });

  it("finds an avoided word on its own and not inside a longer one", () => {
    expect(avoidPattern("ejecutor").test("el Ejecutor firma")).toBe(true);
    expect(avoidPattern("ejecutor").test("la ejecutoria")).toBe(false);
    expect(avoidPattern("el closing").test("antes de El  closing.")).toBe(true);
  });

  it("is followed by every file under content/es", () => {
    const files = wordFiles(__dirname);
    expect(files.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const term of terms) {
        for (const word of term.avoid) {
          if (avoidPattern(word).test(text)) {
            found.push(`${path.relative(__dirname, file)}: "${word}" (use "${term.es}")`);
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
});
