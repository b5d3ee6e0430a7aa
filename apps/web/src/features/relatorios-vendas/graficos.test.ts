import { describe, expect, it } from 'vitest';
import { graficoResumo } from './graficos.ts';
import { medidasDaUrl, textoMedida } from './medidas.ts';

describe('sales report figures and chart', () => {
  it('reads each measure as people read it: counts, quantities, R$ and percent', () => {
    expect(textoMedida('vendas', 1234)).toBe('1.234');
    expect(textoMedida('itens', '3.0000')).toBe('3');
    expect(textoMedida('quantidade', '0.2500')).toBe('0,25');
    expect(textoMedida('quantidade', '100.0000')).toBe('100');
    expect(textoMedida('liquido', '1234.5')).toBe('R$ 1.234,50');
    expect(textoMedida('margem', '-2')).toBe('-R$ 2,00');
    expect(textoMedida('margemPercentual', '35.5')).toBe('35,50 %');
  });

  it('keeps only known measures of the URL, else the default', () => {
    expect(medidasDaUrl(['liquido', 'xyz', 'vendas'], ['bruto'])).toEqual(['liquido', 'vendas']);
    expect(medidasDaUrl(['xyz'], ['bruto'])).toEqual(['bruto']);
  });

  it('draws bars per row and names the largest in words; a pie folds the smallest into Outros', () => {
    const pontos = Array.from({ length: 10 }, (_, i) => ({ rotulo: `P${i}`, valor: (i + 1) * 10 }));
    const barras = graficoResumo(pontos, 'barras', 'Líquido');
    expect(barras.resumo).toBe('Líquido por linha do relatório: total R$ 550,00; maior P9 com R$ 100,00.');
    expect(barras.opcoes.series).toEqual([
      expect.objectContaining({ type: 'bar', data: pontos.map((p) => p.valor) }),
    ]);
    const pizza = graficoResumo(pontos, 'pizza', 'Líquido');
    const fatias = (pizza.opcoes.series as { data: { name: string; value: number }[] }[])[0]?.data ?? [];
    expect(fatias).toHaveLength(9);
    expect(fatias.at(-1)).toEqual({ name: 'Outros', value: 30 });
    expect(graficoResumo([], 'linhas', 'Líquido').resumo).toBe('Líquido: nenhuma venda no período.');
  });
});
