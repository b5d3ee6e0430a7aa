import { PERMISSAO } from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultarUm } from '../src/db/consultar.ts';
import { kdsDoApp } from '../src/modules/kds/kds.routes.ts';
import { type AppTeste, criarAppTeste, type Registro, type Resposta } from './app-teste.ts';
import { abrirPeriodo, type Loja, novoId, prepararLoja } from './vendas-apoio.ts';

// When a POS sale reaches the kitchen (issue 13 point 2): a counter sale sent whole goes to the demo
// kitchen once, on the server, after the commit (a retry with the same key or _id sends nothing more); a
// store may send counter lines at once; tables wait for the waiter. And a whole table moved onto an occupied
// one (point 7) merges only when asked, keeping its service line and seats right.

let t: AppTeste;
let l: Loja;
let pizza: string;
let lata: string;
let burguer: string;
let dinheiro: string;

const ok = (r: Resposta) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};
const msg = (r: Resposta) => {
  expect(r.corpo.valido).toBe(false);
  return r.corpo.data.message as string;
};

/** What the kitchen holds of a sale: KDS rows (one per line and station) and production ticket copies. */
async function cozinhaDe(vendaId: string) {
  await kdsDoApp(t.app)?.ocioso();
  const kds = await consultarUm(
    t.banco.db,
    sql`select count(*)::int as n from kds_item where venda_id = ${vendaId}`,
  );
  const tickets = await consultarUm(
    t.banco.db,
    sql`select count(*)::int as n from impressao where origem_id = ${vendaId} and tipo_impressao = 3`,
  );
  return { kds: kds?.n as number, tickets: tickets?.n as number };
}

beforeAll(async () => {
  t = await criarAppTeste();
  l = await prepararLoja(t);
  await abrirPeriodo(l);
  pizza = await l.produto('Pizza Grande Calabresa');
  lata = await l.produto('Refrigerante Lata 350ml');
  burguer = await l.produto('X-Burguer');
  dinheiro = await l.forma(77);
});
afterAll(async () => t.fechar());

describe('a counter sale sent whole reaches the kitchen once', () => {
  it('finished in one request: every line confirmed, on the stations and printed; retries send nothing', async () => {
    const _id = novoId();
    const corpo = {
      _id,
      tipoVenda: 53,
      terminal: l.terminal,
      produtos: [{ produto: pizza }, { produto: lata }, { produto: burguer }],
      pagamentos: [{ _id: novoId(), formaPagamento: dinheiro, valorPago: '200.00' }],
      encerrar: true,
    };
    const chave = { 'idempotency-key': `cozinha-${_id}` };
    const v = ok(await l.post('/api/venda', corpo, l.caixaToken, chave));
    expect((v.status as Registro).id).toBe(59);
    expect((v.produtos as Registro[]).map((i) => i.confirmado)).toEqual([true, true, true]);
    const primeira = await cozinhaDe(_id);
    // Demo kitchen: pizza and burger on Cozinha Quente and Montagem is assembly (not a production row),
    // the can on Bar: 3 rows; tickets on the Cozinha and Bar print sectors.
    expect(primeira.kds).toBe(3);
    expect(primeira.tickets).toBeGreaterThanOrEqual(2);

    // The POS retries (lost answer): same key, then the offline queue's send under the same _id.
    const outra = ok(await l.post('/api/venda', corpo, l.caixaToken, chave));
    expect(outra._id).toBe(_id);
    const semChave = ok(await l.post('/api/venda', corpo, l.caixaToken));
    expect(semChave._id).toBe(_id);
    expect(await cozinhaDe(_id)).toEqual(primeira);
  });

  it('ended step by step (the sale left open first), it is sent at the end, not before', async () => {
    const v = ok(
      await l.post('/api/venda', { tipoVenda: 53, terminal: l.terminal, produtos: [{ produto: burguer }] }),
    );
    const id = v._id as string;
    expect((v.produtos as Registro[])[0]?.confirmado).toBe(false);
    expect((await cozinhaDe(id)).kds).toBe(0);
    ok(
      await l.post(`/api/venda/${id}/pagamentos`, {
        _id: novoId(),
        formaPagamento: dinheiro,
        valorPago: '50.00',
        terminal: l.terminal,
      }),
    );
    const fim = ok(await l.post(`/api/venda/${id}/encerrar`, {}));
    expect((fim.produtos as Registro[])[0]?.confirmado).toBe(true);
    expect((await cozinhaDe(id)).kds).toBe(1);
  });

  it('a table waits for the waiter: nothing goes until confirmarItens', async () => {
    const v = ok(
      await l.post('/api/venda', {
        tipoVenda: 54,
        mesa: 71,
        terminal: l.terminal,
        produtos: [{ produto: pizza }],
      }),
    );
    const id = v._id as string;
    expect((await cozinhaDe(id)).kds).toBe(0);
    const enviada = ok(await l.post(`/api/venda/${id}/confirmarItens`, {}));
    expect(enviada.itensConfirmados).toEqual([1]);
    expect((await cozinhaDe(id)).kds).toBe(1);
    // Sending again sends nothing new.
    expect(ok(await l.post(`/api/venda/${id}/confirmarItens`, {})).itensConfirmados).toEqual([]);
    expect((await cozinhaDe(id)).kds).toBe(1);
  });

  it('a store that sends counter lines at once confirms each line when launched', async () => {
    const loja = await prepararLoja(t, t.demo.empresas.shopping);
    // Before the store's catalogue is first read (cached 15 s).
    await t.banco.db.execute(
      sql`update empresa set configuracoes = configuracoes || '{"enviarBalcaoCozinhaAoLancar": true}'::jsonb
          where id = ${loja.empresa}`,
    );
    const v = ok(
      await loja.post('/api/venda', {
        tipoVenda: 53,
        terminal: loja.terminal,
        produtos: [{ produto: burguer }],
      }),
    );
    expect((v.produtos as Registro[])[0]?.confirmado).toBe(true);
    const mais = ok(
      await loja.post(`/api/venda/${v._id as string}/itens`, { produtos: [{ produto: lata }] }),
    );
    expect((mais.produtos as Registro[]).map((i) => i.confirmado)).toEqual([true, true]);
  });
});

