import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACOES_OD,
  type AcaoOD,
  aplicarAcao,
  CORPO_ACAO_OD,
  type EstadoPedidoOD,
  type PedidoOD,
} from '@retaguarda/domain/delivery-apps/index';

// A local Ordering Application of Open Delivery v1.7 (the app side of the standard), built from the public
// OpenAPI's shapes, for the tests and for a demo (npm run simulador:delivery). It refuses what the real one
// refuses: a wrong client secret or grant (401), a missing, unknown or expired token (401), a wrong X-App-Id
// or X-App-MerchantId (403), an acknowledgment or action body out of the standard (400), an action out of
// turn for the order's state (422), an unknown order (404). It can drop a share of the acknowledgments (the
// events come back on the next poll), answer an order as malformed JSON, and send each event to the
// merchant's webhook signed with X-App-Signature (HMAC-SHA256 of the body with the client secret).

export interface OpcoesSimuladorOD {
  clientId?: string;
  clientSecret?: string;
  appId?: string;
  merchantId?: string;
  /** Lifetime of the tokens it issues. */
  tokenTtlSegundos?: number;
  /** Share (0-1) of acknowledged events it "loses" (keeps unacknowledged). */
  perdaAck?: number;
  /** Where it POSTs each event (the merchant's newEvent webhook); none: polling only. */
  webhookUrl?: string;
  /** How it answers a merchant's requestCancellation. */
  respostaCancelamento?: 'aceitar' | 'negar';
  porta?: number;
}

interface EventoSim {
  eventId: string;
  eventType: string;
  orderId: string;
  orderURL: string;
  createdAt: string;
  metadata?: Record<string, unknown>;
  reconhecido: boolean;
}

interface PedidoSim {
  pedido: PedidoOD;
  /** When set, GET /orders/{id} answers this text (e.g. malformed JSON). */
  bruto?: string;
  estado: EstadoPedidoOD;
  anterior: EstadoPedidoOD;
}

export interface ItemPedidoSim {
  /** Our product id (the menu's externalCode) or any code the app made up. */
  externalCode: string;
  name: string;
  quantity: number;
  unitPrice: number;
  /** The customer's note on the item (specialInstructions). */
  obs?: string;
  options?: { externalCode: string; name: string; quantity: number; unitPrice: number }[];
}

export interface NovoPedidoSim {
  items: ItemPedidoSim[];
  deliveryFee?: number;
  discount?: number;
  /** PREPAID (paid in the app) or PENDING (collected on delivery, with the method). */
  pagamento?: { type: 'PREPAID' | 'PENDING'; method?: string; changeFor?: number };
  customerName?: string;
  /** Another merchant's id (an order for a store not integrated). */
  merchantId?: string;
}

const preco = (value: number) => ({ value, currency: 'BRL' });
const arred = (v: number) => Math.round(v * 100) / 100;

