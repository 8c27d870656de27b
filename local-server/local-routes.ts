import type { IncomingMessage, ServerResponse } from "node:http";

import { MESSAGES } from "../supabase/functions/_shared/handler/messages.ts";
import { readBounded } from "../supabase/functions/_shared/contract/bounded-body.ts";
import { LEAD_LIMITS } from "../supabase/functions/_shared/contract/lead-rules.ts";
import { FUNCTION_PATH } from "../supabase/functions/_shared/contract/site-facts.ts";
import type { LocalFunction } from "./local-function.ts";

export { FUNCTION_PATH };

/** Where Twilio posts the texts people send to the company's number, as on Supabase. */
export const SMS_INBOUND_PATH = `${FUNCTION_PATH}/sms-inbound`;

/**
 * The function's paths the local server answers. The periodic run (.../maintenance,
 * .../retry-notifications) is not among them: the local server runs it on its own timer.
 */
const FUNCTION_PATHS: readonly string[] = [FUNCTION_PATH, SMS_INBOUND_PATH];

/** A body still arriving after this long is refused with 408: a slow sender holds a socket. */
export const BODY_TIMEOUT_MS = 10_000;

export type LocalRouteOptions = { bodyTimeoutMs?: number };

/**
 * Answers the function for the local Node server; returns false for any other path, which
 * the static files then serve. Leads are never served over HTTP: the operator reads them
 * through the store's socket (npm run leads).
 */
export async function handleLocalRequest(
  req: IncomingMessage,
  res: ServerResponse,
  local: LocalFunction,
  options: LocalRouteOptions = {},
): Promise<boolean> {
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  if (!FUNCTION_PATHS.includes(pathname)) return false;
  await handleFunctionRequest(req, res, local, options);
  return true;
}

/** POST /functions/v1/send-contact-email (or its /sms-inbound) through the shared handler. */
export async function handleFunctionRequest(
  req: IncomingMessage,
  res: ServerResponse,
  local: Pick<LocalFunction, "handle">,
  { bodyTimeoutMs = BODY_TIMEOUT_MS }: LocalRouteOptions = {},
): Promise<void> {
  // Answered here, unread: fetch's Request cannot even be made with TRACE or CONNECT.
  if (req.method !== "POST" && req.method !== "OPTIONS") {
    res.setHeader("allow", "POST, OPTIONS");
    return sendJson(res, 405, { error: MESSAGES.method });
  }
  const body = await readBody(req, bodyTimeoutMs);
  if (body === "timeout") {
    res.writeHead(408, {
      "content-type": "application/json; charset=utf-8",
      connection: "close",
    });
    res.end(JSON.stringify({ error: "The request body took too long to arrive." }));
    return;
  }
  const response = await local.handle(toWebRequest(req, body), {
    remoteAddr: { hostname: req.socket.remoteAddress },
  });
  const headers = Object.fromEntries(response.headers);
  // A body left unread (over the limit) is not drained: the connection goes instead.
  if (body === "too-large") headers.connection = "close";
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * The body, read no further than one chunk past the limit (the function's own reader):
 * "too-large" as soon as Content-Length or the bytes so far pass it, "timeout" when it has
 * not all arrived in time. The handler answers 413 from the Content-Length it is given.
 */
async function readBody(
  req: IncomingMessage,
  timeoutMs: number,
): Promise<Uint8Array | null | "too-large" | "timeout"> {
  if (req.method === "OPTIONS") return null;
  if (Number(req.headers["content-length"]) > LEAD_LIMITS.bodyMax) return "too-large";
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The rest is not read past the limit or the timeout: the answer goes out and the
  // connection is closed.
  const stop = () => req.pause();
  const body = await Promise.race([
    readBounded(req[Symbol.asyncIterator](), LEAD_LIMITS.bodyMax, stop).catch(
      () => new Uint8Array(),
    ),
    new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (body === "timeout") stop();
  return body ?? "too-large";
}

function toWebRequest(req: IncomingMessage, body: Uint8Array | null | "too-large"): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  const url = new URL(req.url ?? "/", "http://localhost");
  if (body === "too-large") {
    // What the handler needs to answer 413 itself, with its CORS headers.
    headers.set("content-length", String(LEAD_LIMITS.bodyMax + 1));
    return new Request(url, { method: req.method, headers });
  }
  if (body === null) return new Request(url, { method: req.method, headers });
  return new Request(url, { method: req.method, headers, body: new Uint8Array(body) });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(JSON.stringify(body));
}
