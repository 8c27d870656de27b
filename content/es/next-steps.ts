import { COMMITMENTS } from "@/config/commitments";
import type { nextSteps } from "@/content/next-steps";
import type { Translation } from "@/content/translation";

/** What happens after a request is sent, in Spanish (content/next-steps.ts). */
export const nextStepsEs: Translation<typeof nextSteps> = {
  title: "Qué sigue",
  steps: [
    {
      title: `Su oferta por escrito en un plazo de ${COMMITMENTS.offerWithinHours} horas`,
      text: "Le enviamos su oferta en efectivo por escrito por correo electrónico y, si pidió una llamada, primero le llamamos para confirmar algunos detalles de la casa.",
    },
    {
      title: "Un recorrido breve por la casa",
      text: "Si le gusta la oferta, vemos la casa con usted, en persona o por video, a la hora que le convenga. No hace falta limpiar ni reparar nada.",
    },
    {
      title: "Usted elige la fecha de cierre",
      text: `No hay compromiso hasta que usted firme. Cierre en tan solo ${COMMITMENTS.closeInDays} días o en una fecha posterior que usted elija.`,
    },
  ],
  callLine: "¿Tiene preguntas ahora? Llame al",
  again: "Pedir otra oferta",
  addressLabel: "Propiedad",
  emailLabel: "La oferta se envía a",
  phoneLabel: "Le llamaremos al",
  where: {
    delivered: {
      title: "Solicitud recibida",
      text: `Tenemos su solicitud. Su oferta en efectivo por escrito llegará a este correo electrónico en un plazo de ${COMMITMENTS.offerWithinHours} horas.`,
    },
    kept: {
      title: "Solicitud guardada; se enviará pronto",
      text: "No pudimos comunicarnos con nuestro servidor en este momento, así que su solicitud quedó guardada en este dispositivo y se enviará sola en cuanto sea posible, aunque usted cierre esta página.",
    },
    page: {
      title: "Todavía no se ha enviado",
      text: "Su solicitud está guardada solo en esta página: manténgala abierta hasta que diga que se recibió, o llámenos.",
    },
  },
};
