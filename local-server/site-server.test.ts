import http from "node:http";

import { FUNCTION_PATH } from "./local-routes.ts";
import { listenOnLoopback, memoryLocalFunction, rawRequest } from "./local-test-kit.ts";
import { createSiteServer } from "./site-server.ts";

jest.setTimeout(120_000);

const errors: unknown[] = [];
const local = memoryLocalFunction();

const server = createSiteServer({
  local,
  faults: true,
  staticSite(req, res) {
    if (req.url === "/throws") throw new Error("secret detail at /srv/app/static.ts:12");
    res.writeHead(200, { "content-type": "text/plain" }).end(`static ${req.url}`);
  },
  log: (error) => errors.push(error),
});
let port = 0;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ port, close } = await listenOnLoopback(server));
});
afterAll(async () => {
  await close();
  await (await local).close();
});

/** A raw request line, so that broken URLs reach the server as they were typed. */
function request(method: string, path: string, body?: string) {
  const headers: Record<string, string> = body ? { "content-type": "application/json" } : {};
  return rawRequest(port, { method, path, body, headers });
}

it("serves static paths to GET and HEAD", async () => {
  expect(await request("GET", "/blog")).toMatchObject({ status: 200, body: "static /blog" });
  expect((await request("HEAD", "/blog")).status).toBe(200);
});

it.each(["/%E0%A4%A", "/%", "/blog/%ZZ", "/%E0%A4%A/x"])(
  "answers 400, not 500, to the malformed URL %s",
  async (path) => {
    const result = await request("GET", path);
    expect(result.status).toBe(400);
    expect(result.body).toBe("Bad request: the URL is not valid.");
  },
);

it.each(["POST", "PUT", "DELETE", "PATCH", "TRACE", "OPTIONS"])(
  "answers %s on a static path with 405 and the methods it takes",
  async (method) => {
    const result = await request(method, "/sell-house-fast-ohio");
    expect(result.status).toBe(405);
    expect(result.headers.allow).toBe("GET, HEAD");
  },
);

it.each(["GET", "PUT", "DELETE", "TRACE"])(
  "answers %s on the function with 405",
  async (method) => {
    const result = await request(method, FUNCTION_PATH);
    expect(result.status).toBe(405);
    expect(result.headers.allow).toBe("POST, OPTIONS");
  },
);

it("answers 500 without details when something throws, and logs them", async () => {
  const result = await request("GET", "/throws");
  expect(result).toMatchObject({ status: 500, body: "Internal server error." });
  expect(result.body).not.toContain("secret");
  expect(String(errors.at(-1))).toContain("secret detail");
});

it("limits how long headers and a whole request may take", () => {
  expect(server.headersTimeout).toBe(10_000);
  expect(server.requestTimeout).toBe(30_000);
});

it("keeps the outage drill the e2e tests use", async () => {
  const lead = JSON.stringify({
    id: crypto.randomUUID(),
    address: "1 Elm St",
    condition: "Good",
    email: "pat@example.com",
    elapsedMs: 9000,
  });
  expect((await request("POST", "/__faults", '{"status": 503}')).status).toBe(204);
  expect(await request("POST", FUNCTION_PATH, lead)).toMatchObject({ status: 503 });
  expect((await request("DELETE", "/__faults")).status).toBe(204);
  expect((await request("POST", FUNCTION_PATH, lead)).status).toBe(200);
});

it("ends each kept-alive connection once it is closing, so a restart's drain cannot be held open", async () => {
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  const other = createSiteServer({
    local,
    staticSite: (_req, res) => {
      void held.then(() => res.writeHead(200, { "content-type": "text/plain" }).end("ok"));
    },
  });
  const { port: otherPort } = await listenOnLoopback(other);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: otherPort, path: "/x", agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res));
        })
        .on("error", reject);
    });
  const first = get();
  answer();
  expect((await first).headers.connection).toBe("keep-alive");

  // A request under way when the server starts closing gets its answer, and the close.
  let release = () => {};
  const late = new Promise<void>((resolve) => (release = resolve));
  const closing = createSiteServer({
    local,
    staticSite: (_req, res) => {
      void late.then(() => res.writeHead(200).end("ok"));
    },
  });
  const { port: closingPort } = await listenOnLoopback(closing);
  const underWay = new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: closingPort, path: "/y", agent }, (res) => {
        res.resume();
        res.on("end", () => resolve(res));
      })
      .on("error", reject);
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
  release();
  expect((await underWay).headers.connection).toBe("close");
  await closed;
  other.close();
  agent.destroy();
});
