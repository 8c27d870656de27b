import type { FieldMessages } from "./field-messages.ts";

/**
 * The field messages in US Spanish, with "usted", under the same keys as the English ones
 * (field-messages.ts). No page's script imports this file: the Spanish pages' build passes it
 * to the form as props, and the function answers a Spanish request's 400 with it.
 */
export const FIELD_MESSAGES_ES: FieldMessages = {
  addressBlank: "Escriba la dirección de la propiedad.",
  emailInvalid: "Escriba un correo electrónico válido.",
  emailExample: "Escriba un correo electrónico válido, como nombre@ejemplo.com.",
  phoneOneNumber:
    'Escriba un solo número de teléfono. Puede añadir una nota, como "celular" o "ext. 2", pero no un segundo número ni un enlace.',
  phoneText: "Escriba el número de teléfono como texto.",
  tooLong: "Use como máximo {max} caracteres.",
  tooLongNow: "Use como máximo {max} caracteres. Este tiene {length}.",
  controlCharacter: "Quite el carácter de control invisible ({code}).",
  directionCharacter: "Quite el carácter invisible de dirección del texto ({code}).",
  brokenCharacter: "Quite el carácter dañado ({code}).",
  conditionChoice: "Elija una de estas opciones: {choices}.",
  stateChoice:
    'Elija uno de los 50 estados de EE. UU. por su nombre en inglés, por ejemplo "Texas".',
};
