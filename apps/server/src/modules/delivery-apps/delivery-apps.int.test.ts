import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, type Registro } from '../../../test/app-teste.ts';
import { type Loja, prepararLoja } from '../../../test/vendas-apoio.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { iniciarSimuladorOpenDelivery, type SimuladorOpenDelivery } from '../../simuladores/open-delivery.ts';
import { kdsDoApp } from '../kds/kds.routes.ts';
import { ErroApp } from './adaptador.ts';
import { deliveryDoApp } from './delivery-apps.routes.ts';
import { AdaptadorOpenDelivery, assinaturaOD } from './open-delivery.adaptador.ts';

// The Open Delivery integration against the Ordering Application simulator, through the API (PGlite, and
// PostgreSQL in the server-pg project): tokens, polling with acknowledgment, the webhook's signature, orders
// becoming delivery sales (origin 72) exactly once, the status actions the app sees, cancellations, the menu
// checked against the standard's schema, and the orders that need attention.

let t: AppTeste;
let sim: SimuladorOpenDelivery;
let loja: Loja;
let integracao: string;
/** Two products of the store's menu with their delivery price. */
let produtos: { id: string; nome: string; preco: number }[] = [];

const dados = (r: { corpo: { valido: boolean; data: Registro } }) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};
const pollar = async () => dados(await loja.post(`/api/deliveryApps/integracoes/${integracao}/polling`, {}));
const pedidos = async (situacao?: string) =>
  (await loja.get(`/api/deliveryApps/pedidos${situacao ? `?situacao=${situacao}` : ''}`)).lista;
const doPedido = async (externo: string) => (await pedidos()).find((p) => p.pedidoExterno === externo);
const acoesDo = (orderId: string) => sim.acoes.filter((a) => a.orderId === orderId).map((a) => a.acao);
const vendasApp = async () =>
  Number(
    (await consultarUm(t.banco.db, sql`select count(*)::int as n from venda where local_pedido = 72`))?.n,
  );

async function merchant(): Promise<Record<string, unknown>> {
  const r = await t.app.inject({ method: 'GET', url: `/api/deliveryApps/od/${integracao}/v1/merchant` });
  expect(r.statusCode).toBe(200);
  return r.json() as Record<string, unknown>;
}

beforeAll(async () => {
  sim = await iniciarSimuladorOpenDelivery({ tokenTtlSegundos: 3600 });
  t = await criarAppTeste();
  loja = await prepararLoja(t);
  const c = sim.credenciais;
  integracao = dados(
    await loja.post('/api/deliveryApps/integracoes', {
      empresa: loja.empresa,
      app: 6,
      merchantId: c.merchantId,
      appIdExterno: c.appId,
      baseUrl: sim.url,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    }),
  )._id as string;
  const m = await merchant();
  const items = m.items as { id: string; name: string; externalCode: string; status: string }[];
  const ofertas = m.itemOffers as { itemId: string; price: { value: number } }[];
  produtos = items
    .filter((i) => i.status === 'AVAILABLE')
    .map((i) => ({
      id: i.externalCode,
      nome: i.name,
      preco: ofertas.find((o) => o.itemId === i.id)?.price.value ?? 0,
    }))
    .filter((p) => p.preco >= 5)
    .slice(0, 2);
  expect(produtos).toHaveLength(2);
});
afterAll(async () => {
  await t?.fechar();
  await sim?.fechar();
});

describe('credentials and menu', () => {
  it('lists the integration with its health and never the secret, which is stored encrypted', async () => {
    const [i] = (await loja.get('/api/deliveryApps/integracoes')).lista;
    expect(i).toMatchObject({ _id: integracao, segredoDefinido: true, app: 6, clientId: 'cliente-demo' });
    expect(JSON.stringify(i)).not.toContain(sim.credenciais.clientSecret);
    const l = await consultarUm(
      t.banco.db,
      sql`select segredo_cifrado from delivery_integracao where id = ${integracao}`,
    );
    expect(String(l?.segredo_cifrado)).toMatch(/^v1\./);
    expect(String(l?.segredo_cifrado)).not.toContain(sim.credenciais.clientSecret);
  });

  it('serves the store menu as Open Delivery Merchant, valid against the standard JSON schema', async () => {
    const esquema = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, 'esquemas-od/merchant.schema.json'), 'utf8'),
    ) as object;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validar = ajv.compile(esquema);
    const m = await merchant();
    expect(validar(m), JSON.stringify(validar.errors)).toBe(true);
    expect(m.id).toBe(sim.credenciais.merchantId);
    expect((m.items as unknown[]).length).toBeGreaterThan(2);
    // The check can fail: an offer without price is refused.
    const errado = structuredClone(m) as { itemOffers: Record<string, unknown>[] };
    delete errado.itemOffers[0]?.price;
    expect(validar(errado)).toBe(false);
  });
});

