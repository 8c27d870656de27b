import { slugify } from "@/lib/slug";
import { statePath, stateSummaries } from "@/lib/states";

describe("state paths", () => {
  it.each([
    ["Ohio", "/sell-house-fast-ohio"],
    ["New Hampshire", "/sell-house-fast-new-hampshire"],
    ["North Carolina", "/sell-house-fast-north-carolina"],
    ["West Virginia", "/sell-house-fast-west-virginia"],
    ["Rhode Island", "/sell-house-fast-rhode-island"],
  ])("puts %s at %s", (name, path) => {
    expect(statePath(name)).toBe(path);
  });

  it("gives the 50 states 50 distinct slugs", () => {
    expect(new Set(stateSummaries.map((state) => state.slug)).size).toBe(50);
  });

  it("slugs categories and headings by the same rule", () => {
    expect(slugify("Estate Sales")).toBe("estate-sales");
    expect(slugify("We never sell or share your information")).toBe(
      "we-never-sell-or-share-your-information",
    );
  });
});
