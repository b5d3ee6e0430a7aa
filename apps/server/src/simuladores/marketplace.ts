import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AcaoOD, aplicarAcao, type EstadoPedidoOD } from '@retaguarda/domain/delivery-apps/index';
import {
  EVENTO_DO_CODIGO_MARKETPLACE,
  negarCancelamentoMarketplaceSchema,
  pedirCancelamentoMarketplaceSchema,
  precoItemMarketplaceSchema,
  statusItemMarketplaceSchema,
} from '@retaguarda/domain/delivery-apps/marketplace';

// A local marketplace of the polling model (the public shape of iFood's Merchant API v1.0), for the tests and
// a demo (npm run simulador:delivery). It refuses what the real one refuses: wrong credentials or grant (401),
// a missing, unknown or expired token (401), polling without x-polling-merchants (400), an action out of turn
// for the order's state (409: dispatch before confirm, confirm after a cancellation), a bad body (400), an
// unknown order (404), a catalogue call for another merchant (403). Acknowledging an unknown id is ignored.
// Events stay until acknowledged (an unacknowledged event comes back on the next poll), a share of the
// acknowledgments can be dropped, and an order not confirmed within 8 minutes is cancelled by the marketplace
// with a CAN event. Its clock is injectable (`agora`), so a test moves time instead of waiting.

export interface OpcoesSimuladorMarketplace {
  clientId?: string;
  clientSecret?: string;
  merchantId?: string;
  tokenTtlSegundos?: number;
  /** Share (0-1) of acknowledged events it keeps unacknowledged. */
  perdaAck?: number;
  /** How it answers a merchant's requestCancellation. */
  respostaCancelamento?: 'aceitar' | 'negar';
  /** Time to confirm an order before the marketplace cancels it. */
  prazoConfirmacaoMs?: number;
  agora?: () => number;
  porta?: number;
}

interface EventoSim {
  id: string;
  code: string;
  fullCode: string;
  orderId: string;
  merchantId: string;
  createdAt: string;
  metadata?: Record<string, unknown>;
  reconhecido: boolean;
}

interface PedidoSim {
  pedido: Record<string, unknown>;
  merchantId: string;
  criadoEm: number;
  bruto?: string;
  estado: EstadoPedidoOD;
  anterior: EstadoPedidoOD;
}

export interface NovoPedidoMarketplace {
  items: {
    externalCode: string;
    name: string;
    quantity: number;
    unitPrice: number;
    options?: { externalCode: string; name: string; quantity: number; unitPrice: number }[];
  }[];
  deliveryFee?: number;
  /** A cart benefit (coupon) paid by the merchant. */
  discount?: number;
  pagamento?: { prepaid: boolean; method?: string; changeFor?: number };
  customerName?: string;
  /** An order of another merchant (a store not integrated). */
  merchantId?: string;
}

/** The marketplace's path -> our action (the state machine is Open Delivery's, status.ts). */
const ACAO_DO_CAMINHO: Readonly<Record<string, AcaoOD>> = {
  confirm: 'confirm',
  startPreparation: 'preparing',
  readyToPickup: 'readyForPickup',
  dispatch: 'dispatch',
  requestCancellation: 'requestCancellation',
  acceptCancellation: 'acceptCancellation',
  denyCancellation: 'denyCancellation',
};
const CODIGO_DO_EVENTO = Object.fromEntries(
  Object.entries(EVENTO_DO_CODIGO_MARKETPLACE).map(([codigo, tipo]) => [tipo, codigo]),
);
const NOME_DO_CODIGO: Readonly<Record<string, string>> = {
  PLC: 'PLACED',
  CFM: 'CONFIRMED',
  PRS: 'PREPARATION_STARTED',
  RTP: 'READY_TO_PICKUP',
  DSP: 'DISPATCHED',
  CON: 'CONCLUDED',
  CAN: 'CANCELLED',
  CAR: 'CANCELLATION_REQUESTED',
  CARF: 'CANCELLATION_REQUEST_FAILED',
  CCR: 'CONSUMER_CANCELLATION_REQUESTED',
  CCD: 'CONSUMER_CANCELLATION_DENIED',
};
const arred = (v: number) => Math.round(v * 100) / 100;
export const PRAZO_CONFIRMACAO_MS = 8 * 60_000;

