import { STATES, STATE_NAMES } from "./states.ts";

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
});
