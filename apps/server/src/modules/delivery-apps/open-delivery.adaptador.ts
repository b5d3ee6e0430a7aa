import {
  type AcaoOD,
  type EventoOD,
  eventoODSchema,
  tokenRespostaSchema,
} from '@retaguarda/domain/delivery-apps/index';
import type { AdaptadorDelivery, EventoApp } from './adaptador.ts';
import { ErroApp, erroDeResposta } from './adaptador.ts';
import { type CardapioLoja, merchantOpenDelivery } from './cardapio.ts';
import { assinaturaConfere, assinaturaHmac, ClienteOAuth, semBarra } from './cliente-oauth.ts';

// Open Delivery v1.7, Software Service side, as a client of one store's Ordering Application:
// - OAuth2 client credentials (POST {authUrl}/oauth/token, form body): the token is cached until shortly
//   before expires_in and asked again after; a 401 on a call drops it and the call is tried once more;
// - every call carries Authorization: Bearer, X-App-Id and X-App-MerchantId;
// - GET /v1/events:polling answers 200 with events or 204 with none; POST /v1/events/acknowledgment takes
//   [{ id, orderId, eventType }] (at most 100 a call);
// - GET /v1/orders/{orderId}; POST /v1/orders/{orderId}/{action};
// - the webhook's X-App-Signature is the lowercase hex HMAC-SHA256 of the raw body with the client secret.

export interface CredenciaisOD {
  baseUrl: string;
  authUrl?: string | null | undefined;
  clientId: string;
  clientSecret: string;
  appId: string;
  merchantId: string;
}

/** The webhook's X-App-Signature of a body (tests and the simulator sign with it). */
export const assinaturaOD = assinaturaHmac;

export class AdaptadorOpenDelivery implements AdaptadorDelivery {
  private readonly cliente: ClienteOAuth;

  constructor(
    private readonly c: CredenciaisOD,
    agora: () => number = Date.now,
  ) {
    this.cliente = new ClienteOAuth(
      c.baseUrl,
      {
        url: `${semBarra(c.authUrl || c.baseUrl)}/oauth/token`,
        formulario: {
          grant_type: 'client_credentials',
          client_id: c.clientId,
          client_secret: c.clientSecret,
        },
        ler: (json) => {
          const t = tokenRespostaSchema.safeParse(json);
          return t.success ? { token: t.data.access_token, segundos: t.data.expires_in } : undefined;
        },
        quem: 'O aplicativo',
        padrao: 'padrão Open Delivery',
      },
      { 'x-app-id': c.appId, 'x-app-merchantid': c.merchantId },
      agora,
    );
  }

  /** How many tokens were issued to this adapter (tests and health). */
  get tokensEmitidos(): number {
    return this.cliente.tokensEmitidos;
  }

  private chamar(metodo: 'GET' | 'POST', caminho: string, corpo?: unknown): Promise<Response> {
    return this.cliente.chamar(metodo, caminho, corpo);
  }

  private static async falha(r: Response, oque: string): Promise<never> {
    let titulo = '';
    try {
      const j = (await r.json()) as { title?: unknown };
      if (typeof j.title === 'string') titulo = j.title.slice(0, 200);
    } catch {
      // no problem body
    }
    throw erroDeResposta(r.status, oque, 'o aplicativo', titulo);
  }

  async buscarEventos(): Promise<EventoApp[]> {
    const r = await this.chamar('GET', '/v1/events:polling');
    if (r.status === 204) return [];
    if (!r.ok) return AdaptadorOpenDelivery.falha(r, 'Polling de eventos');
    const json = (await r.json()) as unknown;
    if (!Array.isArray(json)) throw new ErroApp(r.status, 'Polling de eventos: resposta não é uma lista.');
    const eventos: EventoApp[] = [];
    for (const bruto of json) {
      const e = eventoODSchema.safeParse(bruto);
      // An event without id, order or date cannot be stored nor acknowledged: the app keeps it.
      if (e.success) eventos.push(eventoApp(e.data));
    }
    return eventos;
  }

  async reconhecer(eventos: readonly EventoApp[]): Promise<void> {
    for (let i = 0; i < eventos.length; i += 100) {
      const lote = eventos
        .slice(i, i + 100)
        .map((e) => ({ id: e.id, orderId: e.pedidoExterno, eventType: e.tipo }));
      const r = await this.chamar('POST', '/v1/events/acknowledgment', lote);
      if (!r.ok) return AdaptadorOpenDelivery.falha(r, 'Reconhecimento de eventos');
      await r.body?.cancel();
    }
  }

  async buscarPedido(pedidoExterno: string): Promise<string> {
    const r = await this.chamar('GET', `/v1/orders/${encodeURIComponent(pedidoExterno)}`);
    if (!r.ok) return AdaptadorOpenDelivery.falha(r, 'Consulta do pedido');
    return r.text();
  }

  async enviarAcao(pedidoExterno: string, acao: AcaoOD, corpo?: unknown): Promise<boolean> {
    const r = await this.chamar(
      'POST',
      `/v1/orders/${encodeURIComponent(pedidoExterno)}/${acao}`,
      corpo ?? {},
    );
    if (!r.ok) return AdaptadorOpenDelivery.falha(r, `Ação ${acao}`);
    await r.body?.cancel();
    return true;
  }

  webhookAutentico(corpoBruto: string, assinatura: string | undefined): boolean {
    return assinaturaConfere(corpoBruto, assinatura, this.c.clientSecret);
  }

  cardapio(loja: CardapioLoja): unknown {
    return merchantOpenDelivery(loja);
  }
}

export function eventoApp(e: EventoOD): EventoApp {
  return {
    id: e.eventId,
    pedidoExterno: e.orderId,
    tipo: e.eventType,
    criadoEm: new Date(e.createdAt).toISOString(),
    corpo: e as Record<string, unknown>,
  };
}
