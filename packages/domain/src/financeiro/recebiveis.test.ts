import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dataDoNumero,
  diaDaSemana,
  ehDataIso,
  ehDiaUtil,
  feriadosNacionais,
  numeroDoDia,
  pascoa,
  proximoDiaUtil,
  somarDiasCorridos,
} from './calendario.ts';
import {
  agendaRecebimento,
  antecipacao,
  lerCentavos,
  type RegraRecebimento,
  type RegraRecebimentoEntrada,
  regraAplicavel,
  regraRecebimentoSchema,
  taxaEmCentavos,
  vencimentoConvenio,
} from './recebiveis.ts';

const criarRegra = (o: Partial<RegraRecebimento> = {}): RegraRecebimento => ({
  operadora: 'cielo',
  bandeira: null,
  produto: 'credito',
  parcelasDe: 1,
  parcelasAte: 1,
  dias: 30,
  intervaloDias: 30,
  taxaPercentual: '2.39',
  taxaAntecipacaoPercentual: null,
  diasUteis: false,
  ...o,
});

const mensagens = (entrada: RegraRecebimentoEntrada) => {
  const r = regraRecebimentoSchema.safeParse(entrada);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('calendário', () => {
  it('computes Easter and the moveable holidays', () => {
    expect(pascoa(2024)).toBe('2024-03-31');
    expect(pascoa(2025)).toBe('2025-04-20');
    expect(pascoa(2026)).toBe('2026-04-05');
    expect(pascoa(2000)).toBe('2000-04-23');
    expect(feriadosNacionais(2026)).toEqual([
      '2026-01-01',
      '2026-02-16', // Carnival Monday
      '2026-02-17', // Carnival Tuesday
      '2026-04-03', // Good Friday
      '2026-04-21',
      '2026-05-01',
      '2026-06-04', // Corpus Christi
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
    // Consciência Negra is national from 2024 only (Lei 14.759/2023).
    expect(feriadosNacionais(2023)).not.toContain('2023-11-20');
  });

  it('counts days exactly like the Gregorian calendar (property against Date)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -719_162, max: 2_932_896 }), (n) => {
        const esperado = new Date(n * 86_400_000).toISOString().slice(0, 10);
        expect(dataDoNumero(n)).toBe(esperado);
        expect(numeroDoDia(esperado)).toBe(n);
      }),
    );
    expect(numeroDoDia('1970-01-01')).toBe(0);
    expect(ehDataIso('2024-02-29')).toBe(true);
    expect(ehDataIso('2100-02-29')).toBe(false);
    expect(ehDataIso('2026-1-01')).toBe(false);
    expect(ehDataIso('2026-01-0a')).toBe(false);
  });

  it('moves to the next business day over weekends and holidays', () => {
    expect(diaDaSemana('2026-03-07')).toBe(6); // Saturday
    expect(proximoDiaUtil('2026-03-07')).toBe('2026-03-09');
    expect(proximoDiaUtil('2026-03-09')).toBe('2026-03-09');
    // Saturday 14/02/2026 -> Sunday -> Carnival Mon/Tue -> Wednesday of Ashes.
    expect(proximoDiaUtil('2026-02-14')).toBe('2026-02-18');
    // Good Friday 03/04/2026 -> Monday 06/04.
    expect(proximoDiaUtil('2026-04-03')).toBe('2026-04-06');
    expect(ehDiaUtil('2026-12-25')).toBe(false);
    expect(somarDiasCorridos('2024-02-28', 1)).toBe('2024-02-29');
    expect(() => numeroDoDia('2026-02-30')).toThrow(RangeError);
  });
});

