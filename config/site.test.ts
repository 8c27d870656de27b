import { companyEnv } from "@/config/env";
import {
  absoluteUrl,
  buildCompany,
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
      }),
    );
    expect(company).toEqual({
      name: "Acme Home Buyers",
      legalName: "Acme Holdings Inc.",
      phone: { display: "(212) 555-0199", href: "tel:+12125550199", e164: "+12125550199" },
      privacyPhone: { display: "(888) 555-0123", href: "tel:+18885550123", e164: "+18885550123" },
      email: "hello@acme.example",
      address: { street: "1 Main St", locality: "Albany", region: "NY", postalCode: "12207" },
    });
  });

  it("refuses values it cannot use, naming the variable", () => {
    expect(() => parseUsPhone("555-0142")).toThrow(
      /COMPANY_PHONE must be a 10-digit US phone number/,
    );
    expect(() => buildCompany({ email: "not-an-email" })).toThrow(/COMPANY_EMAIL/);
    expect(() => buildCompany({ region: "Ohio" })).toThrow(/COMPANY_REGION/);
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
