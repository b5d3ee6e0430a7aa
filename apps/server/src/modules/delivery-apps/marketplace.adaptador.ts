import type { AcaoOD } from '@retaguarda/domain/delivery-apps/index';
import {
  ACAO_MARKETPLACE,
  CODIGO_CANCELAMENTO_MARKETPLACE,
  type EventoMarketplace,
  eventoMarketplaceSchema,
  textoPedidoODDoMarketplace,
  tipoDoEventoMarketplace,
  tokenMarketplaceSchema,
} from '@retaguarda/domain/delivery-apps/marketplace';
import type { AdaptadorDelivery, EventoApp } from './adaptador.ts';
import { ErroApp, erroDeResposta } from './adaptador.ts';
import type { CardapioLoja } from './cardapio.ts';
import { assinaturaConfere, assinaturaHmac, ClienteOAuth, semBarra } from './cliente-oauth.ts';

// The marketplace polling model (the public shape of iFood's Merchant API v1.0), as a client of one store:
// - POST {authUrl}/authentication/v1.0/oauth/token, form grantType=client_credentials&clientId&clientSecret;
//   the token is cached until shortly before expiresIn, and a 401 on a call drops it and retries once;
// - GET /order/v1.0/events:polling with x-polling-merchants (200 list / 204), POST
//   /order/v1.0/events/acknowledgment [{ id }] after the events are stored;
// - GET /order/v1.0/orders/{id} (converted here to the Open Delivery order the service maps);
// - POST /order/v1.0/orders/{id}/{confirm|startPreparation|readyToPickup|dispatch|requestCancellation|...};
// - catalogue by item: PATCH /catalog/v2.0/merchants/{merchantId}/items/price and .../items/status.
// The event type the service sees is the Open Delivery one the code stands for (PLC -> CREATED ...).

export interface CredenciaisMarketplace {
  baseUrl: string;
  authUrl?: string | null | undefined;
  clientId: string;
  clientSecret: string;
  merchantId: string;
}

/** The webhook signature: lowercase hex HMAC-SHA256 of the raw body with the client secret. */
export const assinaturaMarketplace = assinaturaHmac;

export function eventoAppMarketplace(e: EventoMarketplace): EventoApp {
  return {
    id: e.id,
    pedidoExterno: e.orderId,
    tipo: tipoDoEventoMarketplace(e.code),
    criadoEm: new Date(e.createdAt).toISOString(),
    corpo: e as Record<string, unknown>,
  };
}

export class AdaptadorMarketplace implements AdaptadorDelivery {
  private readonly cliente: ClienteOAuth;

  constructor(
    private readonly c: CredenciaisMarketplace,
    agora: () => number = Date.now,
  ) {
    this.cliente = new ClienteOAuth(
      c.baseUrl,
      {
        url: `${semBarra(c.authUrl || c.baseUrl)}/authentication/v1.0/oauth/token`,
        formulario: { grantType: 'client_credentials', clientId: c.clientId, clientSecret: c.clientSecret },
        ler: (json) => {
          const t = tokenMarketplaceSchema.safeParse(json);
          return t.success ? { token: t.data.accessToken, segundos: t.data.expiresIn } : undefined;
        },
        quem: 'O marketplace',
        padrao: 'formato do marketplace',
      },
      {},
      agora,
    );
  }

  get merchantId(): string {
    return this.c.merchantId;
  }

  /** How many tokens were issued to this adapter (tests and health). */
  get tokensEmitidos(): number {
    return this.cliente.tokensEmitidos;
  }

  private chamar(
    metodo: 'GET' | 'POST' | 'PATCH',
    caminho: string,
    corpo?: unknown,
    cabecalhos: Record<string, string> = {},
  ): Promise<Response> {
    return this.cliente.chamar(metodo, caminho, corpo, cabecalhos);
  }

  private static async falha(r: Response, oque: string): Promise<never> {
    let detalhe = '';
    try {
      const j = (await r.json()) as { message?: unknown; error?: { message?: unknown } };
      const m = j.error?.message ?? j.message;
      if (typeof m === 'string') detalhe = m.slice(0, 200);
    } catch {
      // no error body
    }
    throw erroDeResposta(r.status, oque, 'o marketplace', detalhe);
  }