describe('regra de recebimento (schema)', () => {
  it('fills the defaults of each product', () => {
    const debito = regraRecebimentoSchema.parse({
      operadora: 'cielo',
      produto: 'debito',
      taxaPercentual: '1,5',
    });
    expect(debito).toMatchObject({
      bandeira: null,
      parcelasDe: 1,
      parcelasAte: 1,
      dias: 1,
      intervaloDias: 30,
      taxaPercentual: '1.50',
      diasUteis: true,
    });
    const parcelado = regraRecebimentoSchema.parse({
      operadora: 'cielo',
      produto: 'creditoParcelado',
      taxaPercentual: 3.1234,
    });
    expect(parcelado).toMatchObject({ parcelasDe: 2, parcelasAte: 99, dias: 30, taxaPercentual: '3.1234' });
    expect(
      regraRecebimentoSchema.parse({ operadora: 'x', produto: 'prePago', taxaPercentual: '0' }).dias,
    ).toBe(2);
    expect(
      regraRecebimentoSchema.parse({ operadora: 'x', produto: 'voucher', taxaPercentual: '0' }).dias,
    ).toBe(30);
  });

  it('refuses bad input with a message naming the field', () => {
    const base = { operadora: 'cielo', produto: 'creditoParcelado' as const, taxaPercentual: '2.5' };
    expect(mensagens({ ...base, taxaPercentual: '100.01' })).toEqual([
      'Taxa (MDR) deve estar entre 0 e 100.',
    ]);
    expect(mensagens({ ...base, taxaPercentual: '-1' })[0]).toMatch(/^Taxa \(MDR\): informe um número/);
    expect(mensagens({ ...base, taxaPercentual: 'abc' })[0]).toMatch(/^Taxa \(MDR\)/);
    expect(mensagens({ ...base, taxaAntecipacaoPercentual: '101' })).toEqual([
      'Taxa de antecipação deve estar entre 0 e 100.',
    ]);
    expect(mensagens({ ...base, parcelasDe: 6, parcelasAte: 3 })).toEqual([
      'Parcelas até deve ser maior ou igual a Parcelas de.',
    ]);
    expect(mensagens({ ...base, parcelasAte: 100 })).toEqual(['Parcelas até deve estar entre 1 e 99.']);
    expect(mensagens({ ...base, dias: 366 })).toEqual(['Dias para o recebimento deve estar entre 0 e 365.']);
    expect(mensagens({ ...base, dias: 1.5 })).toEqual([
      'Dias para o recebimento: informe um número inteiro.',
    ]);
    expect(mensagens({ ...base, operadora: ' ' })).toEqual(['Informe a operadora.']);
    expect(mensagens({ ...base, produto: 'cheque' as 'debito' })[0]).toMatch(/^Produto:/);
    expect(mensagens({ operadora: 'c', produto: 'debito', taxaPercentual: '1', parcelasAte: 3 })).toEqual([
      'Débito é sempre em 1 parcela.',
    ]);
    expect(mensagens({ ...base, taxaPercentual: '0' })).toEqual([]);
    expect(mensagens({ ...base, taxaPercentual: '100' })).toEqual([]);
  });
});

describe('regraAplicavel', () => {
  const geral = criarRegra({ id: 'geral', produto: 'creditoParcelado', parcelasDe: 2, parcelasAte: 12 });
  const curta = criarRegra({ id: 'curta', produto: 'creditoParcelado', parcelasDe: 2, parcelasAte: 6 });
  const visa = criarRegra({
    id: 'visa',
    bandeira: 'visa',
    produto: 'creditoParcelado',
    parcelasDe: 2,
    parcelasAte: 12,
  });
  const regras = [
    geral,
    curta,
    visa,
    criarRegra({ id: 'rede', operadora: 'rede', produto: 'creditoParcelado' }),
  ];

  it('prefers the exact brand, then the narrower instalment range', () => {
    const venda = { operadora: 'cielo', produto: 'creditoParcelado' as const, parcelas: 3 };
    expect(regraAplicavel(regras, { ...venda, bandeira: 'visa' }).id).toBe('visa');
    expect(regraAplicavel(regras, { ...venda, bandeira: 'master' }).id).toBe('curta');
    expect(regraAplicavel(regras, { ...venda, bandeira: 'master', parcelas: 10 }).id).toBe('geral');
    expect(regraAplicavel([visa, curta], { ...venda, bandeira: 'visa' }).id).toBe('visa');
    expect(regraAplicavel([...regras].reverse(), { ...venda, bandeira: 'master' }).id).toBe('curta');
    expect(regraAplicavel(regras, { ...venda }).padrao).toBe(false);
  });

  it('falls back to the default of the product', () => {
    const r = regraAplicavel(regras, { operadora: 'stone', produto: 'debito', parcelas: 1 });
    expect(r).toMatchObject({
      padrao: true,
      dias: 1,
      taxaPercentual: '0.00',
      diasUteis: true,
      operadora: 'stone',
    });
    expect(
      regraAplicavel(regras, { operadora: 'cielo', produto: 'creditoParcelado', parcelas: 13 }).padrao,
    ).toBe(true);
    expect(regraAplicavel([], { operadora: 'c', produto: 'prePago', parcelas: 1 }).dias).toBe(2);
  });
});

