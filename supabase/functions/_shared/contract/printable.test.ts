import { escapeNonPrintable, printableJson } from "./printable.ts";

describe("escapeNonPrintable", () => {
  it("writes out controls, format and separator characters, and leaves text alone", () => {
    expect(escapeNonPrintable("12 Oak St – Niño 🏠")).toBe("12 Oak St – Niño 🏠");
    expect(escapeNonPrintable("\u001b]0;pwned\u0007\u001b[2J")).toBe(
      "\\u{1b}]0;pwned\\u{7}\\u{1b}[2J",
    );
    expect(escapeNonPrintable("a\u0085b\u009bc\u202ed\u200be\u2028f\ud800")).toBe(
      "a\\u{85}b\\u{9b}c\\u{202e}d\\u{200b}e\\u{2028}f\\u{d800}",
    );
    expect(escapeNonPrintable("line\r\nnext\ttab")).toBe("line\\u{d}\\u{a}next\\u{9}tab");
  });

  it("doubles backslashes, so an escape typed by a visitor cannot pass for one", () => {
    expect(escapeNonPrintable("\\u{1b}")).toBe("\\\\u{1b}");
  });
});

describe("printableJson", () => {
  it("escapes what JSON.stringify lets through, and reads back as the same value", () => {
    const value = { address: "a\u009bb\u202ec\u200bd\u0000e\u2029", tag: "\u{e0001}" };
    const json = printableJson(value, 2);
    // Only the indenting line breaks are left raw.
    expect(json.replace(/\n/g, "")).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u200b\u202e\u2029]/);
    expect(json).toContain("a\\u009bb\\u202ec\\u200bd\\u0000e\\u2029");
    expect(json).toContain("\\udb40\\udc01");
    expect(JSON.parse(json)).toEqual(value);
  });
});
