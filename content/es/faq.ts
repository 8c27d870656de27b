import { site } from "@/config/site";
import type { homeFaq } from "@/content/faq";
import type { Translation } from "@/content/translation";

const { offerWithinHours, closeInDays, fees } = site.commitments;

/**
 * The home page's questions in Spanish, in the English order (content/faq.ts). Plain text, as
 * there: the page shows them and publishes the same words as FAQPage JSON-LD. The last answer
 * names a phone number: pass the one answered in Spanish.
 */
export function homeFaqEsFor(phoneDisplay: string): Translation<typeof homeFaq> {
  return [
    {
      question: "¿Cómo calculan su oferta en efectivo?",
      answer: `Empezamos por las ventas recientes de casas comparables cerca de la suya para estimar en cuánto se vendería su casa después de las reparaciones, lo que se conoce como valor después de las reparaciones (after-repair value). A eso le restamos el costo de las reparaciones que necesita, nuestros costos de mantenerla y revenderla, y un margen para nosotros. Pregúntenos cómo llegamos a la cifra y se lo explicamos paso a paso, para que pueda compararla con lo que usted mismo investigue. La oferta es gratis y sin compromiso.`,
    },
    {
      question: "¿Hay cargos? ¿Quién paga los costos de cierre?",
      answer: `No hay comisiones ni cargos: usted nos paga ${fees}. Nosotros pagamos los costos de cierre: los honorarios de la compañía de títulos (title company) y del depósito en garantía (escrow) o del abogado de cierre, los cargos de registro y los impuestos de transferencia (transfer taxes) cuando normalmente los pagaría el vendedor. Lo que sí sale del dinero de la venta son las cantidades que usted tendría que pagar sin importar quién comprara la casa: el pago total de cualquier hipoteca o préstamo sobre la casa, los gravámenes (liens) y los fallos judiciales, los impuestos sobre la propiedad y las cuotas de la asociación de propietarios (HOA) prorrateados hasta el día del cierre, y cualquier retención que la ley le exija a un comprador, como la retención federal FIRPTA para vendedores extranjeros o la retención que algunos estados aplican a los vendedores que no residen en ellos.`,
    },
    {
      question: "¿Puedo vender si todavía debo la hipoteca o si la casa tiene gravámenes?",
      answer: `Sí. En el cierre, la compañía de títulos o el abogado de cierre usa el dinero de la venta para pagar por completo su hipoteca y cualquier gravamen, como los gravámenes por impuestos (tax liens) o los de contratistas, y usted recibe lo que sobra. No tiene que pagar nada antes de vender. Si debe más de lo que vale la casa, podemos hablar de una venta corta (short sale), en la que su prestamista acepta recibir menos del saldo total. Eso requiere la aprobación de su prestamista y por lo general toma más tiempo.`,
    },
    {
      question: "¿Inspeccionan la casa?",
      answer: `Hacemos un solo recorrido por la casa, en persona o por videollamada, a la hora que le convenga, para confirmar que su condición coincide con lo que nos dijo. No es una inspección formal de la vivienda (home inspection), y no usamos condiciones de inspección para cambiar el precio a última hora. No tiene que limpiar, reparar ni arreglar nada antes: compramos casas tal como están, en cualquier condición.`,
    },
    {
      question: "¿Qué tan rápido podemos cerrar? ¿Puedo cambiar de opinión?",
      answer: `Podemos cerrar en tan solo ${closeInDays} días una vez que el título de propiedad esté libre de problemas, o en una fecha posterior que usted elija. Resolver un problema del título, por ejemplo pagar un gravamen antiguo, a veces toma más tiempo, y si es así se lo diremos. Puede retirarse en cualquier momento antes de firmar el contrato de compraventa (purchase agreement), sin ningún costo. Después de firmarlo, se aplican los términos de ese contrato, así que léalo con cuidado y pregúntenos lo que quiera. Con gusto puede pedirle a un abogado que lo revise.`,
    },
    {
      question: "¿Puedo vender una casa que tiene inquilinos?",
      answer: `Sí. Compramos casas de alquiler ocupadas, desde casas unifamiliares hasta edificios de cuatro unidades. Los contratos de arrendamiento pasan con la casa, así que sus inquilinos conservan sus condiciones actuales, y sus depósitos de seguridad se manejan en el cierre como lo exige la ley estatal. No tiene que desalojar a nadie ni esperar a que termine un contrato. Respetamos los derechos de los inquilinos según las leyes estatales y locales, incluido cualquier aviso que deban recibir sobre la venta.`,
    },
    {
      question: "Heredé una casa. ¿La pueden comprar?",
      answer: `Sí. Podemos comprarla una vez que el albacea o representante personal (executor o personal representative) tenga autoridad legal para venderla, que por lo general otorga el tribunal de sucesiones (probate court), o, donde el estado lo permite, cuando firman todos los herederos. Si la casa está en un fideicomiso (trust), muchas veces el fideicomisario (trustee) puede venderla sin pasar por la sucesión (probate). Con gusto trabajamos con su abogado de sucesiones en los plazos y los trámites. No tiene que vaciar la casa antes: podemos comprarla con todo lo que tiene dentro, para que usted se quede con lo que le importa y deje el resto.`,
    },
    {
      question: "¿Qué pasa después de que envío el formulario?",
      answer: `En un plazo de ${offerWithinHours} horas recibe por correo electrónico su oferta en efectivo por escrito; si pidió una llamada, primero le llamamos para confirmar algunos detalles de la casa. Si quiere seguir adelante, acordamos un recorrido breve por la casa, en persona o por video, a la hora que le convenga, para confirmar su condición. Después, usted elige la fecha de cierre. No hay presión ni compromiso hasta que usted firme. Si tiene preguntas en cualquier momento, llámenos al ${phoneDisplay}.`,
    },
  ];
}

/** With the company's main number, until a number answered in Spanish is configured. */
export const homeFaqEs = homeFaqEsFor(site.company.phone.display);
