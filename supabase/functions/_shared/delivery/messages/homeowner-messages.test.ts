import { leadFixture } from "../../store/lead-test-kit.ts";
import {
  buildConfirmationEmail,
  buildConfirmationText,
  buildHelpText,
} from "./homeowner-messages.ts";

const company = {
  name: "Quick Home Buyers",
  phone: "(614) 555-0142",
  email: "offers@quickhomebuyers.com",
};

/** What an attacker typed to reach a stranger from the company's name (issue 41). */
const ATTACKER = {
  address:
    "https://evil.example/c call (900) 555-0199 … verify your bank at https://evil.example/verify",
  phone: "(614) 555-0123 or (900) 555-0199",
  email: "victim+verify-at-evil.example@gmail.com",
};

/** Every text the homeowner would read, the e-mail's subject, text and HTML, and the text message. */
function everything(lead: ReturnType<typeof leadFixture>): string {
  const mail = buildConfirmationEmail(lead, company);
  return [mail.subject, mail.text, mail.html, buildConfirmationText(lead, company)].join("\n");
}

describe("the confirmation e-mail", () => {
  it("says what was received, what happens next and by when, and how to correct it", () => {
    const mail = buildConfirmationEmail(
      leadFixture({ address: "12 Oak St, Columbus, OH 43215", phone: "614.555.0100 cell" }),
      company,
    );
    expect(mail.subject).toBe("We received your request for 12 Oak St, Columbus, OH 43215");
    expect(mail.text).toContain(
      "Thank you for asking Quick Home Buyers for a cash offer. We've received your inquiry and will contact you within 24 hours with a cash offer.",
    );
    expect(mail.text).toContain("  Property: 12 Oak St, Columbus, OH 43215");
    expect(mail.text).toContain("  Condition: Good");
    // The one number, written the site's way, without the words beside it.
    expect(mail.text).toContain("  Call requested: yes, at (614) 555-0100");
    expect(mail.text).toContain(
      "What happens next: We will call you at (614) 555-0100 within 24 hours with a cash offer",
    );
    expect(mail.text).toContain(
      "To correct a detail, reply to this e-mail or call us at (614) 555-0142.",
    );
    expect(buildConfirmationEmail(leadFixture(), company).text).toContain(
      "What happens next: We will e-mail you within 24 hours with a cash offer.",
    );
  });

  it("repeats no e-mail address from the form: the To line shows the homeowner's own", () => {
    const mail = buildConfirmationEmail(leadFixture({ email: "pat@example.com" }), company);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain("pat@example.com");
  });

  it("says only 'your request' for an address that is no street address, and no number but the one", () => {
    const lead = leadFixture(ATTACKER);
    const mail = buildConfirmationEmail(lead, company);
    expect(mail.subject).toBe("We received your request");
    expect(mail.text).toContain("  Property: not repeated in this e-mail");
    expect(mail.text).toContain("  Call requested: yes, at the number you gave");
    expect(mail.text).toContain("We will call you at the number you gave within 24 hours");
    const all = everything(lead);
    for (const typed of ["evil.example", "900", "555-0199", "555-0123", "verify", "http"]) {
      expect(all).not.toContain(typed);
    }
  });

  it.each([
    ["a premium-rate number", "(900) 555-0199"],
    ["a toll-free number", "1-800-555-0199"],
    ["a number outside the US", "+44 20 7946 0958"],
    ["a Canadian number", "(416) 555-0123"],
    ["no number", "call me, or e-mail pat.lee@example.net"],
  ])("does not repeat %s", (_, phone) => {
    const all = everything(leadFixture({ phone }));
    expect(all).toContain("the number you gave");
    expect(all.replaceAll(company.phone, "")).not.toMatch(/\d{3}[ -]?\d{4}/);
    expect(all).not.toContain("example.net");
  });

  it("repeats a number of the US territories the site's way", () => {
    expect(
      buildConfirmationEmail(leadFixture({ phone: "+1 787-555-0123" }), company).text,
    ).toContain("We will call you at (787) 555-0123");
  });
});

