// Kinds of stock move (issue 17). Stored as smallint in estoque_movimento.tipo; the sign of the quantity says
// whether it adds or takes.

export const TIPO_MOVIMENTO_ESTOQUE = {
  entrada: 1,
  saidaManual: 2,
  transferenciaSaida: 3,
  transferenciaEntrada: 4,
  ajusteInventario: 5,
  producaoConsumo: 6,
  producaoEntrada: 7,
  consumoVenda: 8,
  estorno: 9,
} as const;

export type TipoMovimentoEstoque = (typeof TIPO_MOVIMENTO_ESTOQUE)[keyof typeof TIPO_MOVIMENTO_ESTOQUE];

export const DESCRICAO_TIPO_MOVIMENTO: Record<TipoMovimentoEstoque, string> = {
  1: 'Entrada',
  2: 'Saída manual',
  3: 'Transferência (saída)',
  4: 'Transferência (entrada)',
  5: 'Ajuste de inventário',
  6: 'Produção (consumo)',
  7: 'Produção (entrada)',
  8: 'Consumo por venda',
  9: 'Estorno',
};

export function ehTipoMovimentoEstoque(n: number): n is TipoMovimentoEstoque {
  return Number.isInteger(n) && n >= 1 && n <= 9;
}

/** Reasons of a manual exit (estoqueSaidaManual): the user picks one, 'outro' needs the text. */
export const MOTIVOS_SAIDA_MANUAL = [
  'perda',
  'quebra',
  'validade',
  'consumoInterno',
  'degustacao',
  'outro',
] as const;
export type MotivoSaidaManual = (typeof MOTIVOS_SAIDA_MANUAL)[number];
export const DESCRICAO_MOTIVO_SAIDA: Record<MotivoSaidaManual, string> = {
  perda: 'Perda',
  quebra: 'Quebra',
  validade: 'Vencimento',
  consumoInterno: 'Consumo interno',
  degustacao: 'Degustação',
  outro: 'Outro',
};

/** The business day of stock periods and reports (DESIGN: America/Sao_Paulo). */
export const FUSO_ESTOQUE = 'America/Sao_Paulo';

const formatoDia = new Intl.DateTimeFormat('en-CA', {
  timeZone: FUSO_ESTOQUE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' of an instant in the stock time zone. */
export function diaDoEstoque(instante: Date): string {
  return formatoDia.format(instante);
}

/** 'DD/MM/AAAA' of a 'YYYY-MM-DD' day. */
export function diaBrasileiro(dia: string): string {
  const [a, m, d] = dia.split('-');
  return `${d}/${m}/${a}`;
}
