import http from "node:http";
import type { AddressInfo } from "node:net";

import { startFakeServices, type FakeServices } from "../scripts/fake-services.ts";
import type { ConnectionInfo } from "../supabase/functions/_shared/handler/lead-handler.ts";
import {
  openTestStore,
  type TestStore,
} from "../supabase/functions/_shared/store/lead-test-kit.ts";
import { createLocalFunction, type LocalFunction } from "./local-function.ts";

/**
 * The local function over an in-memory store, without a rate limit, timer or log, for tests
 * of what serves it; `seen` collects the connection info each request was handled with.
 */
export async function memoryLocalFunction(
  options: { allowedOrigins?: string[]; seen?: (ConnectionInfo | undefined)[] } = {},
): Promise<LocalFunction> {
  const local = await createLocalFunction({
    dataDir: "memory://",
    allowedOrigins: options.allowedOrigins,
    env: { LEADS_RATE_LIMIT: "off", LEADS_RETRY_INTERVAL_MS: "off" },
    log: () => {},
  });
  return {
    ...local,
    handle(request, info) {
      options.seen?.push(info);
      return local.handle(request, info);
    },
  };
}

/** A server started on a free loopback port, with its address and a way to stop it. */
export async function listenOnLoopback(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** Ends kept-alive and held connections too, which server.close alone waits for. */
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A request through node:http rather than fetch, so that the Host and a broken URL reach
 * the server as written. With `hold`, the request stays open after the body, as a slow or
 * lying client would leave it.
 */
export function rawRequest(
  port: number,
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    hold?: boolean;
  },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
          req.destroy();
        });
      },
    );
    req.on("error", reject);
    if (options.hold) req.write(options.body ?? "");
    else req.end(options.body);
  });
}

/**
 * Every provider's fake and a test store for a test file, both emptied before each test;
 * `keep` receives them once started.
 */
export function fakesAndStoreForEachTest(
  keep: (services: FakeServices, store: TestStore) => void,
): void {
  let services: FakeServices | undefined;
  let store: TestStore | undefined;
  beforeAll(async () => {
    [services, store] = await Promise.all([startFakeServices(), openTestStore()]);
    keep(services, store);
  });
  afterAll(() => Promise.all([services?.close(), store?.close()]));
  beforeEach(async () => {
    await store!.reset();
    services!.reset();
  });
}
