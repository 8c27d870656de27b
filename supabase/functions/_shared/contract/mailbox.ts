// validator's normalizeEmail keeps the providers' rules for their mailboxes (which domains are
// one provider's, which part of the name it ignores). Imported whole: the CommonJS default
// export of validator/lib/normalizeEmail is typed one way and loaded another in Deno.
import validator from "validator";

import { asRead } from "./printable.ts";

/**
 * One identity per mailbox (issue 41): every spelling that reaches the same inbox gets the
 * same key, so the once-a-day confirmation, an opt-out and "the same homeowner" hold for the
 * mailbox and not for one way of writing it.
 */

/** Characters that end a host or are decoded in it by the URL parser: such a domain is kept as typed. */
const NOT_IN_A_HOST = /[\s/\\?#@:%[\]]/u;

/** The address's name and domain, split at its last @ as mail software does. */
function parts(email: string): { local: string; domain: string } {
  const read = asRead(email).trim();
  const at = read.lastIndexOf("@");
  return at < 0
    ? { local: read, domain: "" }
    : { local: read.slice(0, at), domain: read.slice(at + 1) };
}

/**
 * The domain in ASCII as DNS knows it: IDNA (UTS #46) ToASCII, which the WHATWG URL parser
 * applies in browsers, Node and Deno alike (bücher.de is xn--bcher-kva.de). Lowercased as typed
 * when it is no host name the parser would take whole.
 */
function asciiDomain(domain: string): string {
  if (!domain || NOT_IN_A_HOST.test(domain)) return domain.toLowerCase();
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return domain.toLowerCase();
  }
}

/**
 * The providers' rules for their own mailboxes, applied by validator's normalizeEmail:
 * - Gmail (Gmail Help, "Dots don't matter in Gmail addresses"): dots in the name are ignored
 *   for personal @gmail.com accounts and not for Google Workspace addresses, so only at
 *   gmail.com and googlemail.com; a "+word" after the name reaches the same inbox (the same
 *   page, and Gmail Help on task-specific addresses); googlemail.com is the same mailbox as
 *   gmail.com (Gmail Help on the Google Mail name).
 * - Outlook.com, Hotmail, Live, MSN: a "+word" after the name reaches the same inbox
 *   (Microsoft Support on plus addressing in Outlook.com).
 * - iCloud Mail (icloud.com, me.com, mac.com): a "+word" after the name (Apple Support on
 *   iCloud Mail addresses).
 * - Yahoo Mail: a disposable address is the base name, "-" and a keyword (Yahoo Help on
 *   disposable email addresses).
 * - Yandex: one mailbox on all of Yandex's domains (Yandex Mail Help on address aliases).
 */
const PROVIDER_RULES = {
  all_lowercase: true,
  gmail_remove_dots: true,
  gmail_remove_subaddress: true,
  gmail_convert_googlemaildotcom: true,
  outlookdotcom_remove_subaddress: true,
  icloud_remove_subaddress: true,
  yahoo_remove_subaddress: true,
  yandex_convert_yandexru: true,
} as const;

/** validator lists icloud.com and me.com only; mac.com addresses are iCloud Mail's as well. */
const ICLOUD_ALIAS: Record<string, string> = { "mac.com": "me.com" };

/** The provider's rules once; false when they leave no name ("+tag@gmail.com"). */
function providerKey(local: string, domain: string): string | false {
  const alias = ICLOUD_ALIAS[domain];
  const key = validator.normalizeEmail(`${local}@${alias ?? domain}`, PROVIDER_RULES);
  return key && alias ? `${key.slice(0, key.lastIndexOf("@"))}@${domain}` : key;
}

/**
 * The key a mailbox is matched by, for opt-outs, the once-a-day confirmation and "the same
 * homeowner": invisible code points out, NFKC, the domain in ASCII by IDNA, lowercased, then
 * the provider's own rules. Victim@ｇｍａｉｌ.com, v.ictim+a@googlemail.com and
 * victim@gma\u034fil.com are all victim@gmail.com. Not an address to send to: mail goes to
 * the address as typed.
 */
export function mailboxKey(email: string): string {
  const { local, domain } = parts(email);
  if (!domain) return local.toLowerCase();
  let key = `${local.toLowerCase()}@${asciiDomain(domain)}`;
  // Again until nothing changes, so a key keyed again is the same key: validator takes one
  // "-keyword" off a Yahoo name per call ("a-b-c" is "a-b", then "a").
  for (;;) {
    const at = key.lastIndexOf("@");
    const next = providerKey(key.slice(0, at), key.slice(at + 1));
    if (!next || next === key) return key;
    key = next;
  }
}