describe('tokens', () => {
  it('a token is cached until its expiry and renewed after; an expired or foreign token is refused', async () => {
    let agora = Date.now();
    const c = sim.credenciais;
    const a = new AdaptadorOpenDelivery(
      {
        baseUrl: sim.url,
        clientId: c.clientId,
        clientSecret: c.clientSecret,
        appId: c.appId,
        merchantId: c.merchantId,
      },
      () => agora,
    );
    await a.buscarEventos();
    await a.buscarEventos();
    expect(a.tokensEmitidos).toBe(1);
    agora += 3600_000;
    await a.buscarEventos();
    expect(a.tokensEmitidos).toBe(2);

    // The app expires every token: our next call gets 401, asks a new token and goes on.
    await pollar();
    const antes = sim.tokensEmitidos;
    sim.expirarTokens();
    await pollar();
    expect(sim.tokensEmitidos).toBe(antes + 1);
    expect(sim.recusas.some((r) => r.status === 401 && r.motivo === 'Token expirado')).toBe(true);

    const semToken = await fetch(`${sim.url}/v1/events:polling`);
    expect(semToken.status).toBe(401);
    const credErrada = new AdaptadorOpenDelivery({
      baseUrl: sim.url,
      clientId: c.clientId,
      clientSecret: 'errado',
      appId: c.appId,
      merchantId: c.merchantId,
    });
    await expect(credErrada.buscarEventos()).rejects.toMatchObject({ status: 401 });
    const outroApp = new AdaptadorOpenDelivery({
      baseUrl: sim.url,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      appId: 'outro-app',
      merchantId: c.merchantId,
    });
    await expect(outroApp.buscarEventos()).rejects.toMatchObject({ status: 403 });
  });
});

