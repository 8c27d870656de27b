import { checkPublicEnv, companyEnv, readPublicEnv } from "../config/env.ts";
import { buildCompany, checkCompanyForDeploy } from "../config/site.ts";
import { HOSTED_EXPORT_DIR, hostedBuildEnv } from "./hosted-site.ts";

describe("the hosted path's build", () => {
  const env = hostedBuildEnv(
    { ...process.env, QHB_LOCAL_BUILD: "1", PATH: "/usr/bin" },
    "http://127.0.0.1:54321",
  );

  it("is a deploy build: no local flag, leads to the hosted function, its own folder", () => {
    expect(env.QHB_LOCAL_BUILD).toBeUndefined();
    expect(env.NEXT_PUBLIC_SUPABASE_URL).toBe("http://127.0.0.1:54321");
    expect(env.QHB_EXPORT_DIR).toBe(HOSTED_EXPORT_DIR);
    expect(env.PATH).toBe("/usr/bin");
    expect(() =>
      checkPublicEnv(
        readPublicEnv({ supabaseUrl: env.NEXT_PUBLIC_SUPABASE_URL }),
        env.QHB_LOCAL_BUILD,
      ),
    ).not.toThrow();
  });

  it("keeps the example company through the test-only flag, which a deploy would refuse", () => {
    expect(env.QHB_ALLOW_EXAMPLE_COMPANY).toBe("1");
    expect(() => checkCompanyForDeploy(env)).not.toThrow();
    expect(() => checkCompanyForDeploy({ ...env, QHB_ALLOW_EXAMPLE_COMPANY: undefined })).toThrow(
      /COMPANY_PHONE/,
    );
  });

  it("sets tracking numbers and each claim's evidence, for the tests of what they show", () => {
    const company = buildCompany(companyEnv(env));
    expect(Object.keys(company.phoneBySource)).toEqual(["google", "bing", "facebook", "organic"]);
    expect(Object.values(company.evidence).every((url) => url?.startsWith("https://"))).toBe(true);
  });
});
