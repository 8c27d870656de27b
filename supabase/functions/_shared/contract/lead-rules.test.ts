import { EMAIL_PATTERN, hasVisibleText, textProblem } from "./lead-rules.ts";

describe("textProblem", () => {
  it.each([
    ["12 Oak St, Columbus, OH", null],
    ["Calle Niño 5, São Paulo – Åsa", null],
    ["עברית 12 / عربي", null],
    ["emoji 🏠 and a joiner 👩‍👩‍👧", null],
    ["\u00a0no-break and\u200bzero-width", null],
  ])("accepts %j", (text, expected) => {
    expect(textProblem(text)).toBe(expected);
  });

  it.each([
    ["NUL", "a\u0000b", "Remove the invisible control character (U+0000)."],
    ["escape", "a\u001b[31m", "Remove the invisible control character (U+001B)."],
    ["tab", "a\tb", "Remove the invisible control character (U+0009)."],
    ["line feed", "a\nb", "Remove the invisible control character (U+000A)."],
    ["DEL", "a\u007f", "Remove the invisible control character (U+007F)."],
    ["C1 CSI", "a\u009b2J", "Remove the invisible control character (U+009B)."],
    ["last C1", "a\u009f", "Remove the invisible control character (U+009F)."],
    ["Arabic letter mark", "a\u061c", "Remove the invisible text-direction character (U+061C)."],
    ["left-to-right mark", "a\u200e", "Remove the invisible text-direction character (U+200E)."],
    ["right-to-left mark", "a\u200f", "Remove the invisible text-direction character (U+200F)."],
    ["LRE", "a\u202a", "Remove the invisible text-direction character (U+202A)."],
    ["RLO", "a\u202e", "Remove the invisible text-direction character (U+202E)."],
    ["LRI", "a\u2066", "Remove the invisible text-direction character (U+2066)."],
    ["PDI", "a\u2069", "Remove the invisible text-direction character (U+2069)."],
    ["lone high surrogate", "a\ud83c", "Remove the broken character (U+D83C)."],
    ["lone low surrogate", "\udc00a", "Remove the broken character (U+DC00)."],
  ])("names a %s", (_name, text, message) => {
    expect(textProblem(text)).toBe(message);
  });
});

describe("hasVisibleText", () => {
  it.each(["12 Oak St", "x", "\u200b5", "🏠"])("sees %j", (text) => {
    expect(hasVisibleText(text)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["spaces and tabs", " \t\n "],
    ["no-break spaces", "\u00a0\u202f"],
    ["ideographic space", "\u3000"],
    ["zero-width space, joiner, non-joiner, word joiner", "\u200b\u200d\u200c\u2060"],
    ["byte order mark and soft hyphen", "\ufeff\u00ad"],
    ["Hangul filler and braille blank", "\u3164\u2800"],
  ])("finds nothing visible in %s", (_name, text) => {
    expect(hasVisibleText(text)).toBe(false);
  });
});

describe("EMAIL_PATTERN", () => {
  it.each(["pat@example.com", "pat.o'neil+offers@mail.example.co.uk", "josé@example.com"])(
    "takes %j",
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(true);
    },
  );

  it.each([
    ["no top-level domain", "pat@gmail"],
    ["a space", "pat smith@example.com"],
    ["a zero-width space", "pat\u200b@example.com"],
    ["a soft hyphen", "pat@exam\u00adple.com"],
    ["a byte order mark", "pat@example\ufeff.com"],
    ["a word joiner", "p\u2060at@example.com"],
    ["a zero-width joiner in the domain", "pat@exa\u200dmple.com"],
  ])("refuses an address with %s", (_case, email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(false);
  });
});
