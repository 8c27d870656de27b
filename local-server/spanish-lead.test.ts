import { readFileSync } from "node:fs";
import path from "node:path";

import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

import type { FakeServices } from "../scripts/fake-services.ts";
import { readLeadConfig } from "../supabase/functions/_shared/config/lead-config.ts";
import {
  CURRENT_WORDINGS,
  sha256Hex,
  shownDisclosure,
} from "../supabase/functions/_shared/contract/disclosures.ts";
import { FUNCTION_URL, SITE } from "../supabase/functions/_shared/handler/handler-test-kit.ts";
import { createLeadHandler } from "../supabase/functions/_shared/handler/lead-handler.ts";
import {
  fastForwardSleep,
  leadRequestFixture,
  type TestStore,
} from "../supabase/functions/_shared/store/lead-test-kit.ts";
import { fakesAndStoreForEachTest } from "./local-test-kit.ts";

// A Spanish lead followed through every channel, each provider a fake that checks what it gets.
jest.setTimeout(120_000);

const validEvent = (() => {
  const file = "supabase/functions/_shared/delivery/providers/lead-event.v2.schema.json";
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  return ajv.compile(JSON.parse(readFileSync(path.resolve(file), "utf8")) as object);
})();

let services: FakeServices;
let store: TestStore;
fakesAndStoreForEachTest((started, opened) => {
  [services, store] = [started, opened];
});

async function send(body: object): Promise<number> {
  const deferred: Promise<unknown>[] = [];
  const config = readLeadConfig((name) => services.env[name] || undefined, { onSupabase: false });
  const { handle } = createLeadHandler({
    config: { ...config, rateLimit: null, allowedOrigins: [SITE] },
    store,
    defer: (work) => deferred.push(work),
    log: () => {},
    sleep: fastForwardSleep(store, []),
  });
  const response = await handle(
    new Request(FUNCTION_URL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { remoteAddr: { hostname: "203.0.113.7" } },
  );
  await Promise.all(deferred);
  return response.status;
}

/** A homeowner on a Spanish page who asked for a call and ticked the box for texts. */
async function spanishRequest(language = "es") {
  const { version } = CURRENT_WORDINGS[language === "es" ? "es" : "en"];
  const text = shownDisclosure(version, "Quick Home Buyers", { phoneSection: true })!;
  return leadRequestFixture({
    id: crypto.randomUUID(),
    language: "es",
    source: "/es",
    consent: {
      version,
      at: new Date().toISOString(),
      calls: true,
      texts: true,
      shown: await sha256Hex(text),
    },
  });
}

describe("a lead from a Spanish page", () => {
  it("reaches the homeowner in Spanish and tells the team the homeowner prefers Spanish", async () => {
    const body = await spanishRequest();
    expect(await send(body)).toBe(200);
    expect(await store.consent(body.id)).toMatchObject({ disclosure_verified: true });

    const mails = services.resend.delivered();
    const confirmation = mails.find((mail) => mail.body.to[0] === "pat@example.com")!.body;
    expect(confirmation.subject).toBe(
      "Recibimos su solicitud para 123 Main St, Columbus, OH 43004",
    );
    expect(confirmation.text).toContain(
      "Gracias por pedirle una oferta en efectivo a Quick Home Buyers.",
    );
    expect(confirmation.text).toContain("  Estado: Necesita reparaciones");
    expect(confirmation.text).toContain(
      "Lo que sigue: Le llamaremos al (614) 555-0100 en un plazo de 24 horas",
    );
    expect(confirmation.html).toContain("<strong>Lo que recibimos</strong>");
    const team = mails.find((mail) => mail.body.to[0] === "team@example.com")!.body;
    expect(team.text).toContain("Language: Prefiere español (prefers Spanish)");

    const texts = services.twilio.requests;
    const homeowner = texts.find((text) => text.to === "+16145550100")!.body;
    expect(homeowner).toBe(
      "Quick Home Buyers: recibimos su solicitud para 123 Main St, Columbus, OH 43004. Nos comunicaremos con usted en un plazo de 24 horas con una oferta en efectivo. Preguntas: (614) 555-0142. Responda PARAR para cancelar.",
    );
    const alert = texts.find((text) => text.to === "+16145550177")!.body;
    expect(alert).toContain("Call requested: (614) 555-0100. Prefiere español (prefers Spanish).");

    const [hook] = services.webhook.processed();
    expect(hook).toMatchObject({ verified: true });
    expect(hook!.body).toMatchObject({ schema: "lead-event.v2", data: { language: "es" } });
    expect(validEvent(hook!.body)).toBe(true);
  });

  it("is kept, not verified, when its page reported the English wording's hash", async () => {
    const body = await spanishRequest("en");
    expect(await send(body)).toBe(200);
    expect(await store.consent(body.id)).toMatchObject({
      disclosure_version: CURRENT_WORDINGS.en.version,
      disclosure_verified: false,
    });
    expect((await store.list()).find((row) => row.id === body.id)?.intake_notes).toContainEqual(
      expect.stringMatching(/is in "en" but the lead's language is "es"/),
    );
  });

  it("leaves an English lead's messages as they were, and says so in the webhook", async () => {
    const body = leadRequestFixture({ id: crypto.randomUUID() });
    expect(await send(body)).toBe(200);
    const confirmation = services.resend
      .delivered()
      .find((mail) => mail.body.to[0] === "pat@example.com")!.body;
    expect(confirmation.subject).toBe(
      "We received your request for 123 Main St, Columbus, OH 43004",
    );
    const team = services.resend
      .delivered()
      .find((mail) => mail.body.to[0] === "team@example.com")!;
    expect(team.body.text).not.toContain("Prefiere");
    const [hook] = services.webhook.processed();
    expect(hook!.body).toMatchObject({ data: { language: "en" } });
    expect(validEvent(hook!.body)).toBe(true);
  });
});
