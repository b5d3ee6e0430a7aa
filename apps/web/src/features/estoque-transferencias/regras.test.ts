import type { LinhaReposicao, ProdutoEstoque } from '@retaguarda/domain';
import { describe, expect, it } from 'vitest';
import {
  divergenciaDigitada,
  figurasDaLinha,
  formatarQuantidade,
  type LinhaFormulario,
  lerQuantidadeDigitada,
  montarPedidosReposicao,
  montarRecebimento,
  montarTransferencia,
  quantidadeParaDigitar,
} from './regras.ts';

const centro = 'a'.repeat(24);
const shopping = 'b'.repeat(24);
const queijo: ProdutoEstoque = {
  _id: 'c'.repeat(24),
  descricao: 'Queijo Mussarela',
  codigoInterno: 10,
  unidade: 'KG',
  quantidade: '8.000000',
  custoMedio: '40.500000',
  custo: '40.500000',
};
const pao: ProdutoEstoque = {
  ...queijo,
  _id: 'd'.repeat(24),
  descricao: 'Pão',
  unidade: 'UN',
  quantidade: '10.000000',
};
const linha = (produto: ProdutoEstoque | null, quantidade: string, chave = quantidade): LinhaFormulario => ({
  chave,
  produto,
  quantidade,
  planoDeContaCredito: '',
  planoDeContaDebito: '',
});

describe('typed quantities', () => {
  it.each([
    ['2', '2'],
    ['1,5', '1.5'],
    ['1.250,75', '1250.75'],
    [' 3 ', '3'],
    ['', null],
    ['-1', null],
    ['abc', null],
  ])('%s -> %s', (texto, esperado) => expect(lerQuantidadeDigitada(texto)).toBe(esperado));

  it('shows the places the unit needs and back to what a person types', () => {
    expect(formatarQuantidade('12.500000', 'KG')).toBe('12,500');
    expect(formatarQuantidade('30.000000', 'UN')).toBe('30');
    expect(formatarQuantidade('0.333333', 'UN')).toBe('0,3333');
    expect(quantidadeParaDigitar('2.000000')).toBe('2');
    expect(quantidadeParaDigitar('1.500000')).toBe('1,5');
  });
});

describe('transfer form', () => {
  it('values a line at the origin average and warns when the origin would go negative', () => {
    expect(figurasDaLinha(linha(queijo, '2'))).toMatchObject({
      valor: '81.00',
      saldoApos: '6.000000',
      negativo: false,
    });
    expect(figurasDaLinha(linha(queijo, '9')).negativo).toBe(true);
    expect(figurasDaLinha(linha(queijo, 'x')).valor).toBeNull();
  });

  it('lists what is missing with the product names', () => {
    const r = montarTransferencia(
      {
        _id: 'e'.repeat(24),
        empresaOrigem: centro,
        empresaDestino: undefined,
        observacao: '',
        linhas: [linha(queijo, '', '1'), linha(queijo, '2', '2'), linha(null, '')],
      },
      false,
    );
    expect(r).toEqual({
      ok: false,
      erros: [
        'Escolha a loja de destino.',
        'Informe a quantidade de Queijo Mussarela.',
        'Queijo Mussarela está em duas linhas: some as quantidades numa linha só.',
      ],
    });
    const vazio = montarTransferencia(
      {
        _id: 'e'.repeat(24),
        empresaOrigem: centro,
        empresaDestino: shopping,
        observacao: '',
        linhas: [linha(null, '')],
      },
      false,
    );
    expect(vazio).toEqual({ ok: false, erros: ['Informe ao menos um produto.'] });
  });

  it('builds the document the server takes, shipped at once when asked', () => {
    const r = montarTransferencia(
      {
        _id: 'e'.repeat(24),
        empresaOrigem: centro,
        empresaDestino: shopping,
        observacao: ' Sexta ',
        linhas: [{ ...linha(queijo, '1,5'), planoDeContaCredito: '3.1.09' }, linha(null, '')],
      },
      true,
    );
    expect(r).toEqual({
      ok: true,
      documento: {
        _id: 'e'.repeat(24),
        empresaOrigem: centro,
        empresaDestino: shopping,
        observacao: 'Sexta',
        enviar: true,
        itens: [{ produto: queijo._id, quantidade: '1.5', planoDeContaCredito: '3.1.09' }],
      },
    });
  });
});

describe('receipt', () => {
  const linhas = [
    { produto: queijo._id, descricao: 'Queijo Mussarela', enviada: '4.000000', recebida: '4', motivo: '' },
    { produto: pao._id, descricao: 'Pão', enviada: '30.000000', recebida: '28', motivo: '' },
  ];

  it('asks the reason of a shortage and refuses more than shipped', () => {
    expect(divergenciaDigitada(linhas[1]!)).toBe('2.000000');
    expect(montarRecebimento(linhas, undefined, '')).toEqual({
      ok: false,
      erros: ['Informe o motivo da divergência de Pão.'],
    });
    const demais = montarRecebimento([{ ...linhas[0]!, recebida: '5' }], undefined, '');
    expect(demais.ok).toBe(false);
    expect(montarRecebimento([{ ...linhas[0]!, recebida: '' }], undefined, '')).toEqual({
      ok: false,
      erros: ['Informe quanto chegou de Queijo Mussarela (zero se nada chegou).'],
    });
  });

  it('sends every line with what arrived', () => {
    const r = montarRecebimento([linhas[0]!, { ...linhas[1]!, motivo: 'Amassados' }], undefined, '');
    expect(r).toEqual({
      ok: true,
      documento: {
        itens: [
          { produto: queijo._id, quantidadeRecebida: '4' },
          { produto: pao._id, quantidadeRecebida: '28', motivoDivergencia: 'Amassados' },
        ],
      },
    });
  });
});

describe('replenishment list', () => {
  const base = (
    empresa: string,
    produto: ProdutoEstoque,
    quantidade: string,
  ): LinhaReposicao & { quantidade: string } => ({
    empresa: { _id: empresa, descricao: empresa === centro ? 'Centro' : 'Shopping' },
    produto: {
      _id: produto._id,
      descricao: produto.descricao,
      codigoInterno: null,
      unidade: produto.unidade,
    },
    saldo: '0',
    minimo: '0',
    maximo: '10',
    emTransito: '0',
    pendente: '0',
    sugerido: '10.000000',
    abaixoDoMinimo: true,
    quantidade,
  });

  it('one request per store with its positive lines, keeping the ids made with the list', () => {
    const ids = new Map([
      [centro, '1'.repeat(24)],
      [shopping, '2'.repeat(24)],
    ]);
    const r = montarPedidosReposicao(
      'f'.repeat(24),
      [
        base(shopping, queijo, '12,5'),
        base(shopping, pao, '0'),
        base(centro, pao, '4'),
        base(centro, queijo, ''),
      ],
      ids,
    );
    expect(r).toEqual({
      ok: true,
      documento: {
        empresaFornecedora: 'f'.repeat(24),
        pedidos: [
          { _id: '2'.repeat(24), empresa: shopping, itens: [{ produto: queijo._id, quantidade: '12.5' }] },
          { _id: '1'.repeat(24), empresa: centro, itens: [{ produto: pao._id, quantidade: '4' }] },
        ],
      },
    });
    const nada = montarPedidosReposicao('f'.repeat(24), [base(shopping, queijo, '0')], ids);
    expect(nada).toEqual({ ok: false, erros: ['Nenhuma loja precisa de reposição.'] });
    const ruim = montarPedidosReposicao('f'.repeat(24), [base(shopping, queijo, 'dez')], ids);
    expect(ruim.ok).toBe(false);
  });
});
