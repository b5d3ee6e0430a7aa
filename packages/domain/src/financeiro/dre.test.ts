import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centavosDre,
  compararCodigos,
  dreConsultaSchema,
  type LinhaContaDre,
  type LinhaDre,
  mesesEntre,
  montarDre,
  type PlanoDre,
  percentualDre,
  periodoAnteriorDre,
  type SomaDre,
  textoCentavos,
} from './dre.ts';
import { codigoPai, PLANO_CONTAS_PADRAO } from './plano-padrao.ts';

// The default chart with ids = codes, so the expectations read like the DRE.
const plano: PlanoDre[] = PLANO_CONTAS_PADRAO.map((p) => ({
  _id: p.codigo,
  codigo: p.codigo,
  descricao: p.descricao,
  natureza: p.natureza,
  pai: codigoPai(p.codigo),
}));
const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const empresas = [
  { _id: A, descricao: 'Loja Centro' },
  { _id: B, descricao: 'Loja Shopping' },
];
const soma = (plano: string | null, valor: string, extra: Partial<SomaDre> = {}): SomaDre => ({
  plano,
  empresa: A,
  mes: '2026-03',
  anterior: false,
  valor,
  ...extra,
});
const dre = (somas: SomaDre[], comparar = false) =>
  montarDre({
    regime: 'competencia',
    inicio: '2026-03-01',
    fim: '2026-04-30',
    comparar,
    empresas,
    plano,
    somas,
  });

function achar(linhas: readonly LinhaDre[], id: string): LinhaDre | undefined {
  for (const l of linhas) {
    if (l._id === id) return l;
    const f = l.tipo === 'conta' && l.filhos ? achar(l.filhos, id) : undefined;
    if (f) return f;
  }
  return undefined;
}

describe('montarDre', () => {
  const somas = [
    soma('1.01.001', '10000.00'), // sales, Centro, March
    soma('1.01.001', '5000.00', { empresa: B, mes: '2026-04' }),
    soma('1.01.002', '500.00'),
    soma('2.01', '-1200.00'),
    soma('3.02', '-4000.00', { mes: '2026-04' }),
    soma('4.01.001', '-3000.00'),
    soma('4.03.001', '-310.50', { empresa: B }),
    soma('4.06.001', '-2.00'),
    soma('5.01', '-20.00'),
    soma('5.05', '15.00'),
    soma(null, '-7.25'),
  ];
  const r = dre(somas);

  it('rolls children into parents and keeps the signs of the money', () => {
    expect(achar(r.linhas, '1.01')?.valor).toBe('15500.00');
    expect(achar(r.linhas, '1')?.valor).toBe('15500.00');
    expect(achar(r.linhas, '4')?.valor).toBe('-3312.50');
    expect(achar(r.linhas, '4.03')?.valor).toBe('-310.50');
    // Root 5 holds a revenue child: the sum keeps both signs.
    expect(achar(r.linhas, '5')?.valor).toBe('-5.00');
    expect(r.receitaBruta).toBe('15500.00');
  });

  it('writes the result lines in reading order', () => {
    const ordem = r.linhas.map((l) => l._id);
    expect(ordem).toEqual([
      '1',
      '2',
      'receitaLiquida',
      '3',
      'lucroBruto',
      '4',
      'resultadoOperacional',
      '5',
      'sem-plano',
      'resultadoLiquido',
    ]);
    const v = (id: string) => achar(r.linhas, id)?.valor;
    expect(v('receitaLiquida')).toBe('14300.00');
    expect(v('lucroBruto')).toBe('10300.00');
    expect(v('resultadoOperacional')).toBe('6987.50');
    expect(v('resultadoLiquido')).toBe('6975.25');
    expect(r.resultadoLiquido).toBe('6975.25');
  });

  it('leaves out nodes without values and shows per store and month', () => {
    expect(achar(r.linhas, '4.02')).toBeUndefined();
    const vendas = achar(r.linhas, '1.01.001')!;
    expect(vendas.porEmpresa).toEqual(['10000.00', '5000.00']);
    expect(vendas.porMes).toEqual(['10000.00', '5000.00']);
    expect(r.meses).toEqual(['2026-03', '2026-04']);
    const liquido = achar(r.linhas, 'resultadoLiquido')!;
    expect(liquido.porEmpresa).toEqual(['2285.75', '4689.50']);
    expect(liquido.porMes).toEqual(['5975.25', '1000.00']);
  });

  it('percent of gross revenue and variation against the previous period', () => {
    const c = dre(
      [
        soma('1.01.001', '1000.00'),
        soma('1.01.001', '800.00', { anterior: true, mes: '2026-01' }),
        soma('4.01.001', '-250.00'),
        soma('4.02.001', '-100.00', { anterior: true, mes: '2026-02' }),
      ],
      true,
    );
    const vendas = achar(c.linhas, '1.01.001')!;
    expect(vendas.percentual).toBe('100.00');
    expect(vendas.anterior).toBe('800.00');
    expect(vendas.variacao).toBe('25.00');
    const salarios = achar(c.linhas, '4.01.001')!;
    expect(salarios.percentual).toBe('-25.00');
    expect(salarios.variacao).toBeNull();
    // A node only in the previous period is still shown (it went to zero: −100%).
    const aluguel = achar(c.linhas, '4.02.001')!;
    expect(aluguel.valor).toBe('0.00');
    expect(aluguel.variacao).toBe('100.00');
    expect(achar(c.linhas, 'resultadoLiquido')?.anterior).toBe('700.00');
    expect(c.anterior).toEqual({ inicio: '2026-01-01', fim: '2026-02-28' });
  });

  it('orders children by the numbers of their codes', () => {
    const proprio: PlanoDre[] = [
      ...plano,
      { _id: 'x10', codigo: '4.10', descricao: 'Dez', natureza: 'Despesa', pai: '4' },
      { _id: 'x9', codigo: '4.9', descricao: 'Nove', natureza: 'Despesa', pai: '4' },
    ];
    const c = montarDre({
      regime: 'caixa',
      inicio: '2026-03-01',
      fim: '2026-03-31',
      comparar: false,
      empresas,
      plano: proprio,
      somas: [soma('x10', '-1.00'), soma('x9', '-1.00')],
    });
    const quatro = achar(c.linhas, '4') as LinhaContaDre;
    expect(quatro.filhos?.map((f) => f.codigo)).toEqual(['4.9', '4.10']);
    expect(compararCodigos('4.10', '4.9')).toBeGreaterThan(0);
  });

  it('property: the net result is the sum of every value, whatever the tree', () => {
    const folhas = plano.filter((p) => !plano.some((f) => f.pai === p._id)).map((p) => p._id);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            plano: fc.constantFrom(...folhas),
            centavos: fc.integer({ min: -10_000_000, max: 10_000_000 }),
            loja: fc.boolean(),
          }),
          { maxLength: 40 },
        ),
        (lista) => {
          const r = dre(
            lista.map((x) => soma(x.plano, textoCentavos(BigInt(x.centavos)), { empresa: x.loja ? A : B })),
          );
          const total = lista.reduce((s, x) => s + BigInt(x.centavos), 0n);
          const liq = achar(r.linhas, 'resultadoLiquido')!;
          expect(liq.valor).toBe(textoCentavos(total));
          expect(liq.porEmpresa.reduce((s, v) => s + centavosDre(v), 0n)).toBe(total);
        },
      ),
    );
  });
});

