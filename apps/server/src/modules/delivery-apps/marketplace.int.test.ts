import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, type Registro } from '../../../test/app-teste.ts';
import { type Loja, prepararLoja } from '../../../test/vendas-apoio.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import {
  iniciarSimuladorMarketplace,
  PRAZO_CONFIRMACAO_MS,
  type SimuladorMarketplace,
} from '../../simuladores/marketplace.ts';
import { kdsDoApp } from '../kds/kds.routes.ts';
import { ErroApp } from './adaptador.ts';
import { sincronizarCatalogoMarketplace } from './catalogo-marketplace.ts';
import { deliveryDoApp } from './delivery-apps.routes.ts';
import { AdaptadorMarketplace, assinaturaMarketplace } from './marketplace.adaptador.ts';

// The second delivery-app protocol, the marketplace polling model, against its simulator through the API
// (PGlite; PostgreSQL with DATABASE_URL): tokens, events polled and acknowledged after they are stored, an
// order becoming one delivery sale, the actions in the marketplace's names, the 8-minute confirmation (the
// simulator's clock is moved, nobody waits), cancellations, catalogue updates by item, and bad orders.

let t: AppTeste;
let sim: SimuladorMarketplace;
let loja: Loja;
let integracao: string;
/** The simulator's clock: a test moves it forward. */
let relogio = Date.now();
let produtos: { id: string; nome: string; preco: number }[] = [];

const dados = (r: { corpo: { valido: boolean; data: Registro } }) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};
const pollar = async () => dados(await loja.post(`/api/deliveryApps/integracoes/${integracao}/polling`, {}));
const doPedido = async (externo: string) =>
  ((await loja.get('/api/deliveryApps/pedidos')).lista as Registro[]).find(
    (p) => p.pedidoExterno === externo,
  );
const acoesDo = (orderId: string) => sim.acoes.filter((a) => a.orderId === orderId).map((a) => a.acao);
const vendasApp = async () =>
  Number(
    (await consultarUm(t.banco.db, sql`select count(*)::int as n from venda where local_pedido = 72`))?.n,
  );
const servico = () => {
  const s = deliveryDoApp(t.app);
  if (!s) throw new Error('serviço de delivery ausente');
  return s;
};
const adaptadorDaIntegracao = async () => servico().adaptador(await servico().integracao(integracao));
const item = (p: { id: string; nome: string; preco: number }, quantity = 1) => ({
  externalCode: p.id,
  name: p.nome,
  quantity,
  unitPrice: p.preco,
});
async function menu(): Promise<
  { externalCode: string; name: string; price: { value: number }; status: string }[]
> {
  const r = await t.app.inject({ method: 'GET', url: `/api/deliveryApps/od/${integracao}/v1/merchant` });
  expect(r.statusCode).toBe(200);
  return (r.json() as { items: [] }).items;
}

beforeAll(async () => {
  sim = await iniciarSimuladorMarketplace({ agora: () => relogio });
  t = await criarAppTeste();
  loja = await prepararLoja(t);
  const c = sim.credenciais;
  integracao = dados(
    await loja.post('/api/deliveryApps/integracoes', {
      empresa: loja.empresa,
      app: 1,
      protocolo: 'marketplace',
      merchantId: c.merchantId,
      appIdExterno: 'marketplace',
      baseUrl: sim.url,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    }),
  )._id as string;
  produtos = (await menu())
    .filter((i) => i.status === 'AVAILABLE' && i.price.value >= 5)
    .map((i) => ({ id: i.externalCode, nome: i.name, preco: i.price.value }))
    .slice(0, 2);
  expect(produtos).toHaveLength(2);
});
afterAll(async () => {
  await t?.fechar();
  await sim?.fechar();
});

