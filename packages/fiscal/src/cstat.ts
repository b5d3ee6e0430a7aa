// Authority return codes (cStat) and their catalogue text, from dados/cstat.json (generated from
// fiscal-ref/sefaz/sped-nfe__cstat.json, 2019). Codes added later are completed here.
import dados from './dados/cstat.json' with { type: 'json' };

const catalogo: Record<string, string> = {
  ...(dados as unknown as { mensagens: Record<string, string> }).mensagens,
  // NT 2025.001 / 2025.002 era codes missing from the 2019 table
  '464': 'Rejeição: Código de Hash no QR-Code difere do calculado',
};

/** Catalogue text of a cStat, or undefined when the code is unknown. */
export function mensagemCStat(cStat: number | string): string | undefined {
  return catalogo[String(cStat)];
}

export const AUTORIZADA = 100;
export const CANCELAMENTO_HOMOLOGADO = 101;
export const INUTILIZACAO_HOMOLOGADA = 102;
export const LOTE_PROCESSADO = 104;
export const SERVICO_EM_OPERACAO = 107;
export const EVENTO_REGISTRADO = 135;
export const EVENTO_REGISTRADO_NAO_VINCULADO = 136;
export const DUPLICIDADE = 204;
export const DUPLICIDADE_CHAVE_DIFERENTE = 539;
export const NAO_CONSTA = 217;
/** 110 and 301..303: use denied (the number is spent). */
export const DENEGACOES = new Set([110, 301, 302, 303]);
/** 108/109: service stopped; contingency is the way out. */
export const SERVICO_PARALISADO = new Set([108, 109]);
