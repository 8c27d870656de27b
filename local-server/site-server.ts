import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

import compression from "compression";

import type { LocalFunction } from "./local-function.ts";
import { FUNCTION_PATH, handleLocalRequest, type LocalRouteOptions } from "./local-routes.ts";
import { decodedPath } from "./static-site.ts";

export type SiteServerOptions = LocalRouteOptions & {
  /** The function and its store; requests wait until it is open. */
  local: Promise<LocalFunction> | LocalFunction;
  /** Serves out/ (local-server/static-site.ts). */
  staticSite: (req: IncomingMessage, res: ServerResponse) => void;
  /** The outage drill for the e2e tests (LOCAL_FAULTS=1). */
  faults?: boolean;
  log?: (error: unknown) => void;
};

const STATIC_METHODS = "GET, HEAD";

/**
 * The local server's HTTP front: the outage drill, the function and the lead list,
 * then the static files. A bad URL or method gets its 4xx here; anything that
 * still throws is a 500 without details, which go to the log.
 */
export function createSiteServer(options: SiteServerOptions): Server {
  const { staticSite, log = (error: unknown) => console.error(error) } = options;
  const compress = compression();
  const drill = options.faults ? createFaultDrill() : null;

  const server = createServer({ connectionsCheckingInterval: 2_000 }, (req, res) => {
    // Once the server is closing, every answer ends its connection, decided when the answer
    // is written: a client keeping one alive would otherwise keep the drain going, and with
    // it the lead store held.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
    res.writeHead = ((...args: unknown[]) => {
      if (!server.listening) res.setHeader("connection", "close");
      return writeHead(...args);
    }) as typeof res.writeHead;
    void (async () => {
      try {
        const pathname = decodedPath(req.url);
        if (pathname === null) return sendText(res, 400, "Bad request: the URL is not valid.");
        if (drill && (await drill(req, res, pathname))) return;
        if (await handleLocalRequest(req, res, await options.local, options)) return;
        if (req.method !== "GET" && req.method !== "HEAD") {
          return sendText(res, 405, `Method not allowed: use ${STATIC_METHODS}.`, {
            allow: STATIC_METHODS,
          });
        }
        compress(req as never, res as never, () => staticSite(req, res));
      } catch (error) {
        log(error);
        if (!res.headersSent) sendText(res, 500, "Internal server error.");
        else res.destroy();
      }
    })();
  });
  // Headers must arrive within 10 s, the whole request within 30 s (the function's
  // own body timeout answers first); Node answers 408 and closes the connection.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  return server;
}

function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text);
}

/**
 * Outage drill for the e2e tests: POST /__faults {"status": 503} makes the
 * function answer that status until DELETE /__faults.
 */
function createFaultDrill() {
  let forcedStatus: number | null = null;
  return async function drill(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
  ): Promise<boolean> {
    if (pathname === "/__faults") {
      if (req.method === "DELETE") forcedStatus = null;
      else {
        let body = "";
        for await (const chunk of req) body += chunk;
        forcedStatus = Number((JSON.parse(body || "{}") as { status?: number }).status ?? 503);
      }
      res.writeHead(204).end();
      return true;
    }
    if (forcedStatus !== null && pathname === FUNCTION_PATH && req.method === "POST") {
      res.writeHead(forcedStatus, {
        "Content-Type": "application/json",
        "Access-Control-Allow-Origin": req.headers.origin ?? "*",
      });
      res.end(JSON.stringify({ error: "Service temporarily unavailable (drill)." }));
      return true;
    }
    return false;
  };
}
