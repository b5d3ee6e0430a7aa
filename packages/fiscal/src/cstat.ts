// Authority return codes (cStat) and their catalogue text, from dados/cstat.json (generated from
// fiscal-ref/sefaz/sped-nfe__cstat.json, 2019). Codes added later are completed here.
import dados from './dados/cstat.json' with { type: 'json' };

const catalogo: Record<string, string> = {
  ...(dados as unknown as { mensagens: Record<string, string> }).mensagens,
  // NT 2025.001 / 2025.002 era codes missing from the 2019 table
  '464': 'Rejeição: Código de Hash no QR-Code difere do calculado',
  // MOC 4.00 Anexo I, texts of the NT that created them (not in the 2019 table):
  // B03-10 (NT 2019.001), YA03-10/YA03-20/YA09-10 (NT 2016.002), ZD01-10/ZD02-10 (NT 2018.005).
  '865': 'Rejeição: Total dos pagamentos menor que o total da nota',
  '866': 'Rejeição: Ausência de troco quando o valor dos pagamentos informados for maior que o total da nota',
  '869': 'Rejeição: Valor do troco incorreto',
  '897': 'Rejeição: Código numérico em formato inválido',
  '972': 'Rejeição: Obrigatória as informações do responsável técnico',
  '973': 'Rejeição: CNPJ do responsável técnico inválido',
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
