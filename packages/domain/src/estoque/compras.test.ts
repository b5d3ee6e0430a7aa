import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linhasCsvRelatorioCompras, type RelatorioCompras } from './api-compras.ts';
import {
  conferirRecebimento,
  custosDosItensDaNota,
  dinheiroLegivel,
  entradaDoItem,
  instanteDoRecebimento,
  quantidadeCompraLegivel,
  ratearPorValor,
  recusaDoStatusPedido,
  statusPeloRecebimento,
  totalDoPedido,
} from './compras.ts';
import { escreverEstoque, lerEstoque } from './custo-medio.ts';

const q = (t: string) => lerEstoque(t);

describe('entradaDoItem', () => {
  it.each([
    // qCom, fator, value (cents), stock quantity, cost per stock unit
    ['3', '12', 9000n, '36.000000', '2.500000'],
    ['1', '1', 8490n, '1.000000', '84.900000'],
    ['2.5', '25', 10500n, '62.500000', '1.680000'],
    ['6.0000', '1', 5060n, '6.000000', '8.433333'],
    ['1', '12', 1000n, '12.000000', '0.833333'],
    ['0.0001', '1', 1n, '0.000100', '100.000000'],
    ['4', '12', 0n, '48.000000', '0.000000'],
  ])('%s × %s at %s cents -> %s at %s', (qCom, fator, valor, quantidade, custo) => {
    const e = entradaDoItem(qCom, fator, valor);
    expect(escreverEstoque(e.quantidade)).toBe(quantidade);
    expect(escreverEstoque(e.custoUnitario)).toBe(custo);
  });

  it('refuses a factor or quantity that is not positive', () => {
    expect(() => entradaDoItem('1', '0', 100n)).toThrow(/Fator/);
    expect(() => entradaDoItem('0', '1', 100n)).toThrow(/Quantidade/);
  });

  it('values the stock quantity at the item value within half a cent per 10^4 units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: 1, max: 500_000_000 }),
        fc.integer({ min: 0, max: 900_000_000 }),
        (qCom4, fator6, centavos) => {
          const qCom = (qCom4 / 10_000).toFixed(4);
          const fator = (fator6 / 1_000_000).toFixed(6);
          const quantidade = (lerEstoque(qCom) * lerEstoque(fator) + 500_000n) / 1_000_000n;
          fc.pre(quantidade > 0n);
          const e = entradaDoItem(qCom, fator, BigInt(centavos));
          expect(e.quantidade).toBe(quantidade);
          // quantity × cost (12 places) against the value (12 places): the cost's rounding is ≤ 0.5e-6 per unit.
          const valor12 = BigInt(centavos) * 10_000_000_000n;
          const diferenca = e.quantidade * e.custoUnitario - valor12;
          expect((diferenca < 0n ? -diferenca : diferenca) * 2n <= e.quantidade).toBe(true);
        },
      ),
    );
  });
});

describe('custosDosItensDaNota', () => {
  it("uses each item's own freight, insurance, other expenses and discount", () => {
    const c = custosDosItensDaNota(
      [
        { vProd: '42.93', vFrete: '7.67' },
        { vProd: '100.00', vFrete: '1.00', vSeg: '2.00', vOutro: '3.00', vDesc: '10.00' },
      ],
      { vFrete: '8.67', vSeg: '2.00', vOutro: '3.00', vDesc: '10.00' },
    );
    expect(c.map((x) => x.valor)).toEqual([5060n, 9600n]);
  });

  it('spreads a total no item carries by vProd, the cents left to the largest items', () => {
    const c = custosDosItensDaNota([{ vProd: '10.00' }, { vProd: '20.00' }, { vProd: '10.00' }], {
      vFrete: '1.00',
      vDesc: '0.10',
    });
    expect(c.map((x) => x.vFrete)).toEqual([25n, 50n, 25n]);
    expect(c.map((x) => x.vDesc)).toEqual([2n, 6n, 2n]);
    expect(c.map((x) => x.valor)).toEqual([1023n, 2044n, 1023n]);
  });

  it('a spread always sums to the total', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.array(fc.bigInt({ min: 0n, max: 5_000_000n }), { minLength: 1, maxLength: 30 }),
        (total, pesos) => {
          const partes = ratearPorValor(total, pesos);
          expect(partes.reduce((a, p) => a + p, 0n)).toBe(total);
          expect(partes.every((p) => p >= 0n)).toBe(true);
        },
      ),
    );
  });
});