describe('tokens and polling', () => {
  it('a token is cached until its expiry, renewed after; an expired one is renewed once on 401; bad calls are refused', async () => {
    let nosso = Date.now();
    const c = sim.credenciais;
    const a = new AdaptadorMarketplace({ ...c, baseUrl: sim.url }, () => nosso);
    await a.buscarEventos();
    await a.buscarEventos();
    expect(a.tokensEmitidos).toBe(1);
    nosso += 6 * 3600_000;
    await a.buscarEventos();
    expect(a.tokensEmitidos).toBe(2);

    // The marketplace's clock passes the token's life while ours does not: 401, a new token, the call goes on.
    await pollar();
    const antes = sim.tokensEmitidos;
    relogio += 6 * 3600_000 + 1000;
    expect(await pollar()).toMatchObject({ recebidos: 0 });
    expect(sim.tokensEmitidos).toBe(antes + 1);
    expect(sim.recusas.some((r) => r.status === 401 && r.motivo === 'Token expirado')).toBe(true);

    const errado = new AdaptadorMarketplace({ ...c, baseUrl: sim.url, clientSecret: 'errado' });
    await expect(errado.buscarEventos()).rejects.toMatchObject({ status: 401 });
    // Polling without the merchants header is refused.
    const tk = await fetch(`${sim.url}/authentication/v1.0/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grantType: 'client_credentials',
        clientId: c.clientId,
        clientSecret: c.clientSecret,
      }),
    });
    const { accessToken } = (await tk.json()) as { accessToken: string };
    const semCabecalho = await fetch(`${sim.url}/order/v1.0/events:polling`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(semCabecalho.status).toBe(400);
  });

  it('an unacknowledged event comes back with the same id; acknowledged, it does not; the webhook signature', async () => {
    const a = new AdaptadorMarketplace({ ...sim.credenciais, baseUrl: sim.url }, () => relogio);
    sim.emitir('pedido-inexistente', 'ADR');
    const [e1] = await a.buscarEventos();
    const [e2] = await a.buscarEventos();
    expect(e2?.id).toBe(e1?.id);
    expect(e1?.tipo).toBe('ADR');
    await a.reconhecer([...(e1 ? [e1] : []), { ...(e1 as NonNullable<typeof e1>), id: 'desconhecido' }]);
    expect(await a.buscarEventos()).toEqual([]);

    // A webhook signature (HMAC-SHA256 of the raw body with the secret): right, tampered, missing.
    const corpo = JSON.stringify({ id: 'e1', code: 'PLC', orderId: 'o1' });
    const assinatura = assinaturaMarketplace(corpo, sim.credenciais.clientSecret);
    expect(a.webhookAutentico(corpo, assinatura)).toBe(true);
    expect(a.webhookAutentico(corpo.replace('PLC', 'CAN'), assinatura)).toBe(false);
    expect(a.webhookAutentico(corpo, undefined)).toBe(false);
  });
});

describe('orders', () => {
  it('an order is one delivery sale (55, origin 72, the app) with the marketplace total; confirm and the steps are sent in its names', async () => {
    const [p1, p2] = produtos as [(typeof produtos)[0], (typeof produtos)[0]];
    const orderId = sim.criarPedido({
      items: [{ ...item(p1, 2), unitPrice: p1.preco - 1 }, item(p2)],
      deliveryFee: 6,
      discount: 3,
      pagamento: { prepaid: true, method: 'CREDIT' },
    });
    const antes = await vendasApp();
    expect(await pollar()).toMatchObject({ recebidos: 1, novos: 1 });
    expect(sim.pendentes()).toBe(0);
    const p = await doPedido(orderId);
    expect(p).toMatchObject({ situacao: 'aguardando', estadoApp: 'CREATED', app: 1 });
    expect(await vendasApp()).toBe(antes + 1);
    const venda = dados(await loja.get(`/api/venda/${p?.venda}`));
    const total = 2 * (p1.preco - 1) + p2.preco + 6 - 3;
    expect(venda).toMatchObject({
      tipoVenda: { id: 55 },
      localPedido: { id: 72 },
      taxaEntrega: '6.00',
      total: total.toFixed(2),
    });
    expect(String(venda.vendaDescricao)).toContain('iFood #');

    // Dispatch before confirm: the marketplace refuses it.
    const adaptador = await adaptadorDaIntegracao();
    await expect(adaptador.enviarAcao(orderId, 'dispatch')).rejects.toMatchObject({ status: 409 });

    dados(await loja.post(`/api/deliveryApps/pedidos/${p?._id}/decisao`, { acao: 'aceitar' }));
    await servico().ocioso();
    expect(acoesDo(orderId)).toEqual(['confirm']);
    await kdsDoApp(t.app)?.ocioso();
    for (const status of [1, 2, 3, 4]) {
      const e = await loja.put(`/api/expedicao/${p?.venda}/status`, { status });
      expect(e.corpo.valido, JSON.stringify(e.corpo)).toBe(true);
      await servico().ocioso();
    }
    // The marketplace concludes the order itself: "delivered" has no call.
    expect(acoesDo(orderId)).toEqual(['confirm', 'startPreparation', 'readyToPickup', 'dispatch']);
    expect(sim.estado(orderId)).toBe('DISPATCHED');
    await pollar();
    expect((await doPedido(orderId))?.estadoApp).toBe('DISPATCHED');
  });

  it('an event polled twice (acknowledgment lost) is stored and processed once', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const orderId = sim.criarPedido({
      items: [item(p1)],
      pagamento: { prepaid: false, method: 'CASH', changeFor: 100 },
    });
    sim.perderAcks(1);
    const antes = await vendasApp();
    expect(await pollar()).toMatchObject({ recebidos: 1, novos: 1 });
    expect(sim.pendentes()).toBe(1);
    expect(await pollar()).toMatchObject({ recebidos: 1, novos: 0 });
    expect(sim.pendentes()).toBe(0);
    expect(await vendasApp()).toBe(antes + 1);
    const n = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from delivery_evento where pedido_externo = ${orderId}`,
    );
    expect(n?.n).toBe(1);
    const p = await doPedido(orderId);
    const m = await consultarUm(t.banco.db, sql`select mapeado from delivery_pedido where id = ${p?._id}`);
    expect((m?.mapeado as { pagamentos: unknown[] } | undefined)?.pagamentos).toEqual([
      expect.objectContaining({ modo: 'naEntrega', tipoPagamento: 77, trocoPara: '100.00' }),
    ]);
  });

  it('not confirmed within 8 minutes: the marketplace cancels it, our unsent sale is removed and the order shows cancelled', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const orderId = sim.criarPedido({ items: [item(p1)] });
    await pollar();
    const p = await doPedido(orderId);
    expect(p?.situacao).toBe('aguardando');
    relogio += PRAZO_CONFIRMACAO_MS - 1000;
    await pollar();
    expect(sim.estado(orderId)).toBe('CREATED');
    relogio += 2000;
    await pollar();
    expect(sim.estado(orderId)).toBe('CANCELLED');
    expect(sim.eventos.find((e) => e.orderId === orderId && e.code === 'CAN')?.metadata).toMatchObject({
      reasonCode: 'MERCHANT_CONFIRMATION_TIMEOUT',
    });
    expect(await doPedido(orderId)).toMatchObject({
      situacao: 'cancelado',
      estadoApp: 'CANCELLED',
      motivo: expect.stringMatching(/não confirmado pela loja no prazo/),
    });
    const v = await consultarUm(t.banco.db, sql`select status from venda where id = ${p?.venda}`);
    expect([60, 61]).toContain(v?.status);
    // Accepting now is too late: refused here, and the marketplace refuses a confirm after cancellation.
    const r = await loja.post(`/api/deliveryApps/pedidos/${p?._id}/decisao`, { acao: 'aceitar' });
    expect(r.corpo.valido).toBe(false);
    const erro = await (await adaptadorDaIntegracao())
      .enviarAcao(orderId, 'confirm')
      .catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ErroApp);
    expect((erro as ErroApp).status).toBe(409);
  });

  it("a customer's cancellation request is denied, then accepted", async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const orderId = sim.criarPedido({ items: [item(p1)] });
    await pollar();
    const p = await doPedido(orderId);
    dados(await loja.post(`/api/deliveryApps/pedidos/${p?._id}/decisao`, { acao: 'aceitar' }));
    sim.clientePedeCancelamento(orderId);
    await pollar();
    expect((await doPedido(orderId))?.estadoApp).toBe('ORDER_CANCELLATION_REQUEST');
    dados(
      await loja.post(`/api/deliveryApps/pedidos/${p?._id}/cancelamento`, {
        acao: 'negar',
        codigo: 'DISH_ALREADY_DONE',
        motivo: 'Já está pronto',
      }),
    );
    expect(sim.estado(orderId)).toBe('CONFIRMED');
    await pollar();
    expect((await doPedido(orderId))?.estadoApp).toBe('CONFIRMED');
    sim.clientePedeCancelamento(orderId);
    await pollar();
    dados(await loja.post(`/api/deliveryApps/pedidos/${p?._id}/cancelamento`, { acao: 'aceitar' }));
    expect(sim.estado(orderId)).toBe('CANCELLED');
    await pollar();
    expect(await doPedido(orderId)).toMatchObject({ situacao: 'cancelado', estadoApp: 'CANCELLED' });
    expect(acoesDo(orderId)).toEqual(['confirm', 'denyCancellation', 'acceptCancellation']);
    expect(sim.acoes.find((a) => a.orderId === orderId && a.acao === 'denyCancellation')?.corpo).toEqual({
      reason: 'Já está pronto',
      code: 'DISH_ALREADY_DONE',
    });
  });

  it('a refused order asks the marketplace to cancel with its numeric code; our unsent sale is deleted', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const orderId = sim.criarPedido({ items: [item(p1)] });
    await pollar();
    const p = await doPedido(orderId);
    dados(
      await loja.post(`/api/deliveryApps/pedidos/${p?._id}/decisao`, { acao: 'recusar', motivo: 'Sem gás' }),
    );
    expect(sim.acoes.find((a) => a.orderId === orderId)).toMatchObject({
      acao: 'requestCancellation',
      corpo: { reason: 'Sem gás', cancellationCode: '509' },
    });
    expect(sim.estado(orderId)).toBe('CANCELLED');
    const v = await consultarUm(t.banco.db, sql`select status from venda where id = ${p?.venda}`);
    expect([60, 61]).toContain(v?.status);
  });
});

