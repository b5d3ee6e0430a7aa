import { linhasCsvRelatorioCompras, type RelatorioCompras } from '@retaguarda/domain';
import type { Celula } from '../../lib/exportar/exportar.ts';
import type { RelatorioImpresso } from '../../lib/exportar/imprimir.ts';
import { formatarCusto, formatarMoeda, formatarQuantidade } from './comum.tsx';

// XLSX and print of relatorioEstoqueCompras, from the same rows as its CSV (linhasCsvRelatorioCompras: the
// columns of the grouping, the total last) so the three never disagree: in the spreadsheet the figures are
// numeric cells (they sum there), on paper they are written as money, costs and quantities.

const DINHEIRO = new Set(['Valor']);
const CUSTOS = new Set(['Preço médio', 'Menor preço', 'Maior preço']);
const NUMEROS = new Set(['Quantidade', 'Notas', ...DINHEIRO, ...CUSTOS]);

const decimal = (v: string) => v.replace(',', '.');

/** The CSV's rows with the figures as numbers (an empty figure stays empty). */
export function planilhaRelatorioCompras(r: RelatorioCompras): Celula[][] {
  const [cabecalho = [], ...resto] = linhasCsvRelatorioCompras(r);
  return [
    cabecalho,
    ...resto.map((linha) =>
      linha.map((v, i) => (NUMEROS.has(cabecalho[i] ?? '') && v !== '' ? Number(decimal(v)) : v)),
    ),
  ];
}

export function relatorioComprasParaImpressao(r: RelatorioCompras, filtros: string[]): RelatorioImpresso {
  const [cabecalho = [], ...resto] = linhasCsvRelatorioCompras(r);
  const total = resto.pop();
  const escrever = (linha: string[]) =>
    linha.map((v, i) => {
      const coluna = cabecalho[i] ?? '';
      if (v === '') return v;
      if (DINHEIRO.has(coluna)) return formatarMoeda(decimal(v));
      if (CUSTOS.has(coluna)) return formatarCusto(decimal(v));
      if (coluna === 'Quantidade') return formatarQuantidade(decimal(v));
      return v;
    });
  return {
    titulo: 'Relatório de Compras',
    filtros,
    colunas: cabecalho.map((titulo) => ({ titulo, direita: NUMEROS.has(titulo) })),
    linhas: resto.map(escrever),
    rodape: total ? [escrever(total)] : [],
  };
}