  async buscarEventos(): Promise<EventoApp[]> {
    const r = await this.chamar('GET', '/order/v1.0/events:polling', undefined, {
      'x-polling-merchants': this.c.merchantId,
    });
    if (r.status === 204) return [];
    if (!r.ok) return AdaptadorMarketplace.falha(r, 'Polling de eventos');
    const json = (await r.json()) as unknown;
    if (!Array.isArray(json)) throw new ErroApp(r.status, 'Polling de eventos: resposta não é uma lista.');
    const eventos: EventoApp[] = [];
    for (const bruto of json) {
      const e = eventoMarketplaceSchema.safeParse(bruto);
      // Without id, order or date it cannot be stored nor acknowledged: the marketplace keeps it.
      if (e.success) eventos.push(eventoAppMarketplace(e.data));
    }
    return eventos;
  }

  async reconhecer(eventos: readonly EventoApp[]): Promise<void> {
    for (let i = 0; i < eventos.length; i += 100) {
      const lote = eventos.slice(i, i + 100).map((e) => ({ id: e.id }));
      const r = await this.chamar('POST', '/order/v1.0/events/acknowledgment', lote);
      if (!r.ok) return AdaptadorMarketplace.falha(r, 'Reconhecimento de eventos');
      await r.body?.cancel();
    }
  }

  async buscarPedido(pedidoExterno: string): Promise<string> {
    const r = await this.chamar('GET', `/order/v1.0/orders/${encodeURIComponent(pedidoExterno)}`);
    if (!r.ok) return AdaptadorMarketplace.falha(r, 'Consulta do pedido');
    return textoPedidoODDoMarketplace(await r.text());
  }

  async enviarAcao(pedidoExterno: string, acao: AcaoOD, corpo?: unknown): Promise<boolean> {
    const caminho = ACAO_MARKETPLACE[acao];
    if (!caminho) return false;
    const r = await this.chamar(
      'POST',
      `/order/v1.0/orders/${encodeURIComponent(pedidoExterno)}/${caminho}`,
      corpoDaAcao(acao, corpo),
    );
    if (!r.ok) return AdaptadorMarketplace.falha(r, `Ação ${caminho}`);
    await r.body?.cancel();
    return true;
  }

  webhookAutentico(corpoBruto: string, assinatura: string | undefined): boolean {
    return assinaturaConfere(corpoBruto, assinatura, this.c.clientSecret);
  }

  /** The menu as the marketplace's item list (a full upload); day to day it is kept by item, below. */
  cardapio(loja: CardapioLoja): unknown {
    return {
      merchantId: loja.merchantId,
      items: loja.produtos.map((p) => ({
        externalCode: p._id,
        name: p.descricao.slice(0, 150),
        categoryName: p.categoria.descricao,
        price: { value: Number(p.preco) },
        status: p.ativo ? 'AVAILABLE' : 'UNAVAILABLE',
      })),
    };
  }

  async atualizarPreco(externalCode: string, valor: number): Promise<void> {
    const r = await this.chamar(
      'PATCH',
      `/catalog/v2.0/merchants/${encodeURIComponent(this.c.merchantId)}/items/price`,
      { externalCode, price: { value: valor } },
    );
    if (!r.ok) return AdaptadorMarketplace.falha(r, 'Preço do item');
    await r.body?.cancel();
  }

  async atualizarStatus(externalCode: string, disponivel: boolean): Promise<void> {
    const r = await this.chamar(
      'PATCH',
      `/catalog/v2.0/merchants/${encodeURIComponent(this.c.merchantId)}/items/status`,
      { externalCode, status: disponivel ? 'AVAILABLE' : 'UNAVAILABLE' },
    );
    if (!r.ok) return AdaptadorMarketplace.falha(r, 'Situação do item');
    await r.body?.cancel();
  }
}

/** The service's Open Delivery bodies in the marketplace's terms (confirm and the steps take none). */
function corpoDaAcao(acao: AcaoOD, corpo: unknown): Record<string, unknown> | undefined {
  const c = (corpo ?? {}) as { reason?: unknown; code?: unknown };
  const razao = typeof c.reason === 'string' && c.reason.trim() ? c.reason.slice(0, 250) : undefined;
  if (acao === 'requestCancellation')
    return {
      reason: razao ?? 'Cancelado pela loja',
      cancellationCode:
        CODIGO_CANCELAMENTO_MARKETPLACE[c.code as keyof typeof CODIGO_CANCELAMENTO_MARKETPLACE] ?? '509',
    };
  if (acao === 'denyCancellation')
    return { reason: razao ?? 'Negado pela loja', code: typeof c.code === 'string' ? c.code : 'OTHER' };
  return undefined;
}
