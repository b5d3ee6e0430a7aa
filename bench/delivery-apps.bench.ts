// Delivery apps (issue 20): 1,000 app orders in one minute across 20 stores of one group, each store an Open
// Delivery integration (accepting automatically) against its own merchant of the simulator, which loses 5% of
// our acknowledgments. An order is "available" when the simulator makes its CREATED event pollable (and, in
// webhook mode, POSTs it to our signed newEvent); it is "on its POS" when the store's Socket.IO room gets the
// first `vendaAlterada` of its sale (the delivery sale committed with its lines; a store's POS and desk listen
// there). Also timed: until the app receives our `confirm` (prepaid payment made, lines sent to the kitchen).
// Then counted: sales per order (exactly one), confirms per order (one), events left unprocessed (none), events
// received more than once (lost acknowledgments, webhook + poll) and what they changed (nothing).
// Modes (BENCH_MODOS, default both): `polling` (pollers only, the shortest interval the screens allow, 5 s) and
// `webhook` (the simulator calls newEvent; the pollers keep running as the safety net).
// PGlite and PostgreSQL (bancos.ts). One JSON object on stdout; progress on stderr.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { construirApp } from '../apps/server/src/app.ts';
import { lerConfig } from '../apps/server/src/config.ts';
import type { Banco } from '../apps/server/src/db/client.ts';
import { arrayTexto, consultar, consultarUm } from '../apps/server/src/db/consultar.ts';
import { sha256Hex } from '../apps/server/src/modules/auth/auth.service.ts';
import { deliveryDoApp } from '../apps/server/src/modules/delivery-apps/delivery-apps.routes.ts';
import { idDerivado } from '../apps/server/src/modules/delivery-apps/pedidos.ts';
import { semear } from '../apps/server/src/seed/seed.ts';
import { prepararLojas } from '../apps/server/src/seed/seed-vendas.ts';
import {
  iniciarSimuladorOpenDelivery,
  type SimuladorOpenDelivery,
} from '../apps/server/src/simuladores/open-delivery.ts';
import { medirNosDoisBancos } from './bancos.ts';

const PEDIDOS = Number(process.env.BENCH_PEDIDOS ?? 1000);
const SEGUNDOS = Number(process.env.BENCH_SEGUNDOS ?? 60);
const LOJAS = Number(process.env.BENCH_LOJAS ?? 20);
const PERDA_ACK = Number(process.env.BENCH_PERDA_ACK ?? 0.05);
const INTERVALO_POLLING = Number(process.env.BENCH_INTERVALO_POLLING ?? 5);
const MODOS = (process.env.BENCH_MODOS ?? 'polling,webhook').split(',') as ('polling' | 'webhook')[];
/** After the last order, how long the bench waits for the stragglers. */
const ESPERA_FINAL_MS = Number(process.env.BENCH_ESPERA_MS ?? 60_000);

const percentil = (l: number[], p: number) => l[Math.min(l.length - 1, Math.floor(l.length * p))] ?? 0;
const ms = (v: number) => Number(v.toFixed(1));
const resumo = (l: number[]) => {
  const o = [...l].sort((a, b) => a - b);
  return {
    n: o.length,
    p50ms: ms(percentil(o, 0.5)),
    p95ms: ms(percentil(o, 0.95)),
    p99ms: ms(percentil(o, 0.99)),
    maxms: ms(o.at(-1) ?? 0),
  };
};
const carga = () => os.loadavg().map((v) => Number(v.toFixed(2)));