describe('catalogue by item', () => {
  it('a price change and an availability change in our registration reach the marketplace once each', async () => {
    const s = servico();
    const sincronizar = () => sincronizarCatalogoMarketplace(s, t.banco.db, integracao, new Date());
    // The first round sends every item as it is now; the next has nothing to send.
    const primeira = await sincronizar();
    expect(primeira.precos).toBe((await menu()).length);
    expect(await sincronizar()).toEqual({ precos: 0, situacoes: 0, falhas: 0 });

    const [p1] = produtos as [(typeof produtos)[0]];
    const novo = (p1.preco + 1.37).toFixed(2);
    const antes = sim.catalogo.length;
    const original = await consultarUm(
      t.banco.db,
      sql`select preco, ativo from produto_geral_empresa where produto_geral_id = ${p1.id} and empresa_id = ${loja.empresa}`,
    );
    await consultar(
      t.banco.db,
      sql`update produto_geral_empresa set preco = ${novo}, ativo = false
          where produto_geral_id = ${p1.id} and empresa_id = ${loja.empresa}`,
    );
    t.app.servicos.catalogoVenda.invalidar();
    try {
      const menuNovo = (await menu()).find((i) => i.externalCode === p1.id);
      expect(menuNovo).toMatchObject({ price: { value: Number(novo) }, status: 'UNAVAILABLE' });
      expect(await sincronizar()).toEqual({ precos: 1, situacoes: 1, falhas: 0 });
      expect(await sincronizar()).toEqual({ precos: 0, situacoes: 0, falhas: 0 });
      expect(sim.catalogo.slice(antes)).toEqual([
        { tipo: 'preco', externalCode: p1.id, valor: Number(novo) },
        { tipo: 'status', externalCode: p1.id, valor: 'UNAVAILABLE' },
      ]);
    } finally {
      await consultar(
        t.banco.db,
        sql`update produto_geral_empresa set preco = ${original?.preco ?? null}, ativo = ${original?.ativo ?? true}
            where produto_geral_id = ${p1.id} and empresa_id = ${loja.empresa}`,
      );
      t.app.servicos.catalogoVenda.invalidar();
    }
  });
});

