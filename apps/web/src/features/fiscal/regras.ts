// Rules of the fiscal screens that the server checks again (spec 5 and 9).

/** Spec 5/9: the cancel reason has at least 15 characters (also the contingency justification, MOC xJust). */
export const MOTIVO_MINIMO = 15;
/** The server's texts for the same rules (apps/server fiscal module). */
export const MENSAGEM_MOTIVO_CURTO = 'A justificativa do cancelamento deve ter no mínimo 15 caracteres';
export const MENSAGEM_JUSTIFICATIVA_CONTINGENCIA =
  'A justificativa da contingência deve ter entre 15 e 256 caracteres.';

export const motivoValido = (texto: string): boolean => texto.trim().length >= MOTIVO_MINIMO;

/** Conversion factor of a supplier's unit to the product's unit: a positive decimal ('12', '0.5'). */
export function fatorValido(texto: string): boolean {
  const t = texto.trim().replace(',', '.');
  return /^\d+(\.\d{1,6})?$/.test(t) && Number(t) > 0;
}

export const normalizarFator = (texto: string): string => texto.trim().replace(',', '.');
