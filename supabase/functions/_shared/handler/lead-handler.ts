import type { LeadConfig } from "../config/lead-config.ts";
import { createChannels } from "../delivery/adapters.ts";
import { createDeliverer } from "../delivery/deliver.ts";
import type { ConnectionInfo } from "../intake/client-address.ts";
import { createLeadMaintenance, type MaintenanceReport } from "../maintenance/lead-maintenance.ts";
import type { LeadRecords } from "../store/lead-records.ts";
import type { LeadStore } from "../store/lead-store.ts";
import { maintenanceRoute } from "./maintenance-route.ts";
import { createOfferRequest } from "./offer-request.ts";
import type { LeadSpool } from "./outage-leads.ts";
import { handleSmsInbound } from "./sms-inbound.ts";

export type { ConnectionInfo };

export type LeadHandlerDeps = {
  /** The leads, and the texts people send back, with the opt-outs and opt-ins they record. */
  store: LeadStore & Pick<LeadRecords, "recordInboundText">;
  /** What the function reads from its environment (lead-config.ts). */
  config: LeadConfig;
  /** Runs work after the response is sent (EdgeRuntime.waitUntil on Supabase). */
  defer: (work: Promise<unknown>) => void;
  log: (line: string) => void;
  /** The clock of the rate limit's windows and of the browser's times; tests move it. */
  now?: () => number;
  /** How providers are called; default the global fetch. */
  fetch?: typeof fetch;
  /**
   * How a wait after the answer is spent (a delivery's 5-second retry, the tries to store a
   * lead taken while the store was down); tests pass one that does not sleep.
   */
  sleep?: (ms: number) => Promise<void>;
  /** Where a lead taken while the store was down is kept across a restart (the local server's). */
  spool?: LeadSpool | null;
};

/** The function: its request handler, and the periodic run the local timer or Supabase Cron starts. */
export type LeadFunction = {
  handle: (request: Request, info?: ConnectionInfo) => Promise<Response>;
  runMaintenance: () => Promise<MaintenanceReport>;
};

type Route = (request: Request, info?: ConnectionInfo) => Promise<Response>;

/** Supabase Cron posts here (supabase/cron/retry-notifications.sql): the maintenance route. */
export const RETRY_PATH = "/retry-notifications";

/**
 * The function's routes, by how the request's path ends: Supabase and the local server pass
 * .../send-contact-email/<route>. `/` is the offer request, and takes every path that ends
 * in none of the others, the function's own address among them.
 */
export const ROUTE_PATHS = ["/", "/sms-inbound", "/maintenance", RETRY_PATH] as const;
export type RoutePath = (typeof ROUTE_PATHS)[number];

export function routePath(pathname: string): RoutePath {
  return ROUTE_PATHS.find((path) => path !== "/" && pathname.endsWith(path)) ?? "/";
}

/**
 * The send-contact-email function as a plain Request -> Response handler, shared by the
 * Supabase Edge entry and the local Node server. It takes the page's script (JSON, answered
 * with JSON) and the form itself when no script ran (a form post, answered 303 with a page
 * of the site). Every request that passes validation is stored before the answer, suspected
 * spam with its reason, together with every delivery it causes (delivery/plan.ts); those go
 * out right after the answer, and what fails is tried again by the periodic run
 * (POST .../maintenance, or .../retry-notifications). Twilio posts the texts people send
 * back to .../sms-inbound.
 */
export function createLeadHandler(deps: LeadHandlerDeps): LeadFunction {
  const { store, config, defer, log, now = Date.now } = deps;
  const channels = createChannels(config, { log, fetch: deps.fetch });
  const deliverer = createDeliverer({ store, channels, log, config, sleep: deps.sleep });
  const maintenance = createLeadMaintenance({ store, deliverer, config });
  const runMaintenance: Route = (request) =>
    maintenanceRoute(request, { cronSecret: config.cronSecret, maintenance, log });

  const routes: Record<RoutePath, Route> = {
    "/": createOfferRequest({
      store,
      config,
      deliverer,
      defer,
      log,
      now,
      sleep: deps.sleep,
      spool: deps.spool,
    }),
    // Where Twilio posts the texts people send to the company's number.
    "/sms-inbound": (request) =>
      handleSmsInbound(request, {
        twilio: config.twilio,
        company: config.company,
        teamPhones: config.alertSmsTo,
        records: store,
        log,
      }),
    "/maintenance": runMaintenance,
    [RETRY_PATH]: runMaintenance,
  };

  return {
    handle: async (request, info) =>
      routes[routePath(new URL(request.url).pathname)](request, info),
    runMaintenance: () => maintenance.run(),
  };
}
