import { asRead } from "./printable.ts";

/**
 * What a text someone sends to the company's number asks for, read as the FCC reads it.
 *
 * The FCC's Report and Order of February 2024 (FCC 24-24, CG Docket No. 02-278), codified at
 * 47 CFR 64.1200(a)(10) and in force since April 11, 2025: consent is revoked by any
 * reasonable means; "stop", "quit", "end", "revoke", "opt out", "cancel" or "unsubscribe"
 * sent in reply to a text is a revocation per se, and other wording counts where a
 * reasonable person would read it as one (the totality of the circumstances). 64.1200(a)(12)
 * allows one confirmation text, with no marketing, sent within five minutes. Read on
 * 2026-11-29: https://docs.fcc.gov/public/attachments/FCC-24-24A1.pdf and
 * https://www.federalregister.gov/d/2024-04587
 *
 * Twilio stops only a message that is exactly one of its keywords ("STOP PLEASE" passes), so
 * the function reads the words itself. A keyword counts wherever it stands among the words
 * ("I'll stop by" is read as a stop): a false stop costs one text channel, a missed one is
 * a violation. An opt-in, the other way, must be unmistakable: only the whole message.
 */

/** What an inbound text is, as public.inbound_texts keeps it. */
export const TEXT_REPLY_KINDS = ["revocation", "help", "start", "unclear", "other"] as const;
export type TextReplyKind = (typeof TEXT_REPLY_KINDS)[number];

const SPANISH_REVOKING_WORDS = ["parar", "cancelar", "detener", "desuscribir", "desuscribirme"];
const SPANISH_REVOKING_PHRASES = [
  "no mas",
  "de baja",
  "no quiero mensajes",
  "no quiero textos",
  "no me escribas",
  "no me escriban",
  "no me manden",
  "no me envies",
  "dejen de",
  "deja de",
  "no me interesa",
  "numero equivocado",
];
/** Spanish words that stand alone or beside a command ("alto", "ayuda", "por favor"). */
const SPANISH_WORDS = new Set([
  ...SPANISH_REVOKING_WORDS,
  "alto",
  "baja",
  "para",
  "basta",
  "ayuda",
  "por",
  "favor",
  "gracias",
  "quien",
]);

/** One word anywhere in the message revokes: the FCC's seven, Twilio's own, and Spanish. */
const REVOKING_WORDS = new Set([
  // FCC 24-24's words per se ("opt out" is a phrase below).
  "stop",
  "quit",
  "end",
  "revoke",
  "cancel",
  "unsubscribe",
  // Twilio's default keywords written as one word, and their common spellings.
  "stopall",
  "optout",
  "unsub",
  "unsubscribed",
  "stopp",
  "stoppp",
  "stopit",
  // Spanish (CTIA's and carriers' Spanish keywords; "no más" is a phrase below).
  ...SPANISH_REVOKING_WORDS,
]);

/** Words, in order, anywhere in the message: a reasonable person reads each as "no more". */
const REVOKING_PHRASES = [
  "opt out",
  "remove me",
  "remove my number",
  "take me off",
  "take my number off",
  "delete my number",
  "lose my number",
  "dont text",
  "do not text",
  "dont message",
  "do not message",
  "dont contact",
  "do not contact",
  "never text",
  "never contact",
  "no more",
  "no texts",
  "no messages",
  "leave me alone",
  "not interested",
  "no thanks",
  "no thank you",
  "wrong number",
  "wrong person",
  "didnt sign up",
  "never signed up",
  "did not sign up",
  "go away",
  "get lost",
  "fuck off",
  "piss off",
  ...SPANISH_REVOKING_PHRASES,
];

/**
 * Spanish commands that are also common words ("alto": tall, "baja": low, "para": for):
 * a revocation as the whole message ("BAJA", "alto por favor"); inside a sentence ("la
 * oferta es baja") they are unclear, and the team reads them.
 */
const REVOKING_ALONE = new Set(["alto", "baja", "para", "basta", "remove"]);

