import type { AddressInfo } from 'node:net';
import { EVENTO_PEDIDO_APP, PRAZO_CONFIRMACAO_MS } from '@retaguarda/domain/delivery-apps/index';
import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, type Registro } from '../../../test/app-teste.ts';
import { type Loja, prepararLoja } from '../../../test/vendas-apoio.ts';
import { consultarUm } from '../../db/consultar.ts';
import { iniciarSimuladorOpenDelivery, type SimuladorOpenDelivery } from '../../simuladores/open-delivery.ts';

// What the order desk reads (PGlite; PostgreSQL in server-pg), against the Open Delivery simulator: each
// order with its items, notes, customer, address and payments (cash to collect with change), the app's
// createdAt and the 8-minute deadline from it, the customer's cancellation reason; the store's socket told
// of every arrival and change (pedidoAppAlterado); an unreachable app named in pt-BR on the health list; the
// mapping's product search under permission 868.

let t: AppTeste;
let sim: SimuladorOpenDelivery;
let loja: Loja;
let integracao: string;
let produto = '';

const dados = (r: { corpo: { valido: boolean; data: Registro } }) => {
  expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
  return r.corpo.data;
};
const pollar = async () => dados(await loja.post(`/api/deliveryApps/integracoes/${integracao}/polling`, {}));
const doPedido = async (externo: string) =>
  (await loja.get('/api/deliveryApps/pedidos')).lista.find((p) => p.pedidoExterno === externo);

beforeAll(async () => {
  sim = await iniciarSimuladorOpenDelivery();
  t = await criarAppTeste();
  loja = await prepararLoja(t);
  const c = sim.credenciais;
  integracao = dados(
    await loja.post('/api/deliveryApps/integracoes', {
      empresa: loja.empresa,
      app: 1,
      merchantId: c.merchantId,
      appIdExterno: c.appId,
      baseUrl: sim.url,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
    }),
  )._id as string;
  produto = await loja.produto('X-Burguer');
});
afterAll(async () => {
  await t?.fechar();
  await sim?.fechar();
});