describe("the confirmation text", () => {
  it("texts the brand, the place, the promise and how to stop", () => {
    expect(buildConfirmationText({ address: "12 Oak St" }, company)).toBe(
      "Quick Home Buyers: we received your request for 12 Oak St. We will contact you within 24 hours with a cash offer. Questions: (614) 555-0142. Reply STOP to opt out.",
    );
    expect(buildHelpText(company)).toMatch(
      /^Quick Home Buyers: .*\(614\) 555-0142.*Reply STOP to opt out\.$/,
    );
  });

  it.each([
    ["a URL", ATTACKER.address],
    ["a bare host name", "12 Oak St, see bit.ly/offer"],
    ["an e-mail address", "12 Oak St, write to claims@evil.example"],
    ["a phone number", "12 Oak St, call 614-555-0199"],
    ["markup", "12 Oak St <a href=x>claim</a>"],
  ])("says only 'your request' for an address with %s", (_, address) => {
    expect(buildConfirmationText({ address }, company)).toBe(
      "Quick Home Buyers: we received your request. We will contact you within 24 hours with a cash offer. Questions: (614) 555-0142. Reply STOP to opt out.",
    );
  });

  it("cuts a long street address so the text stays short", () => {
    const address = `${"1234 Longwood Avenue Northwest ".repeat(3)}Columbus`;
    expect(buildConfirmationText({ address }, company)).toContain(
      `request for ${[...address].slice(0, 59).join("")}…. We will`,
    );
  });
});

describe("in Spanish, for a lead from a Spanish page", () => {
  const spanish = leadFixture({
    address: "12 Oak St, El Paso, TX 79901",
    phone: "915.555.0100 cel",
    condition: "Fair",
    language: "es",
  });

  it("says the same facts in the e-mail, with usted, its HTML escaped", () => {
    const mail = buildConfirmationEmail(spanish, company);
    expect(mail.subject).toBe("Recibimos su solicitud para 12 Oak St, El Paso, TX 79901");
    expect(mail.text.split("\n")).toEqual([
      "Gracias por pedirle una oferta en efectivo a Quick Home Buyers. Recibimos su solicitud y nos comunicaremos con usted en un plazo de 24 horas con una oferta en efectivo.",
      "",
      "Lo que recibimos:",
      "  Propiedad: 12 Oak St, El Paso, TX 79901",
      "  Estado: Regular",
      "  Llamada solicitada: sí, al (915) 555-0100",
      "",
      "Lo que sigue: Le llamaremos al (915) 555-0100 en un plazo de 24 horas con una oferta en efectivo, y se la confirmaremos por escrito. No tiene ninguna obligación ni costo.",
      "",
      "Para corregir algún dato, responda a este correo o llámenos al (614) 555-0142.",
      "Si usted no pidió una oferta, responda a este correo para avisarnos y no volveremos a comunicarnos con usted.",
      "",
      "Quick Home Buyers · (614) 555-0142 · offers@quickhomebuyers.com",
      `Solicitud ${spanish.id}`,
    ]);
    expect(mail.html).toContain("<strong>Lo que sigue:</strong> Le llamaremos");
    const hostile = buildConfirmationEmail({ ...spanish, address: "12 Oak St <b>x</b>" }, company);
    expect(hostile.html).not.toContain("<b>");
    expect(hostile.text).toContain("  Propiedad: no se repite en este correo");
  });

  it("writes without a call, and repeats nothing a stranger typed", () => {
    const mail = buildConfirmationEmail({ ...spanish, phone: null }, company);
    expect(mail.text).toContain(
      "Lo que sigue: Le enviaremos una oferta en efectivo por correo electrónico en un plazo de 24 horas.",
    );
    const all = everything(leadFixture({ ...ATTACKER, language: "es" }));
    expect(all).toContain("el número que nos dio");
    for (const typed of ["evil.example", "900", "555-0199", "http"]) {
      expect(all).not.toContain(typed);
    }
  });

  it("texts the brand, the place, the promise and how to stop, and answers AYUDA", () => {
    expect(buildConfirmationText({ address: "12 Oak St", language: "es" }, company)).toBe(
      "Quick Home Buyers: recibimos su solicitud para 12 Oak St. Nos comunicaremos con usted en un plazo de 24 horas con una oferta en efectivo. Preguntas: (614) 555-0142. Responda PARAR para cancelar.",
    );
    expect(buildHelpText(company, "es")).toBe(
      "Quick Home Buyers: mensajes sobre su solicitud de oferta en efectivo. Ayuda: llame al (614) 555-0142 o escriba a offers@quickhomebuyers.com. Pueden aplicarse tarifas de mensajes y datos. Responda PARAR para cancelar.",
    );
  });

  it("gives the number answered in Spanish where the company has one, and only in Spanish", () => {
    const withLine = { ...company, spanishPhone: "(614) 555-0143" };
    const lead = leadFixture({ address: "12 Oak St", language: "es" });
    expect(buildConfirmationText(lead, withLine)).toContain("Preguntas: (614) 555-0143.");
    expect(buildConfirmationEmail(lead, withLine).text).toContain("llámenos al (614) 555-0143");
    expect(buildHelpText(withLine, "es")).toContain("llame al (614) 555-0143");
    const english = leadFixture({ address: "12 Oak St", language: "en" });
    expect(buildConfirmationText(english, withLine)).toContain("(614) 555-0142");
    expect(buildHelpText(withLine, "en")).not.toContain("555-0143");
  });
});
