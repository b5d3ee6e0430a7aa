import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escreverCentavos, escreverEstoque, lerEstoque, valorDoMovimento } from './custo-medio.ts';
import {
  conferirRecebimentoTransferencia,
  criarTransferenciaSchema,
  custoBaseDaTransferencia,
  custoComPercentual,
  financeiroDaTransferencia,
  type LinhaFinanceira,
  lerConfiguracaoTransferencia,
  linhasCsvRelatorioTransferencia,
  receberTransferenciaSchema,
  recusaPedidoTransferencia,
  recusaPlanosDeConta,
  recusaTransferencia,
  somarDiasAoDia,
  sugestaoReposicao,
} from './transferencias.ts';

const q = lerEstoque;
const centro = { _id: 'a'.repeat(24), descricao: 'Loja Centro', cnpj: '11.222.333/0001-81' };
const shopping = { _id: 'b'.repeat(24), descricao: 'Loja Shopping', cnpj: '11444777000161' };
const filialCentro = { _id: 'c'.repeat(24), descricao: 'Centro 2', cnpj: '11222333000262' };

const config = (extra: Record<string, unknown> = {}) =>
  lerConfiguracaoTransferencia({
    gerarFinanceiroTransferencia: true,
    diasFaturamentoPadrao: 15,
    planoDeContaTransferenciaCreditoPadrao: '3.1.05',
    planoDeContaTransferenciaDebitoPadrao: '4.1.02',
    ...extra,
  });

describe('states', () => {
  it.each([
    ['alterar', 'rascunho', undefined],
    ['alterar', 'enviada', 'cancele-a para devolver'],
    ['enviar', 'rascunho', undefined],
    ['receber', 'rascunho', 'ainda não foi enviada'],
    ['receber', 'enviada', undefined],
    ['cancelar', 'rascunho', undefined],
    ['cancelar', 'enviada', undefined],
    ['cancelar', 'recebida', 'transferência no sentido contrário'],
    ['enviar', 'cancelada', 'foi cancelada'],
  ] as const)('transfer: %s when %s', (acao, status, texto) => {
    const r = recusaTransferencia(acao, status);
    if (texto === undefined) expect(r).toBeUndefined();
    else expect(r).toContain(texto);
  });

  it.each([
    ['alterar', 'solicitado', undefined],
    ['alterar', 'reservado', 'já foi reservado'],
    ['reservar', 'reservado', undefined],
    ['finalizar', 'solicitado', 'Reserve os produtos'],
    ['finalizar', 'reservado', undefined],
    ['cancelar', 'finalizado', 'cancele a transferência'],
    ['reservar', 'cancelado', 'foi cancelado'],
  ] as const)('request: %s when %s', (acao, status, texto) => {
    const r = recusaPedidoTransferencia(acao, status);
    if (texto === undefined) expect(r).toBeUndefined();
    else expect(r).toContain(texto);
  });
});

