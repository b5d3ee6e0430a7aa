import { PERMISSAO } from '@retaguarda/domain';
import { MENSAGENS_LIBERACAO as M } from '@retaguarda/domain/validadores/liberacao-vinculo';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { type AppTeste, criarAppTeste, type Registro, sha256Hex } from './app-teste.ts';
import { abrirPeriodo, type Loja, prepararLoja } from './vendas-apoio.ts';

// Issue 14 point 2, written as the attack: the cashier got one supervisor release and tries to spend it
// again, on another sale, in another store, for a bigger discount, or hands it to a colleague.

let t: AppTeste;
let l: Loja;
let garcom: string;
let calabresa: string;
beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  garcom = await t.login('garcom@exemplo.com.br', 'garcom123');
  calabresa = await l.produto('Pizza Grande Calabresa');
}, 300_000);
afterAll(() => t.fechar(), 120_000);

const msg = (r: { corpo: { data: Registro } }) => r.corpo.data.message;

async function novaVenda(token = l.caixaToken): Promise<string> {
  const r = await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal }, token);
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  const id = r.corpo.data._id as string;
  const itens = await l.post(`/api/venda/${id}/itens`, { produtos: [{ produto: calabresa }] }, token);
  expect(itens.corpo.valido, JSON.stringify(itens.corpo)).toBe(true);
  return id;
}

const descontoItem = (venda: string, valor: string, liberacao: string, token = l.caixaToken) =>
  l.post(`/api/venda/${venda}/descontoItem`, { numeroItem: 1, modo: 2, valor, liberacao }, token);

/** The cashier asks the supervisor (password typed at the POS) for a discount of `valor`% on `venda`. */
const liberarDesconto = (venda: string, valor: string) =>
  l.liberacao(PERMISSAO.descontoItem, undefined, undefined, {
    token: l.caixaToken,
    venda,
    desconto: { modo: 2, valor },
  });

describe('supervisor releases are single-use and bound (issue 14 point 2)', () => {
  it('a release without a store is refused', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/liberacaoSupervisor',
      headers: { token: l.caixaToken },
      payload: {
        login: 'supervisor@exemplo.com.br',
        senha: sha256Hex('super123'),
        permissao: PERMISSAO.cancelarVenda,
      },
    });
    expect(r.json().data.message).toBe(M.semLoja);
  });

  it('a discount release names the discount', async () => {
    const venda = await novaVenda();
    const r = await l.post(
      '/api/liberacaoSupervisor',
      {
        login: 'supervisor@exemplo.com.br',
        senha: sha256Hex('super123'),
        permissao: PERMISSAO.descontoItem,
        venda,
      },
      l.caixaToken,
    );
    expect(msg(r)).toBe(M.semDesconto);
  });

  it('is spent by its use: a second use, another sale, another user, a bigger discount are refused', async () => {
    const a = await novaVenda();
    const b = await novaVenda();
    const cincoPorCento = await liberarDesconto(a, '5');

    // A bigger discount with the release of 5 %.
    expect(msg(await descontoItem(a, '50', cincoPorCento))).toBe(M.outroDesconto);
    // Another sale.
    expect(msg(await descontoItem(b, '5', cincoPorCento))).toBe(M.outraVenda);
    // Another user (the waiter) with the cashier's release.
    expect(msg(await descontoItem(a, '5', cincoPorCento, garcom))).toBe(M.outroUsuario);
    // The right use works once...
    const ok = await descontoItem(a, '5', cincoPorCento);
    expect(ok.corpo.valido, JSON.stringify(ok.corpo)).toBe(true);
    expect(ok.corpo.data.total).toBe('52.15');
    // ...and never again, even for the same sale and value.
    expect(msg(await descontoItem(a, '5', cincoPorCento))).toBe(M.usada);
    const gasto = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from liberacao_uso where alvo = ${a}`,
    );
    expect(gasto?.n).toBe(1);
  });

  it('a retry of the same action (same Idempotency-Key) is not a second use', async () => {
    const venda = await novaVenda();
    const liberacao = await liberarDesconto(venda, '10');
    const chave = { 'idempotency-key': `desconto-${venda}` };
    const corpo = { numeroItem: 1, modo: 2, valor: '10', liberacao };
    const primeira = await l.post(`/api/venda/${venda}/descontoItem`, corpo, l.caixaToken, chave);
    const repetida = await l.post(`/api/venda/${venda}/descontoItem`, corpo, l.caixaToken, chave);
    expect(primeira.corpo.valido, JSON.stringify(primeira.corpo)).toBe(true);
    expect(repetida.corpo).toEqual(primeira.corpo);
    const outra = await l.post(`/api/venda/${venda}/descontoItem`, corpo, l.caixaToken, {
      'idempotency-key': `outra-${venda}`,
    });
    expect(msg(outra)).toBe(M.usada);
  });

  it('a release of one store is refused in another store', async () => {
    // The admin works in both stores: a cancellation released at Loja Centro, tried on a Loja Shopping sale.
    const shopping = t.demo.empresas.shopping;
    const terminal = await consultarUm(
      t.banco.db,
      sql`select id from terminal where empresa_id = ${shopping} and lixo = false limit 1`,
    );
    const criada = await l.post('/api/venda', { tipoVenda: 53, terminal: terminal?.id }, l.admin, {
      empresa: shopping,
    });
    expect(criada.corpo.valido, JSON.stringify(criada.corpo)).toBe(true);
    const daCentro = await l.liberacao(PERMISSAO.excluirVendaNaoConfirmada);
    const r = await l.put(
      `/api/deletarVendaCompleta/${criada.corpo.data._id as string}`,
      { vendaEvento: { motivo: 'teste' }, liberacao: daCentro },
      l.admin,
      { empresa: shopping },
    );
    expect(msg(r)).toBe(M.outraLoja);
  });

  it('permission 9: past the store daily maximum the release needs Desconto Acima do Máximo Diário', async () => {
    await t.banco.db.execute(
      sql`update empresa set configuracoes = configuracoes || '{"descontoMaximoDiario": "25.00"}'::jsonb
          where id = ${l.empresa}`,
    );
    try {
      // Discounts of today count from what was already given (the tests above gave some): read it.
      const dia = await consultarUm(
        t.banco.db,
        sql`select coalesce(sum(valor_desconto), 0)::numeric as n from venda_evento
            where empresa_id = ${l.empresa} and tipo = 'Desconto'`,
      );
      expect(Number(dia?.n)).toBeLessThan(25);
      const venda = await novaVenda();
      // 40 % of 54.90 = 21.96: together with today's discounts (8.23) it passes R$ 25.00.
      const r = await descontoItem(venda, '40', await liberarDesconto(venda, '40'));
      expect(msg(r)).toBe(M.acimaMaximoDiario);
      expect((await l.get(`/api/venda/${venda}`, l.caixaToken)).corpo.data.total).toBe('54.90');
      // Below the maximum the same supervisor may release it.
      const pequeno = await descontoItem(venda, '1', await liberarDesconto(venda, '1'));
      expect(pequeno.corpo.valido, JSON.stringify(pequeno.corpo)).toBe(true);
    } finally {
      await t.banco.db.execute(
        sql`update empresa set configuracoes = configuracoes - 'descontoMaximoDiario' where id = ${l.empresa}`,
      );
    }
  });
});
