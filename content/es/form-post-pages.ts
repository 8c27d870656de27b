import { COMMITMENTS } from "@/config/commitments";
import type { callUs, notSentPages, receivedPage } from "@/content/form-post-pages";
import type { Translation } from "@/content/translation";

/**
 * The pages a Spanish offer form lands on when it posted itself without script
 * (content/form-post-pages.ts): one for a request taken, one per reason it was not.
 */
export const receivedPageEs: Translation<typeof receivedPage> = {
  title: "¡Gracias!",
  text: `Recibimos su solicitud y nos comunicaremos con usted en un plazo de ${COMMITMENTS.offerWithinHours} horas con una oferta en efectivo.`,
  home: "Volver a la página principal",
  again: "Pedir otra oferta",
};

const goBack =
  "Use el botón Atrás de su navegador para volver al formulario: lo que escribió sigue ahí. O vuelva a llenar el formulario aquí abajo.";

export const notSentPagesEs: Translation<typeof notSentPages> = {
  address: {
    title: "Revise la dirección de la propiedad",
    text: `No pudimos aceptar su solicitud: la dirección estaba vacía, tenía más de 300 caracteres o incluía un carácter invisible que se copió junto con ella. ${goBack}`,
  },
  condition: {
    title: "Elija la condición de la casa",
    text: `No podemos aceptar su solicitud sin la condición de la casa: elija la que mejor le corresponda, desde lista para vivir hasta necesita mucho trabajo. ${goBack}`,
  },
  email: {
    title: "Revise su correo electrónico",
    text: `No pudimos aceptar su solicitud: necesitamos un correo electrónico al que podamos enviar su oferta, como nombre@example.com, de 254 caracteres como máximo. ${goBack}`,
  },
  phone: {
    title: "Revise el número de teléfono",
    text: `No pudimos aceptar su solicitud: el campo de teléfono acepta un solo número, de 40 caracteres como máximo y sin caracteres invisibles. Una nota al lado, como "celular" o "ext. 2", está bien; un segundo número o un enlace, no. ${goBack}`,
  },
  request: {
    title: "No pudimos aceptar esta solicitud",
    text: `No pudimos leer parte de la solicitud. ${goBack}`,
  },
  busy: {
    title: "Demasiadas solicitudes desde su red",
    text: "Recibimos varias solicitudes de oferta desde su red en los últimos minutos, así que pusimos esta en pausa. Vuelva a intentarlo en diez minutos o llámenos.",
  },
  unavailable: {
    title: "No pudimos guardar su solicitud en este momento",
    text: "Nuestro sistema no respondió, así que su solicitud no se guardó. Llámenos o vuelva a intentarlo en unos minutos.",
  },
};

export const callUsEs: Translation<typeof callUs> = "Llámenos al";
