import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.ts';
import { type Loja, prepararLoja } from '../../../test/vendas-apoio.ts';
import { consultarUm } from '../../db/consultar.ts';
import { iniciarSimuladorOpenDelivery, type SimuladorOpenDelivery } from '../../simuladores/open-delivery.ts';
import { deliveryDoApp } from './delivery-apps.routes.ts';
import { idDerivado } from './pedidos.ts';

// The pollers as the server runs them (not by hand): one store's app that never answers must not hold the other
// stores' polls back. The pollers used to poll the due integrations one after another, so a hanging app (10 s
// until the call gives up) stopped every other store's orders for that long, every round.

let t: AppTeste;
let loja: Loja;
let sim: SimuladorOpenDelivery;
let mudo: net.Server;
const conexoesMudas: net.Socket[] = [];
const ligadoAntes = process.env.DELIVERY_POLLING;

beforeAll(async () => {
  process.env.DELIVERY_POLLING = 'true';
  // An app that accepts the connection and never answers (its calls wait for the adapter's time limit).
  mudo = net.createServer((c) => conexoesMudas.push(c));
  await new Promise<void>((ok) => mudo.listen(0, '127.0.0.1', ok));
  sim = await iniciarSimuladorOpenDelivery({ tokenTtlSegundos: 3600 });
  t = await criarAppTeste();
  loja = await prepararLoja(t);
});
afterAll(async () => {
  for (const c of conexoesMudas) c.destroy();
  await t?.fechar();
  await sim?.fechar();
  await new Promise((ok) => mudo?.close(ok));
  if (ligadoAntes === undefined) delete process.env.DELIVERY_POLLING;
  else process.env.DELIVERY_POLLING = ligadoAntes;
});

it('polls the other stores side by side while one app hangs, and their orders become sales', async () => {
  const s = deliveryDoApp(t.app);
  if (!s) throw new Error('módulo de delivery ausente');
  const polls: { id: string; inicio: number; fim?: number }[] = [];
  const pollar = s.pollar.bind(s);
  s.pollar = async (id) => {
    const p: { id: string; inicio: number; fim?: number } = { id, inicio: Date.now() };
    polls.push(p);
    try {
      return await pollar(id);
    } finally {
      p.fim = Date.now();
    }
  };
  const criar = async (corpo: Record<string, unknown>) => {
    const r = await loja.post('/api/deliveryApps/integracoes', {
      empresa: loja.empresa,
      app: 6,
      intervaloPollingSegundos: 5,
      ...corpo,
    });
    expect(r.corpo.valido, JSON.stringify(r.corpo)).toBe(true);
    return r.corpo.data._id as string;
  };
  const parada = await criar({
    merchantId: '00000000-0000-4000-8000-000000000001',
    appIdExterno: 'app-mudo',
    baseUrl: `http://127.0.0.1:${(mudo.address() as net.AddressInfo).port}`,
    clientId: 'cliente-mudo',
    clientSecret: 'segredo-mudo',
  });
  const c = sim.credenciais;
  const viva = await criar({
    merchantId: c.merchantId,
    appIdExterno: c.appId,
    baseUrl: sim.url,
    clientId: c.clientId,
    clientSecret: c.clientSecret,
  });
  const produto = await loja.produto('X-Burguer');
  const orderId = sim.criarPedido({
    items: [{ externalCode: produto, name: 'X-Burguer', quantity: 1, unitPrice: 20 }],
  });

  // The hanging app's first poll ends when the adapter gives up (10 s).
  await vi.waitFor(() => expect(polls.find((p) => p.id === parada)?.fim).toBeDefined(), {
    timeout: 25_000,
    interval: 200,
  });
  const travado = polls.find((p) => p.id === parada) as { inicio: number; fim: number };
  const durante = polls.filter((p) => p.id === viva && p.inicio >= travado.inicio && p.inicio < travado.fim);
  // Interval 5 s: the live store is polled again while the other hangs (one after another: at most once).
  expect(durante.length).toBeGreaterThanOrEqual(2);
  const venda = await consultarUm(
    t.banco.db,
    sql`select count(*)::int as n, max(v.created_at) as em from venda v where v.id = ${idDerivado('venda', viva, orderId)}`,
  );
  expect(venda?.n).toBe(1);
  expect(new Date(String(venda?.em)).getTime()).toBeLessThan(travado.fim);
  // The hanging app is on record, the live one is not.
  const erro = await consultarUm(
    t.banco.db,
    sql`select ultimo_erro from delivery_integracao where id = ${parada}`,
  );
  expect(erro?.ultimo_erro).toBeTruthy();
}, 60_000);
