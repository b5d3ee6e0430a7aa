import { PERMISSAO } from '@retaguarda/domain';
import type { DetalheFechamento, FechamentoResumo } from '@retaguarda/domain/caixa/conciliacao';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/consultar.ts';
import { processarLancamentos } from '../src/modules/financeiro/lancamento-pdv.ts';
import { type AppTeste, criarAppTeste } from './app-teste.ts';
import { abrirPeriodo, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// conciliacaoCaixa (issue 18) as the finance clerk: a cashier sells in cash (R$ 100 fund, a R$ 10 supply, a
// R$ 30 bleed-off) and closes counting R$ 2,00 less with the supervisor's release; the clerk lacks permission 42,
// so reconciling without a release is refused with the message and changes nothing; with the supervisor's release
// the worker posts the cash sales and the shortfall ('Quebra de caixa') exactly; reconciling again posts nothing.

let t: AppTeste;
let l: Loja;
let clerk: string;
let periodo: string;
const PIZZA = '49.90';

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  clerk = await t.login('financeiro@exemplo.com.br', 'financeiro123');
  periodo = await abrirPeriodo(l);
}, 240_000);
afterAll(async () => t.fechar());

async function vendaEmDinheiro(valorPago: string) {
  const v = await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, l.caixaToken);
  const id = v.corpo.data._id as string;
  await l.post(
    `/api/venda/${id}/itens`,
    { produtos: [{ produto: await l.produto('Pizza Grande Mussarela') }] },
    l.caixaToken,
  );
  const p = await l.post(
    `/api/venda/${id}/pagamentos`,
    { _id: novoId(), formaPagamento: await l.forma(77), valorPago, terminal: l.terminal },
    l.caixaToken,
  );
  expect(p.corpo.valido, JSON.stringify(p.corpo)).toBe(true);
  const e = await l.post(`/api/venda/${id}/encerrar`, {}, l.caixaToken);
  expect(e.corpo.valido, JSON.stringify(e.corpo)).toBe(true);
}

async function drenar() {
  while ((await processarLancamentos(t.banco.db)) > 0) {
    /* next batch */
  }
}

const movimentos = () =>
  consultar(
    t.banco.db,
    sql`select m.origem_tipo, m.origem_id, m.valor::text as valor, m.saldo_atual::text as saldo, c.chave as conta,
               p.chave as plano, m.descricao
          from financeiro_movimentacao m join financeiro_conta c on c.id = m.conta_id
          left join financeiro_plano_conta p on p.id = m.plano_conta_id
         where m.origem_id = ${periodo} order by m.data, m.seq`,
  );
const estadoPeriodo = () =>
  consultar(
    t.banco.db,
    sql`select status, supervisor_diferenca_id, observacao, diferenca::text as diferenca, updated_at from periodo
         where id = ${periodo}`,
  );
const supervisorId = async () =>
  String(
    (await consultar(t.banco.db, sql`select id from usuario where email = 'supervisor@exemplo.com.br'`))[0]
      ?.id,
  );

