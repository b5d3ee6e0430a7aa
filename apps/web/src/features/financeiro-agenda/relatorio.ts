import {
  escreverDinheiro,
  formatarMoeda,
  lerDinheiro,
  type RespostaAgenda,
  type TituloAgenda,
} from '@retaguarda/domain';
import type { TabelaExportada } from './exportacao.tsx';
import { dataBr } from './formato.ts';

// relatorioFinanceiroAgenda's figures: titles grouped (by due day, chart node, person or store) with open and
// paid per type, and the export table; all in integer cents.

export type Agrupamento = 'vencimento' | 'plano' | 'pessoa' | 'loja';
export const AGRUPAMENTOS: { value: Agrupamento; label: string }[] = [
  { value: 'vencimento', label: 'Vencimento' },
  { value: 'plano', label: 'Plano de contas' },
  { value: 'pessoa', label: 'Pessoa' },
  { value: 'loja', label: 'Loja' },
];

export interface LinhaGrupo {
  chave: string;
  rotulo: string;
  quantidade: number;
  pagarAberto: string;
  pago: string;
  receberAberto: string;
  recebido: string;
}

function chaveDe(t: TituloAgenda, a: Agrupamento): [string, string] {
  if (a === 'vencimento') return [t.vencimento, dataBr(t.vencimento)];
  if (a === 'plano') return [t.planoConta._id, t.planoConta.descricao];
  if (a === 'loja') return [t.empresa, t.empresaDescricao];
  const p = t.pessoa ?? (t.operadora ? { _id: t.operadora._id, nome: t.operadora.descricao } : null);
  return p ? [p._id, p.nome] : ['', '(sem pessoa)'];
}

export function agruparTitulos(titulos: readonly TituloAgenda[], a: Agrupamento): LinhaGrupo[] {
  const grupos = new Map<
    string,
    { rotulo: string; n: number; pa: number; p: number; ra: number; r: number }
  >();
  for (const t of titulos) {
    const [chave, rotulo] = chaveDe(t, a);
    const g = grupos.get(chave) ?? { rotulo, n: 0, pa: 0, p: 0, ra: 0, r: 0 };
    g.n += 1;
    if (t.tipo === 'pagar') {
      g.pa += lerDinheiro(t.valorAberto);
      g.p += lerDinheiro(t.valorPago);
    } else {
      g.ra += lerDinheiro(t.valorAberto);
      g.r += lerDinheiro(t.valorPago);
    }
    grupos.set(chave, g);
  }
  return [...grupos.entries()]
    .map(([chave, g]) => ({
      chave,
      rotulo: g.rotulo,
      quantidade: g.n,
      pagarAberto: escreverDinheiro(g.pa),
      pago: escreverDinheiro(g.p),
      receberAberto: escreverDinheiro(g.ra),
      recebido: escreverDinheiro(g.r),
    }))
    .sort((x, y) =>
      a === 'vencimento' ? x.chave.localeCompare(y.chave) : x.rotulo.localeCompare(y.rotulo, 'pt-BR'),
    );
}

/** The titles as exported and printed, with the totals of the answer (which count every matching title). */
export function tabelaRelatorio(r: RespostaAgenda, filtros: string[], arquivo: string): TabelaExportada {
  const colunas = [
    { titulo: 'Vencimento' },
    { titulo: 'Tipo' },
    { titulo: 'Descrição' },
    { titulo: 'Parcela' },
    { titulo: 'Pessoa' },
    { titulo: 'Plano de contas' },
    { titulo: 'Loja' },
    { titulo: 'Status' },
    { titulo: 'Valor', direita: true },
    { titulo: 'Pago', direita: true },
    { titulo: 'Em aberto', direita: true },
  ];
  const base = (t: TituloAgenda) => [
    dataBr(t.vencimento),
    t.tipo === 'pagar' ? 'Pagar' : 'Receber',
    t.descricao,
    `${t.parcela}/${t.parcelas}`,
    t.pessoa?.nome ?? t.operadora?.descricao ?? '',
    t.planoConta.descricao,
    t.empresaDescricao,
    t.vencido ? `${t.status.descricao} (vencido)` : t.status.descricao,
  ];
  const tot = r.totais;
  const vazio = ['', '', '', '', '', '', ''];
  return {
    arquivo,
    titulo: 'Relatório da Agenda Financeira',
    filtros,
    colunas,
    linhas: r.titulos.map((t) => [...base(t), Number(t.valor), Number(t.valorPago), Number(t.valorAberto)]),
    linhasImpressas: r.titulos.map((t) => [
      ...base(t),
      formatarMoeda(t.valor),
      formatarMoeda(t.valorPago),
      formatarMoeda(t.valorAberto),
    ]),
    rodape: [
      ['Total a pagar', ...vazio, '', formatarMoeda(tot.pagar.pago), formatarMoeda(tot.pagar.aberto)],
      ['Total a receber', ...vazio, '', formatarMoeda(tot.receber.pago), formatarMoeda(tot.receber.aberto)],
      ['Saldo previsto', ...vazio, '', '', formatarMoeda(tot.saldoPrevisto)],
    ],
  };
}
