import { checkPublicEnv, readPublicEnv } from "@/config/env";

describe("readPublicEnv", () => {
  it("falls back to the production domain and the page's own origin", () => {
    expect(readPublicEnv({})).toEqual({
      siteUrl: "https://quickhomebuyers.com",
      supabaseUrl: null,
      supabaseAnonKey: "local-anon-key",
    });
  });

  it("reads the values, dropping spaces and a trailing slash", () => {
    expect(
      readPublicEnv({
        siteUrl: " https://staging.example.com/ ",
        supabaseUrl: "https://abc.supabase.co/",
        supabaseAnonKey: "key",
      }),
    ).toEqual({
      siteUrl: "https://staging.example.com",
      supabaseUrl: "https://abc.supabase.co",
      supabaseAnonKey: "key",
    });
  });
});

describe("checkPublicEnv", () => {
  const supabase = "https://abc.supabase.co";

  it("stops a deploy build without NEXT_PUBLIC_SUPABASE_URL, naming it", () => {
    expect(() => checkPublicEnv(readPublicEnv({}), undefined)).toThrow(
      /NEXT_PUBLIC_SUPABASE_URL is not set/,
    );
  });

  it("lets the local server's own build and a configured build through", () => {
    expect(() => checkPublicEnv(readPublicEnv({}), "1")).not.toThrow();
    expect(() => checkPublicEnv(readPublicEnv({ supabaseUrl: supabase }), undefined)).not.toThrow();
  });

  it("refuses a value that is not an http(s) URL, naming the variable", () => {
    expect(() => checkPublicEnv(readPublicEnv({ supabaseUrl: "abc.supabase.co" }), "1")).toThrow(
      /NEXT_PUBLIC_SUPABASE_URL must be an absolute URL/,
    );
    expect(() =>
      checkPublicEnv(readPublicEnv({ siteUrl: "ftp://example.com", supabaseUrl: supabase }), "1"),
    ).toThrow(/NEXT_PUBLIC_SITE_URL must start with https/);
  });
});
