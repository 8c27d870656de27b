import { COMMITMENTS } from "@/config/commitments";
import {
  DO_NOT_SELL_ANCHOR_ES,
  DO_NOT_SELL_TITLE_ES,
  LEGAL_PAGES_ES,
} from "@/content/es/legal-pages";
import type { offerFormCopy } from "@/content/offer-form";
import type { Translation } from "@/content/translation";

/**
 * The offer form and its toasts in Spanish (content/offer-form.ts). "{step}", "{total}" and
 * "{phone}" are filled in by the form, as in English.
 */
export const offerFormCopyEs: Translation<typeof offerFormCopy> = {
  formLabel: "Solicitud de oferta en efectivo gratis",
  progressLabel: "Paso {step} de {total}",
  steps: {
    1: {
      title: "¿Dónde está la propiedad?",
      hint: "Escriba la dirección, la ciudad y el estado de la casa que quiere vender.",
    },
    2: {
      title: "¿En qué condición está?",
      hint: "Sea sincero: compramos casas tal como están, y esto nos ayuda a calcular su oferta.",
    },
    3: {
      title: "¿A dónde le enviamos su oferta?",
      hint: `Le enviaremos su oferta en efectivo por escrito por correo electrónico en un plazo de ${COMMITMENTS.offerWithinHours} horas. Sin correo no deseado y sin compromiso.`,
    },
  },
  addressLabel: "Dirección de la propiedad",
  conditionLegend: "Condición de la propiedad",
  emailLabel: "Correo electrónico *",
  emailPlaceholder: "nombre@example.com",
  requestCall: "Pedir una llamada",
  callRequested: "Llamada solicitada",
  phoneLabel: "Número de teléfono",
  phonePlaceholder: "(555) 123-4567",
  next: "Siguiente",
  back: "Atrás",
  submit: "Obtener mi oferta en efectivo",
  sending: "Enviando...",
  privacy: {
    text: "Usamos sus datos para preparar su oferta y para comunicarnos con usted sobre ella.",
    link: {
      text: DO_NOT_SELL_TITLE_ES,
      href: `${LEGAL_PAGES_ES.privacy.path}#${DO_NOT_SELL_ANCHOR_ES}`,
    },
  },
  preferToTalk: "¿Prefiere hablar con alguien? Llámenos al",
  checkField: "Por favor, revise este campo.",
  refusedWithoutField:
    "No pudimos aceptar esta solicitud tal como está. Revise lo que escribió o llámenos al {phone}.",
  keptInPage:
    "Todavía no pudimos enviar su solicitud, y este navegador no puede guardarla. Mantenga esta página abierta y seguiremos intentando; o llámenos ahora al",
  success: {
    title: "¡Gracias!",
    description: `Recibimos su solicitud y nos comunicaremos con usted en un plazo de ${COMMITMENTS.offerWithinHours} horas con una oferta en efectivo.`,
  },
  fallback: {
    title: "¡Formulario enviado!",
    description: "Gracias por su interés. Pronto nos comunicaremos con usted sobre su propiedad.",
  },
};
