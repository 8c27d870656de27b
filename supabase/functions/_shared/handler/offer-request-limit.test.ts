import { readLeadConfig } from "../config/lead-config.ts";
import { leadRequestFixture } from "../store/lead-test-kit.ts";
import { post, withTestStore } from "./handler-test-kit.ts";

// PGlite boots a WebAssembly Postgres: seconds on a small machine.
jest.setTimeout(120_000);

const setup = withTestStore();

/** Where the hosted entry reads the client's address: LEADS_TRUST_FORWARDED_FOR=1, as on Supabase. */
const hosted = readLeadConfig((name) => (name === "LEADS_TRUST_FORWARDED_FOR" ? "1" : undefined), {
  onSupabase: false,
}).addressSource;

describe("the abuse limit where the site runs (Supabase: Cloudflare, then Supabase's proxy)", () => {
  const limit = { max: 5, windowSeconds: 600 };
  const fresh = (headers: Record<string, string>) =>
    post({ ...leadRequestFixture(), id: crypto.randomUUID() }, headers);

  /** The statuses of 8 posts, each with the headers `headersOf(n)` gives it, from changing peers. */
  async function eightPosts(headersOf: (post: number) => Record<string, string>) {
    const { send, rowCount } = setup({ rateLimit: limit, addressSource: hosted });
    const statuses: number[] = [];
    for (let n = 1; n <= 8; n++) {
      const answer = await send(fresh(headersOf(n)), { remoteAddr: { hostname: `10.0.0.${n}` } });
      statuses.push(answer.status);
    }
    return { statuses, stored: await rowCount() };
  }

  it("reads the address as Supabase passes it when the hosted entry's setting is on", () => {
    expect(hosted).toBe("supabase");
    expect(readLeadConfig(() => undefined, { onSupabase: true }).addressSource).toBe("supabase");
  });

  it("keys on Cloudflare's CF-Connecting-IP: a changing first X-Forwarded-For entry gets no fresh budget", async () => {
    const { statuses, stored } = await eightPosts((n) => ({
      "x-forwarded-for": `192.0.2.${n}, 198.51.100.23`,
      "cf-connecting-ip": "198.51.100.23",
    }));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(stored).toBe(5);
  });

  it("without CF-Connecting-IP, keys on the last X-Forwarded-For entry, the one Supabase's proxy appended", async () => {
    const { statuses, stored } = await eightPosts((n) => ({
      "x-forwarded-for": `192.0.2.${n}, 203.0.113.${n}, 198.51.100.23`,
    }));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(stored).toBe(5);
  });

  it("still counts two visitors apart", async () => {
    const { send } = setup({ rateLimit: { max: 1, windowSeconds: 600 }, addressSource: hosted });
    const from = (ip: string) => ({
      "x-forwarded-for": `192.0.2.1, ${ip}`,
      "cf-connecting-ip": ip,
    });
    expect((await send(fresh(from("198.51.100.23")))).status).toBe(200);
    expect((await send(fresh(from("198.51.100.23")))).status).toBe(429);
    expect((await send(fresh(from("198.51.100.24")))).status).toBe(200);
  });
});
