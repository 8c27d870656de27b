import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";

/**
 * `supabase functions deploy` uploads this folder and nothing else: an import that
 * leaves it works in the tests and the local server, then fails on Supabase.
 */
const ROOT = path.resolve("supabase", "functions");
const { imports } = JSON.parse(readFileSync(path.join(ROOT, "deno.json"), "utf8")) as {
  imports: Record<string, string>;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx|js|mjs)$/.test(name))
    .map((name) => path.join(dir, name));
}

/** Every module a file names: static and dynamic imports, re-exports, require(). */
function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/**
 * Why the import leaves the folder, or null when it stays inside. Tests and their kits
 * (*-test-kit.ts, which the entry never imports) run in Jest only, so they may use Node's
 * and the project's packages; never its paths.
 */
function outsideImport(file: string, specifier: string): string | null {
  if (specifier.startsWith(".")) {
    const target = path.resolve(path.dirname(file), specifier);
    return target.startsWith(`${ROOT}${path.sep}`) ? null : `resolves to ${target}`;
  }
  if (specifier.startsWith("@/")) return "is the site's path alias";
  if (/(\.test|-test-kit)\.tsx?$/.test(file) || /^(npm|jsr|node):/.test(specifier)) return null;
  const name = specifier.startsWith("@")
    ? specifier.split("/").slice(0, 2).join("/")
    : specifier.split("/")[0]!;
  return name in imports ? null : "is neither relative nor a package named in deno.json";
}

/** The function's own imports, file to files, type imports included (tests left out). */
function importGraph(files: string[]): Map<string, string[]> {
  const own = new Set(files);
  return new Map(
    files.map((file) => [
      file,
      specifiersOf(readFileSync(file, "utf8"))
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => path.resolve(path.dirname(file), specifier))
        .filter((target) => own.has(target)),
    ]),
  );
}

/** The groups of files that import each other in a circle (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("supabase/functions", () => {
  const file = path.join(ROOT, "_shared", "delivery", "x.ts");

  it("finds imports of every kind", () => {
    const source = [
      'import a from "./a.ts";',
      "import type { B } from '../b.ts';",
      'export * from "@/lib/c";',
      'import "./d.ts";',
      'const e = await import("../../e.ts");',
    ].join("\n");
    expect(specifiersOf(source)).toEqual(["./a.ts", "../b.ts", "@/lib/c", "./d.ts", "../../e.ts"]);
  });

  it.each([
    ["../../../content/states.ts", /^resolves to /],
    ["@/lib/site", /path alias/],
    ["left-pad", /neither relative/],
  ])("refuses %s", (specifier, why) => {
    expect(outsideImport(file, specifier)).toMatch(why);
  });

  it.each(["./states.ts", "../config/cors.ts", "zod", "postgres", "npm:zod@4", "node:fs"])(
    "accepts %s",
    (specifier) => {
      expect(outsideImport(file, specifier)).toBeNull();
    },
  );

  it("finds a circle, type imports included", () => {
    const graph = new Map([
      ["lead-store.ts", ["rows.ts", "lead-records.ts"]],
      ["lead-records.ts", ["sql-lead-store.ts"]],
      ["sql-lead-store.ts", ["lead-store.ts", "rows.ts"]],
      ["rows.ts", []],
    ]);
    expect(circles(graph)).toEqual([["lead-records.ts", "lead-store.ts", "sql-lead-store.ts"]]);
    expect(
      circles(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("has no import circle anywhere in the function", () => {
    const files = sourceFiles(ROOT).filter((file) => !/(\.test|-test-kit)\.tsx?$/.test(file));
    expect(
      circles(importGraph(files)).map((group) => group.map((file) => path.relative(ROOT, file))),
    ).toEqual([]);
  });

  it("imports nothing from outside itself (tests included)", () => {
    const files = sourceFiles(ROOT);
    expect(files.length).toBeGreaterThan(10);
    const problems = files.flatMap((source) =>
      specifiersOf(readFileSync(source, "utf8")).flatMap((specifier) => {
        const why = outsideImport(source, specifier);
        return why ? [`${path.relative(ROOT, source)}: "${specifier}" ${why}`] : [];
      }),
    );
    expect(problems).toEqual([]);
  });
});
