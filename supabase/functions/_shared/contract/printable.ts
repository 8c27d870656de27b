/**
 * Characters that do not print: controls (C0, DEL, C1), format characters
 * (bidirectional marks and overrides, zero-width spaces, soft hyphen ...), line
 * and paragraph separators, and halves of broken UTF-16 pairs. Shown raw, they can
 * clear or retitle a terminal, reorder text or hide it.
 */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\ud800-\udfff]/gu;

/** The text with every non-printable character written out as \u{1b}, and backslashes doubled. */
export function escapeNonPrintable(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(NON_PRINTABLE, (char) => `\\u{${(char.codePointAt(0) ?? 0).toString(16)}}`);
}

/** NON_PRINTABLE less C0, which JSON.stringify escapes in strings (and uses for indenting). */
const JSON_PASSES = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\ud800-\udfff]/gu;

/**
 * JSON whose text is printable ASCII-safe for a terminal: JSON.stringify escapes C0
 * controls but passes C1, bidi and format characters through; these become \uXXXX,
 * which any JSON reader turns back into the same characters.
 */
export function printableJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(JSON_PASSES, (char) =>
    Array.from({ length: char.length }, (_, index) => char.charCodeAt(index))
      .map((unit) => `\\u${unit.toString(16).padStart(4, "0")}`)
      .join(""),
  );
}

/**
 * Code points that show as nothing: Unicode's Default_Ignorable_Code_Point set (soft hyphen,
 * combining grapheme joiner, zero-width spaces and joiners, bidi controls, variation selectors,
 * the Hangul fillers, tags).
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The text as a person reads it: invisible code points out, and Unicode's compatibility forms
 * (full-width "ｇｍａｉｌ" or "ＳＴＯＰ", ligatures, the full-width @) folded by NFKC. Removed before
 * NFKC too, so an invisible code point between a letter and its accent does not keep them apart.
 */
export function asRead(text: string): string {
  return text.replace(INVISIBLE, "").normalize("NFKC").replace(INVISIBLE, "");
}
