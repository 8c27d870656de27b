import { leadContactKeys } from "../supabase/functions/_shared/contract/contacts.ts";
import {
  DISCLOSURES,
  disclosureForHash,
  shownDisclosure,
} from "../supabase/functions/_shared/contract/disclosures.ts";
import type { Language } from "../supabase/functions/_shared/contract/language.ts";
import type { ConsentEvidence, OptOut } from "../supabase/functions/_shared/store/rows.ts";
import { escapeNonPrintable } from "../supabase/functions/_shared/contract/printable.ts";

const LANGUAGE_NAMES: Record<Language, string> = { en: "English", es: "Spanish" };

const languageName = (language: Language | undefined) =>
  language ? LANGUAGE_NAMES[language] : "unknown (a version this code does not know)";

/**
 * The consent record as a lawyer would ask for it: who, when, from which page and browser,
 * every control, and the exact wording, reproduced from the stored hash (matched = the hash
 * is of a wording this code still knows, for the brand stored). Then every opt-out of the
 * same e-mail or phone, earlier or later.
 */
export async function formatConsent(
  record: ConsentEvidence,
  optOuts: readonly OptOut[],
): Promise<{ text: string; matched: boolean }> {
  const wording =
    record.disclosure_sha256 && record.brand
      ? await disclosureForHash(record.disclosure_sha256, record.brand, record.disclosure_version)
      : null;
  // No hash was sent: the wording the version names, for what the record says was shown.
  const named =
    !record.disclosure_sha256 && record.disclosure_version && record.brand
      ? shownDisclosure(record.disclosure_version, record.brand, { phoneSection: record.calls })
      : null;
  const contacts = new Set(leadContactKeys(record));
  const theirs = optOuts.filter((optOut) => contacts.has(optOut.contact));
  const yesNo = (value: boolean, yes: string, no: string) => (value ? yes : no);
  const fields: [string, string | null][] = [
    ["Lead", record.lead_id],
    ["Received (server clock, UTC)", record.received_at],
    ["Submitted (browser clock, as sent)", record.consented_at ?? "not a time: see received"],
    ["Doubts about that time", record.doubts.length > 0 ? record.doubts.join("; ") : "none"],
    ["E-mail", record.email],
    ["Phone", record.phone ?? "none given"],
    ["Company named in the wording", record.brand],
    ["Wording version", record.disclosure_version ?? "not sent (page from before versions)"],
    [
      "Wording language",
      languageName(wording?.language ?? DISCLOSURES[record.disclosure_version ?? ""]?.language),
    ],
    ["Wording SHA-256", record.disclosure_sha256 ?? "not sent"],
    [
      "Wording checked on receipt",
      record.disclosure_verified
        ? "yes: the page's hash equals the function's rendering of this version"
        : record.disclosure_sha256
          ? "no: the page's hash did not match the function's rendering"
          : "no: the page sent no hash of the wording it showed",
    ],
    [
      "Calls",
      yesNo(record.calls, "agreed: asked for a call and gave a phone number", "not agreed"),
    ],
    [
      "Text messages",
      yesNo(record.texts, "agreed: ticked the separate, unticked-by-default box", "not agreed"),
    ],
    ["Page", record.page_url],
    ["Browser (user agent)", record.user_agent],
    ["Client address", record.client_ip],
    [
      "Global Privacy Control",
      yesNo(record.gpc, "sent: never shared with ad platforms", "not sent"),
    ],
    [
      "Sent by",
      record.via === "form" ? "the form itself, posted without script" : "the page's script",
    ],
  ];
  const width = Math.max(...fields.map(([label]) => label.length));
  const lines = [
    "Consent record",
    ...fields.map(
      ([label, value]) =>
        `  ${label.padEnd(width)}  ${escapeNonPrintable(value ?? "not recorded")}`,
    ),
    "",
    wording
      ? `Wording shown (version ${wording.version}, in ${languageName(wording.language)}, ${
          wording.phoneSection ? "with" : "without"
        } the phone section), reproduced from its SHA-256:`
      : named
        ? `Wording of version ${record.disclosure_version} (${record.calls ? "with" : "without"} the phone section), not verified: the page sent no hash, so this is what that version says, not proof of what was shown:`
        : "Wording shown: no wording in supabase/functions/_shared/contract/disclosures.ts has this SHA-256 for this company name.",
    ...((wording ?? (named ? { text: named } : null))?.text
      .split("\n")
      .map((line) => `  ${escapeNonPrintable(line)}`) ?? []),
    "",
    theirs.length === 0
      ? "Opt-outs of this e-mail or phone: none recorded."
      : "Opt-outs of this e-mail or phone:",
    ...theirs.map(
      (optOut) =>
        `  ${optOut.recorded_at}  ${optOut.action === "opt_in" ? "restarted" : "stopped  "}  ${optOut.channel.padEnd(7)}  ${escapeNonPrintable(
          optOut.contact,
        )}${optOut.note ? `  (${escapeNonPrintable(optOut.note)})` : ""}`,
    ),
  ];
  return { text: lines.join("\n"), matched: wording !== null };
}
