import { describe, expect, it } from 'vitest';
import { comprovanteDaLoja, documentoDaEscolha, notaValida } from '../impressao/comprovante.ts';
import { descreverDiferenca, figurasFechamento } from './fechamento.ts';

const descricaoTipo = (t: number) =>
  ({ 77: 'Dinheiro', 79: 'Cartão de Débito', 80: 'Cartão de Crédito' })[t] ?? '?';

// The day of issue 13: R$ 446,00 of sales, fund R$ 100,00, a R$ 20,00 supply and a R$ 50,00 bleed-off.
const dia = {
  valorAbertura: '100.00',
  vendas: [
    { tipo: 80, descricao: 'Cartão de Crédito', quantidade: 2, valor: '346.00' },
    { tipo: 77, descricao: 'Dinheiro', quantidade: 3, valor: '100.00' },
  ],
  suprimentos: ['20.00'],
  sangrias: ['50.00'],
  descricaoTipo,
};

describe('figurasFechamento', () => {
  it('not counted: the spec total is the sales recorded, the drawer expects fund + cash + supplies - bleed-offs', () => {
    const f = figurasFechamento({ ...dia, contagem: null });
    expect(f).toMatchObject({
      totalVendasRegistradas: '446.00',
      vendasDinheiro: '100.00',
      dinheiroEsperado: '170.00',
      totalVendasContagem: '446.00',
      contado: false,
      diferencaTotal: null,
    });
    expect(f.vendasPorForma.map((v) => v.tipo)).toEqual([77, 80]);
    expect(f.conferencia).toEqual([
      { tipo: 77, descricao: 'Dinheiro', esperado: '170.00', contado: null, diferenca: null },
      { tipo: 80, descricao: 'Cartão de Crédito', esperado: '346.00', contado: null, diferenca: null },
    ]);
  });

  it.each([
    // counted cash, counted credit -> difference, spec total (counted cash + bleed-offs + others - supplies - fund)
    ['170.00', '346.00', '0.00', '446.00'],
    ['160.00', '346.00', '-10.00', '436.00'],
    ['175.50', '346.00', '5.50', '451.50'],
    ['170.00', '0', '-346.00', '100.00'],
  ])('cash %s, credit %s -> difference %s, total by the count %s', (dinheiro, credito, diferenca, total) => {
    const f = figurasFechamento({
      ...dia,
      contagem: [
        { tipo: 77, valor: dinheiro },
        { tipo: 80, valor: credito },
      ],
    });
    expect(f.diferencaTotal).toBe(diferenca);
    expect(f.totalVendasContagem).toBe(total);
    // The recorded sales never move with the count.
    expect(f.totalVendasRegistradas).toBe('446.00');
  });

  it('a type counted but never sold shows up with its overage', () => {
    const f = figurasFechamento({ ...dia, contagem: [{ tipo: 79, valor: '12.00' }] });
    expect(f.conferencia.find((c) => c.tipo === 79)).toEqual({
      tipo: 79,
      descricao: 'Cartão de Débito',
      esperado: '0.00',
      contado: '12.00',
      diferenca: '12.00',
    });
  });
});

describe('descreverDiferenca', () => {
  it.each([
    ['-10.00', 'falta', 'falta R$ 10,00 (-R$ 10,00)'],
    ['5.50', 'sobra', 'sobra R$ 5,50 (+R$ 5,50)'],
    ['0.00', 'confere', 'sem diferença'],
    [null, 'confere', 'sem diferença'],
  ])('%s -> %s', (valor, sentido, texto) => {
    expect(descreverDiferenca(valor)).toEqual({ sentido, texto });
  });
});

describe('comprovante da loja', () => {
  it('the store choice, its document, and which notes are printed', () => {
    expect(comprovanteDaLoja(null)).toBe('danfe');
    expect(comprovanteDaLoja({ comprovanteVenda: 'perguntar' })).toBe('perguntar');
    expect(comprovanteDaLoja({ comprovanteVenda: 'cupom' })).toBe('danfe');
    expect(documentoDaEscolha('danfe')).toBe('nfce');
    expect(documentoDaEscolha('naoFiscal')).toBe('naoFiscal');
    expect(documentoDaEscolha('perguntar')).toBeNull();
    expect(notaValida({ statusNota: 'processado' })).toBe(true);
    expect(notaValida({ statusNota: 'contingencia' })).toBe(true);
    expect(notaValida({ statusNota: 'erro' })).toBe(false);
    expect(notaValida({ statusNota: 'processado', cancelado: true })).toBe(false);
  });
});