describe('orders become delivery sales', () => {
  it('an app order is a delivery sale of origin 72 with the app prices, fee and prepaid payment; accepted, its statuses reach the app in order', async () => {
    const [p1, p2] = produtos as [(typeof produtos)[0], (typeof produtos)[0]];
    // The app sells p1 one real cheaper than we do, and gives 2.00 off the cart.
    const orderId = sim.criarPedido({
      items: [
        { externalCode: p1.id, name: p1.nome, quantity: 2, unitPrice: p1.preco - 1 },
        { externalCode: p2.id, name: p2.nome, quantity: 1, unitPrice: p2.preco },
      ],
      deliveryFee: 7,
      discount: 2,
      pagamento: { type: 'PREPAID', method: 'CREDIT' },
    });
    const antes = await vendasApp();
    const r = await pollar();
    expect(r).toMatchObject({ recebidos: 1, novos: 1 });
    expect(sim.pendentes()).toBe(0);
    const p = await doPedido(orderId);
    expect(p).toMatchObject({ situacao: 'aguardando', estadoApp: 'CREATED', app: 6 });
    expect(await vendasApp()).toBe(antes + 1);

    const venda = dados(await loja.get(`/api/venda/${p?.venda}`));
    const appTotal = 2 * (p1.preco - 1) + p2.preco + 7 - 2;
    expect(venda).toMatchObject({
      tipoVenda: { id: 55 },
      localPedido: { id: 72 },
      taxaEntrega: '7.00',
      total: appTotal.toFixed(2),
    });
    expect(String(venda.vendaDescricao)).toContain('Open Delivery');
    expect((venda.produtos as Registro[]).every((i) => i.confirmado === false)).toBe(true);

    dados(await loja.post(`/api/deliveryApps/pedidos/${p?._id}/decisao`, { acao: 'aceitar' }));
    await deliveryDoApp(t.app)?.pedidos.ocioso();
    expect(acoesDo(orderId)).toEqual(['confirm']);
    const aceita = dados(await loja.get(`/api/venda/${p?.venda}`));
    expect((aceita.produtos as Registro[]).every((i) => i.confirmado === true)).toBe(true);
    expect(aceita.pagamentos).toEqual([
      expect.objectContaining({
        formaPagamento: expect.objectContaining({ tipo: 92 }),
        valorPago: appTotal.toFixed(2),
      }),
    ]);

    // The expedition moves it; each status goes to the app, in order.
    await kdsDoApp(t.app)?.ocioso();
    for (const status of [1, 2, 3, 4]) {
      const e = await loja.put(`/api/expedicao/${p?.venda}/status`, { status });
      expect(e.corpo.valido, JSON.stringify(e.corpo)).toBe(true);
      await deliveryDoApp(t.app)?.ocioso();
    }
    expect(acoesDo(orderId)).toEqual(['confirm', 'preparing', 'readyForPickup', 'dispatch', 'delivered']);
    expect(sim.estado(orderId)).toBe('DELIVERED');
    await pollar();
    expect((await doPedido(orderId))?.estadoApp).toBe('DELIVERED');
  });

  it('an event polled twice (acknowledgment lost) is processed once; an unacknowledged event comes back', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const orderId = sim.criarPedido({
      items: [{ externalCode: p1.id, name: p1.nome, quantity: 1, unitPrice: p1.preco }],
      pagamento: { type: 'PENDING', method: 'CASH', changeFor: 100 },
    });
    sim.perderAcks(1);
    const antes = await vendasApp();
    expect(await pollar()).toMatchObject({ recebidos: 1, novos: 1 });
    expect(sim.pendentes()).toBe(1);
    // The same event again: stored once, one sale.
    expect(await pollar()).toMatchObject({ recebidos: 1, novos: 0 });
    expect(sim.pendentes()).toBe(0);
    expect(await vendasApp()).toBe(antes + 1);
    const n = await consultarUm(
      t.banco.db,
      sql`select count(*)::int as n from delivery_evento where pedido_externo = ${orderId}`,
    );
    expect(n?.n).toBe(1);

    // An event type we do not use is acknowledged all the same.
    sim.emitir(orderId, 'PICKUP_AREA_ASSIGNED', { pickupArea: 'Vaga 3' });
    await pollar();
    expect(sim.pendentes()).toBe(0);
    const p = await doPedido(orderId);
    const m = await consultarUm(t.banco.db, sql`select mapeado from delivery_pedido where id = ${p?._id}`);
    expect((m?.mapeado as { pagamentos: unknown[] } | undefined)?.pagamentos).toEqual([
      expect.objectContaining({ modo: 'naEntrega', tipoPagamento: 77, trocoPara: '100.00' }),
    ]);
  });

  it('an app dearer than our prices: no surcharge, the prepaid payment is the sale balance and the order is accepted', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const orderId = sim.criarPedido({
      items: [{ externalCode: p1.id, name: p1.nome, quantity: 1, unitPrice: p1.preco + 3 }],
      deliveryFee: 4,
    });
    await pollar();
    const p = await doPedido(orderId);
    expect(p?.total).toBe((p1.preco + 7).toFixed(2));
    dados(await loja.post(`/api/deliveryApps/pedidos/${p?._id}/decisao`, { acao: 'aceitar' }));
    const venda = dados(await loja.get(`/api/venda/${p?.venda}`));
    expect(venda.total).toBe((p1.preco + 4).toFixed(2));
    expect(venda.totalPago).toBe(venda.total);
    await deliveryDoApp(t.app)?.ocioso();
    expect(acoesDo(orderId)).toEqual(['confirm']);
    await pollar();
  });

  it('with automatic acceptance the order is confirmed as it arrives; an update without secret keeps the stored one', async () => {
    const c = sim.credenciais;
    const corpo = {
      empresa: loja.empresa,
      app: 6,
      merchantId: c.merchantId,
      appIdExterno: c.appId,
      baseUrl: sim.url,
      clientId: c.clientId,
    };
    try {
      dados(
        await loja.put(`/api/deliveryApps/integracoes/${integracao}`, { ...corpo, aceiteAutomatico: true }),
      );
      const [p1] = produtos as [(typeof produtos)[0]];
      const orderId = sim.criarPedido({
        items: [{ externalCode: p1.id, name: p1.nome, quantity: 1, unitPrice: p1.preco }],
      });
      await pollar();
      await deliveryDoApp(t.app)?.ocioso();
      expect(await doPedido(orderId)).toMatchObject({ situacao: 'aceito', estadoApp: 'CONFIRMED' });
      expect(acoesDo(orderId)).toEqual(['confirm']);
      await pollar();
    } finally {
      dados(
        await loja.put(`/api/deliveryApps/integracoes/${integracao}`, { ...corpo, aceiteAutomatico: false }),
      );
    }
  });

  it('refusing an order asks the app to cancel it and deletes our unsent sale', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const orderId = sim.criarPedido({
      items: [{ externalCode: p1.id, name: p1.nome, quantity: 1, unitPrice: p1.preco }],
    });
    await pollar();
    const p = await doPedido(orderId);
    dados(
      await loja.post(`/api/deliveryApps/pedidos/${p?._id}/decisao`, {
        acao: 'recusar',
        motivo: 'Sem entregador',
      }),
    );
    expect(acoesDo(orderId)).toEqual(['requestCancellation']);
    await pollar();
    expect(await doPedido(orderId)).toMatchObject({
      situacao: 'cancelado',
      estadoApp: 'CANCELLED',
      motivo: 'Sem entregador',
    });
    const v = await consultarUm(t.banco.db, sql`select status from venda where id = ${p?.venda}`);
    expect([60, 61]).toContain(v?.status);
  });

  it('an order the app cancels before we accept it: our unsent sale is deleted', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const orderId = sim.criarPedido({
      items: [{ externalCode: p1.id, name: p1.nome, quantity: 1, unitPrice: p1.preco }],
    });
    await pollar();
    sim.emitir(orderId, 'CANCELLED', { reason: 'Cliente desistiu', code: 'CONSUMER_CANCELLATION_REQUESTED' });
    await pollar();
    const p = await doPedido(orderId);
    expect(p).toMatchObject({
      situacao: 'cancelado',
      motivo: 'Cancelado pelo aplicativo: Cliente desistiu.',
    });
    const v = await consultarUm(t.banco.db, sql`select status from venda where id = ${p?.venda}`);
    expect([60, 61]).toContain(v?.status);
  });
});

