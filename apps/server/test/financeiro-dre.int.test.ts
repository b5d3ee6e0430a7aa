import type { LinhaDre, RelatorioDre, ResumoFinanceiro } from '@retaguarda/domain';
import { diaComercial, somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { novoId } from '../src/lib/ids.ts';
import { contaPorChave, planoPorChave } from '../src/modules/financeiro/cadastros-padrao.ts';
import { estornarMovimentacao, lancarMovimentacoes } from '../src/modules/financeiro/livro.ts';
import { type AppTeste, criarAppTeste, type Registro } from './app-teste.ts';

// The DRE by the chart of accounts (issue 18) through its routes as the finance clerk, on March 2025 (far from the
// demo's bills of the current month) compared with February. Titles are created, settled, reversed and cancelled
// through the title routes; movements without a title (cash closing, a shortfall, PIX and its reversal, a transfer
// between own accounts) through the ledger's one write path, as the POS posting worker writes them. Every figure
// below is computed by hand in the comments.

let t: AppTeste;
let fin: string;
let centro: string;
let shopping: string;
const plano: Record<string, string> = {};
const conta: Record<string, string> = {};

async function postar(url: string, corpo: unknown, token = fin): Promise<Registro> {
  const r = await t.post(url, corpo, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
}

async function titulo(c: {
  empresa: string;
  tipo: 'pagar' | 'receber';
  plano: string;
  valor: string;
  competencia: string;
  vencimento: string;
}): Promise<string> {
  const _id = novoId();
  await postar('/api/financeiroTitulo', {
    _id,
    empresa: c.empresa,
    tipo: c.tipo,
    descricao: `DRE ${c.tipo} ${c.valor}`,
    planoConta: c.plano,
    valor: c.valor,
    competencia: c.competencia,
    vencimento: c.vencimento,
    parcelas: 1,
  });
  return _id;
}

const baixar = (contaId: string, data: string, tit: Record<string, unknown>) =>
  postar('/api/financeiroTitulo/baixar', { _id: novoId(), conta: contaId, data, titulos: [tit] });

const dre = async (corpo: Record<string, unknown>, rota = 'financeiroPlanoDeContas') =>
  (await postar(`/api/relatorio/${rota}`, {
    dataInicio: '2025-03-01',
    dataFim: '2025-03-31',
    empresas: [centro, shopping],
    ...corpo,
  })) as unknown as RelatorioDre;

function linha(r: RelatorioDre, id: string): LinhaDre {
  const achar = (ls: readonly LinhaDre[]): LinhaDre | undefined => {
    for (const l of ls) {
      if (l._id === id) return l;
      const f = l.tipo === 'conta' && l.filhos ? achar(l.filhos) : undefined;
      if (f) return f;
    }
    return undefined;
  };
  const l = achar(r.linhas);
  if (!l) throw new Error(`linha ${id} ausente`);
  return l;
}
const valor = (r: RelatorioDre, id: string) => linha(r, id).valor;
const existe = (r: RelatorioDre, id: string) => {
  try {
    linha(r, id);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  t = await criarAppTeste();
  centro = t.demo.empresas.centro;
  shopping = t.demo.empresas.shopping;
  fin = await t.login('financeiro@exemplo.com.br', 'financeiro123');
  const db = t.banco.db;
  const g = t.demo.grupoId;
  for (const k of [
    'receitaVendas',
    'aluguel',
    'salarios',
    'comprasInsumos',
    'quebraCaixa',
    'taxasCartao',
    'jurosRecebidos',
    'descontosObtidos',
  ] as const)
    plano[k] = await planoPorChave(db, g, k);
  const porCodigo = async (codigo: string) =>
    String(
      (
        await consultarUm(
          db,
          sql`select id from financeiro_plano_conta where grupo_empresarial_id = ${g} and codigo = ${codigo}`,
        )
      )?.id,
    );
  plano.energia = await porCodigo('4.02.002');
  plano.gas = await porCodigo('4.02.004');
  conta.caixaCentro = await contaPorChave(db, g, centro, 'caixaLoja');
  conta.bancoCentro = await contaPorChave(db, g, centro, 'bancoLoja');
  conta.bancoShopping = await contaPorChave(db, g, shopping, 'bancoLoja');

  // 1. Centro receivable 1000,00 (competence 05/03), 600,00 received on 20/03 with 10,00 interest + 2,00 fine.
  const t1 = await titulo({
    empresa: centro,
    tipo: 'receber',
    plano: plano.receitaVendas!,
    valor: '1000.00',
    competencia: '2025-03-05',
    vencimento: '2025-04-05',
  });
  await baixar(conta.bancoCentro!, '2025-03-20', {
    titulo: t1,
    valor: '600.00',
    juros: '10.00',
    multa: '2.00',
  });
  // 2. Centro rent 3000,00 paid on 10/03 with a 50,00 discount.
  const t2 = await titulo({
    empresa: centro,
    tipo: 'pagar',
    plano: plano.aluguel!,
    valor: '3000.00',
    competencia: '2025-03-01',
    vencimento: '2025-03-10',
  });
  await baixar(conta.bancoCentro!, '2025-03-10', { titulo: t2, valor: '3000.00', desconto: '50.00' });
  // 3. Centro electricity 800,00 of March, due in April, open.
  await titulo({
    empresa: centro,
    tipo: 'pagar',
    plano: plano.energia!,
    valor: '800.00',
    competencia: '2025-03-01',
    vencimento: '2025-04-10',
  });
  // 4. Shopping payroll 5000,00 of February paid on 05/03.
  const t4 = await titulo({
    empresa: shopping,
    tipo: 'pagar',
    plano: plano.salarios!,
    valor: '5000.00',
    competencia: '2025-02-01',
    vencimento: '2025-03-05',
  });
  await baixar(conta.bancoShopping!, '2025-03-05', { titulo: t4, valor: '5000.00' });
  // 5. Shopping purchase 1200,00 cancelled: in no basis.
  const t5 = await titulo({
    empresa: shopping,
    tipo: 'pagar',
    plano: plano.comprasInsumos!,
    valor: '1200.00',
    competencia: '2025-03-15',
    vencimento: '2025-03-30',
  });
  await postar('/api/financeiroTitulo/cancelar', { titulo: t5, motivo: 'Lançado em duplicidade' });
  // 6. Centro gas 300,00 paid on 12/03, the payment reversed: competence only.
  const t6 = await titulo({
    empresa: centro,
    tipo: 'pagar',
    plano: plano.gas!,
    valor: '300.00',
    competencia: '2025-03-02',
    vencimento: '2025-03-12',
  });
  await baixar(conta.bancoCentro!, '2025-03-12', { titulo: t6, valor: '300.00' });
  const b6 = (await t.get(`/api/financeiroTitulo/${t6}`, fin)).corpo.data as { baixas: { _id: string }[] };
  await postar('/api/financeiroTitulo/estornarBaixa', { baixa: b6.baixas[0]!._id, data: '2025-03-13' });
  // 7. Shopping card receivable 100,00 with a 3,50 fee (as the POS worker writes it), received in full on 28/03.
  const t7 = await titulo({
    empresa: shopping,
    tipo: 'receber',
    plano: plano.receitaVendas!,
    valor: '100.00',
    competencia: '2025-03-10',
    vencimento: '2025-04-09',
  });
  await db.execute(
    sql`update financeiro_titulo set taxa = 3.50, plano_conta_taxa_id = ${plano.taxasCartao!} where id = ${t7}`,
  );
  await baixar(conta.bancoShopping!, '2025-03-28', { titulo: t7, valor: '100.00' });

  // Movements without a title.
  await db.transaction(async (tx) => {
    const m = (c: {
      empresa: string;
      conta: string;
      data: string;
      valor: string;
      plano?: string | null;
      origem: string;
    }) => ({
      empresa: c.empresa,
      conta: c.conta,
      data: c.data,
      valor: c.valor,
      descricao: `DRE ${c.origem}`,
      planoConta: c.plano ?? null,
      origemTipo: c.origem,
      origemId: novoId(),
    });
    await lancarMovimentacoes(tx, g, [
      // 8. Cash closing 2500,00 and 9. a 2,00 shortfall (Centro, 15/03).
      m({
        empresa: centro,
        conta: conta.caixaCentro!,
        data: '2025-03-15',
        valor: '2500.00',
        plano: plano.receitaVendas,
        origem: 'fechamentoCaixa',
      }),
      m({
        empresa: centro,
        conta: conta.caixaCentro!,
        data: '2025-03-15',
        valor: '-2.00',
        plano: plano.quebraCaixa,
        origem: 'diferencaCaixa',
      }),
      // 10. PIX 450,00 at the Shopping (16/03).
      m({
        empresa: shopping,
        conta: conta.bancoShopping!,
        data: '2025-03-16',
        valor: '450.00',
        plano: plano.receitaVendas,
        origem: 'pix',
      }),
      // 11. A transfer between Centro's own accounts: not a result.
      m({
        empresa: centro,
        conta: conta.caixaCentro!,
        data: '2025-03-20',
        valor: '-1000.00',
        origem: 'transferencia',
      }),
      m({
        empresa: centro,
        conta: conta.bancoCentro!,
        data: '2025-03-20',
        valor: '1000.00',
        origem: 'transferencia',
      }),
      // 12. February's cash closing at the Centro: the previous period.
      m({
        empresa: centro,
        conta: conta.caixaCentro!,
        data: '2025-02-14',
        valor: '1800.00',
        plano: plano.receitaVendas,
        origem: 'fechamentoCaixa',
      }),
    ]);
    // 13. A PIX of 70,00 reversed the next day: nets out.
    const [pix] = await lancarMovimentacoes(tx, g, [
      m({
        empresa: shopping,
        conta: conta.bancoShopping!,
        data: '2025-03-17',
        valor: '70.00',
        plano: plano.receitaVendas,
        origem: 'pix',
      }),
    ]);
    await estornarMovimentacao(tx, g, pix!._id, { data: '2025-03-18' });
  });
}, 240_000);
afterAll(async () => t.fechar());

describe('DRE por competência', () => {
  it('consolidated, with the previous period', async () => {
    const r = await dre({ regime: 'competencia', comparar: true });
    // Sales: 1000 (t1) + 100 (t7) + 2500 (closing) + 450 (PIX) + 70 − 70 = 4050,00.
    expect(valor(r, plano.receitaVendas!)).toBe('4050.00');
    expect(r.receitaBruta).toBe('4050.00');
    expect(valor(r, plano.quebraCaixa!)).toBe('-2.00');
    expect(valor(r, plano.taxasCartao!)).toBe('-3.50');
    expect(valor(r, plano.aluguel!)).toBe('-3000.00');
    expect(valor(r, plano.energia!)).toBe('-800.00');
    expect(valor(r, plano.gas!)).toBe('-300.00');
    // February's payroll and the cancelled purchase are not March's competence.
    expect(linha(r, plano.salarios!).valor).toBe('0.00');
    expect(existe(r, plano.comprasInsumos!)).toBe(false);
    // Root 4: −2 − 3,50 − 3000 − 800 − 300 = −4105,50; no deductions, costs or financial result.
    expect(valor(r, 'receitaLiquida')).toBe('4050.00');
    expect(valor(r, 'lucroBruto')).toBe('4050.00');
    expect(valor(r, 'resultadoOperacional')).toBe('-55.50');
    expect(valor(r, 'resultadoLiquido')).toBe('-55.50');
    expect(linha(r, plano.aluguel!).percentual).toBe('-74.07');
    // February: 1800 closing, −5000 payroll → −3200; variation (−55,50 + 3200) / 3200 = 98,27%.
    expect(r.anterior).toEqual({ inicio: '2025-02-01', fim: '2025-02-28' });
    expect(linha(r, plano.receitaVendas!).anterior).toBe('1800.00');
    expect(linha(r, plano.receitaVendas!).variacao).toBe('125.00');
    expect(linha(r, plano.salarios!).anterior).toBe('-5000.00');
    expect(linha(r, 'resultadoLiquido').anterior).toBe('-3200.00');
    expect(linha(r, 'resultadoLiquido').variacao).toBe('98.27');
    // Per store: Centro 3500 − 2 − 3000 − 800 − 300 = −602,00; Shopping 550 − 3,50 = 546,50.
    const ordem = r.empresas.map((e) => e._id);
    const porLoja = linha(r, 'resultadoLiquido').porEmpresa;
    expect(porLoja[ordem.indexOf(centro)]).toBe('-602.00');
    expect(porLoja[ordem.indexOf(shopping)]).toBe('546.50');
  });

  it('one store alone', async () => {
    const r = await dre({ regime: 'competencia', empresas: [shopping] });
    expect(r.empresas.map((e) => e._id)).toEqual([shopping]);
    expect(valor(r, plano.receitaVendas!)).toBe('550.00');
    expect(valor(r, 'resultadoLiquido')).toBe('546.50');
    expect(existe(r, plano.aluguel!)).toBe(false);
  });
});

describe('DRE por caixa', () => {
  it('consolidated and per store', async () => {
    const r = await dre({ regime: 'caixa' });
    // Sales: 600 (part of t1) + 100 (t7) + 2500 + 450 = 3650,00.
    expect(valor(r, plano.receitaVendas!)).toBe('3650.00');
    expect(valor(r, plano.jurosRecebidos!)).toBe('12.00');
    expect(valor(r, plano.descontosObtidos!)).toBe('50.00');
    expect(valor(r, plano.aluguel!)).toBe('-3000.00');
    expect(valor(r, plano.salarios!)).toBe('-5000.00');
    expect(valor(r, plano.taxasCartao!)).toBe('-3.50');
    expect(valor(r, plano.quebraCaixa!)).toBe('-2.00');
    // Not paid, or paid and reversed: not cash.
    expect(existe(r, plano.energia!)).toBe(false);
    expect(existe(r, plano.gas!)).toBe(false);
    // Root 4: −3000 − 5000 − 3,50 − 2 = −8005,50; root 5: 12 + 50 = 62.
    expect(valor(r, 'resultadoOperacional')).toBe('-4355.50');
    expect(valor(r, 'resultadoLiquido')).toBe('-4293.50');
    const ordem = r.empresas.map((e) => e._id);
    const porLoja = linha(r, 'resultadoLiquido').porEmpresa;
    // Centro 3100 + 12 − 3000 + 50 − 2 = 160,00; Shopping 550 − 5000 − 3,50 = −4453,50.
    expect(porLoja[ordem.indexOf(centro)]).toBe('160.00');
    expect(porLoja[ordem.indexOf(shopping)]).toBe('-4453.50');
  });

  it('month columns (Teste): February and March side by side', async () => {
    const r = await dre({ regime: 'caixa', dataInicio: '2025-02-01' }, 'financeiroPlanoDeContasTeste');
    expect(r.meses).toEqual(['2025-02', '2025-03']);
    expect(linha(r, plano.receitaVendas!).porMes).toEqual(['1800.00', '3650.00']);
    expect(linha(r, 'resultadoLiquido').porMes).toEqual(['1800.00', '-4293.50']);
    expect(valor(r, 'resultadoLiquido')).toBe('-2493.50');
  });
});

describe('somas diárias (financeiro_dre_dia)', () => {
  it('equal a rebuild from the ledger, titles and settlements (the cache of decision 0020)', async () => {
    const db = t.banco.db;
    const ler = async (consulta: ReturnType<typeof sql>) =>
      (await consultar(db, consulta)).map((r) => JSON.stringify(r)).sort();
    const cache = await ler(
      sql`select grupo_empresarial_id as g, regime::int as r, dia::text as d, empresa_id as e, plano_conta_id as p,
                 valor::text as v
            from financeiro_dre_dia where valor <> 0`,
    );
    const refeito = await ler(
      sql`select grupo as g, regime::int as r, dia::text as d, empresa as e, plano as p, sum(valor)::text as v from (
            select grupo_empresarial_id as grupo, 0 as regime, data as dia, empresa_id as empresa,
                   coalesce(plano_conta_id, '') as plano, valor
              from financeiro_movimentacao where titulo_id is null and origem_tipo <> 'transferencia'
            union all
            select p.grupo, 1, p.dia, p.empresa, p.plano, p.valor
              from financeiro_titulo t cross join lateral financeiro_dre_titulo_partes(t, 1) p
            union all
            select p.grupo, 2, p.dia, p.empresa, p.plano, p.valor
              from financeiro_baixa b cross join lateral financeiro_dre_baixa_partes(b, 1) p) s
          group by 1, 2, 3, 4, 5 having sum(valor) <> 0`,
    );
    expect(cache.length).toBeGreaterThan(10);
    expect(cache).toEqual(refeito);
  });
});

describe('entrada e permissão', () => {
  it('a bad period: the stock reports message, nothing read', async () => {
    const r = await t.post(
      '/api/relatorio/financeiroPlanoDeContas',
      { dataInicio: '2025-03-31', dataFim: '2025-03-01', regime: 'caixa' },
      fin,
    );
    expect(r.status).toBe(200);
    expect(r.corpo.valido).toBe(false);
    expect(JSON.stringify(r.corpo.data)).toContain(
      'Período inválido: informe a data inicial antes da final (até 366 dias).',
    );
    const regime = await t.post(
      '/api/relatorio/financeiroPlanoDeContas',
      { dataInicio: '2025-03-01', dataFim: '2025-03-31', regime: 'x' },
      fin,
    );
    expect(regime.corpo.valido).toBe(false);
    expect(JSON.stringify(regime.corpo.data)).toContain('Regime inválido');
  });

  it('the cashier holds no finance report permission', async () => {
    const caixa = await t.login('caixa@exemplo.com.br', 'caixa123');
    const r = await t.post(
      '/api/relatorio/financeiroPlanoDeContas',
      { dataInicio: '2025-03-01', dataFim: '2025-03-31', regime: 'caixa', empresas: [centro] },
      caixa,
    );
    expect(r.corpo.valido).toBe(false);
    const s = await t.post('/api/financeiroResumo', { empresas: [centro] }, caixa);
    expect(s.corpo.valido).toBe(false);
  });
});

describe('resumo financeiro', () => {
  it('balances, due today and overdue, acquirers and the cash flow', async () => {
    const hoje = diaComercial(new Date());
    const db = t.banco.db;
    // A card receivable of an acquirer due in 10 days (400,00 gross, 8,00 fee) and an overdue payable.
    const operadora = String(
      (
        await consultarUm(
          db,
          sql`select id from operadora where grupo_empresarial_id = ${t.demo.grupoId} and lixo = false limit 1`,
        )
      )?.id,
    );
    const cartao = await titulo({
      empresa: centro,
      tipo: 'receber',
      plano: plano.receitaVendas!,
      valor: '400.00',
      competencia: hoje,
      vencimento: somarDias(hoje, 10),
    });
    await db.execute(
      sql`update financeiro_titulo set taxa = 8.00, operadora_id = ${operadora} where id = ${cartao}`,
    );
    await titulo({
      empresa: centro,
      tipo: 'pagar',
      plano: plano.aluguel!,
      valor: '123.45',
      competencia: somarDias(hoje, -20),
      vencimento: somarDias(hoje, -5),
    });
    const r = (await postar('/api/financeiroResumo', { empresas: [centro] })) as unknown as ResumoFinanceiro;
    expect(r.hoje).toBe(hoje);
    // Centro's bank: −2950 (rent) + 612 (t1) − 300 + 300 (gas and its reversal) + 1000 (transfer) = −1338,00;
    // its cash: 2500 − 2 + 1800 − 1000 = 3298,00.
    const saldo = (id: string) => r.contas.find((c) => c._id === id)?.saldo;
    expect(saldo(conta.bancoCentro!)).toBe('-1338.00');
    expect(saldo(conta.caixaCentro!)).toBe('3298.00');
    expect(r.contas.some((c) => c._id === conta.bancoShopping)).toBe(false);
    const op = r.recebiveisOperadora.find((o) => o.operadora._id === operadora);
    expect(op).toMatchObject({ quantidade: 1, bruto: '400.00', taxa: '8.00', liquido: '392.00' });
    // The demo's bills of the Centro are in the payables too: ours is at least there.
    expect(r.pagar.vencidos.quantidade).toBeGreaterThanOrEqual(1);
    expect(Number(r.pagar.vencidos.valor)).toBeGreaterThanOrEqual(123.45);
    expect(r.fluxo).toHaveLength(61);
    const dia10 = r.fluxo.find((f) => f.dia === somarDias(hoje, 10))!;
    expect(Number(dia10.previstoEntradas)).toBeGreaterThanOrEqual(392);
  });
});