describe('settings and cost', () => {
  it('reads the company stock tab tolerating absent and odd fields', () => {
    expect(lerConfiguracaoTransferencia(null)).toEqual({
      gerarFinanceiroTransferencia: false,
      gerarFinancerioPropriaLoja: false,
      diasFaturamentoPadrao: 0,
      planoDeContaPadraoCredito: null,
      planoDeContaPadraoDebito: null,
      addPercentualTransferencia: '0.0000',
      atualizarPrecoCustoTransferencia: false,
      tipoCusto: 'custoMedio',
    });
    const c = lerConfiguracaoTransferencia({
      addPercentualTransferencia: '12.5',
      tipoCusto: 'ultimoCusto',
      diasFaturamentoPadrao: -3,
      planoDeContaTransferenciaCreditoPadrao: '  ',
    });
    expect(c.addPercentualTransferencia).toBe('12.5000');
    expect(c.tipoCusto).toBe('ultimoCusto');
    expect(c.diasFaturamentoPadrao).toBe(0);
    expect(c.planoDeContaPadraoCredito).toBeNull();
    expect(
      lerConfiguracaoTransferencia({ tipoCusto: 'fifo', addPercentualTransferencia: 'x' }),
    ).toMatchObject({
      tipoCusto: 'custoMedio',
      addPercentualTransferencia: '0.0000',
    });
  });

  it('picks the cost of tipoCusto, falling back to the average', () => {
    const custos = { custoMedio: q('5'), ultimoCusto: q('6'), custoCadastro: q('7') };
    expect(custoBaseDaTransferencia('custoMedio', custos)).toBe(q('5'));
    expect(custoBaseDaTransferencia('ultimoCusto', custos)).toBe(q('6'));
    expect(custoBaseDaTransferencia('custoReposicao', custos)).toBe(q('7'));
    const sem = { custoMedio: q('5'), ultimoCusto: null, custoCadastro: null };
    expect(custoBaseDaTransferencia('ultimoCusto', sem)).toBe(q('5'));
    expect(custoBaseDaTransferencia('custoReposicao', sem)).toBe(q('5'));
  });

  it('adds the percentage at 6 places', () => {
    expect(escreverEstoque(custoComPercentual(q('10'), '10'))).toBe('11.000000');
    expect(escreverEstoque(custoComPercentual(q('3.333333'), '12.5'))).toBe('3.750000');
    expect(escreverEstoque(custoComPercentual(q('2.5'), '0'))).toBe('2.500000');
    expect(escreverEstoque(custoComPercentual(q('0.000001'), '49.9999'))).toBe('0.000001');
  });

  it('is cost × (1 + p/100) rounded half up at 6 places (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (custo, p4) => {
          const percentual = new Big(p4).div(10_000).toFixed(4);
          const esperado = new Big(custo.toString())
            .div(1_000_000)
            .times(new Big(1).plus(new Big(percentual).div(100)))
            .round(6, Big.roundHalfUp)
            .toFixed(6);
          expect(escreverEstoque(custoComPercentual(custo, percentual))).toBe(esperado);
        },
      ),
    );
  });
});