export async function iniciarSimuladorMarketplace(o: OpcoesSimuladorMarketplace = {}) {
  const cred = {
    clientId: o.clientId ?? 'cliente-marketplace',
    clientSecret: o.clientSecret ?? randomBytes(16).toString('hex'),
    merchantId: o.merchantId ?? randomUUID(),
  };
  const config = {
    tokenTtlSegundos: o.tokenTtlSegundos ?? 21_600,
    perdaAck: o.perdaAck ?? 0,
    respostaCancelamento: o.respostaCancelamento ?? 'aceitar',
    prazoConfirmacaoMs: o.prazoConfirmacaoMs ?? PRAZO_CONFIRMACAO_MS,
  };
  const agora = o.agora ?? Date.now;
  const tokens = new Map<string, number>();
  const eventos: EventoSim[] = [];
  const pedidos = new Map<string, PedidoSim>();
  const acoes: { orderId: string; acao: string; corpo: unknown }[] = [];
  const recusas: { status: number; motivo: string }[] = [];
  /** Every catalogue update it took, in order. */
  const catalogo: { tipo: 'preco' | 'status'; externalCode: string; valor: number | string }[] = [];
  let acksPerdidos = 0;
  let perderProximos = 0;
  let tokensEmitidos = 0;

  const emitir = (orderId: string, code: string, metadata?: Record<string, unknown>) => {
    const merchantId = pedidos.get(orderId)?.merchantId ?? cred.merchantId;
    const e: EventoSim = {
      id: randomUUID(),
      code,
      fullCode: NOME_DO_CODIGO[code] ?? code,
      orderId,
      merchantId,
      createdAt: new Date(agora()).toISOString(),
      ...(metadata ? { metadata } : {}),
      reconhecido: false,
    };
    eventos.push(e);
    return e;
  };
  const semInterno = ({ reconhecido: _r, ...e }: EventoSim) => e;

  /** The 8-minute rule: an order still waiting for confirmation past the deadline is cancelled. */
  function verificarPrazos(): number {
    let cancelados = 0;
    for (const [id, p] of pedidos) {
      if (p.estado !== 'CREATED' || agora() - p.criadoEm < config.prazoConfirmacaoMs) continue;
      p.estado = 'CANCELLED';
      emitir(id, 'CAN', {
        reason: 'Pedido não confirmado pela loja no prazo',
        reasonCode: 'MERCHANT_CONFIRMATION_TIMEOUT',
        origin: 'MARKETPLACE',
      });
      cancelados++;
    }
    return cancelados;
  }

  const responder = (
    res: http.ServerResponse,
    status: number,
    corpo?: unknown,
    tipo = 'application/json',
  ) => {
    if (status >= 400)
      recusas.push({ status, motivo: (corpo as { message?: string } | undefined)?.message ?? '' });
    res.writeHead(status, corpo === undefined ? {} : { 'content-type': tipo });
    res.end(corpo === undefined ? undefined : typeof corpo === 'string' ? corpo : JSON.stringify(corpo));
  };
  const erro = (res: http.ServerResponse, status: number, message: string) =>
    responder(res, status, { code: String(status), message });

  function autorizado(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const m = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    const ate = m ? tokens.get(m[1] ?? '') : undefined;
    if (!m || ate === undefined) {
      erro(res, 401, 'Token ausente ou desconhecido');
      return false;
    }
    if (ate <= agora()) {
      erro(res, 401, 'Token expirado');
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
  const json = (texto: string): unknown => {
    try {
      return JSON.parse(texto || 'null');
    } catch {
      return undefined;
    }
  };

  function criarPedido(n: NovoPedidoMarketplace): string {
    const id = randomUUID();
    const itens = n.items.map((it, k) => {
      const opcoes = (it.options ?? []).map((op, j) => ({
        index: j,
        id: randomUUID(),
        name: op.name,
        externalCode: op.externalCode,
        unit: 'UN',
        quantity: op.quantity,
        unitPrice: op.unitPrice,
        price: arred(op.unitPrice * op.quantity),
      }));
      const precoOpcoes = arred(opcoes.reduce((s, op) => s + op.price, 0));
      return {
        index: k,
        id: randomUUID(),
        uniqueId: randomUUID(),
        name: it.name,
        externalCode: it.externalCode,
        unit: 'UN',
        quantity: it.quantity,
        unitPrice: it.unitPrice,
        optionsPrice: precoOpcoes,
        price: arred(it.unitPrice * it.quantity),
        totalPrice: arred(it.quantity * (it.unitPrice + precoOpcoes)),
        ...(opcoes.length ? { options: opcoes } : {}),
      };
    });
    const subTotal = arred(itens.reduce((s, i) => s + i.totalPrice, 0));
    const taxa = n.deliveryFee ?? 0;
    const desconto = n.discount ?? 0;
    const total = arred(subTotal + taxa - desconto);
    const pag = n.pagamento ?? { prepaid: true, method: 'CREDIT' };
    const metodo = pag.method ?? (pag.prepaid ? 'CREDIT' : 'CASH');
    const criado = new Date(agora()).toISOString();
    const merchantId = n.merchantId ?? cred.merchantId;
    const pedido = {
      id,
      displayId: id.slice(0, 4).toUpperCase(),
      orderType: 'DELIVERY',
      orderTiming: 'IMMEDIATE',
      salesChannel: 'MARKETPLACE',
      category: 'FOOD',
      createdAt: criado,
      preparationStartDateTime: criado,
      isTest: true,
      merchant: { id: merchantId, name: 'Loja' },
      customer: {
        id: randomUUID(),
        name: n.customerName ?? 'Cliente do Marketplace',
        phone: { number: '0800 000 0000', localizer: '12345678' },
        ordersCountOnMerchant: 1,
      },
      items: itens,
      benefits: desconto
        ? [{ value: desconto, target: 'CART', sponsorshipValues: [{ name: 'MERCHANT', value: desconto }] }]
        : [],
      additionalFees: [],
      total: { subTotal, deliveryFee: taxa, benefits: desconto, additionalFees: 0, orderAmount: total },
      payments: {
        prepaid: pag.prepaid ? total : 0,
        pending: pag.prepaid ? 0 : total,
        methods: [
          {
            value: total,
            currency: 'BRL',
            method: metodo,
            prepaid: pag.prepaid,
            type: pag.prepaid ? 'ONLINE' : 'OFFLINE',
            ...(pag.changeFor !== undefined ? { cash: { changeFor: pag.changeFor } } : {}),
          },
        ],
      },
      delivery: {
        mode: 'DEFAULT',
        deliveredBy: 'MERCHANT',
        deliveryDateTime: criado,
        deliveryAddress: {
          streetName: 'Rua XV de Novembro',
          streetNumber: '100',
          neighborhood: 'Centro',
          city: 'Curitiba',
          state: 'PR',
          country: 'BR',
          postalCode: '80020000',
          formattedAddress: 'Rua XV de Novembro, 100',
          coordinates: { latitude: -25.4296, longitude: -49.2713 },
        },
      },
    };
    pedidos.set(id, { pedido, merchantId, criadoEm: agora(), estado: 'CREATED', anterior: 'CREATED' });
    emitir(id, 'PLC');
    return id;
  }

  async function tratar(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulador');
    const caminho = url.pathname;
    const corpo = await ler(req);
    verificarPrazos();

    if (req.method === 'POST' && caminho === '/authentication/v1.0/oauth/token') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return erro(res, 400, 'Use application/x-www-form-urlencoded');
      const f = new URLSearchParams(corpo);
      if (f.get('grantType') !== 'client_credentials') return erro(res, 400, 'grantType não suportado');
      if (f.get('clientId') !== cred.clientId || f.get('clientSecret') !== cred.clientSecret)
        return erro(res, 401, 'Credenciais inválidas');
      const token = randomBytes(24).toString('hex');
      tokens.set(token, agora() + config.tokenTtlSegundos * 1000);
      tokensEmitidos++;
      return responder(res, 200, { accessToken: token, type: 'bearer', expiresIn: config.tokenTtlSegundos });
    }

    // The customer's side (no token): the demo page and the order a person places.
    if (req.method === 'GET' && caminho === '/')
      return responder(res, 200, paginaDemo(), 'text/html; charset=utf-8');
    if (req.method === 'POST' && caminho === '/simulador/pedidos') {
      const n = json(corpo) as NovoPedidoMarketplace | undefined;
      if (!n || !Array.isArray(n.items)) return erro(res, 400, 'Pedido inválido');
      return responder(res, 201, { orderId: criarPedido(n) });
    }
    if (req.method === 'GET' && caminho === '/simulador/estado')
      return responder(res, 200, {
        pedidos: [...pedidos.entries()].map(([id, p]) => ({ id, estado: p.estado })),
        acoes,
        catalogo,
        pendentes: eventos.filter((e) => !e.reconhecido).length,
      });

    if (!autorizado(req, res)) return;

    if (req.method === 'GET' && caminho === '/order/v1.0/events:polling') {
      const cabecalho = req.headers['x-polling-merchants'];
      const lojas = (Array.isArray(cabecalho) ? cabecalho.join(',') : (cabecalho ?? ''))
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (lojas.length === 0) return erro(res, 400, 'Cabeçalho x-polling-merchants obrigatório');
      const lista = eventos.filter((e) => !e.reconhecido && lojas.includes(e.merchantId)).slice(0, 1000);
      if (lista.length === 0) return responder(res, 204);
      return responder(res, 200, lista.map(semInterno));
    }
    if (req.method === 'POST' && caminho === '/order/v1.0/events/acknowledgment') {
      const lista = json(corpo);
      if (!Array.isArray(lista) || lista.length > 2000) return erro(res, 400, 'Envie uma lista de { id }');
      for (const a of lista as { id?: unknown }[]) {
        // An unknown id is ignored, as the real one does.
        const e = eventos.find((x) => x.id === a?.id);
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

    const cat = /^\/catalog\/v2\.0\/merchants\/([^/]+)\/items\/(price|status)$/.exec(caminho);
    if (cat && req.method === 'PATCH') {
      if (decodeURIComponent(cat[1] ?? '') !== cred.merchantId)
        return erro(res, 403, 'Loja de outro parceiro');
      if (cat[2] === 'price') {
        const b = precoItemMarketplaceSchema.safeParse(json(corpo));
        if (!b.success) return erro(res, 400, 'Corpo inválido para o preço do item');
        catalogo.push({ tipo: 'preco', externalCode: b.data.externalCode, valor: b.data.price.value });
      } else {
        const b = statusItemMarketplaceSchema.safeParse(json(corpo));
        if (!b.success) return erro(res, 400, 'Corpo inválido para a situação do item');
        catalogo.push({ tipo: 'status', externalCode: b.data.externalCode, valor: b.data.status });
      }
      return responder(res, 202);
    }

    const m = /^\/order\/v1\.0\/orders\/([^/]+)(?:\/([A-Za-z]+))?$/.exec(caminho);
    if (m) {
      const id = decodeURIComponent(m[1] ?? '');
      const p = pedidos.get(id);
      if (!p) return erro(res, 404, 'Pedido não encontrado');
      if (req.method === 'GET' && !m[2]) return responder(res, 200, p.bruto ?? p.pedido);
      const acao = ACAO_DO_CAMINHO[m[2] ?? ''];
      if (req.method !== 'POST' || !acao) return erro(res, 404, 'Rota desconhecida');
      const b = json(corpo);
      if (acao === 'requestCancellation' && !pedirCancelamentoMarketplaceSchema.safeParse(b).success)
        return erro(res, 400, 'Corpo inválido para requestCancellation');
      if (acao === 'denyCancellation' && !negarCancelamentoMarketplaceSchema.safeParse(b).success)
        return erro(res, 400, 'Corpo inválido para denyCancellation');
      const t = aplicarAcao(p.estado, acao, p.anterior);
      if (!t.ok) return erro(res, 409, t.motivo);
      acoes.push({ orderId: id, acao: m[2] ?? '', corpo: b });
      if (acao === 'requestCancellation') {
        if (config.respostaCancelamento === 'aceitar') {
          p.estado = 'CANCELLED';
          emitir(id, 'CAN', { reason: 'Cancelado a pedido da loja', origin: 'MERCHANT' });
        } else {
          // Refused: the order stays where it was.
          emitir(id, 'CARF', { reason: 'Pedido já pago' });
        }
        return responder(res, 202);
      }
      p.estado = t.estado;
      emitir(id, CODIGO_DO_EVENTO[t.evento] ?? t.evento);
      return responder(res, 202);
    }
    return erro(res, 404, 'Rota desconhecida');
  }

  function paginaDemo(): string {
    return `<!doctype html><meta charset="utf-8"><title>Simulador de marketplace</title>
<h1>Marketplace de delivery (simulador do modelo de polling)</h1>
<p>merchantId <code>${cred.merchantId}</code> · clientId <code>${cred.clientId}</code> · pedidos não confirmados em
${Math.round(config.prazoConfirmacaoMs / 60_000)} minutos são cancelados</p>
<form id="f"><p>Código do produto: <input name="codigo" size="30" required>
Nome: <input name="nome" value="Produto"> Qtd: <input name="qtd" value="1" size="3"> Preço: <input name="preco" value="10" size="6">
Taxa de entrega: <input name="taxa" value="5" size="5">
<select name="pag"><option value="1">Pago no app</option><option value="">Dinheiro na entrega</option></select>
<button>Fazer pedido</button></p></form><pre id="s"></pre>
<script>
const f=document.getElementById('f'),s=document.getElementById('s');
f.onsubmit=async(e)=>{e.preventDefault();const d=new FormData(f);
const r=await fetch('/simulador/pedidos',{method:'POST',body:JSON.stringify({items:[{externalCode:d.get('codigo'),name:d.get('nome'),quantity:Number(d.get('qtd')),unitPrice:Number(d.get('preco'))}],deliveryFee:Number(d.get('taxa')),pagamento:{prepaid:d.get('pag')==='1',method:d.get('pag')==='1'?'CREDIT':'CASH'}})});
s.textContent=JSON.stringify(await r.json(),null,2);};
setInterval(async()=>{const r=await fetch('/simulador/estado');s.textContent=JSON.stringify(await r.json(),null,2);},3000);
</script>`;
  }

  const servidor = http.createServer((req, res) => {
    tratar(req, res).catch((e: unknown) => {
      if (!res.headersSent) erro(res, 500, (e as Error).message);
    });
  });
  await new Promise<void>((ok) => servidor.listen(o.porta ?? 0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;

  return {
    url,
    credenciais: cred,
    config,
    acoes,
    recusas,
    eventos,
    catalogo,
    criarPedido,
    verificarPrazos,
    /** GET /orders/{id} answers this text instead (malformed input from the marketplace). */
    pedidoBruto(orderId: string, texto: string) {
      const p = pedidos.get(orderId);
      if (p) p.bruto = texto;
    },
    estado: (orderId: string) => pedidos.get(orderId)?.estado,
    /** The order as GET /orders/{id} answers it. */
    pedido: (orderId: string) => pedidos.get(orderId)?.pedido,
    /** The customer asks to cancel (CCR). */
    clientePedeCancelamento(orderId: string) {
      const p = pedidos.get(orderId);
      if (!p) return;
      p.anterior = p.estado;
      p.estado = 'ORDER_CANCELLATION_REQUEST';
      emitir(orderId, 'CCR', { reason: 'Cliente desistiu' });
    },
    emitir,
    perderAcks(n: number) {
      perderProximos += n;
    },
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

export type SimuladorMarketplace = Awaited<ReturnType<typeof iniciarSimuladorMarketplace>>;
