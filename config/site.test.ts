import { companyEnv } from "@/config/env";
import {
  absoluteUrl,
  buildCompany,
  checkCompanyForDeploy,
  formatAddress,
  parseTollFreePhone,
  parseUsPhone,
  site,
} from "@/config/site";

describe("site config", () => {
  it("makes absolute URLs for the home page and for inner paths", () => {
    expect(absoluteUrl("/")).toBe(site.url);
    expect(absoluteUrl("/blog")).toBe(`${site.url}/blog`);
  });
});

describe("company identity", () => {
  it("defaults to a number reserved for fiction and a plainly example address", () => {
    const company = buildCompany({});
    expect(company.phone).toEqual({
      display: "(614) 555-0142",
      href: "tel:+16145550142",
      e164: "+16145550142",
    });
    expect(company.phone.display).toMatch(/555-01\d\d$/);
    expect(formatAddress(company.address)).toBe(
      "100 Example Avenue, Suite 200, Columbus, OH 43215",
    );
  });

  it("takes every value from the build's environment", () => {
    const company = buildCompany(
      companyEnv({
        COMPANY_NAME: "Acme Home Buyers",
        COMPANY_LEGAL_NAME: "Acme Holdings Inc.",
        COMPANY_PHONE: "+1 212-555-0199",
        COMPANY_PRIVACY_PHONE: "1-888-555-0123",
        COMPANY_EMAIL: "hello@acme.example",
        COMPANY_STREET: "1 Main St",
        COMPANY_LOCALITY: "Albany",
        COMPANY_REGION: "NY",
        COMPANY_POSTAL_CODE: "12207",
        COMPANY_PHONE_BY_SOURCE: "google=212-201-0150, Bing=(212) 201-0151",
        COMPANY_RATING_URL: "https://www.google.com/maps/place/Acme",
        COMPANY_BBB_URL: "https://www.bbb.org/us/ny/albany/profile/acme",
        COMPANY_LICENSE_URL: "https://acme.example/licenses",
        COMPANY_SPANISH_PHONE: "(212) 555-0177",
        COMPANY_SPANISH_CONTRACTS: "spanish",
      }),
    );
    expect(company).toEqual({
      name: "Acme Home Buyers",
      legalName: "Acme Holdings Inc.",
      phone: { display: "(212) 555-0199", href: "tel:+12125550199", e164: "+12125550199" },
      privacyPhone: { display: "(888) 555-0123", href: "tel:+18885550123", e164: "+18885550123" },
      email: "hello@acme.example",
      address: { street: "1 Main St", locality: "Albany", region: "NY", postalCode: "12207" },
      phoneBySource: {
        google: { display: "(212) 201-0150", href: "tel:+12122010150", e164: "+12122010150" },
        bing: { display: "(212) 201-0151", href: "tel:+12122010151", e164: "+12122010151" },
      },
      evidence: {
        rating: "https://www.google.com/maps/place/Acme",
        bbb: "https://www.bbb.org/us/ny/albany/profile/acme",
        licenses: "https://acme.example/licenses",
      },
      spanish: {
        phone: { display: "(212) 555-0177", href: "tel:+12125550177", e164: "+12125550177" },
        contracts: "spanish",
      },
    });
  });

  it("serves in Spanish only with a number answered in Spanish, contracts in English unless told", () => {
    expect(buildCompany({}).spanish).toBeNull();
    expect(buildCompany({ spanishPhone: "212-555-0177" }).spanish?.contracts).toBe("english");
    expect(() => buildCompany({ spanishPhone: "555-0177" })).toThrow(
      /COMPANY_SPANISH_PHONE must be a 10-digit US phone number/,
    );
    expect(() => buildCompany({ spanishPhone: "212-555-0177", spanishContracts: "both" })).toThrow(
      /COMPANY_SPANISH_CONTRACTS must be "english" .* or "spanish"/,
    );
    expect(() => buildCompany({ spanishContracts: "spanish" })).toThrow(
      "COMPANY_SPANISH_CONTRACTS is set but COMPANY_SPANISH_PHONE is not",
    );
  });

  it("sets no tracking number and no evidence unless told", () => {
    expect(buildCompany({})).toMatchObject({
      phoneBySource: {},
      evidence: { rating: null, bbb: null, licenses: null },
    });
  });

  it("refuses values it cannot use, naming the variable", () => {
    expect(() => parseUsPhone("555-0142")).toThrow(
      /COMPANY_PHONE must be a 10-digit US phone number/,
    );
    expect(() => buildCompany({ email: "not-an-email" })).toThrow(/COMPANY_EMAIL/);
    expect(() => buildCompany({ region: "Ohio" })).toThrow(/COMPANY_REGION/);
  });

  it("refuses tracking numbers it cannot use, naming the variable and the sources it knows", () => {
    const refused = (value: string) => () => buildCompany({ phoneBySource: value });
    expect(refused("yahoo=(614) 201-0150")).toThrow(
      'COMPANY_PHONE_BY_SOURCE names a source "yahoo" the site does not tell apart: use ' +
        "google, bing, facebook, organic, email, referral, direct.",
    );
    expect(refused("google=(614) 201-015")).toThrow(
      /COMPANY_PHONE_BY_SOURCE \(google\) must be a 10-digit US phone number \(got "\(614\) 201-015"\)/,
    );
    expect(refused("google (614) 201-0150")).toThrow(
      /COMPANY_PHONE_BY_SOURCE must list source=number pairs, such as google=/,
    );
    expect(refused("google=614-201-0150,google=614-201-0151")).toThrow(
      'COMPANY_PHONE_BY_SOURCE gives "google" twice.',
    );
  });

  it("takes each claim's evidence as an https:// address only, naming the variable", () => {
    expect(buildCompany({ bbbUrl: "https://www.bbb.org/x" }).evidence.bbb).toBe(
      "https://www.bbb.org/x",
    );
    for (const [key, variable] of [
      ["ratingUrl", "COMPANY_RATING_URL"],
      ["bbbUrl", "COMPANY_BBB_URL"],
      ["licenseUrl", "COMPANY_LICENSE_URL"],
    ] as const) {
      for (const value of ["http://www.bbb.org/x", "www.bbb.org/x", "javascript:alert(1)"]) {
        expect(() => buildCompany({ [key]: value })).toThrow(
          `${variable} must be an https:// address where a homeowner can check the claim (got "${value}").`,
        );
      }
    }
  });

  it("takes only a toll-free number for privacy requests, naming the variable", () => {
    expect(buildCompany({}).privacyPhone.display).toBe("(800) 555-0142");
    for (const code of ["800", "833", "844", "855", "866", "877", "888"]) {
      expect(parseTollFreePhone(`${code}-201-0000`).e164).toBe(`+1${code}2010000`);
    }
    expect(() => buildCompany({ privacyPhone: "(614) 201-0000" })).toThrow(
      /COMPANY_PRIVACY_PHONE must be a toll-free number, with area code 800, 833/,
    );
    expect(() => buildCompany({ privacyPhone: "800-0000" })).toThrow(
      /COMPANY_PRIVACY_PHONE must be a 10-digit US phone number/,
    );
  });
});