describe('the order desk', () => {
  it("answers each order's items, notes, customer, payments and the deadline from the app's createdAt; the socket announces it", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const s = io(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: loja.admin },
      reconnection: false,
    });
    try {
      await new Promise<void>((ok, falha) => {
        s.once('connect', () => ok());
        s.once('connect_error', falha);
      });
      await new Promise<void>((ok) => s.emit('entrarEmpresa', { empresaId: loja.empresa }, () => ok()));
      const ouvidos: Registro[] = [];
      s.on(EVENTO_PEDIDO_APP, (d: Registro) => ouvidos.push(d));

      const orderId = sim.criarPedido({
        items: [
          {
            externalCode: produto,
            name: 'X-Burguer do App',
            quantity: 2,
            unitPrice: 25,
            obs: 'sem picles',
            options: [{ externalCode: produto, name: 'Burguer extra', quantity: 1, unitPrice: 3 }],
          },
        ],
        deliveryFee: 5,
        pagamento: { type: 'PENDING', method: 'CASH', changeFor: 100 },
        customerName: 'Maria do App',
      });
      await pollar();
      const p = await doPedido(orderId);
      const criado = sim.eventos.find((e) => e.orderId === orderId)?.createdAt as string;
      expect(p).toMatchObject({
        identificacao: orderId.slice(0, 6).toUpperCase(),
        situacao: 'aguardando',
        itens: [
          {
            nome: 'X-Burguer do App',
            quantidade: 2,
            total: '56.00',
            obs: 'sem picles',
            opcoes: [{ nome: 'Burguer extra', quantidade: 1, obs: null }],
          },
        ],
        cliente: {
          nome: 'Maria do App',
          telefone: '0800 000 0000',
          endereco: 'Rua XV de Novembro, 100, Centro, Curitiba - PR',
        },
        pagamentos: [{ modo: 'naEntrega', metodo: 'Dinheiro', valor: '61.00', trocoPara: '100.00' }],
        motivoCancelamentoCliente: null,
      });
      // The deadline runs from the app's createdAt, whenever the order reached us.
      const criadoNoApp = Date.parse(p?.criadoNoAppEm as string);
      expect(Math.abs(criadoNoApp - Date.parse(criado))).toBeLessThan(1000);
      expect(Date.parse(p?.prazoConfirmacao as string) - criadoNoApp).toBe(PRAZO_CONFIRMACAO_MS);
      await expect
        .poll(() => ouvidos.find((d) => d.pedido === p?._id))
        .toEqual({ pedido: p?._id, empresa: loja.empresa, situacao: 'aguardando', estadoApp: 'CREATED' });

      // Accepted, then the customer asks to cancel: the desk reads the customer's reason; each step announced.
      dados(await loja.post(`/api/deliveryApps/pedidos/${p?._id}/decisao`, { acao: 'aceitar' }));
      await expect.poll(() => ouvidos.some((d) => d.pedido === p?._id && d.situacao === 'aceito')).toBe(true);
      sim.clientePedeCancelamento(orderId);
      await pollar();
      expect(await doPedido(orderId)).toMatchObject({
        estadoApp: 'ORDER_CANCELLATION_REQUEST',
        motivoCancelamentoCliente: 'Cliente desistiu',
      });
      await expect
        .poll(() => ouvidos.some((d) => d.pedido === p?._id && d.estadoApp === 'ORDER_CANCELLATION_REQUEST'))
        .toBe(true);
    } finally {
      s.close();
    }
  });

  it("a refusal the app answers with CANCELLED by its webhook: the refusal's reason kept, one action, the sale deleted", async () => {
    const porta = (t.app.server.address() as AddressInfo).port;
    const app = await iniciarSimuladorOpenDelivery({
      webhookUrl: `http://127.0.0.1:${porta}/api/deliveryApps/od/newEvent`,
    });
    try {
      const c = app.credenciais;
      dados(
        await loja.post('/api/deliveryApps/integracoes', {
          empresa: loja.empresa,
          app: 3,
          merchantId: c.merchantId,
          appIdExterno: c.appId,
          baseUrl: app.url,
          clientId: c.clientId,
          clientSecret: c.clientSecret,
        }),
      );
      for (let n = 0; n < 3; n++) {
        const orderId = app.criarPedido({
          items: [{ externalCode: produto, name: 'X-Burguer', quantity: 1, unitPrice: 25 }],
        });
        await expect.poll(async () => (await doPedido(orderId))?.situacao).toBe('aguardando');
        const p = await doPedido(orderId);
        const r = await loja.post(`/api/deliveryApps/pedidos/${p?._id}/decisao`, {
          acao: 'recusar',
          motivo: 'Sem entregador',
        });
        expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
        await expect
          .poll(async () => {
            const d = await doPedido(orderId);
            return [d?.situacao, d?.estadoApp, d?.motivo];
          })
          .toEqual(['cancelado', 'CANCELLED', 'Sem entregador']);
        expect(app.acoes.filter((a) => a.orderId === orderId).map((a) => a.acao)).toEqual([
          'requestCancellation',
        ]);
        // Our unsent sale deleted once (status 60/61, as any deleted sale).
        const v = await consultarUm(
          t.banco.db,
          sql`select status from venda where id = ${p?.venda as string}`,
        );
        expect([60, 61]).toContain(v?.status);
      }
    } finally {
      await app.fechar();
    }
  });

  it('an app out of reach is named in pt-BR on the health list, not as "fetch failed"', async () => {
    const fora = await iniciarSimuladorOpenDelivery();
    await fora.fechar();
    const c = fora.credenciais;
    const id = dados(
      await loja.post('/api/deliveryApps/integracoes', {
        empresa: loja.empresa,
        app: 2,
        merchantId: c.merchantId,
        appIdExterno: c.appId,
        baseUrl: fora.url,
        clientId: c.clientId,
        clientSecret: c.clientSecret,
      }),
    )._id as string;
    const r = await loja.post(`/api/deliveryApps/integracoes/${id}/polling`, {});
    expect(r.corpo.valido).toBe(false);
    const saude = (await loja.get('/api/deliveryApps/integracoes')).lista.find((i) => i._id === id) as {
      saude: { ultimoErro: string | null };
    };
    expect(saude.saude.ultimoErro).toBe(
      'Token de acesso: aplicativo fora do ar ou inacessível (conexão recusada).',
    );
    expect(saude.saude.ultimoErro).not.toMatch(/fetch failed/);
  });

  it("the mapping's product search answers the integration's store's products under 868", async () => {
    const achados = (await loja.get(`/api/deliveryApps/produtos?integracao=${integracao}&busca=burg`)).lista;
    expect(achados.map((p) => p.descricao)).toContain('X-Burguer');
    expect(achados.every((p) => /burg/i.test(String(p.descricao)))).toBe(true);
    const semPermissao = await loja.get(
      `/api/deliveryApps/produtos?integracao=${integracao}&busca=burg`,
      loja.caixaToken,
    );
    expect(semPermissao.corpo.valido).toBe(false);
  });
});