describe('purchase order states', () => {
  it.each([
    ['alterar', 'rascunho', undefined],
    ['alterar', 'enviado', 'O pedido nº 7 já foi enviado ao fornecedor: só um rascunho pode ser alterado.'],
    ['enviar', 'rascunho', undefined],
    ['enviar', 'parcial', 'O pedido nº 7 já foi enviado ao fornecedor.'],
    ['receber', 'rascunho', 'O pedido nº 7 ainda é um rascunho: envie-o ao fornecedor antes de receber.'],
    ['receber', 'enviado', undefined],
    ['receber', 'parcial', undefined],
    ['receber', 'recebido', 'O pedido nº 7 já foi recebido por completo.'],
    ['receber', 'cancelado', 'O pedido nº 7 foi cancelado.'],
    ['cancelar', 'parcial', undefined],
    ['cancelar', 'recebido', 'O pedido nº 7 já foi recebido por completo e não pode ser cancelado.'],
  ] as const)('%s when %s', (acao, status, mensagem) => {
    expect(recusaDoStatusPedido(acao, status, 7)).toBe(mensagem);
  });

  it('state by what was received', () => {
    const l = (quantidade: string, recebida: string) => ({
      quantidade: q(quantidade),
      quantidadeRecebida: q(recebida),
    });
    expect(statusPeloRecebimento([l('10', '0'), l('5', '0')])).toBe('enviado');
    expect(statusPeloRecebimento([l('10', '4'), l('5', '0')])).toBe('parcial');
    expect(statusPeloRecebimento([l('10', '10'), l('5', '6')])).toBe('recebido');
  });

  it('total = Σ lines rounded to the cent', () => {
    expect(
      totalDoPedido([
        { quantidade: q('3'), precoUnitario: q('33.333333') },
        { quantidade: q('2.5'), precoUnitario: q('4.20') },
      ]),
    ).toBe(10000n + 1050n);
  });
});

describe('conferirRecebimento', () => {
  const linha = (ordem: number, produto: string, quantidade: string, recebida = '0', fator = '1') => ({
    ordem,
    produto,
    fatorConversao: q(fator),
    quantidade: q(quantidade),
    quantidadeRecebida: q(recebida),
  });

  it('receives in the line unit through its factor and says what is still pending', () => {
    const c = conferirRecebimento(
      [linha(1, 'lata', '10', '0', '12'), linha(2, 'farinha', '4', '0', '25')],
      [
        { nItem: 1, produto: 'lata', quantidadeEstoque: q('48') },
        { nItem: 2, produto: 'outro', quantidadeEstoque: q('1') },
      ],
    );
    expect(c.linhas.map((l) => [l.ordem, escreverEstoque(l.nestaNota), escreverEstoque(l.pendente)])).toEqual(
      [
        [1, '4.000000', '6.000000'],
        [2, '0.000000', '4.000000'],
      ],
    );
    expect(c.itensForaDoPedido).toEqual([2]);
    expect(c.temExcesso).toBe(false);
  });

  it('never drops an excess: it lands on the product’s last line and is flagged', () => {
    const c = conferirRecebimento(
      [linha(1, 'lata', '10', '8', '12'), linha(2, 'lata', '1', '0', '12')],
      [{ nItem: 1, produto: 'lata', quantidadeEstoque: q('60') }],
    );
    expect(c.linhas.map((l) => [escreverEstoque(l.nestaNota), escreverEstoque(l.excesso)])).toEqual([
      ['2.000000', '0.000000'],
      ['3.000000', '2.000000'],
    ]);
    expect(c.temExcesso).toBe(true);
    expect(c.recebimentos).toEqual([
      { nItem: 1, ordem: 1, quantidade: q('2') },
      { nItem: 1, ordem: 2, quantidade: q('3') },
    ]);
  });

  it('what the note brings of a product is all received on its lines (in stock units)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantidade: fc.integer({ min: 1, max: 1000 }),
            recebida: fc.integer({ min: 0, max: 1000 }),
            fator: fc.constantFrom(1, 6, 12, 25),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.array(fc.integer({ min: 1, max: 20_000 }), { minLength: 1, maxLength: 4 }),
        (linhas, itens) => {
          const c = conferirRecebimento(
            linhas.map((l, i) =>
              linha(i + 1, 'p', String(l.quantidade), String(l.recebida), String(l.fator)),
            ),
            itens.map((n, i) => ({ nItem: i + 1, produto: 'p', quantidadeEstoque: q(String(n)) })),
          );
          const emEstoque = c.recebimentos.reduce(
            (t, r) => t + r.quantidade * q(String(linhas[r.ordem - 1]!.fator)),
            0n,
          );
          const trazido = itens.reduce((t, n) => t + q(String(n)), 0n) * 1_000_000n;
          // Each conversion back to the line unit rounds by at most half a unit of 10^-6 per line and item.
          const tolerancia = BigInt(c.recebimentos.length) * 25n * 1_000_000n;
          const d = emEstoque - trazido;
          expect((d < 0n ? -d : d) <= tolerancia).toBe(true);
          for (const l of c.linhas) {
            expect(l.recebidaDepois).toBe(l.recebidaAntes + l.nestaNota);
            expect(l.pendente === 0n || l.excesso === 0n).toBe(true);
          }
        },
      ),
    );
  });
});