describe('finance of a transfer (spec 1 §3 and §5)', () => {
  const linhas: LinhaFinanceira[] = [
    { valorCentavos: 12_345n, planoDeContaCredito: null, planoDeContaDebito: null },
    { valorCentavos: 5_000n, planoDeContaCredito: '3.1.09', planoDeContaDebito: null },
    { valorCentavos: 0n, planoDeContaCredito: '3.1.10', planoDeContaDebito: '4.1.10' },
  ];

  it('a receivable of the origin and a payable of the destination per plan account, due after the default days', () => {
    const f = financeiroDaTransferencia({
      numero: 7,
      origem: centro,
      destino: shopping,
      dia: '2026-01-20',
      config: config(),
      linhas,
    });
    expect(f.semTitulos).toBeNull();
    expect(f.gerouFaturamento).toBe(false);
    expect(f.titulos).toEqual([
      {
        tipo: 'receber',
        empresa: centro._id,
        contraparte: shopping._id,
        planoConta: '3.1.05',
        valor: '123.45',
        vencimento: '2026-02-04',
        documento: 'Transferência nº 7',
      },
      {
        tipo: 'receber',
        empresa: centro._id,
        contraparte: shopping._id,
        planoConta: '3.1.09',
        valor: '50.00',
        vencimento: '2026-02-04',
        documento: 'Transferência nº 7',
      },
      {
        tipo: 'pagar',
        empresa: shopping._id,
        contraparte: centro._id,
        planoConta: '4.1.02',
        valor: '173.45',
        vencimento: '2026-02-04',
        documento: 'Transferência nº 7',
      },
    ]);
  });

  it('generates nothing when finance is off, or between branches of one company unless told to', () => {
    const desligado = config({ gerarFinanceiroTransferencia: false });
    expect(
      financeiroDaTransferencia({
        numero: 1,
        origem: centro,
        destino: shopping,
        dia: '2026-01-01',
        config: desligado,
        linhas,
      }),
    ).toMatchObject({ semTitulos: 'desligado', titulos: [] });
    expect(
      financeiroDaTransferencia({
        numero: 1,
        origem: centro,
        destino: filialCentro,
        dia: '2026-01-01',
        config: config(),
        linhas,
      }),
    ).toMatchObject({ semTitulos: 'mesmaEmpresa', titulos: [] });
    const propria = config({ gerarFinancerioPropriaLoja: true });
    expect(
      financeiroDaTransferencia({
        numero: 1,
        origem: centro,
        destino: filialCentro,
        dia: '2026-01-01',
        config: propria,
        linhas,
      }).titulos,
    ).toHaveLength(3);
  });

  it('refuses a missing default plan account, telling the user to review the company stock tab', () => {
    const semCredito = config({ planoDeContaTransferenciaCreditoPadrao: '' });
    expect(recusaPlanosDeConta(semCredito, centro, shopping, linhas)).toBe(
      'Plano de conta de crédito padrão da transferência não configurado: revise a aba Estoque do cadastro da empresa Loja Centro.',
    );
    const semDebito = config({ planoDeContaTransferenciaDebitoPadrao: undefined });
    expect(recusaPlanosDeConta(semDebito, centro, shopping, linhas)).toBe(
      'Plano de conta de débito padrão da transferência não configurado: revise a aba Estoque do cadastro da empresa Loja Centro.',
    );
    // Every line with its own plan accounts: the defaults are not needed.
    const proprios = linhas.map((l) => ({ ...l, planoDeContaCredito: '3.1', planoDeContaDebito: '4.1' }));
    expect(recusaPlanosDeConta(semCredito, centro, shopping, proprios)).toBeUndefined();
    // Finance off: nothing to check.
    expect(
      recusaPlanosDeConta(
        config({ gerarFinanceiroTransferencia: false, planoDeContaTransferenciaCreditoPadrao: null }),
        centro,
        shopping,
        linhas,
      ),
    ).toBeUndefined();
  });

  it('receivables and payables both sum the lines (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            valorCentavos: fc.bigInt({ min: 0n, max: 10n ** 10n }),
            planoDeContaCredito: fc.constantFrom(null, '3.1', '3.2'),
            planoDeContaDebito: fc.constantFrom(null, '4.1', '4.2'),
          }),
          { maxLength: 30 },
        ),
        (ls) => {
          const f = financeiroDaTransferencia({
            numero: 1,
            origem: centro,
            destino: shopping,
            dia: '2026-12-31',
            config: config(),
            linhas: ls,
          });
          const soma = (tipo: string) =>
            f.titulos.filter((t) => t.tipo === tipo).reduce((s, t) => s + lerEstoque(t.valor), 0n);
          const total = ls.reduce((s, l) => s + l.valorCentavos, 0n) * 10_000n;
          expect(soma('receber')).toBe(total);
          expect(soma('pagar')).toBe(total);
          expect(f.titulos.every((t) => t.vencimento === '2027-01-15')).toBe(true);
        },
      ),
    );
  });

  it('adds days across months and years', () => {
    expect(somarDiasAoDia('2026-02-20', 10)).toBe('2026-03-02');
    expect(somarDiasAoDia('2028-02-28', 1)).toBe('2028-02-29');
    expect(somarDiasAoDia('2026-05-05', 0)).toBe('2026-05-05');
  });
});