describe('cancellation asked by the customer', () => {
  it('is denied, then accepted; an action out of turn is refused by the app', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const orderId = sim.criarPedido({
      items: [{ externalCode: p1.id, name: p1.nome, quantity: 1, unitPrice: p1.preco }],
    });
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
    expect(await doPedido(orderId)).toMatchObject({
      situacao: 'cancelado',
      estadoApp: 'CANCELLED',
      motivo: expect.stringMatching(/cancele-a no PDV/),
    });
    expect(acoesDo(orderId)).toEqual(['confirm', 'denyCancellation', 'acceptCancellation']);

    // Nothing to answer any more: our route refuses, and the app refuses an action out of turn with 422.
    const r = await loja.post(`/api/deliveryApps/pedidos/${p?._id}/cancelamento`, { acao: 'aceitar' });
    expect(r.corpo.data.message).toBe('O aplicativo não pediu o cancelamento deste pedido.');
    const i = deliveryDoApp(t.app);
    const integ = await i?.integracao(integracao);
    const erro = await i
      ?.adaptador(integ as NonNullable<typeof integ>)
      .enviarAcao(orderId, 'confirm', { createdAt: new Date().toISOString(), orderExternalCode: '1' })
      .catch((e: unknown) => e);
    expect(erro).toBeInstanceOf(ErroApp);
    expect((erro as ErroApp).status).toBe(422);
  });
});

