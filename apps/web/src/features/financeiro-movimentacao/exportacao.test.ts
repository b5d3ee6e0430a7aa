import type { LinhaExtratoConta, RespostaExtratoConta } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import { paraCsv } from '../../lib/exportar/exportar.ts';
import { tabelaDoExtrato } from './exportacao.ts';

const id = (n: number) => n.toString(16).padStart(24, '0');
const linha = (n: number, over: Partial<LinhaExtratoConta>): LinhaExtratoConta =>
  ({
    _id: id(n),
    data: '2026-11-10',
    descricao: 'Movimento',
    origemTipo: 'ajuste',
    contraPartida: null,
    planoConta: null,
    valor: '0.00',
    saldoAtual: '0.00',
    estornoDe: null,
    estornada: false,
    estornavel: false,
    ...over,
  }) as LinhaExtratoConta;

const extrato: RespostaExtratoConta = {
  conta: { _id: id(1), descricao: 'Caixa Loja Centro', tipo: 'caixa' },
  de: '2026-11-01',
  ate: '2026-11-30',
  saldoInicial: '50.00',
  entradas: '100.00',
  saidas: '30.50',
  saldoFinal: '119.50',
  truncado: false,
  movimentacoes: [
    linha(2, {
      data: '2026-11-10',
      descricao: 'Transferência de Banco Loja Centro',
      origemTipo: 'transferencia',
      contraPartida: { _id: id(9), descricao: 'Banco Loja Centro' },
      valor: '100.00',
      saldoAtual: '150.00',
    }),
    linha(3, {
      data: '2026-11-12',
      descricao: 'Quebra de caixa',
      origemTipo: 'diferencaCaixa',
      planoConta: { _id: id(7), codigo: '3.02', descricao: 'Quebra de caixa' },
      valor: '-30.50',
      saldoAtual: '119.50',
    }),
  ],
};

describe('statement export (tabelaDoExtrato)', () => {
  it('one row per movement with numbers, then the totals; the CSV has them with a decimal comma', () => {
    const t = tabelaDoExtrato(extrato);
    expect(t.arquivo).toBe('extrato-caixa-loja-centro-2026-11-01-a-2026-11-30');
    expect(t.filtros).toEqual(['Conta: Caixa Loja Centro', 'Período: 01/11/2026 a 30/11/2026']);
    expect(t.celulas[0]).toEqual([
      '10/11/2026',
      'Transferência de Banco Loja Centro',
      'Transferência',
      '',
      100,
      150,
    ]);
    expect(t.celulas[1]?.slice(3)).toEqual(['3.02 Quebra de caixa', -30.5, 119.5]);
    expect(t.celulas.slice(2)).toEqual([
      ['', 'Saldo inicial', '', '', 50, ''],
      ['', 'Entradas', '', '', 100, ''],
      ['', 'Saídas', '', '', -30.5, ''],
      ['', 'Saldo final', '', '', 119.5, ''],
    ]);
    expect(t.rodape?.at(-1)?.[4]).toMatch(/^R\$\s119,50$/);
    const csv = paraCsv([t.colunas.map((c) => c.titulo), ...t.celulas]);
    expect(csv).toContain(';Saldo final;;;119,5;\r\n');
  });
});
