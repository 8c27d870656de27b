import type { AddressSource, RateLimit } from "../config/lead-config.ts";
import type { ConnectionInfo } from "./client-address.ts";
import { createRateLimit, rateWindow } from "./rate-limit.ts";

const NOW = Date.parse("2026-11-23T14:03:12.000Z");

describe("rateWindow", () => {
  it("starts windows on the epoch's multiples, and says how long until the next", () => {
    expect(rateWindow(NOW, 600)).toEqual({
      windowStart: new Date("2026-11-23T14:00:00.000Z"),
      retryAfter: 408,
    });
    expect(rateWindow(Date.parse("2026-11-23T14:10:00.000Z"), 600)).toEqual({
      windowStart: new Date("2026-11-23T14:10:00.000Z"),
      retryAfter: 600,
    });
  });

  it("asks for at least a second, never zero", () => {
    expect(rateWindow(Date.parse("2026-11-23T14:09:59.999Z"), 600).retryAfter).toBe(1);
  });
});

/**
 * The limit over a store that counts in memory as the SQL store does: one count per client
 * key and window, the count after this request.
 */
function limit(
  rateLimit: RateLimit | null,
  addressSource: AddressSource = "socket",
  now = () => NOW,
) {
  const counts = new Map<string, number>();
  const logs: string[] = [];
  const overLimit = createRateLimit({
    store: {
      countRequest: async (client, windowStart) => {
        const key = `${client}@${windowStart.toISOString()}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        return counts.get(key)!;
      },
    },
    config: { rateLimit, addressSource },
    log: (line) => logs.push(line),
    now,
  });
  return { overLimit, counts, logs };
}

const from = (hostname: string): ConnectionInfo => ({ remoteAddr: { hostname } });
const request = (headers: Record<string, string> = {}) =>
  new Request("https://project.supabase.co/functions/v1/send-contact-email", { headers });

describe("the abuse limit", () => {
  it("counts nothing when it is off (LEADS_RATE_LIMIT=off)", async () => {
    const { overLimit, counts } = limit(null);
    expect(await overLimit(request(), from("203.0.113.7"))).toBeNull();
    expect(counts.size).toBe(0);
  });

  it("lets `max` requests through in a window, then answers the seconds until the next", async () => {
    const { overLimit } = limit({ max: 2, windowSeconds: 600 });
    expect(await overLimit(request(), from("203.0.113.7"))).toBeNull();
    expect(await overLimit(request(), from("203.0.113.7"))).toBeNull();
    expect(await overLimit(request(), from("203.0.113.7"))).toBe(408);
    expect(await overLimit(request(), from("198.51.100.1"))).toBeNull();
  });

  it("counts a client by one key however its address is spelled", async () => {
    const { overLimit, counts } = limit({ max: 1, windowSeconds: 600 });
    await overLimit(request(), from("2001:db8:85a3:8d3::1"));
    expect(await overLimit(request(), from("[2001:DB8:85A3:8D3::abcd]:8443"))).toBe(408);
    expect([...counts.keys()]).toEqual(["2001:db8:85a3:8d3::/64@2026-11-23T14:00:00.000Z"]);
  });

  it("warns once when requests come through a proxy it was not told to trust", async () => {
    const { overLimit, logs } = limit({ max: 5, windowSeconds: 600 });
    await overLimit(request({ "x-forwarded-for": "192.0.2.1" }), from("10.0.0.1"));
    await overLimit(request({ "x-forwarded-for": "192.0.2.2" }), from("10.0.0.1"));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("LEADS_TRUSTED_PROXIES is not set");
  });

  it("does not warn when told how to read the proxy's header", async () => {
    const { overLimit, logs, counts } = limit({ max: 5, windowSeconds: 600 }, "supabase");
    await overLimit(request({ "x-forwarded-for": "10.0.0.1, 192.0.2.1" }), from("10.0.0.2"));
    expect(logs).toEqual([]);
    expect([...counts.keys()]).toEqual(["192.0.2.1@2026-11-23T14:00:00.000Z"]);
  });

  it("on Supabase, cannot be walked around by the X-Forwarded-For entries the client writes", async () => {
    const { overLimit } = limit({ max: 5, windowSeconds: 600 }, "supabase");
    const answers: (number | null)[] = [];
    for (let post = 1; post <= 8; post++) {
      answers.push(
        await overLimit(
          request({
            "x-forwarded-for": `192.0.2.${post}, 198.51.100.7`,
            "cf-connecting-ip": "198.51.100.7",
          }),
          from("10.0.0.2"),
        ),
      );
    }
    expect(answers).toEqual([null, null, null, null, null, 408, 408, 408]);
  });

  it("warns once when Supabase's headers are expected and a request has neither", async () => {
    const { overLimit, logs, counts } = limit({ max: 5, windowSeconds: 600 }, "supabase");
    await overLimit(request(), from("10.0.0.2"));
    await overLimit(request(), from("10.0.0.2"));
    await overLimit(request({ "cf-connecting-ip": "198.51.100.7" }), from("10.0.0.2"));
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("neither CF-Connecting-IP nor X-Forwarded-For");
    expect([...counts.keys()].sort()).toEqual([
      "10.0.0.2@2026-11-23T14:00:00.000Z",
      "198.51.100.7@2026-11-23T14:00:00.000Z",
    ]);
  });
});