describe('orders that need attention', () => {
  it('malformed JSON, another merchant, an unmapped item and a negative price: kept with a reason, nothing created', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const malformado = sim.criarPedido({ items: [item(p1)] });
    sim.pedidoBruto(malformado, '{"id": "x", "items": [');
    const outraLoja = sim.criarPedido({ items: [item(p1)], merchantId: crypto.randomUUID() });
    const desconhecido = sim.criarPedido({
      items: [
        item(p1),
        { externalCode: 'COMBO-MKT-9', name: 'Combo do Marketplace', quantity: 1, unitPrice: 20 },
      ],
    });
    const negativo = sim.criarPedido({ items: [{ ...item(p1), unitPrice: -5 }] });
    // An event of this store whose order names another merchant.
    const trocado = sim.criarPedido({ items: [item(p1)] });
    const corpo = structuredClone(sim.pedido(trocado)) as { merchant: { id: string } };
    corpo.merchant.id = crypto.randomUUID();
    sim.pedidoBruto(trocado, JSON.stringify(corpo));
    const antes = await vendasApp();
    const pedidosAntes = await consultarUm(t.banco.db, sql`select count(*)::int as n from delivery_pedido`);
    await pollar();
    expect(await vendasApp()).toBe(antes);
    const motivo = async (id: string) => (await doPedido(id))?.motivo;
    expect(await doPedido(malformado)).toMatchObject({ situacao: 'atencao', venda: null });
    expect(await motivo(malformado)).toMatch(/não é JSON válido/);
    expect(await motivo(desconhecido)).toMatch(/Combo do Marketplace.*COMBO-MKT-9/);
    expect(await motivo(negativo)).toMatch(/Preço negativo/);
    expect(await motivo(trocado)).toMatch(/não está ligada a nenhuma integração/);
    // The other merchant's event never reaches this store's poll (the merchants header filters it).
    expect(await doPedido(outraLoja)).toBeUndefined();
    const depois = await consultarUm(t.banco.db, sql`select count(*)::int as n from delivery_pedido`);
    expect(Number(depois?.n) - Number(pedidosAntes?.n)).toBe(4);
    const linhas = await consultar(
      t.banco.db,
      sql`select situacao, venda_id from delivery_pedido where pedido_externo = ${negativo}`,
    );
    expect(linhas).toEqual([{ situacao: 'atencao', venda_id: null }]);

    // The unmapped item mapped once: the kept (converted) order is tried again and becomes a sale.
    dados(
      await loja.post('/api/deliveryApps/mapeamentos', {
        integracao,
        codigoExterno: 'COMBO-MKT-9',
        nomeExterno: 'Combo do Marketplace',
        produto: p1.id,
      }),
    );
    const p = await doPedido(desconhecido);
    dados(await loja.post(`/api/deliveryApps/pedidos/${p?._id}/reprocessar`, {}));
    expect(await doPedido(desconhecido)).toMatchObject({ situacao: 'aguardando', motivo: null });
    expect(await vendasApp()).toBe(antes + 1);
  });
});