export async function iniciarSimuladorOpenDelivery(o: OpcoesSimuladorOD = {}) {
  const cred = {
    clientId: o.clientId ?? 'cliente-demo',
    clientSecret: o.clientSecret ?? randomBytes(16).toString('hex'),
    appId: o.appId ?? randomUUID(),
    merchantId: o.merchantId ?? `12345678000195-${randomUUID()}`,
  };
  const config = {
    tokenTtlSegundos: o.tokenTtlSegundos ?? 3600,
    perdaAck: o.perdaAck ?? 0,
    webhookUrl: o.webhookUrl,
    respostaCancelamento: o.respostaCancelamento ?? 'aceitar',
  };
  const tokens = new Map<string, number>();
  const eventos: EventoSim[] = [];
  const pedidos = new Map<string, PedidoSim>();
  /** Every action the merchant sent that was accepted, in order: `${orderId} ${acao}`. */
  const acoes: { orderId: string; acao: AcaoOD; corpo: unknown }[] = [];
  /** Every refusal it answered: status and why (tests read them). */
  const recusas: { status: number; motivo: string }[] = [];
  let acksPerdidos = 0;
  let perderProximos = 0;
  let tokensEmitidos = 0;
  let base = '';

  const emitir = (orderId: string, eventType: string, metadata?: Record<string, unknown>) => {
    const e: EventoSim = {
      eventId: randomUUID(),
      eventType,
      orderId,
      orderURL: `${base}/v1/orders/${orderId}`,
      createdAt: new Date().toISOString(),
      ...(metadata ? { metadata } : {}),
      reconhecido: false,
    };
    eventos.push(e);
    if (config.webhookUrl) void enviarWebhook(e).catch(() => undefined);
    return e;
  };

  const semInterno = ({ reconhecido: _r, ...e }: EventoSim) => e;

  async function enviarWebhook(e: EventoSim, segredo = cred.clientSecret): Promise<number> {
    if (!config.webhookUrl) return 0;
    const corpo = JSON.stringify(semInterno(e));
    const r = await fetch(config.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-app-id': cred.appId,
        'x-app-merchantid': cred.merchantId,
        'x-app-signature': createHmac('sha256', segredo).update(corpo).digest('hex'),
      },
      body: corpo,
    });
    await r.body?.cancel();
    return r.status;
  }

  const responder = (
    res: http.ServerResponse,
    status: number,
    corpo?: unknown,
    tipo = 'application/json',
  ) => {
    if (status >= 400)
      recusas.push({ status, motivo: (corpo as { title?: string } | undefined)?.title ?? '' });
    res.writeHead(status, corpo === undefined ? {} : { 'content-type': tipo });
    res.end(corpo === undefined ? undefined : typeof corpo === 'string' ? corpo : JSON.stringify(corpo));
  };
  const problema = (res: http.ServerResponse, status: number, title: string) =>
    responder(res, status, { title, status }, 'application/problem+json');

  /** The token and the two headers every order call must carry; answers whether the call may go on. */
  function autorizado(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const auth = req.headers.authorization ?? '';
    const m = /^Bearer (.+)$/i.exec(auth);
    const ate = m ? tokens.get(m[1] ?? '') : undefined;
    if (!m || ate === undefined) {
      problema(res, 401, 'Token ausente ou desconhecido');
      return false;
    }
    if (ate <= Date.now()) {
      problema(res, 401, 'Token expirado');
      return false;
    }
    if (req.headers['x-app-id'] !== cred.appId) {
      problema(res, 403, 'X-App-Id inválido');
      return false;
    }
    if (req.headers['x-app-merchantid'] !== cred.merchantId) {
      problema(res, 403, 'X-App-MerchantId inválido');
      return false;
    }
    return true;
  }

  const ler = (req: http.IncomingMessage) =>
    new Promise<string>((ok, falha) => {
      const partes: Buffer[] = [];
      req.on('data', (c: Buffer) => partes.push(c));
      req.on('end', () => ok(Buffer.concat(partes).toString('utf8')));
      req.on('error', falha);
    });

  function criarPedido(n: NovoPedidoSim): string {
    const id = randomUUID();
    const itens = n.items.map((it, k) => {
      const opcoes = (it.options ?? []).map((op, j) => ({
        index: j,
        id: randomUUID(),
        name: op.name,
        externalCode: op.externalCode,
        unit: 'UN',
        quantity: op.quantity,
        unitPrice: preco(op.unitPrice),
        totalPrice: preco(arred(op.unitPrice * op.quantity)),
      }));
      const precoOpcoes = arred(opcoes.reduce((s, op) => s + op.totalPrice.value, 0));
      return {
        id: randomUUID(),
        index: k,
        name: it.name,
        externalCode: it.externalCode,
        unit: 'UN',
        quantity: it.quantity,
        unitPrice: preco(it.unitPrice),
        optionsPrice: preco(precoOpcoes),
        totalPrice: preco(arred(it.quantity * (it.unitPrice + precoOpcoes))),
        ...(it.obs ? { specialInstructions: it.obs } : {}),
        ...(opcoes.length ? { options: opcoes } : {}),
      };
    });
    const itemsPrice = arred(itens.reduce((s, i) => s + i.totalPrice.value, 0));
    const taxa = n.deliveryFee ?? 0;
    const desconto = n.discount ?? 0;
    const total = arred(itemsPrice + taxa - desconto);
    const pag = n.pagamento ?? { type: 'PREPAID' as const, method: 'CREDIT' };
    const metodo = pag.method ?? (pag.type === 'PREPAID' ? 'CREDIT' : 'CASH');
    const agora = new Date().toISOString();
    const pedido = {
      id,
      type: 'DELIVERY' as const,
      displayId: id.slice(0, 6).toUpperCase(),
      createdAt: agora,
      orderTiming: 'INSTANT',
      preparationStartDateTime: agora,
      merchant: { id: n.merchantId ?? cred.merchantId, name: 'Loja' },
      items: itens,
      otherFees: taxa
        ? [{ name: 'Entrega', type: 'DELIVERY_FEE', receivedBy: 'MERCHANT', price: preco(taxa) }]
        : [],
      discounts: desconto
        ? [
            {
              amount: preco(desconto),
              target: 'CART',
              sponsorshipValues: [{ name: 'MERCHANT', amount: preco(desconto) }],
            },
          ]
        : [],
      total: {
        itemsPrice: preco(itemsPrice),
        otherFees: preco(taxa),
        discount: preco(desconto),
        orderAmount: preco(total),
      },
      payments: {
        prepaid: pag.type === 'PREPAID' ? total : 0,
        pending: pag.type === 'PENDING' ? total : 0,
        methods: [
          {
            value: total,
            currency: 'BRL',
            type: pag.type,
            method: metodo,
            ...(pag.changeFor !== undefined ? { changeFor: pag.changeFor } : {}),
          },
        ],
      },
      customer: {
        id: randomUUID(),
        name: n.customerName ?? 'Cliente do App',
        phone: { number: '0800 000 0000' },
        ordersCountOnMerchant: 1,
      },
      delivery: {
        deliveredBy: 'MERCHANT',
        deliveryAddress: {
          country: 'BR',
          state: 'PR',
          city: 'Curitiba',
          district: 'Centro',
          street: 'Rua XV de Novembro',
          number: '100',
          formattedAddress: 'Rua XV de Novembro, 100, Centro, Curitiba - PR',
          postalCode: '80020-000',
          coordinates: { latitude: -25.4296, longitude: -49.2713 },
        },
        estimatedDeliveryDateTime: agora,
      },
    } as PedidoOD;
    pedidos.set(id, { pedido, estado: 'CREATED', anterior: 'CREATED' });
    emitir(id, 'CREATED');
    return id;
  }

  async function tratar(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulador');
    const caminho = url.pathname;
    const corpo = await ler(req);

    if (req.method === 'POST' && caminho === '/oauth/token') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return problema(res, 400, 'Use application/x-www-form-urlencoded');
      const f = new URLSearchParams(corpo);
      if (f.get('grant_type') !== 'client_credentials') return problema(res, 400, 'grant_type não suportado');
      if (f.get('client_id') !== cred.clientId || f.get('client_secret') !== cred.clientSecret)
        return problema(res, 401, 'Credenciais inválidas');
      const token = randomBytes(24).toString('hex');
      tokens.set(token, Date.now() + config.tokenTtlSegundos * 1000);
      tokensEmitidos++;
      return responder(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: config.tokenTtlSegundos,
      });
    }

    // Demo page and the person's order (no token: it is the customer's side, not the standard's).
    if (req.method === 'GET' && caminho === '/')
      return responder(res, 200, paginaDemo(), 'text/html; charset=utf-8');
    if (req.method === 'POST' && caminho === '/simulador/pedidos') {
      try {
        return responder(res, 201, { orderId: criarPedido(JSON.parse(corpo) as NovoPedidoSim) });
      } catch (e) {
        return problema(res, 400, (e as Error).message);
      }
    }
    if (req.method === 'GET' && caminho === '/simulador/estado')
      return responder(res, 200, {
        pedidos: [...pedidos.entries()].map(([id, p]) => ({
          id,
          displayId: p.pedido.displayId,
          estado: p.estado,
        })),
        acoes,
        pendentes: eventos.filter((e) => !e.reconhecido).length,
      });

    if (!autorizado(req, res)) return;

    if (req.method === 'GET' && caminho === '/v1/events:polling') {
      const lista = eventos.filter((e) => !e.reconhecido).slice(0, 1000);
      if (lista.length === 0) return responder(res, 204);
      return responder(res, 200, lista.map(semInterno));
    }
    if (req.method === 'POST' && caminho === '/v1/events/acknowledgment') {
      let lista: unknown;
      try {
        lista = JSON.parse(corpo);
      } catch {
        return problema(res, 400, 'Corpo não é JSON');
      }
      if (!Array.isArray(lista) || lista.length === 0 || lista.length > 100)
        return problema(res, 400, 'Envie de 1 a 100 eventos');
      for (const a of lista as { id?: unknown; orderId?: unknown; eventType?: unknown }[]) {
        const e = eventos.find((x) => x.eventId === a.id);
        if (!e || e.orderId !== a.orderId || e.eventType !== a.eventType)
          return problema(
            res,
            400,
            `Evento ${String(a.id)} desconhecido ou com orderId/eventType divergente`,
          );
      }
      for (const a of lista as { id: string }[]) {
        const e = eventos.find((x) => x.eventId === a.id);
        if (!e) continue;
        if (perderProximos > 0 || (config.perdaAck > 0 && Math.random() < config.perdaAck)) {
          if (perderProximos > 0) perderProximos--;
          acksPerdidos++;
          continue;
        }
        e.reconhecido = true;
      }
      return responder(res, 202);
    }
    const m = /^\/v1\/orders\/([^/]+)(?:\/([A-Za-z]+))?$/.exec(caminho);
    if (m) {
      const id = decodeURIComponent(m[1] ?? '');
      const p = pedidos.get(id);
      if (!p) return problema(res, 404, 'Pedido não encontrado');
      if (req.method === 'GET' && !m[2]) {
        if (p.bruto !== undefined) return responder(res, 200, p.bruto);
        return responder(res, 200, p.pedido);
      }
      const acao = m[2] as AcaoOD;
      if (req.method !== 'POST' || !ACOES_OD.includes(acao)) return problema(res, 404, 'Rota desconhecida');
      const esquema = CORPO_ACAO_OD[acao];
      if (esquema) {
        let json: unknown;
        try {
          json = JSON.parse(corpo || '{}');
        } catch {
          return problema(res, 400, 'Corpo não é JSON');
        }
        if (!esquema.safeParse(json).success) return problema(res, 400, `Corpo inválido para ${acao}`);
      }
      const t = aplicarAcao(p.estado, acao, p.anterior);
      if (!t.ok) return problema(res, 422, t.motivo);
      acoes.push({ orderId: id, acao, corpo: corpo ? JSON.parse(corpo) : null });
      if (acao === 'requestCancellation') {
        if (config.respostaCancelamento === 'aceitar') {
          p.estado = 'CANCELLED';
          emitir(id, 'CANCELLED', {
            reason: 'Cancelado a pedido da loja',
            code: 'OTHER_CANCELLATION_REASON',
          });
        } else {
          emitir(id, 'CANCELLATION_REQUEST_DENIED', {
            reason: 'Pedido já pago',
            code: 'OTHER_CANCELLATION_REASON',
          });
        }
        return responder(res, 202);
      }
      p.estado = t.estado;
      emitir(id, t.evento);
      return responder(res, acao === 'acceptCancellation' || acao === 'denyCancellation' ? 204 : 202);
    }
    return problema(res, 404, 'Rota desconhecida');
  }

  function paginaDemo(): string {
    return `<!doctype html><meta charset="utf-8"><title>Simulador Open Delivery</title>
<h1>Aplicativo de delivery (simulador Open Delivery v1.7)</h1>
<p>merchantId <code>${cred.merchantId}</code> · X-App-Id <code>${cred.appId}</code> · clientId <code>${cred.clientId}</code></p>
<form id="f"><p>Código do produto (id do cardápio): <input name="codigo" size="30" required>
Nome: <input name="nome" value="Produto"> Qtd: <input name="qtd" value="1" size="3"> Preço: <input name="preco" value="10" size="6">
Taxa de entrega: <input name="taxa" value="5" size="5">
<select name="pag"><option value="PREPAID">Pago no app</option><option value="PENDING">Dinheiro na entrega</option></select>
<button>Fazer pedido</button></p></form><pre id="s"></pre>
<script>
const f=document.getElementById('f'),s=document.getElementById('s');
f.onsubmit=async(e)=>{e.preventDefault();const d=new FormData(f);
const r=await fetch('/simulador/pedidos',{method:'POST',body:JSON.stringify({items:[{externalCode:d.get('codigo'),name:d.get('nome'),quantity:Number(d.get('qtd')),unitPrice:Number(d.get('preco'))}],deliveryFee:Number(d.get('taxa')),pagamento:{type:d.get('pag'),method:d.get('pag')==='PENDING'?'CASH':'CREDIT'}})});
s.textContent=JSON.stringify(await r.json(),null,2);};
setInterval(async()=>{const r=await fetch('/simulador/estado');s.textContent=JSON.stringify(await r.json(),null,2);},3000);
</script>`;
  }

  const servidor = http.createServer((req, res) => {
    tratar(req, res).catch((e: unknown) => {
      if (!res.headersSent) problema(res, 500, (e as Error).message);
    });
  });
  await new Promise<void>((ok) => servidor.listen(o.porta ?? 0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;

  return {
    url: base,
    credenciais: cred,
    config,
    acoes,
    recusas,
    eventos,
    criarPedido,
    /** The order answers this text instead of its JSON (malformed input from the app). */
    pedidoBruto(orderId: string, texto: string) {
      const p = pedidos.get(orderId);
      if (p) p.bruto = texto;
    },
    estado: (orderId: string) => pedidos.get(orderId)?.estado,
    /** The customer asks to cancel (ORDER_CANCELLATION_REQUEST). */
    clientePedeCancelamento(orderId: string) {
      const p = pedidos.get(orderId);
      if (!p) return;
      p.anterior = p.estado;
      p.estado = 'ORDER_CANCELLATION_REQUEST';
      emitir(orderId, 'ORDER_CANCELLATION_REQUEST', {
        reason: 'Cliente desistiu',
        code: 'CONSUMER_CANCELLATION_REQUESTED',
      });
    },
    /** An event of a type the merchant does not use (still to be acknowledged). */
    emitir,
    /** Every token issued so far expires now. */
    expirarTokens() {
      for (const t of tokens.keys()) tokens.set(t, 0);
    },
    perderAcks(n: number) {
      perderProximos += n;
    },
    enviarWebhook,
    get tokensEmitidos() {
      return tokensEmitidos;
    },
    get acksPerdidos() {
      return acksPerdidos;
    },
    pendentes: () => eventos.filter((e) => !e.reconhecido).length,
    fechar: () => new Promise<void>((ok) => servidor.close(() => ok())),
  };
}

export type SimuladorOpenDelivery = Awaited<ReturnType<typeof iniciarSimuladorOpenDelivery>>;