/** Scripts a domain label is written in; letters of any other script are "another script". */
const SCRIPTS = [
  "Latin",
  "Cyrillic",
  "Greek",
  "Armenian",
  "Georgian",
  "Hebrew",
  "Arabic",
  "Syriac",
  "Thaana",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Thai",
  "Lao",
  "Tibetan",
  "Myanmar",
  "Khmer",
  "Ethiopic",
  "Cherokee",
  "Mongolian",
  "Han",
  "Hiragana",
  "Katakana",
  "Bopomofo",
  "Hangul",
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, "u") }));

/** Digits, hyphens and combining marks belong to no one script. */
const ANY_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/**
 * Mixtures a real name is written in, as Unicode's "highly restrictive" level has them
 * (UTS #39, 5.2): Japanese, Chinese and Korean with Latin.
 */
const WRITTEN_TOGETHER = [
  ["Latin", "Han", "Hiragana", "Katakana"],
  ["Latin", "Han", "Bopomofo"],
  ["Latin", "Han", "Hangul"],
];

/**
 * Letters of other scripts that look like Latin ones, as browsers' IDN spoof checks list them:
 * a label written only in these (Cyrillic "аррӏе") reads as a Latin name (apple) it is not.
 */
const LOOK_ALIKES: Record<string, RegExp> = {
  Cyrillic: /^[асԁеһіјӏорԛѕԝхуъьҽпгѵѡ]+$/u,
  Greek: /^[αικνορτυϲϳ]+$/u,
  Armenian: /^[ագզհոսօց]+$/u,
};
/** Latin letters that look like a plain ASCII one without showing an accent: dotless ı, script ɡ, small capitals. */
const LATIN_LOOK_ALIKE = /[ıȷĸǀɑɡɩɪʀʏᴀ-ᴢꜱ]/u;

function scriptsOf(label: string): string[] {
  const found = new Set<string>();
  for (const char of label) {
    if (ANY_SCRIPT.test(char)) continue;
    found.add(SCRIPTS.find(({ pattern }) => pattern.test(char))?.name ?? "another script");
  }
  return [...found];
}

/** A domain as typed and as DNS knows it, so the note shows what the look-alike hides. */
const shown = (domain: string) => `${domain} (${asciiDomain(domain)})`;

const codePoint = (char: string) =>
  `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * Why an address's domain may imitate another, in a sentence for the lead's notes; null for an
 * ordinary address, a genuine international one (bücher.de, пример.рф) included. A domain mixing
 * scripts in one label (Latin "gm" and Cyrillic "а" in "gmаil"), using a Latin look-alike letter,
 * or written in look-alike letters of another script is one no person types by accident. A
 * domain typed in Punycode (xn--…) looks like no other, so it is taken as it is.
 */
export function mailboxDoubt(email: string): string | null {
  const domain = parts(email).domain.toLowerCase();
  const labels = domain.split(/[.\u3002\uff0e\uff61]/u).filter(Boolean);
  const topLevel = scriptsOf(labels.at(-1) ?? "");
  for (const label of labels) {
    const scripts = scriptsOf(label);
    if (
      scripts.length > 1 &&
      !WRITTEN_TOGETHER.some((set) => scripts.every((s) => set.includes(s)))
    ) {
      return `The e-mail's domain ${shown(domain)} mixes ${scripts.join(" and ")} letters in "${label}", as an imitation of another address does.`;
    }
    const latinLookAlike = LATIN_LOOK_ALIKE.exec(label)?.[0];
    if (latinLookAlike) {
      return `The e-mail's domain ${shown(domain)} has "${latinLookAlike}" (${codePoint(latinLookAlike)}), a letter that looks like a plain Latin one.`;
    }
    const [script] = scripts;
    const lookAlikes = script === undefined ? undefined : LOOK_ALIKES[script];
    const letters = [...label].filter((char) => !ANY_SCRIPT.test(char)).join("");
    if (lookAlikes?.test(letters) && !(topLevel.length === 1 && topLevel[0] === script)) {
      return `The e-mail's domain ${shown(domain)} is written in ${script} letters that look like Latin ones ("${label}").`;
    }
  }
  return null;
}