describe("a deploy build with the example company", () => {
  /** A company with every detail of its own, and the evidence for each claim. */
  const real = {
    COMPANY_PHONE: "(212) 555-0200",
    COMPANY_PRIVACY_PHONE: "(888) 201-0000",
    COMPANY_STREET: "1 Main St",
    COMPANY_LOCALITY: "Albany",
    COMPANY_REGION: "NY",
    COMPANY_POSTAL_CODE: "12207",
    COMPANY_RATING_URL: "https://www.google.com/maps/place/Acme",
    COMPANY_BBB_URL: "https://www.bbb.org/us/ny/albany/profile/acme",
    COMPANY_LICENSE_URL: "https://acme.example/licenses",
  };
  const refusal = (env: Record<string, string | undefined>) => {
    try {
      checkCompanyForDeploy(env);
    } catch (error) {
      return (error as Error).message;
    }
    return null;
  };

  it("goes through with the company's own details, 555-0200 included", () => {
    expect(refusal(real)).toBeNull();
  });

  it.each(["(212) 555-0100", "212.555.0142", "+1 (305) 555-0199"])(
    "stops on COMPANY_PHONE %s, a number reserved for fiction, naming it",
    (phone) => {
      const message = refusal({ ...real, COMPANY_PHONE: phone });
      expect(message).toMatch(
        /COMPANY_PHONE: \(\d{3}\) 555-01\d\d is a 555-0100 to 555-0199 number/,
      );
      expect(message).toMatch(/^Set COMPANY_PHONE to the company's own details/m);
    },
  );

  it("stops on a privacy line left at the example or reserved for fiction, naming it", () => {
    expect(refusal({ ...real, COMPANY_PRIVACY_PHONE: undefined })).toMatch(
      /COMPANY_PRIVACY_PHONE: not set, so the example number \(800\) 555-0142 would be shown/,
    );
    expect(refusal({ ...real, COMPANY_PRIVACY_PHONE: "877-555-0150" })).toMatch(
      /COMPANY_PRIVACY_PHONE: \(877\) 555-0150 is a 555-0100 to 555-0199 number/,
    );
  });

  it("stops on the example address, naming each variable to set", () => {
    const message = refusal({ COMPANY_PHONE: real.COMPANY_PHONE });
    for (const variable of [
      "COMPANY_PRIVACY_PHONE",
      "COMPANY_STREET",
      "COMPANY_LOCALITY",
      "COMPANY_REGION",
      "COMPANY_POSTAL_CODE",
    ]) {
      expect(message).toMatch(new RegExp(`^  ${variable}: not set`, "m"));
    }
    expect(message).not.toMatch(/^  COMPANY_PHONE/m);
    expect(message).toMatch(/"100 Example Avenue, Suite 200" would be shown/);
    expect(refusal({ ...real, COMPANY_STREET: "100 example avenue suite 200" })).toMatch(
      /COMPANY_STREET: "100 example avenue suite 200" is the example street/,
    );
  });

  it.each([
    ["COMPANY_RATING_URL", "4.9/5 rating from 500+ homeowners"],
    ["COMPANY_BBB_URL", "A+ rating"],
    ["COMPANY_LICENSE_URL", "licensed in all 50 states"],
  ])("stops on a claim without its evidence: %s unset", (variable, claim) => {
    const message = refusal({ ...real, [variable]: undefined });
    expect(message).toContain(
      `  ${variable}: not set, so "${claim}" would be published with nothing a homeowner can check.`,
    );
    expect(message).toMatch(new RegExp(`^Set ${variable} to the company's own details`, "m"));
  });

  it("goes through with tracking numbers of the company's own, and stops on fictional ones", () => {
    expect(refusal({ ...real, COMPANY_PHONE_BY_SOURCE: "google=(212) 201-0150" })).toBeNull();
    expect(
      refusal({ ...real, COMPANY_PHONE_BY_SOURCE: "google=(212) 201-0150,bing=(614) 555-0151" }),
    ).toMatch(
      /^ {2}COMPANY_PHONE_BY_SOURCE: bing's \(614\) 555-0151 is a 555-0100 to 555-0199 number, reserved for fiction\.$/m,
    );
  });

  it("lets the local build through without evidence, so its claims stay unlinked", () => {
    const local = { QHB_LOCAL_BUILD: "1" };
    expect(refusal(local)).toBeNull();
    expect(buildCompany(companyEnv(local)).evidence).toEqual({
      rating: null,
      bbb: null,
      licenses: null,
    });
  });

  it("names the test-only way through, and lets the local build and that way through", () => {
    expect(refusal({})).toMatch(
      /QHB_ALLOW_EXAMPLE_COMPANY=1 lets the examples through for test builds only .*never set it for a site that goes live/,
    );
    expect(refusal({ QHB_LOCAL_BUILD: "1" })).toBeNull();
    expect(refusal({ QHB_ALLOW_EXAMPLE_COMPANY: "1" })).toBeNull();
    expect(refusal({ QHB_ALLOW_EXAMPLE_COMPANY: "yes" })).not.toBeNull();
  });
});
