import { readdirSync, readFileSync } from "node:fs";
import { minVersion, satisfies } from "semver";

/**
 * The README is a newcomer's first screen: the two commands first, then where to read on.
 * (npm run check:links checks that its links and docs/'s resolve, headings included.)
 */
const readme = readFileSync("README.md", "utf8");

it("opens with the two commands that do everything, and stays one screen", () => {
  const lines = readme.split("\n");
  expect(lines.length).toBeLessThanOrEqual(45);
  const commands = readme.indexOf("```bash\nnpm install && npm start");
  expect(commands).toBeGreaterThan(0);
  expect(readme.slice(commands)).toMatch(/^```bash\nnpm install && npm start .*\nnpm test .*\n```/);
  // No line a 100-column screen would wrap.
  expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(120);
});

it("says how to change the port and where leads go locally", () => {
  expect(readme).toContain("`PORT=8080 npm start`");
  expect(readme).toContain("`.data/leads/`");
  expect(readme).toContain("`npm run leads`");
});

it("links every file of docs/", () => {
  for (const file of readdirSync("docs").filter((name) => name.endsWith(".md"))) {
    expect(readme).toContain(`](docs/${file})`);
  }
});

describe("the Node.js a newcomer needs", () => {
  const manifest = JSON.parse(readFileSync("package.json", "utf8")) as {
    engines: { node: string };
  };
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
    packages: Record<string, { engines?: { node?: string }; optional?: boolean }>;
  };
  const oldest = minVersion(manifest.engines.node);

  it("is the one the README names", () => {
    expect(oldest).not.toBeNull();
    expect(readme).toContain(`Node.js ${oldest!.major}.${oldest!.minor}+`);
  });

  // npm install warns of each package whose engines refuse the running Node.js ("Unsupported
  // engine"), and such a package may not run there. Optional packages are other platforms' builds.
  it("is accepted by every package npm installs, so npm install prints no engine warning", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== "" && !entry.optional && entry.engines?.node)
      .filter(([, entry]) => !satisfies(oldest!, entry.engines!.node!))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, "")} (${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });
});
