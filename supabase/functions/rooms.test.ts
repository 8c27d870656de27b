import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";

/**
 * The function's rooms hold (eslint.config.mjs, FUNCTION_ROOMS and ONLY_CONTRACT): each rule
 * is shown failing on a deliberate bad import, and passing on the import it allows. ESLint runs
 * in a child process because its flat config is an ES module, which Jest's sandbox cannot load.
 */

type Fixture = { file: string; source: string };
type Finding = { file: string; rules: string[] };

const LINT = `
import { ESLint } from "eslint";
const fixtures = JSON.parse(process.argv[1]);
const eslint = new ESLint();
const found = [];
for (const { file, source } of fixtures) {
  const [result] = await eslint.lintText(source, { filePath: file });
  found.push({ file, rules: result.messages.map((message) => message.ruleId ?? message.message) });
}
process.stdout.write(JSON.stringify(found));
`;

function lint(fixtures: Fixture[]): Finding[] {
  const output = execFileSync(
    process.execPath,
    ["--input-type=module", "-e", LINT, JSON.stringify(fixtures)],
    { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(output) as Finding[];
}

const SHARED = "supabase/functions/_shared";
const importing = (specifier: string, name: string) =>
  `import { ${name} } from "${specifier}";\nexport const used = ${name};\n`;

const BAD: (Fixture & { rule: string })[] = [
  {
    // Upward: the store may not know the outbox's loop.
    file: `${SHARED}/store/fixture.ts`,
    source: importing("../delivery/outbox.ts", "planDelivery"),
    rule: "no-restricted-imports",
  },
  {
    // Sideways: reading a submission knows nothing of delivering it.
    file: `${SHARED}/intake/fixture.ts`,
    source: importing("../delivery/plan.ts", "planNewLead"),
    rule: "no-restricted-imports",
  },
  {
    // Down from a nested folder: a provider may not reach the handler.
    file: `${SHARED}/delivery/providers/fixture.ts`,
    source: importing("../../handler/lead-handler.ts", "createLeadHandler"),
    rule: "no-restricted-imports",
  },
  {
    file: "lib/browser/fixture.ts",
    source: importing("@/supabase/functions/_shared/store/sql-lead-store.ts", "createSqlLeadStore"),
    rule: "no-restricted-imports",
  },
  {
    file: "components/offer-form/fixture.tsx",
    source: importing("@/supabase/functions/_shared/config/lead-config.ts", "readLeadConfig"),
    rule: "no-restricted-imports",
  },
  {
    file: "config/fixture.ts",
    source: importing("@/supabase/functions/_shared/delivery/outbox.ts", "planDelivery"),
    rule: "no-restricted-imports",
  },
  {
    // A circle: lead-schema.ts imports lead-rules.ts, which would import it back.
    file: `${SHARED}/contract/lead-rules.ts`,
    source: importing("./lead-schema.ts", "leadSchema"),
    rule: "import/no-cycle",
  },
];

const GOOD: Fixture[] = [
  { file: `${SHARED}/handler/fixture.ts`, source: importing("../delivery/plan.ts", "planNewLead") },
  { file: `${SHARED}/delivery/fixture.ts`, source: importing("../store/channels.ts", "CHANNELS") },
  { file: `${SHARED}/intake/fixture.ts`, source: importing("../config/cors.ts", "SITE_ORIGINS") },
  {
    file: "lib/browser/fixture.ts",
    source: importing("@/supabase/functions/_shared/contract/states.ts", "STATES"),
  },
];

describe("the function's rooms", () => {
  jest.setTimeout(120_000);
  const findings = lint([...BAD, ...GOOD]);

  it.each(BAD.map((fixture, index) => [fixture.file, fixture.rule, index] as const))(
    "%s: a bad import fails %s",
    (_file, rule, index) => {
      expect(findings[index]!.rules).toContain(rule);
    },
  );

  it.each(GOOD.map((fixture, index) => [fixture.file, BAD.length + index] as const))(
    "%s: an allowed import passes",
    (_file, index) => {
      expect(findings[index]!.rules).toEqual([]);
    },
  );
});

/** A file a newcomer reads whole, and a function they hold in their head (issue 40). */
const FILE_LINES_MAX = 300;
const FUNCTION_LINES_MAX = 80;

/** Files over the limit, and functions (named by file, line and name) over theirs. */
function oversized(file: string, text: string): string[] {
  const found: string[] = [];
  const lines = text.split("\n").length;
  if (lines > FILE_LINES_MAX) found.push(`${file}: ${lines} lines`);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const span = source.getLineAndCharacterOfPosition(node.end).line - start + 1;
      const name = node.name?.getText(source) ?? "a function";
      if (span > FUNCTION_LINES_MAX) found.push(`${file}:${start + 1} ${name}: ${span} lines`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the function's code", () => {
  it("finds a long function and a long file", () => {
    const body = Array.from({ length: 85 }, (_, line) => `  const a${line} = ${line};`);
    const text = ["export function long() {", ...body, "}", ...Array(220).fill("")].join("\n");
    expect(oversized("x.ts", text)).toEqual(["x.ts: 307 lines", "x.ts:1 long: 87 lines"]);
  });

  it(`has no file over ${FILE_LINES_MAX} lines and no function over ${FUNCTION_LINES_MAX} (tests aside)`, () => {
    const root = path.resolve("supabase", "functions");
    const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
      (name) => name.endsWith(".ts") && !/(\.test|-test-kit)\.ts$/.test(name),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(
      files.flatMap((name) => oversized(name, readFileSync(path.join(root, name), "utf8"))),
    ).toEqual([]);
  });
});