describe('agendaRecebimento', () => {
  it('splits 3x R$ 100.00 with the remainder cent on the first instalment', () => {
    const agenda = agendaRecebimento({
      valor: '100.00',
      dataVenda: '2026-03-02',
      parcelas: 3,
      regra: criarRegra({ taxaPercentual: '2.39', diasUteis: false }),
    });
    expect(agenda.parcelas).toEqual([
      // 33.34 × 2.39% = 0.796826 -> 0.80
      { parcela: 1, dataPrevista: '2026-04-01', valorBruto: '33.34', taxa: '0.80', valorLiquido: '32.54' },
      // 33.33 × 2.39% = 0.796587 -> 0.80
      { parcela: 2, dataPrevista: '2026-05-01', valorBruto: '33.33', taxa: '0.80', valorLiquido: '32.53' },
      { parcela: 3, dataPrevista: '2026-05-31', valorBruto: '33.33', taxa: '0.80', valorLiquido: '32.53' },
    ]);
    expect(agenda).toMatchObject({ valorBruto: '100.00', taxa: '2.40', valorLiquido: '97.60' });
  });

  it('settles debit D+1 on the next business day and rounds the fee half up', () => {
    // Friday before Carnival: D+1 is Saturday -> Wednesday 18/02.
    const agenda = agendaRecebimento({
      valor: '50',
      dataVenda: '2026-02-13',
      parcelas: 1,
      regra: criarRegra({ dias: 1, taxaPercentual: '1.00', diasUteis: true }),
    });
    // 50.00 × 1% = 0.50 exactly
    expect(agenda.parcelas[0]).toEqual({
      parcela: 1,
      dataPrevista: '2026-02-18',
      valorBruto: '50.00',
      taxa: '0.50',
      valorLiquido: '49.50',
    });
    // 0.50 × 1% = 0.005 -> half up to 0.01
    expect(taxaEmCentavos(50, '1.00')).toBe(1);
    expect(taxaEmCentavos(49, '1.00')).toBe(0);
  });

  it('moves each instalment on its own: a holiday on one does not push the next', () => {
    // Sale 2026-03-04 + 30 = 2026-04-03 (Good Friday) -> 06/04; + 60 = 2026-05-03 (Sunday) -> 04/05.
    const agenda = agendaRecebimento({
      valor: '10.00',
      dataVenda: '2026-03-04',
      parcelas: 3,
      regra: criarRegra({ diasUteis: true }),
    });
    expect(agenda.parcelas.map((p) => p.dataPrevista)).toEqual(['2026-04-06', '2026-05-04', '2026-06-02']);
  });

  it('refuses what is not a sale', () => {
    const regra = criarRegra();
    expect(() => agendaRecebimento({ valor: '0', dataVenda: '2026-03-02', parcelas: 1, regra })).toThrow(
      'Valor da venda deve ser maior que zero.',
    );
    expect(() => agendaRecebimento({ valor: '1.234', dataVenda: '2026-03-02', parcelas: 1, regra })).toThrow(
      /Valor inválido/,
    );
    expect(() => agendaRecebimento({ valor: 'NaN', dataVenda: '2026-03-02', parcelas: 1, regra })).toThrow(
      /Valor inválido/,
    );
    expect(() => agendaRecebimento({ valor: '10', dataVenda: '02/03/2026', parcelas: 1, regra })).toThrow(
      /Data da venda inválida/,
    );
    expect(() => agendaRecebimento({ valor: '10', dataVenda: '2026-03-02', parcelas: 100, regra })).toThrow(
      'Parcelas deve estar entre 1 e 99.',
    );
  });

  it('keeps Σ gross = sale, Σ fee = fee, Σ net = net, remainder only on the first (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (centavos, parcelas, taxa4) => {
          const taxaPercentual = (taxa4 / 10_000).toFixed(4);
          const agenda = agendaRecebimento({
            valor: (centavos / 100).toFixed(2),
            dataVenda: '2026-01-15',
            parcelas,
            regra: criarRegra({ taxaPercentual }),
          });
          const c = (t: string) => lerCentavos(t);
          const brutos = agenda.parcelas.map((p) => c(p.valorBruto));
          const taxas = agenda.parcelas.map((p) => c(p.taxa));
          const liquidos = agenda.parcelas.map((p) => c(p.valorLiquido));
          const soma = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          expect(soma(brutos)).toBe(centavos);
          expect(c(agenda.valorBruto)).toBe(centavos);
          expect(soma(taxas)).toBe(c(agenda.taxa));
          expect(soma(liquidos)).toBe(c(agenda.valorLiquido));
          expect(c(agenda.valorLiquido)).toBe(centavos - c(agenda.taxa));
          const base = Math.floor(centavos / parcelas);
          expect(brutos.slice(1).every((b) => b === base)).toBe(true);
          expect(brutos[0]! - base).toBe(centavos - base * parcelas);
          // Fee per instalment: bruto × taxa / 100 rounded half up, checked in bigint.
          agenda.parcelas.forEach((p, i) => {
            const exato = BigInt(brutos[i]!) * BigInt(taxa4);
            const arredondado = (exato * 2n + 1_000_000n) / 2_000_000n;
            expect(BigInt(taxas[i]!)).toBe(arredondado);
            expect(p.parcela).toBe(i + 1);
          });
        },
      ),
    );
  });
});

