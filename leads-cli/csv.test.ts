import { startsFormula, toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("writes RFC 4180 with CRLF: quotes only fields holding a comma, quote or line break", () => {
    expect(
      toCsv([
        ["id", "address", "value"],
        ["a", '12 "Oak", St', 9000],
        ["b", "x\ny", null],
      ]),
    ).toBe('id,address,value\r\na,"12 ""Oak"", St",9000\r\nb,"x\ny",\r\n');
  });

  it.each([
    ["=1+1", `"'=1+1"`],
    ["+1 614 555 0100", `"'+1 614 555 0100"`],
    ["-A1", `"'-A1"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\tcmd", `"'\tcmd"`],
    ["\r=1", `"'\r=1"`],
    ["\n=1", `"'\n=1"`],
    ["\uFF1D1+1", `"'\uFF1D1+1"`],
    ["\uFF0B1", `"'\uFF0B1"`],
    ["\uFF0DA1", `"'\uFF0DA1"`],
    ["\uFF20SUM(A1)", `"'\uFF20SUM(A1)"`],
    ["  =1+1", `"'  =1+1"`],
    ["\u00a0-A1", `"'\u00a0-A1"`],
    ["\u3000\uFF20SUM(A1)", `"'\u3000\uFF20SUM(A1)"`],
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
  ])("writes %j as quoted text behind an apostrophe", (text, cell) => {
    expect(toCsv([["x", text, "y"]])).toBe(`x,${cell},y\r\n`);
  });

  it("leaves text that only holds those characters later, and numbers, as they are", () => {
    expect(toCsv([["a=b", "1+1", "x@example.com", "'=quoted", -5, 182500.5]])).toBe(
      "a=b,1+1,x@example.com,'=quoted,-5,182500.5\r\n",
    );
    expect(startsFormula("12 Oak St")).toBe(false);
  });
});