describe('conciliacaoCaixa', () => {
  it('the cashier sells in cash, bleeds off and supplies, closes R$ 2,00 short with the supervisor', async () => {
    await vendaEmDinheiro('50.00'); // R$ 0,10 of change
    await vendaEmDinheiro(PIZZA);
    const sup = await l.post(
      '/api/caixa/suprimento',
      {
        terminal: l.terminal,
        valor: '10.00',
        motivo: 'Troco extra',
        liberacao: await l.liberacao(PERMISSAO.suprimento, undefined, undefined, { token: l.caixaToken }),
      },
      l.caixaToken,
    );
    expect(sup.corpo.valido, JSON.stringify(sup.corpo)).toBe(true);
    const san = await l.post(
      '/api/caixa/sangria',
      {
        terminal: l.terminal,
        valor: '30.00',
        motivo: 'Cofre',
        liberacao: await l.liberacao(PERMISSAO.sangria, undefined, undefined, { token: l.caixaToken }),
      },
      l.caixaToken,
    );
    expect(san.corpo.valido, JSON.stringify(san.corpo)).toBe(true);
    // Expected cash: 100 + 49.90 + 49.90 + 10 - 30 = 179.80; counted 177.80.
    const f = await l.post(
      '/api/periodo/fechar',
      {
        terminal: l.terminal,
        contagem: [{ tipo: 77, valor: '177.80' }],
        liberacao: await l.liberacao(PERMISSAO.fecharCaixaComDiferenca, undefined, undefined, {
          token: l.caixaToken,
        }),
        observacao: 'Faltou troco na gaveta',
      },
      l.caixaToken,
    );
    expect(f.corpo.valido, JSON.stringify(f.corpo)).toBe(true);
    expect(f.corpo.data.periodo).toMatchObject({ status: { id: 6 }, diferenca: '-2.00' });
    await drenar();
    expect(await movimentos()).toEqual([]);
  });

  it('the clerk lists the closing and opens it: drawer, slips with who made them, expected vs counted', async () => {
    const agora = Date.now();
    const q = new URLSearchParams({
      empresa: l.empresa,
      dataInicial: new Date(agora - 86_400_000).toISOString(),
      dataFinal: new Date(agora + 86_400_000).toISOString(),
    });
    const lista = await l.get(`/api/conciliacaoCaixa?${q}`, clerk);
    expect(lista.corpo.valido, JSON.stringify(lista.corpo)).toBe(true);
    const [f] = lista.lista as unknown as FechamentoResumo[];
    expect(lista.lista).toHaveLength(1);
    expect(f).toMatchObject({
      _id: periodo,
      status: { id: 6, descricao: 'Fechado com Divergência' },
      valorAbertura: '100.00',
      totalRecebido: '99.80',
      dinheiroEsperado: '179.80',
      dinheiroContado: '177.80',
      diferenca: '-2.00',
      operadorFechamento: { nome: 'Carlos Caixa' },
      supervisorDiferenca: { nome: 'Sandra Supervisora' },
    });
    // The status filter and a bad period.
    q.set('status', '5');
    expect((await l.get(`/api/conciliacaoCaixa?${q}`, clerk)).lista).toEqual([]);
    const ruim = await l.get(
      `/api/conciliacaoCaixa?empresa=${l.empresa}&dataInicial=2026-01-10&dataFinal=2026-01-01`,
      clerk,
    );
    expect(ruim.corpo).toMatchObject({
      valido: false,
      data: { message: expect.stringMatching(/data final/) },
    });

    const d = await l.get(`/api/conciliacaoCaixa/${periodo}`, clerk);
    expect(d.corpo.valido, JSON.stringify(d.corpo)).toBe(true);
    const det = d.corpo.data as unknown as DetalheFechamento;
    expect(det.figuras).toMatchObject({
      valorAbertura: '100.00',
      vendasDinheiro: '99.80',
      totalSuprimentos: '10.00',
      totalSangrias: '30.00',
      dinheiroEsperado: '179.80',
      diferencaTotal: '-2.00',
    });
    expect(det.sangrias).toEqual([
      expect.objectContaining({
        valor: '30.00',
        motivo: 'Cofre',
        operador: expect.objectContaining({ nome: 'Carlos Caixa' }),
        supervisor: expect.objectContaining({ nome: 'Sandra Supervisora' }),
      }),
    ]);
    expect(det.suprimentos).toEqual([expect.objectContaining({ valor: '10.00', motivo: 'Troco extra' })]);
    expect(det.movimentacoes).toEqual([]);
    expect(det.observacao).toBe('Faltou troco na gaveta');
    expect(det.conciliacao).toBeNull();
  });

  it('without a release the clerk (no permission 42) is refused with the message, and nothing changes', async () => {
    const antes = await estadoPeriodo();
    const r = await l.post('/api/periodo/conciliar', { periodo }, clerk);
    expect(r.corpo).toEqual({
      valido: false,
      data: expect.objectContaining({
        message:
          'Fechamento com diferença de R$ -2,00: é necessária a liberação de supervisor (Fechar Caixa com Diferença) para conciliar.',
      }),
    });
    // A release of another permission is refused too.
    const errada = await l.liberacao(PERMISSAO.sangria, undefined, undefined, { token: clerk });
    const r2 = await l.post('/api/periodo/conciliar', { periodo, liberacao: errada }, clerk);
    expect(r2.corpo.valido).toBe(false);
    await drenar();
    expect(await estadoPeriodo()).toEqual(antes);
    expect(await movimentos()).toEqual([]);
  });

  it("with the supervisor's release the worker posts the cash sales and the shortfall, exactly", async () => {
    // Another supervisor than the closing's (the admin) accepts the divergence at the reconciliation.
    const liberacao = await l.liberacao(
      PERMISSAO.fecharCaixaComDiferenca,
      'admin@exemplo.com.br',
      'admin123',
      {
        token: clerk,
      },
    );
    const [fechamentoAntes] = await estadoPeriodo();
    const r = await l.post(
      '/api/periodo/conciliar',
      { periodo, liberacao, observacao: 'Falta conferida com o caixa' },
      clerk,
    );
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data).toMatchObject({ status: { id: 5 }, supervisorDiferenca: await supervisorId() });
    // The closing's supervisor and note are untouched; the reconciliation has its own.
    const nome = async (email: string) =>
      (await consultar(t.banco.db, sql`select id, nome from usuario where email = ${email}`))[0];
    const admin = await nome('admin@exemplo.com.br');
    const financeiro = await nome('financeiro@exemplo.com.br');
    const [fechamentoDepois] = await estadoPeriodo();
    expect(fechamentoDepois).toMatchObject({
      supervisor_diferenca_id: fechamentoAntes?.supervisor_diferenca_id,
      observacao: 'Faltou troco na gaveta',
    });
    expect(
      await consultar(
        t.banco.db,
        sql`select conciliacao_supervisor_id, conciliacao_observacao, conciliado_por_id, conciliado_em is not null as em
              from periodo where id = ${periodo}`,
      ),
    ).toEqual([
      {
        conciliacao_supervisor_id: admin?.id,
        conciliacao_observacao: 'Falta conferida com o caixa',
        conciliado_por_id: financeiro?.id,
        em: true,
      },
    ]);
    await drenar();
    // Cash sales (not the fund, supply or bleed-off: they are the store's own money) and the counted shortfall.
    expect(await movimentos()).toEqual([
      expect.objectContaining({
        origem_tipo: 'fechamentoCaixa',
        valor: '99.80',
        saldo: '99.80',
        conta: 'caixaLoja',
        plano: 'receitaVendas',
      }),
      expect.objectContaining({
        origem_tipo: 'diferencaCaixa',
        valor: '-2.00',
        saldo: '97.80',
        conta: 'caixaLoja',
        plano: 'quebraCaixa',
        descricao: 'Quebra de caixa',
      }),
    ]);
    const det = (await l.get(`/api/conciliacaoCaixa/${periodo}`, clerk)).corpo
      .data as unknown as DetalheFechamento;
    expect(det.fechamento).toMatchObject({
      status: { id: 5 },
      supervisorDiferenca: { nome: 'Sandra Supervisora' },
    });
    expect(det.observacao).toBe('Faltou troco na gaveta');
    expect(det.conciliacao).toEqual({
      supervisor: { _id: admin?.id, nome: admin?.nome },
      observacao: 'Falta conferida com o caixa',
      em: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      por: { _id: financeiro?.id, nome: financeiro?.nome },
    });
    expect(
      det.movimentacoes.map((m) => [m.origemTipo, m.valor, m.saldoAtual, m.planoConta?.descricao]),
    ).toEqual([
      ['fechamentoCaixa', '99.80', '99.80', expect.any(String)],
      ['diferencaCaixa', '-2.00', '97.80', 'Quebra de caixa'],
    ]);
  });

  it('reconciling twice posts nothing twice', async () => {
    const antes = await movimentos();
    const r = await l.post('/api/periodo/conciliar', { periodo }, clerk);
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    expect(r.corpo.data).toMatchObject({ status: { id: 5 } });
    await drenar();
    expect(await movimentos()).toEqual(antes);
  });

  it('a user without the screen permission (the cashier) can neither open nor reconcile it', async () => {
    const r = await l.get(`/api/conciliacaoCaixa/${periodo}`, l.caixaToken);
    expect(r.corpo.valido).toBe(false);
    const c = await l.post('/api/periodo/conciliar', { periodo }, l.caixaToken);
    expect(c.corpo.valido).toBe(false);
  });
});
