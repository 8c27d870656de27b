import { readFileSync } from "node:fs";
import path from "node:path";

import { readLeadConfig } from "../config/lead-config.ts";
import { FUNCTION_PATH } from "../contract/site-facts.ts";
import { FUNCTION_URL, SECRET, SITE } from "./handler-test-kit.ts";
import {
  createLeadHandler,
  RETRY_PATH,
  routePath,
  type LeadHandlerDeps,
  type RoutePath,
} from "./lead-handler.ts";
import { MESSAGES } from "./messages.ts";

/**
 * Which route takes a request. No route here reaches the store: one that did would throw,
 * and the answer would be the store's outage instead of the route's own.
 */
const untouchedStore = new Proxy(
  {},
  {
    get: (_target, name) => () => {
      throw new Error(`the store was called (${String(name)})`);
    },
  },
) as LeadHandlerDeps["store"];

const { handle } = createLeadHandler({
  store: untouchedStore,
  config: {
    ...readLeadConfig(() => undefined, { onSupabase: false }),
    allowedOrigins: [SITE],
    cronSecret: SECRET,
  },
  defer: () => {},
  log: () => {},
});

describe("the route table", () => {
  it.each<[string, RoutePath]>([
    [FUNCTION_PATH, "/"],
    [`${FUNCTION_PATH}/`, "/"],
    [`${FUNCTION_PATH}/anything-else`, "/"],
    [`${FUNCTION_PATH}/sms-inbound`, "/sms-inbound"],
    [`${FUNCTION_PATH}/maintenance`, "/maintenance"],
    [`${FUNCTION_PATH}/retry-notifications`, "/retry-notifications"],
    ["/send-contact-email/retry-notifications", "/retry-notifications"],
    ["/retry-notifications", "/retry-notifications"],
    // The end of the path, as it is: a trailing slash is another path, the offer request's.
    [`${FUNCTION_PATH}/retry-notifications/`, "/"],
  ])("sends %s to %s", (pathname, route) => {
    expect(routePath(pathname)).toBe(route);
  });

  it("serves the path Supabase Cron posts to (supabase/cron/retry-notifications.sql)", () => {
    const sql = readFileSync(path.resolve("supabase", "cron", "retry-notifications.sql"), "utf8");
    const url = /'(\/functions\/v1\/send-contact-email\/[^']+)'/.exec(sql)?.[1];
    expect(url).toBe(`/functions/v1/send-contact-email${RETRY_PATH}`);
    expect(routePath(url!)).toBe("/retry-notifications");
  });
});

describe("the handler routes each request", () => {
  it.each(["/maintenance", RETRY_PATH])(
    "to the periodic run at .../send-contact-email%s, which wants the cron secret",
    async (route) => {
      const response = await handle(new Request(`${FUNCTION_URL}${route}`, { method: "POST" }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: MESSAGES.unauthorized });
    },
  );

  it("to the periodic run for any method, which takes POST only", async () => {
    const response = await handle(
      new Request(`${FUNCTION_URL}/maintenance`, { method: "OPTIONS" }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("to the inbound texts at .../sms-inbound, which are off without Twilio's settings", async () => {
    const response = await handle(
      new Request(`${FUNCTION_URL}/sms-inbound`, { method: "POST", body: "Body=STOP" }),
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Texts are not set up here (TWILIO_* settings).\n");
  });

  it.each([FUNCTION_URL, `${FUNCTION_URL}/`, `${FUNCTION_URL}/anything-else`])(
    "to the offer request at %s",
    async (url) => {
      const wrongMethod = await handle(new Request(url));
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("allow")).toBe("POST, OPTIONS");
      expect(await wrongMethod.json()).toEqual({ error: MESSAGES.method });
      const preflight = await handle(
        new Request(url, { method: "OPTIONS", headers: { origin: SITE } }),
      );
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(SITE);
    },
  );
});