/** Words that change nothing when they stand beside a command: "stop please", "help me". */
const FILLERS = new Set([
  "please",
  "pls",
  "plz",
  "now",
  "thanks",
  "thank",
  "you",
  "me",
  "all",
  "por",
  "favor",
  "ya",
  "gracias",
]);

const HELP_WORDS = new Set(["help", "info", "ayuda"]);
/** Twilio's opt-in keywords, as today: only the whole message. */
const START_WORDS = new Set(["start", "yes", "unstop"]);

/** Questions and complaints that may be a revocation or may not: a person decides. */
const UNCLEAR_PHRASES = [
  "who is this",
  "whos this",
  "who are you",
  "who dis",
  "what is this",
  "whats this",
  "how did you get my number",
  "how did you get this number",
  "spam",
  "scam",
  "quien es",
  "quien eres",
];
/** A bare "no", or one of these inside a sentence, says too little either way. */
const UNCLEAR_WORDS = new Set(["alto", "baja", "basta"]);

/**
 * A reaction that iMessage sends to a phone without iMessage as text: the verb, then the
 * message reacted to in quotes. The quote is our own text, which says "Reply STOP", so it is
 * read as no request at all.
 */
const REACTION =
  /^(liked|loved|disliked|laughed at|emphasi[sz]ed|questioned|reacted \S+ to|removed an? \S+ from)\s+["\u201c][\s\S]*["\u201d]\s*$/i;

/** Signs that read as "stop" with no word at all: 🛑 ⛔ 🚫 ✋. */
const STOP_SIGNS = /[\u{1F6D1}\u26D4\u{1F6AB}\u270B]/u;

/**
 * The message's words: every letter width and compatibility form folded (NFKC: "ＳＴＯＰ" is
 * "stop"), lower case, accents dropped ("más" is "mas"), invisible characters removed,
 * apostrophes closed up ("don't" is "dont"), and anything else that is not a letter or a
 * digit (punctuation, emoji, hyphens: "opt-out" is "opt out") a space between words.
 */
export function textWords(body: string): string[] {
  return asRead(body)
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/['\u2018\u2019\u02bc`\u00b4]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** What a text asks for: an opt-out, HELP, an opt-in (START), something unclear, or none of these. */
export function readTextReply(body: string): TextReplyKind {
  if (REACTION.test(body.normalize("NFKC").trim())) return "other";
  const words = textWords(body);
  const spaced = ` ${words.join(" ")} `;
  const has = (phrase: string) => spaced.includes(` ${phrase} `);
  const meant = words.filter((word) => !FILLERS.has(word));
  // "S T O P" and "opt out" are also read written together.
  const whole = words.join("");
  const alone = meant.length === 1 ? meant[0]! : meant.length === 0 ? whole : meant.join("");

  if (words.some((word) => REVOKING_WORDS.has(word)) || REVOKING_WORDS.has(whole)) {
    return "revocation";
  }
  if (REVOKING_PHRASES.some(has) || REVOKING_ALONE.has(alone)) return "revocation";
  if (words.length === 0 && STOP_SIGNS.test(body)) return "revocation";
  if (START_WORDS.has(whole)) return "start";
  if (HELP_WORDS.has(alone) || HELP_WORDS.has(whole)) return "help";
  if (alone === "no" || words.some((word) => UNCLEAR_WORDS.has(word))) return "unclear";
  if (UNCLEAR_PHRASES.some(has)) return "unclear";
  // Nothing but signs: "?", "??", "👎".
  if (words.length === 0 && body.trim() !== "") return "unclear";
  return "other";
}

/**
 * Whether the text was written in Spanish, as far as its commands tell: a Spanish keyword
 * (PARAR, CANCELAR, AYUDA, BAJA…), a Spanish phrase ("no más") or a Spanish word beside a
 * command ("stop por favor"). Its answer is then Spanish.
 */
export function writtenInSpanish(body: string): boolean {
  const words = textWords(body);
  const spaced = ` ${words.join(" ")} `;
  return (
    words.some((word) => SPANISH_WORDS.has(word)) ||
    SPANISH_REVOKING_PHRASES.some((phrase) => spaced.includes(` ${phrase} `))
  );
}
