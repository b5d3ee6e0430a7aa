import type { RelatorioCompras } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { planilhaRelatorioCompras, relatorioComprasParaImpressao } from './exportacao-compras.ts';

const relatorio: RelatorioCompras = {
  agrupamento: 'produto',
  dataInicio: '2026-11-01',
  dataFim: '2026-11-30',
  linhas: [
    {
      chave: 'a',
      empresa: null,
      fornecedor: null,
      produto: { _id: 'p', descricao: 'Farinha 123', unidade: 'KG' },
      notas: 2,
      quantidade: '25.500000',
      valor: '1234.50',
      precoMedio: '48.4118',
      menorPreco: '45.0000',
      maiorPreco: '50.0000',
    },
  ],
  totais: { notas: 2, valor: '1234.50', itens: 1 },
};

describe('export of the purchases report', () => {
  it('writes the figures as numbers in the spreadsheet and leaves the texts as texts', () => {
    expect(planilhaRelatorioCompras(relatorio)).toEqual([
      ['Produto', 'Unidade', 'Quantidade', 'Notas', 'Valor', 'Preço médio', 'Menor preço', 'Maior preço'],
      ['Farinha 123', 'KG', 25.5, 2, 1234.5, 48.4118, 45, 50],
      ['Total', '', '', 2, 1234.5, '', '', ''],
    ]);
  });

  it('prints money, costs and quantities formatted, the total as the footer', () => {
    const p = relatorioComprasParaImpressao(relatorio, ['Período: 01/11/2026 a 30/11/2026']);
    expect(p.colunas.filter((c) => c.direita).map((c) => c.titulo)).toEqual([
      'Quantidade',
      'Notas',
      'Valor',
      'Preço médio',
      'Menor preço',
      'Maior preço',
    ]);
    // Intl writes a no-break space after R$.
    const texto = (l: string[][] | undefined) => l?.map((c) => c.map((v) => v.replace(/\s/g, ' ')));
    expect(texto(p.linhas)).toEqual([
      ['Farinha 123', 'KG', '25,5', '2', 'R$ 1.234,50', 'R$ 48,4118', 'R$ 45,00', 'R$ 50,00'],
    ]);
    expect(texto(p.rodape)).toEqual([['Total', '', '', '2', 'R$ 1.234,50', '', '', '']]);
  });
});
