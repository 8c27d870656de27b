import type { CompanyFacts } from "../../config/lead-config.ts";
import type { Language } from "../../contract/language.ts";
import type { Condition } from "../../contract/lead-rules.ts";
import { RECEIVED_PROMISE } from "../../contract/site-facts.ts";

/**
 * The words of what a homeowner hears from us (homeowner-messages.ts, and the answers to their
 * texts), in each language of the site: the same facts, the Spanish in US Spanish with "usted".
 * Every text carries the brand and how to stop, as carriers require; the Spanish ones name the
 * Spanish word, which the function honours (contract/text-replies.ts).
 */
export type HomeownerWords = {
  yourRequest: string;
  yourNumber: string;
  requestFor: (place: string) => string;
  notRepeated: string;
  labels: { property: string; condition: string; call: string };
  condition: (condition: Condition) => string;
  callAt: (phone: string) => string;
  no: string;
  thanks: (company: CompanyFacts) => string;
  received: string;
  next: string;
  nextCall: (phone: string) => string;
  nextEmail: string;
  correct: (company: CompanyFacts) => string;
  notYou: string;
  subject: (address: string | null) => string;
  requestId: (id: string) => string;
  text: (company: CompanyFacts, place: string) => string;
  help: (company: CompanyFacts) => string;
  /** The one confirmation 47 CFR 64.1200(a)(12) allows after a revocation. */
  stopped: (company: CompanyFacts) => string;
};

const STOP_LINE = "Reply STOP to opt out.";
const PARAR_LINE = "Responda PARAR para cancelar.";

/** The form's condition values as a Spanish page names them. */
const SPANISH_CONDITIONS: Record<Condition, string> = {
  Excellent: "Excelente",
  Good: "Buena",
  Fair: "Regular",
  "Needs Work": "Necesita reparaciones",
  Poor: "Mala",
};

const ENGLISH: HomeownerWords = {
  yourRequest: "your request",
  yourNumber: "the number you gave",
  requestFor: (place) => `your request for ${place}`,
  notRepeated: "not repeated in this e-mail",
  labels: { property: "Property", condition: "Condition", call: "Call requested" },
  condition: (condition) => condition,
  callAt: (phone) => `yes, at ${phone}`,
  no: "no",
  thanks: (company) => `Thank you for asking ${company.name} for a cash offer. ${RECEIVED_PROMISE}`,
  received: "What we received",
  next: "What happens next:",
  nextCall: (phone) =>
    `We will call you at ${phone} within 24 hours with a cash offer, and confirm it in writing. There is no obligation and no fee.`,
  nextEmail:
    "We will e-mail you within 24 hours with a cash offer. There is no obligation and no fee.",
  correct: (company) => `To correct a detail, reply to this e-mail or call us at ${company.phone}.`,
  notYou: "If you did not ask for an offer, reply to tell us and we will not contact you again.",
  subject: (address) =>
    address ? `We received your request for ${address}` : "We received your request",
  requestId: (id) => `Request ${id}`,
  text: (company, place) =>
    `${company.name}: we received ${place}. We will contact you within 24 hours with a cash offer. Questions: ${company.phone}. ${STOP_LINE}`,
  help: (company) =>
    `${company.name}: texts about your cash offer request. Help: call ${company.phone} or e-mail ${company.email}. Msg & data rates may apply. ${STOP_LINE}`,
  stopped: (company) => `${company.name}: you are unsubscribed and will get no more texts from us.`,
};

const SPANISH: HomeownerWords = {
  yourRequest: "su solicitud",
  yourNumber: "el número que nos dio",
  requestFor: (place) => `su solicitud para ${place}`,
  notRepeated: "no se repite en este correo",
  labels: { property: "Propiedad", condition: "Estado", call: "Llamada solicitada" },
  condition: (condition) => SPANISH_CONDITIONS[condition],
  callAt: (phone) => `sí, al ${phone}`,
  no: "no",
  thanks: (company) =>
    `Gracias por pedirle una oferta en efectivo a ${company.name}. Recibimos su solicitud y nos comunicaremos con usted en un plazo de 24 horas con una oferta en efectivo.`,
  received: "Lo que recibimos",
  next: "Lo que sigue:",
  nextCall: (phone) =>
    `Le llamaremos al ${phone} en un plazo de 24 horas con una oferta en efectivo, y se la confirmaremos por escrito. No tiene ninguna obligación ni costo.`,
  nextEmail:
    "Le enviaremos una oferta en efectivo por correo electrónico en un plazo de 24 horas. No tiene ninguna obligación ni costo.",
  correct: (company) =>
    `Para corregir algún dato, responda a este correo o llámenos al ${company.phone}.`,
  notYou:
    "Si usted no pidió una oferta, responda a este correo para avisarnos y no volveremos a comunicarnos con usted.",
  subject: (address) =>
    address ? `Recibimos su solicitud para ${address}` : "Recibimos su solicitud",
  requestId: (id) => `Solicitud ${id}`,
  text: (company, place) =>
    `${company.name}: recibimos ${place}. Nos comunicaremos con usted en un plazo de 24 horas con una oferta en efectivo. Preguntas: ${company.phone}. ${PARAR_LINE}`,
  help: (company) =>
    `${company.name}: mensajes sobre su solicitud de oferta en efectivo. Ayuda: llame al ${company.phone} o escriba a ${company.email}. Pueden aplicarse tarifas de mensajes y datos. ${PARAR_LINE}`,
  stopped: (company) =>
    `${company.name}: canceló su suscripción y no recibirá más mensajes de texto de nuestra parte.`,
};

export const HOMEOWNER_WORDS: Record<Language, HomeownerWords> = { en: ENGLISH, es: SPANISH };