describe('antecipacao', () => {
  it('discounts each instalment pro rata die at the monthly rate', () => {
    const r = antecipacao({
      parcelas: [
        { parcela: 1, dataPrevista: '2026-04-01', valorLiquido: '97.61' },
        { parcela: 2, dataPrevista: '2026-05-01', valorLiquido: '97.60' },
        { parcela: 3, dataPrevista: '2026-03-01', valorLiquido: '10.00' },
      ],
      dataAntecipacao: '2026-03-02',
      taxaAntecipacaoPercentual: '1.99',
    });
    // 97.61 × 1.99% × 30/30 = 1.942439 -> 1.94; 97.60 × 1.99% × 60/30 = 3.88448 -> 3.88; already due: 0.
    expect(r.parcelas.map((p) => [p.dias, p.desconto, p.valorAntecipado])).toEqual([
      [30, '1.94', '95.67'],
      [60, '3.88', '93.72'],
      [0, '0.00', '10.00'],
    ]);
    expect(r).toMatchObject({ desconto: '5.82', valorAntecipado: '199.39' });
  });
});

describe('vencimentoConvenio', () => {
  const v = (dataVenda: string, diaFechamento: number, diaVencimento: number) =>
    vencimentoConvenio({ dataVenda, diaFechamento, diaVencimento });

  it('puts a purchase on the closing day in the cycle and one after it in the next', () => {
    expect(v('2026-03-20', 20, 10)).toEqual({ dataFechamento: '2026-03-20', dataVencimento: '2026-04-10' });
    expect(v('2026-03-21', 20, 10)).toEqual({ dataFechamento: '2026-04-20', dataVencimento: '2026-05-10' });
    expect(v('2026-12-21', 20, 10)).toEqual({ dataFechamento: '2027-01-20', dataVencimento: '2027-02-10' });
  });

  it('falls due in the closing month when the due day comes after the closing day', () => {
    expect(v('2026-03-02', 5, 15)).toEqual({ dataFechamento: '2026-03-05', dataVencimento: '2026-03-15' });
    expect(v('2026-03-02', 5, 5)).toEqual({ dataFechamento: '2026-03-05', dataVencimento: '2026-04-05' });
  });

  it('clamps day 31 to the end of a shorter month', () => {
    expect(v('2026-04-15', 31, 10)).toEqual({ dataFechamento: '2026-04-30', dataVencimento: '2026-05-10' });
    // Closing 31 in April: the 30th is the last day, so a purchase on the 30th is in April's cycle.
    expect(v('2026-04-30', 31, 10).dataFechamento).toBe('2026-04-30');
    expect(v('2026-01-10', 25, 31)).toEqual({ dataFechamento: '2026-01-25', dataVencimento: '2026-01-31' });
    expect(v('2026-02-10', 25, 31)).toEqual({ dataFechamento: '2026-02-25', dataVencimento: '2026-02-28' });
    expect(v('2028-02-10', 25, 31).dataVencimento).toBe('2028-02-29');
    expect(v('2026-01-31', 30, 5)).toEqual({ dataFechamento: '2026-02-28', dataVencimento: '2026-03-05' });
  });

  it('refuses days outside 1..31', () => {
    expect(() => v('2026-01-01', 0, 10)).toThrow('Dia de fechamento deve estar entre 1 e 31.');
    expect(() => v('2026-01-01', 10, 32)).toThrow('Dia de vencimento deve estar entre 1 e 31.');
    expect(() => v('2026-13-01', 10, 12)).toThrow(/Data da venda inválida/);
  });
});
