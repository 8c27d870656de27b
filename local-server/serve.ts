/**
 * The local server behind `npm start`: builds the static export when it is
 * missing or stale, serves out/ as a static host would, and answers the
 * send-contact-email function with the embedded lead store.
 */
import { createLocalFunction } from "./local-function.ts";
import { removeServerInfo, writeServerInfo } from "./server-info.ts";
import { createSiteServer } from "./site-server.ts";
import { buildExport, createStaticSite } from "./static-site.ts";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const skipBuild = process.argv.includes("--no-build");

if (!skipBuild) buildExport({ onlyIfStale: true });

const local = createLocalFunction();
const server = createSiteServer({
  local,
  staticSite: createStaticSite(),
  faults: process.env.LOCAL_FAULTS === "1",
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
