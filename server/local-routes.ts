import type { IncomingMessage, ServerResponse } from "node:http";

import { LEAD_LIMITS } from "../supabase/functions/_shared/lead-rules.ts";
import type { LocalFunction } from "./local-function.ts";

export const FUNCTION_PATH = "/functions/v1/send-contact-email";
export const LEADS_PATH = "/__leads";

const LOOPBACK_ADDRESSES = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
// 0.0.0.0 and [::] too: server.json names the address the server listens on (HOST).
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0", "[::]"]);

/**
 * Answers the function and the lead list for the local Node server; returns
 * false for any other path, which the static files then serve.
 */
export async function handleLocalRequest(
  req: IncomingMessage,
  res: ServerResponse,
  local: LocalFunction,
): Promise<boolean> {
  const pathname = new URL(req.url ?? "/", "http://localhost").pathname;
  if (pathname === FUNCTION_PATH) await handleFunctionRequest(req, res, local);
  else if (pathname === LEADS_PATH) await handleLeadsRequest(req, res, local);
  else return false;
  return true;
}

/** POST /functions/v1/send-contact-email through the shared handler. */
export async function handleFunctionRequest(
  req: IncomingMessage,
  res: ServerResponse,
  local: Pick<LocalFunction, "handle">,
): Promise<void> {
  const response = await local.handle(await toWebRequest(req));
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** GET /__leads: the stored leads as JSON, for `npm run leads` while the server holds the database. */
export async function handleLeadsRequest(
  req: IncomingMessage,
  res: ServerResponse,
  local: Pick<LocalFunction, "listLeads">,
): Promise<void> {
  if (!isFromThisMachine(req)) {
    return sendJson(res, 403, { error: "The lead list is only served to this machine." });
  }
  if (req.method !== "GET") {
    res.setHeader("allow", "GET");
    return sendJson(res, 405, { error: "Use GET to list the leads." });
  }
  sendJson(res, 200, await local.listLeads());
}

/**
 * Loopback address and a loopback Host: a page on another site that rebinds its
 * domain to 127.0.0.1 still sends its own Host, and is refused.
 */
function isFromThisMachine(req: IncomingMessage): boolean {
  if (!LOOPBACK_ADDRESSES.has(req.socket.remoteAddress ?? "")) return false;
  try {
    return LOOPBACK_HOSTS.has(new URL(`http://${req.headers.host ?? ""}`).hostname);
  } catch {
    return false;
  }
}

/**
 * Keeps at most one byte past the limit, enough for the handler to answer
 * 413, and drains the rest so the client still reads that answer.
 */
async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  const url = new URL(req.url ?? "/", "http://localhost");
  if (req.method === "GET" || req.method === "HEAD") {
    return new Request(url, { method: req.method, headers });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (size > LEAD_LIMITS.bodyMax) continue;
    chunks.push(chunk);
    size += chunk.length;
  }
  const body = Buffer.concat(chunks).subarray(0, LEAD_LIMITS.bodyMax + 1);
  return new Request(url, { method: req.method, headers, body });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(JSON.stringify(body));
}
