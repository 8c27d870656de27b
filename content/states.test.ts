import { STATES, STATE_NAMES, stateSlug } from "@/content/states";
import { statePath } from "@/lib/states";

describe("the 50 states", () => {
  it("lists 50 states, alphabetical from Alabama to Wyoming", () => {
    expect(STATES).toHaveLength(50);
    expect(STATE_NAMES[0]).toBe("Alabama");
    expect(STATE_NAMES[49]).toBe("Wyoming");
    expect([...STATE_NAMES]).toEqual([...STATE_NAMES].sort((a, b) => a.localeCompare(b)));
  });

  it("gives each a distinct two-letter postal code", () => {
    const codes = STATES.map((state) => state.code);
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(STATES.find((state) => state.name === "Ohio")?.code).toBe("OH");
  });

  it.each([
    ["Ohio", "ohio"],
    ["New Hampshire", "new-hampshire"],
    ["North Carolina", "north-carolina"],
    ["West Virginia", "west-virginia"],
    ["Rhode Island", "rhode-island"],
  ])("slugs %s as %s", (name, slug) => {
    expect(stateSlug(name)).toBe(slug);
    expect(statePath(name)).toBe(`/sell-house-fast-${slug}`);
  });

  it("has 50 distinct slugs", () => {
    expect(new Set(STATE_NAMES.map(stateSlug)).size).toBe(50);
  });
});
