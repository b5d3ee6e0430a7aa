import type { ResultadoRegra } from './genericos.ts';

// NCM of a product (issue 15 point 7): what prod/NCM of an NFC-e carries. The format is checked here (forms and
// server alike); whether the code exists in the official table is checked by the server with the table of
// @retaguarda/fiscal (src/dados/ncm.ts), which the browser does not load.

export const MENSAGENS_NCM = {
  formato: 'NCM inválido: informe os 8 dígitos do código NCM, sem pontos (ex.: 22021000).',
  /** designed: the code has the format but the official table does not have it. */
  inexistente: (codigo: string, vigencia: string) =>
    `NCM ${codigo} não existe na tabela NCM oficial (${vigencia}). Confira o código na nota fiscal de compra do ` +
    'produto ou com o contador e informe um NCM de 8 dígitos da tabela.',
} as const;

/** Exactly 8 digits, as the note carries it (the printed form 2202.10.00 is refused with the example). */
export function validarFormatoNcm(valor: string): ResultadoRegra {
  return /^\d{8}$/.test(valor) || MENSAGENS_NCM.formato;
}