describe('formats and CSV', () => {
  it('writes quantities and money as the messages do', () => {
    expect(quantidadeCompraLegivel(q('12.500000'))).toBe('12,5');
    expect(quantidadeCompraLegivel(q('3'))).toBe('3');
    expect(dinheiroLegivel(123450n)).toBe('R$ 1.234,50');
    expect(dinheiroLegivel(-5n)).toBe('-R$ 0,05');
  });

  it('CSV of the report by supplier and product, with the total line', () => {
    const r: RelatorioCompras = {
      agrupamento: 'fornecedorProduto',
      dataInicio: '2026-01-01',
      dataFim: '2026-01-31',
      linhas: [
        {
          chave: 'a',
          empresa: null,
          fornecedor: { _id: 'f', nome: 'Alimentos; Ltda.' },
          produto: { _id: 'p', descricao: 'Quinoa', unidade: 'UN' },
          notas: 2,
          quantidade: '18.000000',
          valor: '151.80',
          precoMedio: '8.433333',
          menorPreco: '8.433333',
          maiorPreco: '8.433333',
        },
      ],
      totais: { notas: 2, valor: '151.80', itens: 1 },
    };
    expect(linhasCsvRelatorioCompras(r)).toEqual([
      [
        'Fornecedor',
        'Produto',
        'Unidade',
        'Quantidade',
        'Notas',
        'Valor',
        'Preço médio',
        'Menor preço',
        'Maior preço',
      ],
      ['Alimentos; Ltda.', 'Quinoa', 'UN', '18,000000', '2', '151,80', '8,433333', '8,433333', '8,433333'],
      ['Total', '', '', '', '2', '151,80', '', '', ''],
    ]);
  });
});

describe('instanteDoRecebimento', () => {
  it('today is now; an earlier day is its noon in São Paulo', () => {
    const agora = new Date('2026-11-26T18:30:00Z'); // 15:30 in São Paulo
    expect(instanteDoRecebimento('2026-11-26', agora)).toBe('2026-11-26T18:30:00.000Z');
    expect(instanteDoRecebimento('2026-11-20', agora)).toBe('2026-11-20T15:00:00.000Z');
    // 01:00 UTC is still the 25th in São Paulo.
    expect(instanteDoRecebimento('2026-11-25', new Date('2026-11-26T01:00:00Z'))).toBe(
      '2026-11-26T01:00:00.000Z',
    );
  });
});