describe('webhook', () => {
  const evento = (orderId: string) =>
    JSON.stringify({
      eventId: crypto.randomUUID(),
      eventType: 'CONCLUDED',
      orderId,
      orderURL: `${sim.url}/v1/orders/${orderId}`,
      createdAt: new Date().toISOString(),
    });
  const chamar = (corpo: string, assinatura: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/deliveryApps/od/newEvent',
      headers: {
        'content-type': 'application/json',
        'x-app-id': sim.credenciais.appId,
        'x-app-merchantid': sim.credenciais.merchantId,
        'x-app-signature': assinatura,
      },
      payload: corpo,
    });

  it('a signed event is stored; a bad signature is refused and nothing is stored', async () => {
    const corpo = evento(crypto.randomUUID());
    const id = (JSON.parse(corpo) as { eventId: string }).eventId;
    const ruim = await chamar(corpo, assinaturaOD(corpo, 'outro-segredo'));
    expect(ruim.statusCode).toBe(403);
    const alterado = await chamar(
      corpo.replace('CONCLUDED', 'CANCELLED'),
      assinaturaOD(corpo, sim.credenciais.clientSecret),
    );
    expect(alterado.statusCode).toBe(403);
    expect(
      await consultarUm(t.banco.db, sql`select 1 as x from delivery_evento where evento_id = ${id}`),
    ).toBeUndefined();
    const bom = await chamar(corpo, assinaturaOD(corpo, sim.credenciais.clientSecret));
    expect(bom.statusCode).toBe(204);
    const l = await consultarUm(t.banco.db, sql`select origem from delivery_evento where evento_id = ${id}`);
    expect(l?.origem).toBe('webhook');
  });
});

describe('load with lost acknowledgments', () => {
  it('30 orders while the app drops 20% of the acknowledgments: 30 sales, none lost or twice', async () => {
    const [p1, p2] = produtos as [(typeof produtos)[0], (typeof produtos)[0]];
    const antes = await vendasApp();
    const ids: string[] = [];
    sim.config.perdaAck = 0.2;
    try {
      for (let k = 0; k < 30; k++)
        ids.push(
          sim.criarPedido({
            items: [{ externalCode: (k % 2 ? p1 : p2).id, name: 'x', quantity: 1 + (k % 3), unitPrice: 10 }],
          }),
        );
      for (let volta = 0; volta < 20 && sim.pendentes() > 0; volta++) await pollar();
    } finally {
      sim.config.perdaAck = 0;
    }
    await pollar();
    expect(sim.pendentes()).toBe(0);
    expect(sim.acksPerdidos).toBeGreaterThan(0);
    expect(await vendasApp()).toBe(antes + 30);
    const l = await consultar(
      t.banco.db,
      sql`select count(*)::int as n, count(distinct venda_id)::int as vendas from delivery_pedido
          where pedido_externo = any(${`{${ids.join(',')}}`}::text[])`,
    );
    expect(l[0]).toEqual({ n: 30, vendas: 30 });
  });
});

describe('webhook from the simulator to a listening server', () => {
  it('the app posts a signed event as it happens, the order arrives without polling and the event is acknowledged', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = t.app.server.address();
    const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
    sim.config.webhookUrl = `http://127.0.0.1:${porta}/api/deliveryApps/od/newEvent`;
    try {
      const [p1] = produtos as [(typeof produtos)[0]];
      const corpo = JSON.stringify({
        eventId: crypto.randomUUID(),
        eventType: 'CONCLUDED',
        orderId: crypto.randomUUID(),
        orderURL: 'http://x',
        createdAt: new Date().toISOString(),
      });
      expect(await sim.enviarWebhook({ ...JSON.parse(corpo), reconhecido: false }, 'segredo-falso')).toBe(
        403,
      );
      const orderId = sim.criarPedido({
        items: [{ externalCode: p1.id, name: p1.nome, quantity: 1, unitPrice: p1.preco }],
      });
      let p: Registro | undefined;
      for (let k = 0; k < 50 && !p; k++) {
        await new Promise((ok) => setTimeout(ok, 100));
        p = await doPedido(orderId);
      }
      expect(p).toMatchObject({ situacao: 'aguardando' });
      const l = await consultarUm(
        t.banco.db,
        sql`select origem from delivery_evento where pedido_externo = ${orderId}`,
      );
      expect(l?.origem).toBe('webhook');
    } finally {
      sim.config.webhookUrl = undefined;
    }
    // Stored, the webhook's event is acknowledged as a polled one: the next poll does not bring it back.
    await deliveryDoApp(t.app)?.ocioso();
    expect(sim.pendentes()).toBe(0);
    expect(await pollar()).toEqual({ recebidos: 0, novos: 0 });
  });
});

