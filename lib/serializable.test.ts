import { createElement } from "react";

import { assertSerializable } from "@/lib/serializable";

describe("assertSerializable", () => {
  it("accepts plain JSON data", () => {
    expect(() =>
      assertSerializable({ state: "Ohio", count: 3, ok: true, none: null, list: [{ a: "b" }] }),
    ).not.toThrow();
  });

  it.each([
    ["undefined", { state: undefined }, /props\.state is undefined/],
    ["a function", { onDone: () => {} }, /props\.onDone is a function/],
    ["a Date", { at: new Date(0) }, /props\.at is a Date/],
    ["NaN", { items: [1, Number.NaN] }, /props\.items\[1\] is NaN/],
    ["a React element", { card: createElement("p") }, /props\.card is a React element/],
    ["a Map", { byId: new Map() }, /props\.byId is a Map/],
  ])("refuses %s, naming where it is", (_kind, props, message) => {
    expect(() => assertSerializable(props)).toThrow(message);
  });
});