describe('periods and helpers', () => {
  it('the previous period: whole months or the same number of days', () => {
    expect(periodoAnteriorDre('2026-03-01', '2026-03-31')).toEqual({
      inicio: '2026-02-01',
      fim: '2026-02-28',
    });
    expect(periodoAnteriorDre('2026-04-01', '2026-06-30')).toEqual({
      inicio: '2026-01-01',
      fim: '2026-03-31',
    });
    expect(periodoAnteriorDre('2026-03-10', '2026-03-19')).toEqual({
      inicio: '2026-02-28',
      fim: '2026-03-09',
    });
    expect(mesesEntre('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('cents and percentages', () => {
    expect(centavosDre('-12.5')).toBe(-1250n);
    expect(centavosDre('0.005')).toBe(1n);
    expect(textoCentavos(-5n)).toBe('-0.05');
    expect(percentualDre(1n, 3n)).toBe('33.33');
    expect(percentualDre(-2n, 3n)).toBe('-66.67');
    expect(percentualDre(5n, 0n)).toBeNull();
  });

  it('the request: days, regime and the stock reports period rule', () => {
    const ok = dreConsultaSchema.safeParse({
      dataInicio: '2026-01-01',
      dataFim: '2026-12-31',
      regime: 'caixa',
    });
    expect(ok.success).toBe(true);
    const mesmoDia = dreConsultaSchema.safeParse({
      dataInicio: '2026-01-01',
      dataFim: '2026-01-01',
      regime: 'competencia',
    });
    expect(mesmoDia.success).toBe(true);
    const erro = (c: Record<string, unknown>) =>
      dreConsultaSchema.safeParse({ dataInicio: '2026-01-01', dataFim: '2026-01-31', regime: 'caixa', ...c })
        .error?.issues[0]?.message;
    expect(erro({ dataFim: '2025-12-31' })).toBe(
      'Período inválido: informe a data inicial antes da final (até 366 dias).',
    );
    expect(erro({ dataFim: '2027-01-02' })).toBe(
      'Período inválido: informe a data inicial antes da final (até 366 dias).',
    );
    expect(erro({ dataInicio: '2026-02-30' })).toBe('Data inicial inválida!');
    expect(erro({ regime: 'outro' })).toBe('Regime inválido: competencia ou caixa.');
  });
});
