import { figurasFechamento } from '@retaguarda/domain/caixa/fechamento';
import { describe, expect, it } from 'vitest';
import { documentoFechamento, documentoMovimento } from './impressao-caixa.ts';
import type { RelatorioFechamento } from './venda-api.ts';

const cabecalho = {
  empresa: 'Loja Centro',
  terminal: 'Terminal Caixa 1',
  operador: 'Ana',
  data: '2026-11-22T10:00:00.000Z',
};

const relatorio = (extra: Record<string, unknown> = {}): RelatorioFechamento =>
  ({
    periodo: {
      _id: 'p1',
      status: { id: 6, descricao: 'Fechado com Divergência' },
      diferenca: '-5.40',
      periodoAberto: false,
      dataAbertura: '2026-11-22T08:00:00.000Z',
      dataFechamento: '2026-11-22T18:00:00.000Z',
    },
    recebimentos: [
      { tipo: 77, descricao: 'Dinheiro', quantidade: 1, valor: '35.40' },
      { tipo: 79, descricao: 'Cartão de Débito', quantidade: 1, valor: '20.00' },
    ],
    conferencia: [
      { tipo: 77, descricao: 'Dinheiro', esperado: '155.40', contado: '150.00', diferenca: '-5.40' },
      { tipo: 79, descricao: 'Cartão de Débito', esperado: '20.00', contado: '20.00', diferenca: '0.00' },
    ],
    sangrias: [{ valor: '30.00', motivo: 'Depósito' }],
    suprimentos: [{ valor: '50.00', motivo: 'Troco extra' }],
    valorAbertura: '100.00',
    dinheiroEmCaixa: '155.40',
    totalOutrosPagamentos: '20.00',
    totalSangrias: '30.00',
    totalSuprimentos: '150.00',
    totalVendas: '55.40',
    ...extra,
  }) as RelatorioFechamento;

const soma = (l: { valor: string }[]) => l.reduce((s, x) => s + Math.round(Number(x.valor) * 100), 0);

describe('cash slips', () => {
  it('bleed-off and supply slips carry number, value, reason and supervisor', () => {
    expect(
      documentoMovimento(
        'sangria',
        { numero: 3, valor: '30.00', motivo: 'Depósito' },
        cabecalho,
        'Caixa 01',
        'Sandra',
      ),
    ).toEqual({
      layout: 'sangria',
      cabecalho,
      caixa: 'Caixa 01',
      numero: 3,
      valor: '30.00',
      motivo: 'Depósito',
      supervisor: 'Sandra',
    });
  });

  it("the closing slip's total of sales equals the report's (receipts + bleed-offs + payments - supplies)", () => {
    const d = documentoFechamento(relatorio(), cabecalho, 'Caixa 01');
    const total = soma(d.recebimentos) + soma(d.sangrias) + soma(d.pagamentos) - soma(d.suprimentos);
    expect(total).toBe(5540);
    expect(d.suprimentos[0]).toEqual({ valor: '100.00', motivo: 'Fundo de troco (abertura)' });
    expect(d.pagamentos).toEqual([{ descricao: 'Cartão de Débito', valor: '20.00' }]);
    expect(d.contagem).toEqual([
      { descricao: 'Dinheiro', valor: '150.00' },
      { descricao: 'Cartão de Débito', valor: '20.00' },
    ]);
    expect(d.diferenca).toBe('-5.40');
    expect(d.dataAbertura).toBe('2026-11-22T08:00:00.000Z');
    // A report without the labelled figures prints the bare sums; with them, the slip carries them as they are.
    expect(d.figuras).toBeNull();
    const figuras = figurasFechamento({
      valorAbertura: '100.00',
      vendas: [{ tipo: 77, descricao: 'Dinheiro', quantidade: 1, valor: '35.40' }],
      suprimentos: ['50.00'],
      sangrias: ['30.00'],
      contagem: [{ tipo: 77, valor: '150.00' }],
      descricaoTipo: () => 'Dinheiro',
    });
    expect(documentoFechamento(relatorio({ figuras }), cabecalho, 'Caixa 01').figuras).toEqual(figuras);
  });

  it('falls back to one line of other payments when the per-type list does not add up, no count when not counted', () => {
    const d = documentoFechamento(
      relatorio({
        totalOutrosPagamentos: '25.00',
        conferencia: [{ tipo: 77, descricao: 'Dinheiro', esperado: '1', contado: null, diferenca: null }],
      }),
      cabecalho,
      'Caixa 01',
    );
    expect(d.pagamentos).toEqual([{ descricao: 'Outras formas de pagamento', valor: '25.00' }]);
    expect(d.contagem).toBeNull();
  });
});
