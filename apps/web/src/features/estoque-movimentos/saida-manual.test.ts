import type { ProdutoEstoque } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  type FormularioSaida,
  figurasDaLinha,
  type LinhaSaida,
  lerQuantidadeDigitada,
  montarDocumento,
  totalDaSaida,
} from './saida-manual.ts';

const ID = 'a'.repeat(24);
const EMPRESA = 'b'.repeat(24);

const produto = (over: Partial<ProdutoEstoque> = {}): ProdutoEstoque => ({
  _id: 'c'.repeat(24),
  descricao: 'Queijo Mussarela',
  codigoInterno: 19,
  unidade: 'KG',
  quantidade: '10.000000',
  custoMedio: '20.000000',
  custo: '20.000000',
  ...over,
});
const linha = (p: ProdutoEstoque | null, quantidade: string, chave = quantidade): LinhaSaida => ({
  chave,
  produto: p,
  quantidade,
});
const form = (over: Partial<FormularioSaida> = {}): FormularioSaida => ({
  _id: ID,
  empresa: EMPRESA,
  data: undefined,
  motivo: 'perda',
  observacao: '',
  linhas: [linha(produto(), '1,5')],
  ...over,
});

describe('typed quantities', () => {
  it.each([
    ['1,5', '1.5'],
    ['1.250,75', '1250.75'],
    [' 2 ', '2'],
    ['0.125', '0.125'],
    ['', null],
    ['-1', null],
    ['1,2,3', null],
    ['abc', null],
    ['1e3', null],
  ])('%s -> %s', (texto, esperado) => {
    expect(lerQuantidadeDigitada(texto)).toBe(esperado);
  });
});

describe('line figures at the average cost', () => {
  it('values the exit and the balance after it', () => {
    expect(figurasDaLinha(linha(produto(), '1,5'))).toEqual({
      quantidade: '1.500000',
      valor: '30.00',
      centavos: 3000n,
      saldoApos: '8.500000',
      negativo: false,
    });
  });

  it('rounds the value to the cent, half away from zero', () => {
    // 0.333 × 2.5 = 0.8325 -> 0.83; 0.335 × 2.5 = 0.8375 -> 0.84
    const p = produto({ custoMedio: '2.500000' });
    expect(figurasDaLinha(linha(p, '0,333')).valor).toBe('0.83');
    expect(figurasDaLinha(linha(p, '0,335')).valor).toBe('0.84');
  });

  it('warns when the balance would go below zero', () => {
    const f = figurasDaLinha(linha(produto({ quantidade: '1' }), '2'));
    expect(f.negativo).toBe(true);
    expect(f.saldoApos).toBe('-1.000000');
  });

  it('has no figures without a product or a valid quantity', () => {
    expect(figurasDaLinha(linha(null, '1')).valor).toBeNull();
    expect(figurasDaLinha(linha(produto(), '0')).valor).toBeNull();
    expect(figurasDaLinha(linha(produto(), 'x')).valor).toBeNull();
  });

  it('totals the lines', () => {
    const outro = produto({ _id: 'd'.repeat(24), custoMedio: '3.333333', unidade: 'UN' });
    expect(totalDaSaida([linha(produto(), '1,5', '1'), linha(outro, '3', '2'), linha(null, '', '3')])).toBe(
      '40.00',
    );
  });
});

describe('the document posted', () => {
  it('sends the lines with a product, quantities in the API notation, and "now" as no date', () => {
    const r = montarDocumento(form({ linhas: [linha(produto(), '1,5'), linha(null, '')] }));
    expect(r).toEqual({
      ok: true,
      documento: {
        _id: ID,
        empresa: EMPRESA,
        motivo: 'perda',
        itens: [{ produto: 'c'.repeat(24), quantidade: '1.5' }],
      },
    });
  });

  it('keeps the date and the observation when given', () => {
    const r = montarDocumento(form({ data: '2026-05-10T15:00:00.000Z', observacao: '  caiu  ' }));
    expect(r.ok && r.documento.data).toBe('2026-05-10T15:00:00.000Z');
    expect(r.ok && r.documento.observacao).toBe('caiu');
  });

  it.each([
    [{ empresa: undefined }, 'Escolha a empresa.'],
    [{ motivo: undefined }, 'Informe o motivo da saída.'],
    [{ motivo: 'outro' as const }, 'Descreva o motivo da saída em Observação.'],
    [{ linhas: [linha(null, '')] }, 'Informe ao menos um produto.'],
    [{ linhas: [linha(produto(), '')] }, 'Informe a quantidade de Queijo Mussarela.'],
    [{ linhas: [linha(produto(), '0')] }, 'Informe a quantidade de Queijo Mussarela.'],
    [{ linhas: [linha(produto(), '1,1234567')] }, 'Quantidade com mais de 6 casas decimais.'],
    [
      { linhas: [linha(produto(), '1', 'a'), linha(produto(), '2', 'b')] },
      'Queijo Mussarela está em duas linhas: some as quantidades numa linha só.',
    ],
  ])('refuses %j: %s', (over, mensagem) => {
    const r = montarDocumento(form(over));
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.erros).toContain(mensagem);
  });
});
