import type { FigurasFechamento } from '@retaguarda/domain/caixa/fechamento';
import { api } from '../../lib/api/cliente.ts';
import type { RelatorioFechamento } from './venda-api.ts';

// Cash slips of the POS (spec 1 section 3 print types 7 sangria, 9 suprimento, 2 fechamento): the data
// the server answered, laid out by the print module (POST impressao with a `documento`; it renders for the
// printer of the terminal's cashier sector).

export interface CabecalhoImpressao {
  empresa: string;
  cnpj?: string | null;
  terminal?: string | null;
  operador?: string | null;
  data: string;
}

export interface MovimentoImpresso {
  numero?: number | null;
  valor: string;
  motivo?: string | null;
}

type Valor = { descricao: string; valor: string };

const centavos = (v: string | null | undefined) => Math.round(Number(v ?? 0) * 100);
const texto = (c: number) => (c / 100).toFixed(2);

export function documentoMovimento(
  tipo: 'sangria' | 'suprimento',
  m: MovimentoImpresso,
  cabecalho: CabecalhoImpressao,
  caixa: string,
  supervisor?: string | null,
) {
  return {
    layout: tipo,
    cabecalho,
    caixa: caixa.slice(0, 60),
    numero: m.numero ?? null,
    valor: m.valor,
    motivo: (m.motivo ?? '').slice(0, 200),
    supervisor: supervisor ?? null,
  };
}

/**
 * The closing slip from the closing report: cash received, the other payment types, bleed-offs and supplies
 * (the opening fund among them, as the report counts it), the count and the difference, so the slip's
 * "total de vendas" is the report's (receipts + bleed-offs + payments - supplies).
 */
export function documentoFechamento(r: RelatorioFechamento, cabecalho: CabecalhoImpressao, caixa: string) {
  const extra = r as RelatorioFechamento & {
    dinheiroEmCaixa?: string;
    totalOutrosPagamentos?: string;
    periodo: RelatorioFechamento['periodo'] & {
      dataAbertura?: string | null;
      dataFechamento?: string | null;
    };
  };
  const outros: Valor[] = r.recebimentos
    .filter((x) => x.tipo !== 77)
    .map((x) => ({ descricao: x.descricao, valor: x.valor }));
  const somaOutros = outros.reduce((s, x) => s + centavos(x.valor), 0);
  const pagamentos =
    somaOutros === centavos(extra.totalOutrosPagamentos)
      ? outros
      : [{ descricao: 'Outras formas de pagamento', valor: texto(centavos(extra.totalOutrosPagamentos)) }];
  const suprimentos = [
    ...(centavos(r.valorAbertura) > 0
      ? [{ valor: r.valorAbertura, motivo: 'Fundo de troco (abertura)' }]
      : []),
    ...r.suprimentos.map((s) => ({ valor: s.valor, motivo: (s.motivo ?? '').slice(0, 200) })),
  ];
  const contados = r.conferencia.filter((c) => c.contado !== null);
  return {
    layout: 'fechamento' as const,
    cabecalho,
    caixa: caixa.slice(0, 60),
    dataAbertura: extra.periodo.dataAbertura ?? cabecalho.data,
    dataFechamento: extra.periodo.dataFechamento ?? cabecalho.data,
    recebimentos: [{ descricao: 'Dinheiro em caixa', valor: texto(centavos(extra.dinheiroEmCaixa)) }],
    sangrias: r.sangrias.map((s) => ({ valor: s.valor, motivo: (s.motivo ?? '').slice(0, 200) })),
    suprimentos,
    pagamentos,
    contagem: contados.length
      ? contados.map((c) => ({ descricao: c.descricao, valor: c.contado ?? '0' }))
      : null,
    diferenca: r.periodo.diferenca ?? null,
    // The labelled figures of the report: the slip prints them under the screen's labels.
    figuras: (r as RelatorioFechamento & { figuras?: FigurasFechamento }).figuras ?? null,
  };
}

/** Queues a slip on the terminal's cashier sector; the caller says what failed (the cash write stands). */
export function imprimirDocumento(terminal: string, documento: { layout: string }, origemId?: string) {
  return api.post<unknown[]>(
    'impressao',
    { terminal, documento, ...(origemId ? { origemId } : {}) },
    { acao: 'ao imprimir o comprovante', silencioso: true },
  );
}
