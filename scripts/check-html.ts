/**
 * npm run check:html: every HTML page of the export through the Nu Html Checker
 * (vnu-jar, on Java); exits 1 on any error. Warnings are printed, not counted.
 *
 * The pages carry Tailwind's stylesheet inline, and vnu's CSS checker predates what it uses
 * (@property, margin-trim, color-mix…): its "CSS:" messages are left out, as they were when
 * the stylesheet was a file vnu never read. This checks the HTML, not the CSS. One HTML
 * message is left out too: vnu refuses `blocking` on any link but a stylesheet, which the
 * standard's "expect" link type (the header's hold on the first paint) has since allowed.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { filesUnder } from "../lib/build/files.ts";
import { OUT_DIR } from "../local-server/static-site.ts";

const vnuJar = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vnu-jar")),
  "build/dist/vnu.jar",
);

type Message = {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal";
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
};

function main(): number {
  if (!existsSync(path.join(OUT_DIR, "index.html"))) {
    console.error("No export in out/: run `npm run build` first.");
    return 1;
  }
  const files = filesUnder(OUT_DIR, ".html");
  const startedAt = Date.now();
  const result = spawnSync(
    "java",
    [
      "-Xss4m",
      "-jar",
      vnuJar,
      "--format",
      "json",
      "--stdout",
      "--exit-zero-always",
      "--filterpattern",
      // vnu predates the HTML standard's "expect" link type, whose blocking="render" holds
      // the first paint until an element is parsed (#link-type-expect; Chrome 124).
      "CSS: .*|A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”\\.",
      ...files,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  if (result.status !== 0) {
    console.error(result.stderr);
    throw new Error(`vnu exited with ${result.status}`);
  }

  const { messages } = JSON.parse(result.stdout) as { messages: Message[] };
  const where = (message: Message) =>
    `${path.relative(process.cwd(), new URL(message.url ?? "file:///?").pathname)}:${message.lastLine ?? "?"}`;
  const errors = messages.filter((message) => message.type !== "info");
  const warnings = messages.filter((message) => message.type === "info");
  // Warnings (React's trailing slashes on void elements, mostly) are summed up, one line each.
  const warningCounts = new Map<string, number>();
  for (const warning of warnings) {
    warningCounts.set(warning.message, (warningCounts.get(warning.message) ?? 0) + 1);
  }
  for (const [message, count] of warningCounts) console.warn(`warning (${count}x): ${message}`);
  for (const error of errors) {
    console.error(`error ${where(error)}: ${error.message}`);
    if (error.extract) console.error(`    ${error.extract.replace(/\s+/g, " ").trim()}`);
  }

  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const summary = `${files.length} pages checked by the Nu Html Checker in ${seconds} s: ${errors.length} errors, ${warnings.length} warnings`;
  if (errors.length > 0) {
    console.error(summary);
    return 1;
  }
  console.log(summary);
  return 0;
}

process.exit(main());
