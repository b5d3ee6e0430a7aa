// The chart of accounts a restaurant group starts with (issue 18): created the first time the group uses
// finance, then the group's own to edit. `chave` marks the nodes the system posts into; the DRE reads the
// tree by `codigo` (1 receitas, 2 deduções, 3 custos, 4 despesas operacionais, 5 resultado financeiro).

export type NaturezaPlano = 'Receita' | 'Despesa';

export interface NoPlanoPadrao {
  codigo: string;
  descricao: string;
  natureza: NaturezaPlano;
  chave?: ChavePlano;
}

export const CHAVES_PLANO = [
  'receitaVendas',
  'receitaEntrega',
  'sobraCaixa',
  'jurosRecebidos',
  'descontosObtidos',
  'transferenciaCredito',
  'impostosVendas',
  'cmv',
  'comprasInsumos',
  'transferenciaDebito',
  'salarios',
  'aluguel',
  'taxasCartao',
  'taxasAntecipacao',
  'comissaoApps',
  'quebraCaixa',
  'jurosPagos',
  'descontosConcedidos',
  'tarifasBancarias',
] as const;
export type ChavePlano = (typeof CHAVES_PLANO)[number];

const r = (codigo: string, descricao: string, chave?: ChavePlano): NoPlanoPadrao => ({
  codigo,
  descricao,
  natureza: 'Receita',
  ...(chave ? { chave } : {}),
});
const d = (codigo: string, descricao: string, chave?: ChavePlano): NoPlanoPadrao => ({
  codigo,
  descricao,
  natureza: 'Despesa',
  ...(chave ? { chave } : {}),
});

export const PLANO_CONTAS_PADRAO: readonly NoPlanoPadrao[] = [
  r('1', 'Receitas Operacionais'),
  r('1.01', 'Receita de Vendas'),
  r('1.01.001', 'Vendas (balcão, mesa, comanda e delivery)', 'receitaVendas'),
  r('1.01.002', 'Taxas de entrega', 'receitaEntrega'),
  r('1.02', 'Outras Receitas'),
  r('1.02.001', 'Sobra de caixa', 'sobraCaixa'),
  r('1.02.002', 'Transferências entre lojas (crédito)', 'transferenciaCredito'),
  d('2', 'Deduções da Receita'),
  d('2.01', 'Impostos sobre vendas (Simples, ICMS, PIS/COFINS)', 'impostosVendas'),
  d('3', 'Custos'),
  d('3.01', 'CMV - Custo das mercadorias vendidas', 'cmv'),
  d('3.02', 'Compras de insumos e mercadorias', 'comprasInsumos'),
  d('3.03', 'Transferências entre lojas (débito)', 'transferenciaDebito'),
  d('4', 'Despesas Operacionais'),
  d('4.01', 'Pessoal'),
  d('4.01.001', 'Salários e pró-labore', 'salarios'),
  d('4.01.002', 'Encargos (INSS, FGTS)'),
  d('4.01.003', 'Benefícios (vale-transporte, alimentação)'),
  d('4.02', 'Ocupação'),
  d('4.02.001', 'Aluguel e condomínio', 'aluguel'),
  d('4.02.002', 'Energia elétrica'),
  d('4.02.003', 'Água e esgoto'),
  d('4.02.004', 'Gás'),
  d('4.03', 'Meios de Pagamento'),
  d('4.03.001', 'Taxas de cartão (MDR)', 'taxasCartao'),
  d('4.03.002', 'Taxas de antecipação', 'taxasAntecipacao'),
  d('4.03.003', 'Comissões de aplicativos de delivery', 'comissaoApps'),
  d('4.04', 'Administrativas'),
  d('4.04.001', 'Contabilidade'),
  d('4.04.002', 'Sistemas e internet'),
  d('4.05', 'Marketing'),
  d('4.06', 'Quebras e Perdas'),
  d('4.06.001', 'Quebra de caixa', 'quebraCaixa'),
  d('4.06.002', 'Perdas de estoque'),
  d('5', 'Resultado Financeiro'),
  d('5.01', 'Juros e multas pagos', 'jurosPagos'),
  d('5.02', 'Descontos concedidos', 'descontosConcedidos'),
  d('5.03', 'Tarifas bancárias', 'tarifasBancarias'),
  r('5.04', 'Juros e multas recebidos', 'jurosRecebidos'),
  r('5.05', 'Descontos obtidos', 'descontosObtidos'),
];

/** The parent's code of a node ('4.01.002' -> '4.01'; a root has none). */
export function codigoPai(codigo: string): string | null {
  const i = codigo.lastIndexOf('.');
  return i < 0 ? null : codigo.slice(0, i);
}

/** Whether making `novoPai` the parent of `no` would put `no` under itself (a cycle, at any depth). */
export function criariaCiclo(
  no: string,
  novoPai: string | null | undefined,
  paiDe: (id: string) => string | null | undefined,
): boolean {
  const vistos = new Set<string>();
  for (let atual = novoPai ?? null; atual; atual = paiDe(atual) ?? null) {
    if (atual === no) return true;
    if (vistos.has(atual)) return true; // an existing cycle: refuse too
    vistos.add(atual);
  }
  return false;
}
