import { readBounded } from "../contract/bounded-body.ts";
import { FORM_MEDIA_TYPE, FormEncodingError, formToRequest } from "../contract/lead-form.ts";
import type { ConsentRecord } from "../store/rows.ts";

/** How the request came: from the page's script (JSON), or as the form itself when no script ran. */
export type Via = ConsentRecord["via"];

/** What the body could not be read as, for the handler to answer. */
export type BodyProblem =
  | { problem: "tooLarge" }
  | { problem: "brokenJson" }
  | { problem: "notObject" }
  /** A form field whose escapes are not UTF-8: `message` names it. */
  | { problem: "encoding"; field: string; message: string };

export type BodyRead = { raw: Record<string, unknown> } | BodyProblem;

/** The format the Content-Type names, or null for one the function does not take. */
export function bodyFormat(request: Request): Via | null {
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  return mediaType === "application/json"
    ? "script"
    : mediaType === FORM_MEDIA_TYPE
      ? "form"
      : null;
}

/**
 * The offer request's body as an object: refused unread when its Content-Length is past
 * `maxBytes`, read no further than that whatever it said, decoded as UTF-8, then parsed as
 * JSON or as the form's fields.
 */
export async function readBody(request: Request, via: Via, maxBytes: number): Promise<BodyRead> {
  if (Number(request.headers.get("content-length")) > maxBytes) return { problem: "tooLarge" };
  let raw: unknown;
  try {
    const text = await readText(request, maxBytes);
    if (text === null) return { problem: "tooLarge" };
    raw = via === "form" ? formToRequest(text) : JSON.parse(text);
  } catch (error) {
    if (error instanceof FormEncodingError) {
      return { problem: "encoding", field: error.field, message: error.message };
    }
    return { problem: "brokenJson" };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    return { problem: "notObject" };
  return { raw: raw as Record<string, unknown> };
}

/** The body as UTF-8 text, or null once it passes maxBytes; throws on bytes that are not UTF-8. */
export async function readText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const bytes = await readBounded({ next: () => reader.read() }, maxBytes, () => reader.cancel());
  return bytes === null ? null : new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}
