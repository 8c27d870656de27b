/**
 * Servers the quality gates start for themselves: the project's own server (as
 * `npm start` runs it) and a plain static server of out/ with a hook for extra routes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import compression from "compression";

import { createStaticSite } from "../local-server/static-site.ts";

export const HOST = "127.0.0.1";

export type Running = { url: string; stop: () => Promise<void> };

/**
 * Resolves once `url` answers with a 2xx. `giveUp` is asked before each try: it throws to
 * stop waiting at once (the process that was to answer has ended, say).
 */
export async function waitForUrl(
  url: string,
  timeoutMs = 60_000,
  giveUp: () => void = () => {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    giveUp();
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Ends a child process: SIGTERM, then SIGKILL if it has not exited within 10 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** local-server/serve.ts on `port`, without its build step, with a lead store of its own. */
export async function startProjectServer(port: number, dataDir: string): Promise<Running> {
  const child = spawn(
    path.resolve("node_modules/.bin/tsx"),
    ["local-server/serve.ts", "--no-build"],
    {
      env: { ...process.env, PORT: String(port), HOST, LEADS_DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://${HOST}:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`local-server/serve.ts exited with ${code}`))),
  );
  await Promise.race([waitForUrl(`${url}/`), exited]);
  return { url, stop: () => stopChild(child) };
}

export type Route = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * out/ as local-server/static-site.ts serves it (clean URLs, nearest 404.html, gzip),
 * after any `route` that answers first.
 */
export async function startStaticServer(
  port: number,
  route?: Route,
  root?: string,
): Promise<Running> {
  const site = createStaticSite(root);
  const compress = compression();
  const server = createServer((req, res) => {
    compress(req as never, res as never, () => {
      if (!route?.(req, res)) site(req, res);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, HOST, resolve);
  });
  // Port 0 takes a free one: two checkouts can run the checks at once.
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://${HOST}:${listening}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