async function medirModo(banco: Banco, grupo: string, lojas: string[], modo: 'polling' | 'webhook') {
  process.env.DELIVERY_POLLING = 'true';
  const app = await construirApp({
    config: { ...lerConfig({}), webDist: '/nao-existe' },
    banco,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'admin@exemplo.com.br', senha: sha256Hex('admin123'), grupoEmpresarial: grupo },
  });
  const token = (login.json() as { data: { token: string } }).data.token;
  const chamar = async (empresa: string, metodo: 'GET' | 'POST', caminho: string, corpo?: unknown) => {
    const r = await app.inject({
      method: metodo,
      url: caminho,
      headers: { token, empresa, version: 'bench' },
      ...(corpo === undefined ? {} : { payload: corpo as object }),
    });
    const e = r.json() as { valido?: boolean; data?: { _id?: string } };
    if (e.valido === false) throw new Error(`${caminho}: ${JSON.stringify(e.data)}`);
    return e;
  };

  // One merchant of the simulator per store (same app), each with its own credentials.
  const sims: SimuladorOpenDelivery[] = [];
  const integracoes: string[] = [];
  const itens: { externalCode: string; name: string; unitPrice: number }[][] = [];
  /** When the app got our `confirm` for each order (the kitchen has the lines, the payment is made). */
  const confirmados = new Map<string, number>();
  const confirmsPorPedido = new Map<string, number>();
  for (let k = 0; k < lojas.length; k++) {
    const empresa = lojas[k] as string;
    const sim = await iniciarSimuladorOpenDelivery({
      clientId: `cliente-${k}`,
      clientSecret: `segredo-bench-${k}-${Math.random().toString(36).slice(2)}`,
      appId: 'app-bench',
      merchantId: randomUUID(),
      tokenTtlSegundos: 3600,
      perdaAck: PERDA_ACK,
      ...(modo === 'webhook' ? { webhookUrl: `${url}/api/deliveryApps/od/newEvent` } : {}),
    });
    const empurrar = sim.acoes.push.bind(sim.acoes);
    sim.acoes.push = (...novas) => {
      for (const a of novas) {
        if (a.acao !== 'confirm') continue;
        if (!confirmados.has(a.orderId)) confirmados.set(a.orderId, performance.now());
        confirmsPorPedido.set(a.orderId, (confirmsPorPedido.get(a.orderId) ?? 0) + 1);
      }
      return empurrar(...novas);
    };
    sims.push(sim);
    const c = sim.credenciais;
    const r = await chamar(empresa, 'POST', '/api/deliveryApps/integracoes', {
      empresa,
      app: 6,
      merchantId: c.merchantId,
      appIdExterno: c.appId,
      baseUrl: sim.url,
      clientId: c.clientId,
      clientSecret: c.clientSecret,
      aceiteAutomatico: true,
      intervaloPollingSegundos: INTERVALO_POLLING,
    });
    const integracao = r.data?._id as string;
    integracoes.push(integracao);
    // Two items of the store's own menu, at its delivery price.
    const m = (
      await app.inject({ method: 'GET', url: `/api/deliveryApps/od/${integracao}/v1/merchant` })
    ).json() as {
      items: { id: string; name: string; externalCode: string; status: string }[];
      itemOffers: { itemId: string; price: { value: number } }[];
    };
    itens.push(
      m.items
        .filter((i) => i.status === 'AVAILABLE')
        .map((i) => ({
          externalCode: i.externalCode,
          name: i.name,
          unitPrice: m.itemOffers.find((o) => o.itemId === i.id)?.price.value ?? 0,
        }))
        .filter((i) => i.unitPrice >= 5)
        .slice(0, 2),
    );
  }

  // One POS socket per store, in its store's room.
  const vendaDoPedido = new Map<string, string>();
  const disponivel = new Map<string, number>();
  const naTela = new Map<string, number>();
  const sockets: Socket[] = [];
  for (const empresa of lojas) {
    const s = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    await new Promise<void>((ok) => s.on('connect', () => ok()));
    await s.emitWithAck('entrarEmpresa', { empresaId: empresa });
    s.on('vendaAlterada', (e: { vendaId: string }) => {
      if (!naTela.has(e.vendaId)) naTela.set(e.vendaId, performance.now());
    });
    sockets.push(s);
  }

  // What came in twice: every poll's received/new counts and every webhook call (observed, not changed).
  const s = deliveryDoApp(app);
  if (!s) throw new Error('módulo de delivery ausente');
  const duracaoWebhook: number[] = [];
  const duracaoPoll: number[] = [];
  const contagem = { polls: 0, recebidosPolling: 0, novosPolling: 0, webhooks: 0, webhooksRecusados: 0 };
  const pollar = s.pollar.bind(s);
  s.pollar = async (id) => {
    const t = performance.now();
    const r = await pollar(id);
    duracaoPoll.push(performance.now() - t);
    contagem.polls++;
    contagem.recebidosPolling += r.recebidos;
    contagem.novosPolling += r.novos;
    return r;
  };
  const webhook = s.webhook.bind(s);
  s.webhook = async (...args) => {
    const t = performance.now();
    const r = await webhook(...args);
    duracaoWebhook.push(performance.now() - t);
    contagem.webhooks++;
    if (r.status !== 204) contagem.webhooksRecusados++;
    return r;
  };

  const vendasAntes = Number(
    (await consultarUm(banco.db, sql`select count(*)::int as n from venda where local_pedido = 72`))?.n,
  );
  const cargaInicio = carga();
  const cpu0 = process.cpuUsage();
  const intervalo = (SEGUNDOS * 1000) / PEDIDOS;
  const comeco = performance.now();
  for (let n = 0; n < PEDIDOS; n++) {
    const espera = comeco + n * intervalo - performance.now();
    if (espera > 0) await new Promise((r) => setTimeout(r, espera));
    const k = n % lojas.length;
    const sim = sims[k] as SimuladorOpenDelivery;
    const orderId = sim.criarPedido({
      items: (itens[k] ?? []).map((i, j) => ({ ...i, quantity: j + 1 })),
      deliveryFee: 7,
      discount: 2,
      customerName: `Cliente ${n}`,
    });
    // criarPedido made the event pollable (and fired the webhook) synchronously: available now.
    disponivel.set(orderId, performance.now());
    vendaDoPedido.set(orderId, idDerivado('venda', integracoes[k] as string, orderId));
  }
  const envioMs = performance.now() - comeco;
  const limite = performance.now() + ESPERA_FINAL_MS;
  const todos = () =>
    [...vendaDoPedido].every(([o, v]) => naTela.has(v) && confirmados.has(o)) &&
    sims.every((x) => x.pendentes() === 0);
  while (!todos() && performance.now() < limite) await new Promise((r) => setTimeout(r, 100));
  const cpu = process.cpuUsage(cpu0);
  const cargaFim = carga();
  const duracaoMs = performance.now() - comeco;
  for (const x of sockets) x.close();
  await app.close();

  const ateTela: number[] = [];
  const ateConfirm: number[] = [];
  /** The worst wait of the orders made available in each 5 s of the run (where the tail comes from). */
  const piorPorJanela5s: number[] = [];
  for (const [orderId, t0] of disponivel) {
    const t1 = naTela.get(vendaDoPedido.get(orderId) as string);
    const j = Math.floor((t0 - comeco) / 5000);
    if (t1 !== undefined) {
      ateTela.push(t1 - t0);
      piorPorJanela5s[j] = Math.max(piorPorJanela5s[j] ?? 0, Math.round(t1 - t0));
    }
    const t2 = confirmados.get(orderId);
    if (t2 !== undefined) ateConfirm.push(t2 - t0);
  }
  const ids = [...vendaDoPedido.values()];
  const vendasDosPedidos = Number(
    (
      await consultarUm(
        banco.db,
        sql`select count(*)::int as n from venda where id = any(${arrayTexto(ids)}) and local_pedido = 72`,
      )
    )?.n,
  );
  const vendasApp =
    Number(
      (await consultarUm(banco.db, sql`select count(*)::int as n from venda where local_pedido = 72`))?.n,
    ) - vendasAntes;
  const situacoes = Object.fromEntries(
    (
      await consultar(
        banco.db,
        sql`select situacao, count(*)::int as n from delivery_pedido group by situacao order by situacao`,
      )
    ).map((l) => [l.situacao as string, l.n as number]),
  );
  const pedidosRepetidos = Number(
    (
      await consultarUm(
        banco.db,
        sql`select count(*)::int as n from (select 1 from delivery_pedido group by integracao_id, pedido_externo
              having count(*) > 1) x`,
      )
    )?.n,
  );
  const ev = await consultarUm(
    banco.db,
    sql`select count(*)::int as eventos, count(*) filter (where processado_em is null)::int as pendentes,
          count(*) filter (where origem = 'webhook')::int as pelo_webhook
        from delivery_evento`,
  );
  const confirmsAcao = Number(
    (
      await consultarUm(
        banco.db,
        sql`select count(*)::int as n from (select 1 from delivery_acao where acao = 'confirm'
              group by pedido_id having count(*) > 1) x`,
      )
    )?.n,
  );
  const erros = (
    await consultar(
      banco.db,
      sql`select ultimo_erro from delivery_integracao where ultimo_erro is not null limit 3`,
    )
  ).map((l) => l.ultimo_erro as string);
  const acksPerdidos = sims.reduce((t, x) => t + x.acksPerdidos, 0);
  for (const x of sims) await x.fechar();
  const eventos = Number(ev?.eventos);
  return {
    modo,
    pedidos: PEDIDOS,
    envioSegundos: Number((envioMs / 1000).toFixed(1)),
    duracaoSegundos: Number((duracaoMs / 1000).toFixed(1)),
    ateVendaNoPdv: resumo(ateTela),
    ateConfirmNoApp: resumo(ateConfirm),
    piorPorJanela5s,
    webhookRespostaMs: resumo(duracaoWebhook),
    pollMs: resumo(duracaoPoll),
    vendasDosPedidos,
    vendasApp,
    pedidosSemVenda: PEDIDOS - ateTela.length,
    situacoes,
    pedidosRepetidos,
    confirmsRepetidosNoApp: [...confirmsPorPedido.values()].filter((c) => c > 1).length,
    confirmsRepetidosRegistrados: confirmsAcao,
    eventos,
    eventosPendentes: Number(ev?.pendentes),
    eventosPeloWebhook: Number(ev?.pelo_webhook),
    acksPerdidos,
    ...contagem,
    /** Event deliveries beyond the first (poll after a lost ack, poll after the webhook): stored once. */
    recebimentosRepetidos: contagem.recebidosPolling + contagem.webhooks - eventos,
    cpuProcessoMsPorPedido: Number(((cpu.user + cpu.system) / 1000 / PEDIDOS).toFixed(2)),
    cargaInicio,
    cargaFim,
    erros,
  };
}

async function medir(banco: Banco) {
  // One database per mode would double the setup; the modes share it and each counts only its own.
  const demo = await semear(banco.db);
  const lojas = await prepararLojas(banco.db, demo.grupoId, LOJAS);
  const r: Record<string, unknown> = {};
  for (const modo of MODOS) {
    await consultar(banco.db, sql`delete from delivery_acao`);
    await consultar(banco.db, sql`delete from delivery_pedido`);
    await consultar(banco.db, sql`delete from delivery_evento`);
    await consultar(banco.db, sql`delete from delivery_integracao`);
    r[modo] = await medirModo(banco, demo.grupoId, lojas, modo);
    console.error(JSON.stringify(r[modo]));
  }
  return r;
}

const { pglite, postgres } = await medirNosDoisBancos(medir);

console.log(
  JSON.stringify({
    bench: 'delivery-apps-pedido-ate-pdv',
    pedidos: PEDIDOS,
    segundos: SEGUNDOS,
    lojas: LOJAS,
    perdaAck: PERDA_ACK,
    metaP99ms: 2000,
    pglite,
    postgres,
  }),
);
