/**
 * The local server behind `npm start`: builds the static export when it is
 * missing or stale, serves out/ as a static host would, and answers the
 * send-contact-email function with the embedded lead store.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

import compression from "compression";

import { createLocalFunction } from "./local-function.ts";
import { FUNCTION_PATH, handleLocalRequest } from "./local-routes.ts";
import { removeServerInfo, writeServerInfo } from "./server-info.ts";
import { buildExport, createStaticSite } from "./static-site.ts";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const skipBuild = process.argv.includes("--no-build");

if (!skipBuild) buildExport({ onlyIfStale: true });

const local = createLocalFunction();
const staticSite = createStaticSite();
const compress = compression();

/**
 * Outage drill for the e2e tests, only with LOCAL_FAULTS=1: POST /__faults
 * {"status": 503} makes the function answer that status until DELETE /__faults.
 */
const faultsEnabled = process.env.LOCAL_FAULTS === "1";
let forcedStatus: number | null = null;

async function handleFaults(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const { pathname } = new URL(req.url ?? "/", "http://localhost");
  if (faultsEnabled && pathname === "/__faults") {
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
}

const server = createServer((req, res) => {
  void (async () => {
    try {
      if (await handleFaults(req, res)) return;
      if (await handleLocalRequest(req, res, await local)) return;
      compress(req as never, res as never, () => staticSite(req, res));
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Internal server error");
    }
  })();
});

// The store opens before the first request is taken; a failure to open it stops the server.
local.then(
  () => server.listen(port, host, onListening),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

function onListening() {
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  writeServerInfo({ pid: process.pid, url });
  console.log(`Quick Home Buyers is served at ${url} (leads: npm run leads)`);
}

async function shutdown() {
  server.close();
  removeServerInfo();
  await (await local).close();
  process.exit(0);
}

process.on("SIGINT", () => void shutdown());
process.on("SIGTERM", () => void shutdown());