describe('receipt', () => {
  const enviadas = [
    { produto: 'p1', descricao: 'Queijo', quantidade: q('10'), custoUnitario: q('40.5') },
    { produto: 'p2', descricao: 'Molho', quantidade: q('3'), custoUnitario: q('12.5') },
  ];

  it('receives everything as shipped when nothing is listed', () => {
    const r = conferirRecebimentoTransferencia(enviadas, undefined);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(
      r.linhas.map((l) => [escreverEstoque(l.recebida), escreverCentavos(l.valorRecebido), l.divergencia]),
    ).toEqual([
      ['10.000000', '405.00', 0n],
      ['3.000000', '37.50', 0n],
    ]);
  });

  it('keeps a shortage as a loss in transit with its reason and value', () => {
    const r = conferirRecebimentoTransferencia(enviadas, [
      { produto: 'p1', quantidadeRecebida: q('9.5'), motivoDivergencia: 'Peça avariada no transporte' },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(escreverEstoque(r.linhas[0]!.divergencia)).toBe('0.500000');
    expect(escreverCentavos(r.linhas[0]!.valorDivergencia)).toBe('20.25');
    expect(r.linhas[0]!.motivoDivergencia).toBe('Peça avariada no transporte');
    expect(r.linhas[1]!.divergencia).toBe(0n);
  });

  it('refuses more than shipped, a shortage without reason and a product not shipped', () => {
    const r = conferirRecebimentoTransferencia(enviadas, [
      { produto: 'p1', quantidadeRecebida: q('11') },
      { produto: 'p2', quantidadeRecebida: q('0') },
      { produto: 'p9', quantidadeRecebida: q('1') },
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.erros).toEqual([
      'Um dos produtos recebidos não está nesta transferência.',
      'A quantidade recebida de Queijo (11) é maior que a enviada (10): receba o que foi enviado e lance o excedente como entrada.',
      'Informe o motivo da divergência de Molho: enviado 3, recebido 0.',
    ]);
  });

  it('received value + loss = shipped value, to the cent (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (quantidade, custo, fracao) => {
          const recebida = (quantidade * BigInt(Math.floor(fracao * 1000))) / 1000n;
          const r = conferirRecebimentoTransferencia(
            [{ produto: 'p', descricao: 'P', quantidade, custoUnitario: custo }],
            [{ produto: 'p', quantidadeRecebida: recebida, motivoDivergencia: 'x' }],
          );
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          const l = r.linhas[0]!;
          expect(l.recebida + l.divergencia).toBe(quantidade);
          expect(l.valorRecebido + l.valorDivergencia).toBe(valorDoMovimento(quantidade, custo));
        },
      ),
    );
  });

  it('schema: zero received is allowed, negative is not', () => {
    expect(
      receberTransferenciaSchema.safeParse({ itens: [{ produto: 'a'.repeat(24), quantidadeRecebida: '0' }] })
        .success,
    ).toBe(true);
    const neg = receberTransferenciaSchema.safeParse({
      itens: [{ produto: 'a'.repeat(24), quantidadeRecebida: '-1' }],
    });
    expect(neg.success).toBe(false);
    expect(JSON.stringify(neg.error?.issues)).toContain('não pode ser negativa');
  });
});

describe('create schema', () => {
  it('refuses the same store on both ends and a product twice', () => {
    const base = {
      _id: 'd'.repeat(24),
      empresaOrigem: centro._id,
      empresaDestino: centro._id,
      itens: [{ produto: 'e'.repeat(24), quantidade: '1' }],
    };
    const mesma = criarTransferenciaSchema.safeParse(base);
    expect(JSON.stringify(mesma.error?.issues)).toContain('diferente da loja de origem');
    const dobrado = criarTransferenciaSchema.safeParse({
      ...base,
      empresaDestino: shopping._id,
      itens: [base.itens[0], { produto: 'e'.repeat(24), quantidade: '2' }],
    });
    expect(JSON.stringify(dobrado.error?.issues)).toContain('duas linhas');
    for (const quantidade of ['0', '-1', 'NaN', '1.1234567']) {
      expect(
        criarTransferenciaSchema.safeParse({
          ...base,
          empresaDestino: shopping._id,
          itens: [{ produto: 'e'.repeat(24), quantidade }],
        }).success,
      ).toBe(false);
    }
  });
});