describe('a whole table onto an occupied one', () => {
  it('merges only when asked, and keeps the service line and the seats right', async () => {
    // Table 61: two seats, the pizza split between them. Table 62: three seats, closing with 10% service.
    const a = ok(
      await l.post('/api/venda', {
        tipoVenda: 54,
        mesa: 61,
        posicaoVenda: 2,
        terminal: l.terminal,
        produtos: [{ produto: pizza }, { produto: lata }],
      }),
    );
    ok(await l.post(`/api/venda/${a._id as string}/posicoes`, { numeroItem: 1, posicoes: [1, 2] }));
    const b = ok(
      await l.post('/api/venda', {
        tipoVenda: 54,
        mesa: 62,
        posicaoVenda: 3,
        terminal: l.terminal,
        produtos: [{ produto: burguer }],
      }),
    );
    const fechada = ok(await l.post(`/api/venda/${b._id as string}/fecharConta`, { comServico: true }));
    expect((fechada.status as Registro).id).toBe(58);
    const servicoAntes = (fechada.produtos as Registro[]).find((i) => i.obs === 'Serviço 10%');
    expect(servicoAntes).toBeDefined();

    // Refused: the operator did not say to merge; neither table changes.
    const antesA = ok(await l.get(`/api/venda/${a._id as string}`));
    const antesB = ok(await l.get(`/api/venda/${b._id as string}`));
    const recusa = await l.post('/api/vendaTransferencia', {
      vendaOrigem: a._id,
      mesaDestino: 62,
      liberacao: await l.liberacao(PERMISSAO.transferirMesa),
    });
    expect(msg(recusa)).toBe('A mesa 62 está ocupada: confirme se deseja juntar as contas das duas mesas!');
    expect(ok(await l.get(`/api/venda/${a._id as string}`))).toEqual(antesA);
    expect(ok(await l.get(`/api/venda/${b._id as string}`))).toEqual(antesB);

    const r = ok(
      await l.post('/api/vendaTransferencia', {
        vendaOrigem: a._id,
        mesaDestino: 62,
        juntar: true,
        liberacao: await l.liberacao(PERMISSAO.transferirMesa),
      }),
    );
    const origem = r.origem as Registro;
    const destino = r.destino as Registro;
    expect((origem.status as Registro).id).toBe(60);
    expect(destino._id).toBe(b._id);
    expect((destino.status as Registro).id).toBe(58);
    // Seats: 3 + 2; the pizza's seats 1 and 2 of table 61 are now 4 and 5.
    expect(destino.posicaoVenda).toBe(5);
    const itens = (destino.produtos as Registro[]).filter((i) => !i.cancelado);
    const pizzaLinha = itens.find((i) => (i.produto as Registro)._id === pizza);
    expect(((pizzaLinha?.posicao ?? []) as Registro[]).map((p) => p.numero)).toEqual([4, 5]);
    // One service line, 10% of the merged consumption (recomputed by the server, not table 62's old one).
    const servicos = itens.filter((i) => i.obs === 'Serviço 10%');
    expect(servicos).toHaveLength(1);
    const consumo = itens
      .filter((i) => i.obs !== 'Serviço 10%')
      .reduce((s, i) => s + Math.round(Number(i.valorLiquido) * 100), 0);
    expect(Math.round(Number(servicos[0]?.valorLiquido) * 100)).toBe(Math.round(consumo / 10));
    expect(Number(servicos[0]?.valorLiquido)).toBeGreaterThan(Number(servicoAntes?.valorLiquido));
    expect(Math.round(Number(destino.total) * 100)).toBe(consumo + Math.round(consumo / 10));
  });
});
