import { PERMISSAO, proximoDiaUtil, STATUS_TITULO, somarDias } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, consultarUm } from '../src/db/consultar.ts';
import { processarLancamentos } from '../src/modules/financeiro/lancamento-pdv.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';
import { abrirPeriodo, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// The POS's money reaches finance exactly once (issue 18): a day of sales with cash, debit, credit in 3
// instalments, convênio and PIX → after the cashier's closing and the reconciliation, the accounts and the
// receivables hold exactly the hand-computed values; a re-run of the outbox writes nothing twice; a payment
// removed before the closing never reaches finance, one removed after is undone.

let t: AppTeste;
let l: Loja;
let periodo: string;
const pagamentos: Record<string, string> = {};
let maria: string;
const PIZZA = '49.90';

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  // Set-up: Maria buys on the partner company's agreement (closes on the 25th, due on the 10th).
  const m = await consultarUm(t.banco.db, sql`select id from pessoa where email = 'maria@exemplo.com.br'`);
  maria = String(m?.id);
  await consultar(
    t.banco.db,
    sql`update pessoa set convenio_grupo_id = (select id from pessoa_convenio where descricao = 'Convênio Empresa Parceira')
         where id = ${maria}`,
  );
  periodo = await abrirPeriodo(l);
});
afterAll(async () => t.fechar());

async function venda(): Promise<string> {
  const id = (await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, l.caixaToken)).corpo.data
    ._id as string;
  await l.post(
    `/api/venda/${id}/itens`,
    { produtos: [{ produto: await l.produto('Pizza Grande Mussarela') }] },
    l.caixaToken,
  );
  return id;
}

async function pagar(vendaId: string, tipo: number, valorPago: string, extra: Record<string, unknown> = {}) {
  const _id = novoId();
  const r = await l.post(
    `/api/venda/${vendaId}/pagamentos`,
    { _id, formaPagamento: await l.forma(tipo), valorPago, terminal: l.terminal, ...extra },
    l.caixaToken,
  );
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return _id;
}

async function encerrar(vendaId: string) {
  const r = await l.post(`/api/venda/${vendaId}/encerrar`, {}, l.caixaToken);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
}

async function drenar() {
  while ((await processarLancamentos(t.banco.db)) > 0) {
    /* next batch */
  }
}

const titulos = () =>
  consultar(
    t.banco.db,
    sql`select origem_id, parcela, parcelas, valor::text as valor, taxa::text as taxa, vencimento::text as vencimento,
               status, pessoa_id, operadora_id, competencia::text as competencia
          from financeiro_titulo where origem_tipo = 'pagamento' order by origem_id, parcela`,
  );
const movimentos = () =>
  consultar(
    t.banco.db,
    sql`select m.origem_tipo, m.origem_id, m.valor::text as valor, m.saldo_atual::text as saldo, c.chave as conta,
               p.chave as plano, m.estorno_de
          from financeiro_movimentacao m join financeiro_conta c on c.id = m.conta_id
          left join financeiro_plano_conta p on p.id = m.plano_conta_id
         order by m.data, m.seq`,
  );
const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