describe('orders that need attention', () => {
  it('malformed JSON, another store, an unknown product and a negative price are kept with a reason and create nothing', async () => {
    const [p1] = produtos as [(typeof produtos)[0]];
    const item = { externalCode: p1.id, name: p1.nome, quantity: 1, unitPrice: p1.preco };
    const malformado = sim.criarPedido({ items: [item] });
    sim.pedidoBruto(malformado, '{"id": "x", "items": [');
    const outraLoja = sim.criarPedido({ items: [item], merchantId: `99999999000199-${crypto.randomUUID()}` });
    const desconhecido = sim.criarPedido({
      items: [item, { externalCode: 'COMBO-APP-77', name: 'Combo do App', quantity: 1, unitPrice: 20 }],
    });
    const negativo = sim.criarPedido({ items: [{ ...item, unitPrice: -5 }] });
    const antes = await vendasApp();
    await pollar();
    expect(await vendasApp()).toBe(antes);
    const motivo = async (id: string) => (await doPedido(id))?.motivo;
    expect(await doPedido(malformado)).toMatchObject({ situacao: 'atencao', venda: null });
    expect(await motivo(malformado)).toMatch(/não é JSON válido/);
    expect(await motivo(outraLoja)).toMatch(/não está ligada a nenhuma integração/);
    expect(await motivo(desconhecido)).toMatch(/Combo do App.*COMBO-APP-77/);
    expect((await doPedido(desconhecido))?.itensSemProduto).toEqual([
      { codigo: 'COMBO-APP-77', nome: 'Combo do App' },
    ]);
    expect(await motivo(negativo)).toMatch(/Preço negativo/);
    expect((await pedidos('atencao')).length).toBeGreaterThanOrEqual(4);
    const integ = (await loja.get('/api/deliveryApps/integracoes')).lista[0] as {
      saude: { pedidosAtencao: number };
    };
    expect(integ.saude.pedidosAtencao).toBeGreaterThanOrEqual(4);

    // Mapped once: the waiting order becomes a sale, and the next order with the item maps by itself.
    dados(
      await loja.post('/api/deliveryApps/mapeamentos', {
        integracao,
        codigoExterno: 'COMBO-APP-77',
        nomeExterno: 'Combo do App',
        produto: p1.id,
      }),
    );
    const p = await doPedido(desconhecido);
    dados(await loja.post(`/api/deliveryApps/pedidos/${p?._id}/reprocessar`, {}));
    // Reprocessed, it keeps the app's display id (the attention row had none).
    expect(await doPedido(desconhecido)).toMatchObject({
      situacao: 'aguardando',
      motivo: null,
      identificacao: desconhecido.slice(0, 6).toUpperCase(),
    });
    expect(await vendasApp()).toBe(antes + 1);
    const outro = sim.criarPedido({
      items: [{ externalCode: 'COMBO-APP-77', name: 'Combo do App', quantity: 1, unitPrice: 20 }],
    });
    await pollar();
    expect((await doPedido(outro))?.situacao).toBe('aguardando');
    const mapas = (await loja.get(`/api/deliveryApps/mapeamentos?integracao=${integracao}`)).lista;
    expect(mapas).toEqual([
      expect.objectContaining({
        codigoExterno: 'COMBO-APP-77',
        produto: expect.objectContaining({ _id: p1.id }),
      }),
    ]);
    const linhas = await consultar(
      t.banco.db,
      sql`select situacao from delivery_pedido where pedido_externo = ${negativo}`,
    );
    expect(linhas).toHaveLength(1);
  });
});