describe('replenishment suggestion', () => {
  const s = (
    saldo: string,
    minimo: string,
    maximo: string,
    emTransito = '0',
    pendente = '0',
    fracionada = true,
  ) =>
    sugestaoReposicao({
      saldo: q(saldo),
      minimo: q(minimo),
      maximo: q(maximo),
      emTransito: q(emTransito),
      pendente: q(pendente),
      fracionada,
    });

  it.each([
    // saldo, min, max, transit, asked, fractional -> suggested, below minimum
    ['8', '10', '40', '0', '0', true, '32.000000', true],
    ['8', '10', '40', '20', '0', true, '12.000000', false],
    ['8', '10', '40', '20', '15', true, '0.000000', false],
    ['45', '10', '40', '0', '0', true, '0.000000', false],
    ['-5', '10', '40', '0', '0', true, '40.000000', true],
    ['2.350', '30', '120', '0', '0', false, '118.000000', true],
    ['2.350', '30', '120', '0', '0', true, '117.650000', true],
  ] as const)(
    'saldo %s min %s max %s transit %s asked %s',
    (saldo, min, max, transito, pendente, fracionada, sugerido, abaixo) => {
      const r = s(saldo, min, max, transito, pendente, fracionada);
      expect(escreverEstoque(r.sugerido)).toBe(sugerido);
      expect(r.abaixoDoMinimo).toBe(abaixo);
    },
  );

  it('never negative, and reaches the maximum when it suggests (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 9n), max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.boolean(),
        (saldo, maximo, emTransito, fracionada) => {
          const r = sugestaoReposicao({ saldo, minimo: 0n, maximo, emTransito, pendente: 0n, fracionada });
          expect(r.sugerido >= 0n).toBe(true);
          const projetado = (saldo > 0n ? saldo : 0n) + emTransito;
          if (r.sugerido > 0n) {
            expect(projetado + r.sugerido >= maximo).toBe(true);
            expect(projetado + r.sugerido - maximo < (fracionada ? 1n : 1_000_000n)).toBe(true);
          } else expect(projetado >= maximo).toBe(true);
        },
      ),
    );
  });
});

describe('report CSV', () => {
  it('writes a header and the figures as numbers', () => {
    const linhas = linhasCsvRelatorioTransferencia({
      linhas: [
        {
          transferencia: { _id: 'x', numero: 3 },
          status: 'recebida',
          enviadoEm: '2026-03-10T13:00:00.000Z',
          recebidoEm: '2026-03-10T18:30:00.000Z',
          origem: { _id: 'a', descricao: 'Loja Centro' },
          destino: { _id: 'b', descricao: 'Loja Shopping' },
          produto: { _id: 'p', descricao: 'Queijo', codigoInterno: 12, unidade: 'KG' },
          quantidade: '10.000000',
          quantidadeRecebida: '9.500000',
          divergencia: '0.500000',
          custoUnitario: '40.500000',
          valorEnviado: '405.00',
          valorRecebido: '384.75',
          valorDivergencia: '20.25',
          motivoDivergencia: 'Avaria',
        },
      ],
      totais: {
        transferencias: 1,
        valorEnviado: '405.00',
        valorRecebido: '384.75',
        valorDivergencia: '20.25',
        valorEmTransito: '0.00',
      },
    });
    expect(linhas[0]?.[0]).toBe('Nº');
    expect(linhas[1]).toEqual([
      3,
      'Recebida',
      '10/03/2026, 10:00',
      '10/03/2026, 15:30',
      'Loja Centro',
      'Loja Shopping',
      12,
      'Queijo',
      'KG',
      10,
      9.5,
      0.5,
      40.5,
      405,
      384.75,
      20.25,
      'Avaria',
    ]);
  });
});
