import type { TituloAgenda } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  arvorePlano,
  erroItemBaixa,
  itemInicial,
  lerValorDigitado,
  moverReferencia,
  periodoDaVisao,
  previaParcelas,
  totalBaixa,
} from './agenda.ts';
import { agruparTitulos } from './relatorio.ts';

const titulo = (extra: Partial<TituloAgenda> = {}): TituloAgenda => ({
  _id: 'a'.repeat(24),
  empresa: 'e'.repeat(24),
  empresaDescricao: 'Loja Centro',
  tipo: 'pagar',
  descricao: 'Aluguel',
  documento: null,
  pessoa: null,
  operadora: null,
  planoConta: { _id: 'p'.repeat(24), descricao: 'Aluguel' },
  conta: null,
  valor: '333.34',
  taxa: '0.00',
  valorPago: '0.00',
  valorAberto: '333.34',
  competencia: '2026-11-01',
  vencimento: '2026-11-10',
  parcela: 1,
  parcelas: 3,
  status: { id: 1, descricao: 'Aberto' },
  origem: 'manual',
  nsu: null,
  observacao: null,
  vencido: false,
  ...extra,
});

describe('períodos da agenda', () => {
  it('dia, semana de segunda a domingo, mês inteiro', () => {
    expect(periodoDaVisao('dia', '2026-11-26')).toEqual({ de: '2026-11-26', ate: '2026-11-26' });
    expect(periodoDaVisao('semana', '2026-11-26')).toEqual({ de: '2026-11-23', ate: '2026-11-29' });
    expect(periodoDaVisao('semana', '2026-11-29')).toEqual({ de: '2026-11-23', ate: '2026-11-29' });
    expect(periodoDaVisao('mes', '2026-02-14')).toEqual({ de: '2026-02-01', ate: '2026-02-28' });
    expect(moverReferencia('mes', '2026-01-31', 1)).toBe('2026-02-01');
    expect(moverReferencia('semana', '2026-11-26', -1)).toBe('2026-11-19');
  });
});

describe('baixa de vários títulos', () => {
  it('lê valores digitados em pt-BR', () => {
    expect(lerValorDigitado('1.234,5')).toBe('1234.50');
    expect(lerValorDigitado('10.50')).toBe('10.50');
    expect(lerValorDigitado('abc')).toBe('');
    expect(lerValorDigitado('1,234')).toBe('');
  });

  it('soma o que a conta movimenta: principal + juros + multa − desconto, recebimentos entram e pagamentos saem', () => {
    const pagar = { ...itemInicial(titulo()), juros: '5,00', multa: '2', desconto: '1,00' };
    const receber = { ...itemInicial(titulo({ tipo: 'receber', valorAberto: '500.00' })), valor: '200,00' };
    expect(totalBaixa([pagar, receber])).toEqual({ entra: 20000, sai: 33934, liquido: -13934 });
  });

  it('recusa valor zero, maior que o aberto e desconto maior que o pago', () => {
    expect(erroItemBaixa({ ...itemInicial(titulo()), valor: '0' })).toMatch(/maior que zero/);
    expect(erroItemBaixa({ ...itemInicial(titulo()), valor: '333,35' })).toMatch(/saldo em aberto/);
    expect(erroItemBaixa({ ...itemInicial(titulo()), valor: '10', desconto: '11' })).toMatch(/desconto/);
    expect(erroItemBaixa(itemInicial(titulo()))).toBeNull();
  });
});

describe('novo título', () => {
  it('prévia das parcelas como o servidor divide (centavos na primeira, mês a mês)', () => {
    expect(previaParcelas({ valor: '1000', vencimento: '2026-01-31', parcelas: 3 })).toEqual([
      { parcela: 1, valor: '333.34', vencimento: '2026-01-31' },
      { parcela: 2, valor: '333.33', vencimento: '2026-02-28' },
      { parcela: 3, valor: '333.33', vencimento: '2026-03-31' },
    ]);
    expect(previaParcelas({ valor: '0', vencimento: '2026-01-31', parcelas: 3 })).toEqual([]);
  });

  it('árvore do plano: só folhas escolhíveis, filtrada pela natureza', () => {
    const arvore = arvorePlano(
      [
        { _id: 'd', codigo: '4', descricao: 'Despesas', natureza: 'Despesa' },
        {
          _id: 'd2',
          codigo: '4.10',
          descricao: 'Aluguel',
          natureza: 'Despesa',
          financeiroPlanoContaPai: 'd',
        },
        {
          _id: 'd1',
          codigo: '4.2',
          descricao: 'Energia',
          natureza: 'Despesa',
          financeiroPlanoContaPai: { _id: 'd' },
        },
        { _id: 'r', codigo: '1', descricao: 'Receitas', natureza: 'Receita' },
      ],
      'Despesa',
    );
    expect(arvore).toHaveLength(1);
    expect(arvore[0]?.selectable).toBe(false);
    expect(arvore[0]?.children.map((c) => [c.title, c.selectable])).toEqual([
      ['4.2 Energia', true],
      ['4.10 Aluguel', true],
    ]);
  });
});

describe('relatório', () => {
  it('agrupa por plano com aberto e pago por tipo', () => {
    const g = agruparTitulos(
      [
        titulo(),
        titulo({ _id: 'b'.repeat(24), valorPago: '100.00', valorAberto: '233.33' }),
        titulo({ _id: 'c'.repeat(24), tipo: 'receber', planoConta: { _id: 'v', descricao: 'Vendas' } }),
      ],
      'plano',
    );
    expect(g.map((l) => [l.rotulo, l.quantidade, l.pagarAberto, l.pago, l.receberAberto])).toEqual([
      ['Aluguel', 2, '566.67', '100.00', '0.00'],
      ['Vendas', 1, '0.00', '0.00', '333.34'],
    ]);
  });
});
