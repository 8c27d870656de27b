import { clientAddress, rateLimitKey } from "./client-address.ts";

describe("rateLimitKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["::FFFF:203.0.113.7", "203.0.113.7"],
    ["[::ffff:203.0.113.7]:443", "203.0.113.7"],
    ["::ffff:cb00:7107", "203.0.113.7"],
    ["0:0:0:0:0:ffff:cb00:7107", "203.0.113.7"],
  ])("counts %s as the IPv4 client %s", (address, key) => {
    expect(rateLimitKey(address)).toBe(key);
  });

  it("counts every address of one IPv6 /64 as one client, however it is written", () => {
    const keys = [
      "2001:db8:85a3:8d3:1319:8a2e:370:7348",
      "2001:DB8:85A3:8D3::1",
      "[2001:db8:85a3:8d3::abcd]:8443",
      "2001:0db8:85a3:08d3:0000:0000:0000:0001",
      "2001:db8:85a3:8d3::1%eth0",
    ].map(rateLimitKey);
    expect(new Set(keys)).toEqual(new Set(["2001:db8:85a3:8d3::/64"]));
    expect(rateLimitKey("2001:db8:85a3:8d4::1")).toBe("2001:db8:85a3:8d4::/64");
    expect(rateLimitKey("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("keeps what is not an address as it is, lowercased", () => {
    expect(rateLimitKey("unknown")).toBe("unknown");
    expect(rateLimitKey("Not-An-IP")).toBe("not-an-ip");
    expect(rateLimitKey("1:2:3:4:5:6:7:8:9")).toBe("1:2:3:4:5:6:7:8:9");
    expect(rateLimitKey("999.1.1.1")).toBe("999.1.1.1");
  });
});

describe("clientAddress", () => {
  const request = (forwardedFor?: string, headers: Record<string, string> = {}) =>
    new Request("http://localhost/", {
      headers: { ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}), ...headers },
    });
  const peer = { remoteAddr: { hostname: "127.0.0.1" } };

  it("believes only the socket unless told otherwise", () => {
    expect(clientAddress(request("198.51.100.9"), peer, "socket")).toBe("127.0.0.1");
    expect(
      clientAddress(request(undefined, { "cf-connecting-ip": "198.51.100.9" }), peer, "socket"),
    ).toBe("127.0.0.1");
  });

  it("behind Supabase's gateway, takes Cloudflare's CF-Connecting-IP over anything forwarded", () => {
    const cloudflare = { "cf-connecting-ip": "198.51.100.9" };
    expect(clientAddress(request("6.6.6.6, 198.51.100.9", cloudflare), peer, "supabase")).toBe(
      "198.51.100.9",
    );
    // The client's own X-Forwarded-For comes first: it changes nothing.
    expect(clientAddress(request("7.7.7.7, 203.0.113.4", cloudflare), peer, "supabase")).toBe(
      "198.51.100.9",
    );
    expect(clientAddress(request(undefined, cloudflare), peer, "supabase")).toBe("198.51.100.9");
  });

  it("without CF-Connecting-IP, takes the last forwarded entry, the one Supabase's proxy appended", () => {
    // As reported from Supabase: a client-sent "1.2.3.4" arrives as "1.2.3.4, <real address>".
    expect(clientAddress(request("1.2.3.4, 198.51.100.9"), peer, "supabase")).toBe("198.51.100.9");
    expect(clientAddress(request("198.51.100.9"), peer, "supabase")).toBe("198.51.100.9");
    expect(clientAddress(request(" , "), peer, "supabase")).toBe("127.0.0.1");
    expect(clientAddress(request(undefined, { "cf-connecting-ip": " " }), peer, "supabase")).toBe(
      "127.0.0.1",
    );
  });

  it("behind the operator's own proxies, reads from the right, so a forged entry is never believed", () => {
    // nginx appends the address it saw to whatever the client sent.
    const forged = request("6.6.6.6, 198.51.100.9");
    expect(clientAddress(forged, peer, { proxies: 1 })).toBe("198.51.100.9");
    expect(clientAddress(request("198.51.100.9, 10.0.0.2"), peer, { proxies: 2 })).toBe(
      "198.51.100.9",
    );
    // Fewer entries than proxies: the leftmost known address.
    expect(clientAddress(request(), peer, { proxies: 1 })).toBe("127.0.0.1");
  });
});
