import {
  classCandidates,
  classesRequired,
  groupPages,
  parseStylesheet,
  selectorsUsed,
  stringWords,
  stylesheetWith,
} from "./styles.ts";

/** Rules as Tailwind 4 and the typography plugin write them. */
const SITE_CSS = [
  "@layer base{*,:after{box-sizing:border-box}}",
  "@layer utilities{",
  ".flex{display:flex}",
  ".hidden{display:none}",
  String.raw`.after\:content-\[\'_\'\]:after{content:"_"}`,
  String.raw`.group-open\:block:is(:where(.group):is([open]) *){display:block}`,
  String.raw`@media (min-width:40rem){.sm\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}`,
  "}",
  ".prose :where(code):not(:where([class~=not-prose] *)){font-weight:600}",
  ".toast-title,.sheet-title{font-weight:700}",
  "@keyframes enter{from{opacity:0}to{opacity:1}}",
].join("");

const pageUsing = (...classes: string[]) =>
  stylesheetWith(
    parseStylesheet(SITE_CSS),
    selectorsUsed(parseStylesheet(SITE_CSS), new Set(classes)),
  );

describe("the classes a selector needs", () => {
  test("are read unescaped, every class of a compound", () => {
    expect(classesRequired(String.raw`.sm\:grid-cols-2`)).toEqual(["sm:grid-cols-2"]);
    expect(classesRequired(String.raw`.after\:content-\[\'_\'\]:after`)).toEqual([
      "after:content-['_']",
    ]);
    expect(classesRequired(".card.is-open > .title")).toEqual(["card", "is-open", "title"]);
  });

  test("leave out classes inside :where, :is, :not and :has", () => {
    expect(classesRequired(String.raw`.group-open\:block:is(:where(.group):is([open]) *)`)).toEqual(
      ["group-open:block"],
    );
    expect(classesRequired(".prose :where(code):not(:where(.not-prose *))")).toEqual(["prose"]);
    expect(classesRequired(".list:has(.item)")).toEqual(["list"]);
  });
});

describe("the words a page's classes can be among", () => {
  test("are its attributes' words, quotes and all", () => {
    const words = classCandidates("flex  after:content-['_']\nsm:grid-cols-2");
    expect(words).toEqual(new Set(["flex", "after:content-['_']", "sm:grid-cols-2"]));
  });

  test("include each word of each string in minified JavaScript or JSON", () => {
    const words = stringWords(
      `const a={"className":"toast-title flex"},c=e?"sheet-title":'hidden',d=\`after:content-['_'] \${c}\`;`,
    );
    for (const name of ["toast-title", "flex", "sheet-title", "hidden", "after:content-['_']"]) {
      expect(words).toContain(name);
    }
    expect(words).not.toContain("e");
    expect(stringWords('{"label":"Call now","className":"sm:mr-0"}')).toContain("sm:mr-0");
  });
});

describe("a page's stylesheet", () => {
  test("keeps the rules its classes use and every rule that needs no class", () => {
    const css = pageUsing("flex", "prose");
    expect(css).toContain("*,:after{box-sizing:border-box}");
    expect(css).toContain(".flex{display:flex}");
    expect(css).toContain(".prose :where(code)");
    expect(css).toContain("@keyframes enter{from{opacity:0}to{opacity:1}}");
    expect(css).not.toContain(".hidden");
    expect(css).not.toContain("sheet-title");
  });

  test("drops a rule no class of the page can match, and the at-rule it leaves empty", () => {
    const css = pageUsing("flex");
    expect(css).not.toContain("grid-cols-2");
    expect(css).not.toContain("@media");
    expect(css).not.toContain(".prose");
    expect(pageUsing()).not.toContain("@layer utilities");
  });

  test("keeps one selector of a shared rule when only that one can match", () => {
    const css = pageUsing("toast-title");
    expect(css).toContain(".toast-title{font-weight:700}");
    expect(css).not.toContain("sheet-title");
  });

  test("keeps a rule for a class with quotes, and one whose group is set by an ancestor", () => {
    const css = pageUsing("after:content-['_']", "group-open:block", "sm:grid-cols-2");
    expect(css).toContain(String.raw`.after\:content-\[\'_\'\]:after{content:"_"}`);
    expect(css).toContain("group-open");
    expect(css).toContain(String.raw`@media (min-width:40rem){.sm\:grid-cols-2`);
  });
});

describe("pages grouped by the rules they use", () => {
  const sheet = parseStylesheet(SITE_CSS);
  const used = (...classes: string[]) => selectorsUsed(sheet, new Set(classes));

  test("share one stylesheet when they use the same rules", () => {
    const groups = groupPages(sheet, [
      { page: "/a", used: used("flex") },
      { page: "/b", used: used("flex") },
      { page: "/c", used: used("prose") },
    ]);
    expect(groups.map((group) => group.pages)).toEqual([["/a", "/b"], ["/c"]]);
  });

  test("merge the two closest sets until no more than the most allowed remain", () => {
    const pages = [
      { page: "/home", used: used("flex") },
      { page: "/state", used: used("flex", "hidden") },
      { page: "/guide", used: used("prose", "sm:grid-cols-2", "group-open:block") },
    ];
    const groups = groupPages(sheet, pages, 2);
    expect(groups.map((group) => group.pages)).toEqual([["/home", "/state"], ["/guide"]]);
    for (const { page, used: needed } of pages) {
      const group = groups.find((candidate) => candidate.pages.includes(page))!;
      for (const id of needed) expect(group.kept).toContain(id);
    }
  });
});
