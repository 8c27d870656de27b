import { startHostedSite } from "./hosted-site";
import { E2E_PORTS, e2eServers, e2eUrl } from "./servers";

/**
 * Playwright's global setup, run once its web servers answer: starts the hosted test site
 * in the background (e2e/support/hosted-site.ts). What it returns is the global teardown.
 */
export default function globalSetup(): (() => Promise<void>) | undefined {
  if (!e2eServers().has("hosted")) return undefined;
  return startHostedSite(E2E_PORTS.hosted, e2eUrl("main"));
}
