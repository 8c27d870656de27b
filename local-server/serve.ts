/**
 * The local server behind `npm start`: builds the static export when it is
 * missing or stale, serves out/ as a static host would, and answers the
 * send-contact-email function with the embedded lead store.
 */
import { spanishPhoneSetting } from "../config/languages.mjs";
import { createLocalFunction, type LocalFunction } from "./local-function.ts";
import { createSiteServer } from "./site-server.ts";
import { buildExport, createStaticSite } from "./static-site.ts";

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
const skipBuild = process.argv.includes("--no-build");

if (!skipBuild) buildExport({ onlyIfStale: true });

// The store is held and open before the first request is taken; a store another process
// holds, or one that fails to open, stops this server with the reason.
// The function gives a Spanish lead the number answered in Spanish, as the pages do: the
// example company's unless COMPANY_SPANISH_PHONE says otherwise.
const spanishPhone = spanishPhoneSetting({ ...process.env, QHB_LOCAL_BUILD: "1" });
const local = createLocalFunction({
  holder: { role: "server", url },
  env: { ...process.env, COMPANY_SPANISH_PHONE: spanishPhone },
});
const server = createSiteServer({
  local,
  staticSite: createStaticSite(),
  faults: process.env.LOCAL_FAULTS === "1",
});

local.then(
  () =>
    server.listen(port, host, () => {
      console.log(`Quick Home Buyers is served at ${url} (leads: npm run leads)`);
    }),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

server.on("error", (error) => {
  console.error(`Cannot serve at ${url}: ${error.message}`);
  void shutdown(1);
});

let stopping: Promise<void> | null = null;

/**
 * Stops taking requests, lets those under way finish (each is stored before it is
 * answered), sends the e-mails still pending, closes the database and only then lets
 * the store go, so a server started meanwhile opens it after this one is done with it.
 */
function shutdown(code = 0): Promise<void> {
  stopping ??= (async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    const opened: LocalFunction | null = await local.catch(() => null);
    await opened?.close();
    process.exit(code);
  })();
  return stopping;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) {
      console.log("Still finishing the requests under way and closing the lead store ...");
      return;
    }
    void shutdown();
  });
}
