import { FORM_FIELDS } from "./form-fields.ts";
import {
  formLanguage,
  formRedirect,
  formResultPath,
  formToRequest,
  NOT_SENT_REASONS,
  NOT_SENT_SLUGS,
} from "./lead-form.ts";

describe("the pages a form post lands on", () => {
  it("are English for an English form, as before", () => {
    expect(formResultPath({ kind: "received" })).toBe("/offer-received");
    expect(formResultPath({ kind: "invalid", fields: ["email"] })).toBe("/offer-not-sent/email");
    expect(formResultPath({ kind: "busy", retryAfter: 30 })).toBe("/offer-not-sent/busy");
  });

  it("are Spanish, with Spanish slugs, for a Spanish form", () => {
    const path = (fields: string[]) => formResultPath({ kind: "invalid", fields }, "es");
    expect(formResultPath({ kind: "received" }, "es")).toBe("/es/oferta-recibida");
    expect(path(["address"])).toBe("/es/oferta-no-enviada/direccion");
    expect(path(["condition"])).toBe("/es/oferta-no-enviada/estado");
    expect(path(["email"])).toBe("/es/oferta-no-enviada/correo");
    expect(path(["phone"])).toBe("/es/oferta-no-enviada/telefono");
    expect(path(["consent.at"])).toBe("/es/oferta-no-enviada/solicitud");
    expect(formResultPath({ kind: "busy", retryAfter: 30 }, "es")).toBe(
      "/es/oferta-no-enviada/ocupado",
    );
    expect(formResultPath({ kind: "unavailable" }, "es")).toBe(
      "/es/oferta-no-enviada/no-disponible",
    );
    const location = formRedirect("https://quickhomebuyers.com", { kind: "received" }, "es");
    expect(location.headers.get("location")).toBe("https://quickhomebuyers.com/es/oferta-recibida");
  });

  it("has a slug for every reason in every language, none twice", () => {
    for (const slugs of Object.values(NOT_SENT_SLUGS)) {
      expect(Object.keys(slugs).sort()).toEqual([...NOT_SENT_REASONS].sort());
      expect(new Set(Object.values(slugs)).size).toBe(NOT_SENT_REASONS.length);
      for (const slug of Object.values(slugs)) expect(slug).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
  });

  it("reads the form's language field, English when it is missing or unknown", () => {
    const form = (language?: string) =>
      formToRequest(
        new URLSearchParams(language ? { [FORM_FIELDS.language]: language } : {}).toString(),
      );
    expect(form("es").language).toBe("es");
    expect(formLanguage(form("es"))).toBe("es");
    expect(form().language).toBeUndefined();
    expect(formLanguage(form())).toBe("en");
    expect(formLanguage(form("fr"))).toBe("en");
  });
});