describe('a day of the POS in finance', () => {
  it('sells with cash, debit, credit 3x, convênio and PIX; a PIX removed before the closing', async () => {
    const v1 = await venda();
    pagamentos.dinheiro = await pagar(v1, 77, '60.00'); // R$ 10,10 of change
    await encerrar(v1);
    const v2 = await venda();
    pagamentos.debito = await pagar(v2, 79, PIZZA, { nsu: '000123', autorizacao: 'A1B2C3' });
    await encerrar(v2);
    const v3 = await venda();
    pagamentos.credito = await pagar(v3, 80, PIZZA, { parcelas: 3 });
    await encerrar(v3);
    const v4 = await venda();
    pagamentos.convenio = await pagar(v4, 86, PIZZA, { cliente: maria });
    await encerrar(v4);
    const v5 = await venda();
    pagamentos.pix = await pagar(v5, 90, PIZZA);
    await encerrar(v5);
    // The customer's PIX failed: the cashier removes it and takes cash instead, before closing.
    const v6 = await venda();
    pagamentos.pixRemovido = await pagar(v6, 90, PIZZA);
    const r = await l.put(
      `/api/vendaCancelarPagamento/${v6}`,
      {
        pagamento: pagamentos.pixRemovido,
        liberacao: await l.liberacao(PERMISSAO.excluirPagamentoConfirmado, undefined, undefined, {
          token: l.caixaToken,
        }),
        terminal: l.terminal,
      },
      l.caixaToken,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    pagamentos.dinheiro2 = await pagar(v6, 77, PIZZA);
    await encerrar(v6);
    await drenar();
    // Nothing reaches finance while the register is open.
    expect(await titulos()).toEqual([]);
    expect(await movimentos()).toEqual([]);
  });

  it('the closing makes the receivables and receives the PIX; the cash waits for the reconciliation', async () => {
    // Expected cash: 100 fund + 49.90 + 49.90 = 199.80; the cashier counts 2.00 less.
    const contagem = [
      { tipo: 77, valor: '197.80' },
      { tipo: 79, valor: PIZZA },
      { tipo: 80, valor: PIZZA },
      { tipo: 86, valor: PIZZA },
      { tipo: 90, valor: PIZZA },
    ];
    const liberacao = await l.liberacao(PERMISSAO.fecharCaixaComDiferenca, undefined, undefined, {
      token: l.caixaToken,
    });
    const f = await l.post(
      '/api/periodo/fechar',
      { terminal: l.terminal, contagem, liberacao },
      l.caixaToken,
    );
    expect(f.corpo.valido, JSON.stringify(f.corpo)).toBe(true);
    expect(f.corpo.data.periodo).toMatchObject({ status: { id: 6 }, diferenca: '-2.00' });
    await drenar();
    const dia = hoje();
    const ts = await titulos();
    const doPagamento = (p: string) => ts.filter((x) => x.origem_id === p);
    expect(doPagamento(pagamentos.debito!)).toEqual([
      expect.objectContaining({
        parcela: 1,
        parcelas: 1,
        valor: PIZZA,
        // No rule registered: the defaults, on business days as acquirers settle.
        vencimento: proximoDiaUtil(somarDias(dia, 1)),
        competencia: dia,
      }),
    ]);
    // 49.90 in 3: the leftover cent on the first, every 30 days from D+30 (each moved to a business day).
    expect(doPagamento(pagamentos.credito!).map((x) => [x.parcela, x.valor, x.vencimento])).toEqual([
      [1, '16.64', proximoDiaUtil(somarDias(dia, 30))],
      [2, '16.63', proximoDiaUtil(somarDias(dia, 60))],
      [3, '16.63', proximoDiaUtil(somarDias(dia, 90))],
    ]);
    const [conv] = doPagamento(pagamentos.convenio!);
    expect(conv).toMatchObject({ valor: PIZZA, pessoa_id: maria });
    // Closes on the 25th, due on the 10th of the month after the closing.
    const [a, m, d] = dia.split('-').map(Number) as [number, number, number];
    const mesFechamento = d > 25 ? m + 1 : m;
    const venc = new Date(Date.UTC(a, mesFechamento, 10)).toISOString().slice(0, 10);
    expect(conv?.vencimento).toBe(venc);
    expect(ts.every((x) => Number(x.status) === STATUS_TITULO.aberto)).toBe(true);
    expect(doPagamento(pagamentos.pixRemovido!)).toEqual([]);
    expect(ts).toHaveLength(5);
    expect(await movimentos()).toEqual([
      {
        origem_tipo: 'pix',
        origem_id: pagamentos.pix,
        valor: PIZZA,
        saldo: PIZZA,
        conta: 'bancoLoja',
        plano: 'receitaVendas',
        estorno_de: null,
      },
    ]);
  });

  it('the reconciliation posts the cash and the shortfall, once', async () => {
    const c = await l.post('/api/periodo/conciliar', { periodo }, l.admin);
    expect(c.corpo.valido, JSON.stringify(c.corpo)).toBe(true);
    await drenar();
    const caixa = (await movimentos()).filter((x) => x.conta === 'caixaLoja');
    expect(caixa).toEqual([
      expect.objectContaining({
        origem_tipo: 'fechamentoCaixa',
        valor: '99.80',
        saldo: '99.80',
        plano: 'receitaVendas',
      }),
      expect.objectContaining({
        origem_tipo: 'diferencaCaixa',
        valor: '-2.00',
        saldo: '97.80',
        plano: 'quebraCaixa',
      }),
    ]);
    // A re-run (another instance, a restart, the same rows again) writes nothing.
    const antes = { t: await titulos(), m: await movimentos() };
    await consultar(
      t.banco.db,
      sql`insert into financeiro_pendente (grupo_empresarial_id, empresa_id, periodo_id)
          values (${t.demo.grupoId}, ${l.empresa}, ${periodo}), (${t.demo.grupoId}, ${l.empresa}, ${periodo})`,
    );
    await Promise.all([processarLancamentos(t.banco.db), processarLancamentos(t.banco.db)]);
    await drenar();
    expect({ t: await titulos(), m: await movimentos() }).toEqual(antes);
    const [saldo] = await consultar(
      t.banco.db,
      sql`select s.saldo::text as saldo from financeiro_conta_saldo s join financeiro_conta c on c.id = s.conta_id
           where c.chave = 'caixaLoja' and c.empresa_id = ${l.empresa}`,
    );
    expect(saldo?.saldo).toBe('97.80');
  });

  it('the DRE holds the day: every sale as revenue by competence, the money received by cash basis', async () => {
    const dia = hoje();
    const dre = async (regime: 'competencia' | 'caixa') => {
      const r = await l.post('/api/relatorio/financeiroPlanoDeContas', {
        empresas: [l.empresa],
        dataInicio: dia,
        dataFim: dia,
        regime,
      });
      expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
      const porCodigo = new Map<string, string>();
      const andar = (linhas: { codigo?: string; valor: string; filhos?: unknown[] }[]) => {
        for (const x of linhas) {
          if (x.codigo) porCodigo.set(x.codigo, x.valor);
          if (x.filhos) andar(x.filhos as typeof linhas);
        }
      };
      andar(r.corpo.data.linhas as { codigo?: string; valor: string }[]);
      return porCodigo;
    };
    // Competence: debit + credit 3x + convênio + PIX + two cash sales = 6 × 49.90, the removed PIX not at all.
    const competencia = await dre('competencia');
    expect(competencia.get('1.01.001')).toBe('299.40');
    expect(competencia.get('4.06.001')).toBe('-2.00');
    // Cash basis: only what entered an account today (PIX and the reconciled cash); cards and convênio later.
    const caixa = await dre('caixa');
    expect(caixa.get('1.01.001')).toBe('149.70');
    expect(caixa.get('4.06.001')).toBe('-2.00');
  });

  it('a payment removed after the closing is undone: open titles cancelled, money reversed', async () => {
    // The POS refuses it once the register closed; the back office (a chargeback, a refund) may still do it.
    await consultar(
      t.banco.db,
      sql`update venda_pagamento set lixo = true where id in (${pagamentos.debito}, ${pagamentos.pix}, ${pagamentos.dinheiro2})`,
    );
    await drenar();
    const ts = await titulos();
    expect(ts.filter((x) => x.origem_id === pagamentos.debito).map((x) => Number(x.status))).toEqual([
      STATUS_TITULO.cancelado,
    ]);
    expect(ts.filter((x) => Number(x.status) === STATUS_TITULO.aberto)).toHaveLength(4);
    const ms = await movimentos();
    expect(ms.filter((x) => x.conta === 'bancoLoja').map((x) => [x.valor, x.saldo])).toEqual([
      [PIZZA, PIZZA],
      ['-49.90', '0.00'],
    ]);
    expect(ms.filter((x) => x.conta === 'caixaLoja').map((x) => [x.origem_tipo, x.valor, x.saldo])).toEqual([
      ['fechamentoCaixa', '99.80', '99.80'],
      ['diferencaCaixa', '-2.00', '97.80'],
      ['fechamentoCaixa', '-49.90', '47.90'],
    ]);
    // Restored (the chargeback was lost): the title opens again and the money comes back.
    await consultar(t.banco.db, sql`update venda_pagamento set lixo = false where id = ${pagamentos.debito}`);
    await drenar();
    const de = (await titulos()).filter((x) => x.origem_id === pagamentos.debito);
    expect(de.map((x) => Number(x.status))).toEqual([STATUS_TITULO.aberto]);
  });
});
