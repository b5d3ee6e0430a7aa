import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  type AcaoOD,
  type EventoOD,
  eventoODSchema,
  tokenRespostaSchema,
} from '@retaguarda/domain/delivery-apps/index';
import type { AdaptadorDelivery, EventoApp } from './adaptador.ts';
import { buscarNaRede, ErroApp } from './adaptador.ts';
import { type CardapioLoja, merchantOpenDelivery } from './cardapio.ts';

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

/** Renew this long before the token's stated expiry (a call in flight must not carry a dead token). */
const MARGEM_RENOVACAO_MS = 10_000;
const TEMPO_LIMITE_MS = 10_000;

export function assinaturaOD(corpo: string, segredo: string): string {
  return createHmac('sha256', segredo).update(corpo).digest('hex');
}

const semBarra = (u: string) => u.replace(/\/+$/, '');

export class AdaptadorOpenDelivery implements AdaptadorDelivery {
  private token: { valor: string; ate: number } | undefined;
  private pedindoToken: Promise<string> | undefined;
  /** How many tokens were issued to this adapter (tests and health). */
  tokensEmitidos = 0;

  constructor(
    private readonly c: CredenciaisOD,
    private readonly agora: () => number = Date.now,
  ) {}

  private async novoToken(): Promise<string> {
    const corpo = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.c.clientId,
      client_secret: this.c.clientSecret,
    });
    const r = await buscarNaRede(
      `${semBarra(this.c.authUrl || this.c.baseUrl)}/oauth/token`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: corpo.toString(),
        signal: AbortSignal.timeout(TEMPO_LIMITE_MS),
      },
      'Token de acesso',
    );
    const texto = await r.text();
    if (!r.ok) throw new ErroApp(r.status, `O aplicativo recusou as credenciais (HTTP ${r.status}).`);
    let json: unknown;
    try {
      json = JSON.parse(texto);
    } catch {
      throw new ErroApp(r.status, 'Resposta do token não é JSON.');
    }
    const t = tokenRespostaSchema.safeParse(json);
    if (!t.success) throw new ErroApp(r.status, 'Resposta do token fora do padrão Open Delivery.');
    // Without expires_in the token is kept for a minute: asking again is cheap, a dead token is not.
    const vida = (t.data.expires_in ?? 60) * 1000;
    this.token = {
      valor: t.data.access_token,
      ate: this.agora() + vida - Math.min(MARGEM_RENOVACAO_MS, vida / 2),
    };
    this.tokensEmitidos++;
    return t.data.access_token;
  }

  /** The cached token, or a new one (concurrent callers share one request). */
  private async tokenValido(): Promise<string> {
    if (this.token && this.token.ate > this.agora()) return this.token.valor;
    this.pedindoToken ??= this.novoToken().finally(() => {
      this.pedindoToken = undefined;
    });
    return this.pedindoToken;
  }

  private async chamar(metodo: 'GET' | 'POST', caminho: string, corpo?: unknown): Promise<Response> {
    for (let tentativa = 0; ; tentativa++) {
      const token = await this.tokenValido();
      const r = await buscarNaRede(
        `${semBarra(this.c.baseUrl)}${caminho}`,
        {
          method: metodo,
          headers: {
            authorization: `Bearer ${token}`,
            'x-app-id': this.c.appId,
            'x-app-merchantid': this.c.merchantId,
            ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
          signal: AbortSignal.timeout(TEMPO_LIMITE_MS),
        },
        `${metodo} ${caminho}`,
      );
      // A token the app no longer takes (revoked, clock skew): a new one, once.
      if (r.status === 401 && tentativa === 0) {
        await r.body?.cancel();
        this.token = undefined;
        continue;
      }
      return r;
    }
  }

  private static async falha(r: Response, oque: string): Promise<never> {
    let titulo = '';
    try {
      const j = (await r.json()) as { title?: unknown };
      if (typeof j.title === 'string') titulo = `: ${j.title.slice(0, 200)}`;
    } catch {
      // no problem body
    }
    throw new ErroApp(r.status, `${oque} recusado pelo aplicativo (HTTP ${r.status})${titulo}`);
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

  async enviarAcao(pedidoExterno: string, acao: AcaoOD, corpo?: unknown): Promise<void> {
    const r = await this.chamar(
      'POST',
      `/v1/orders/${encodeURIComponent(pedidoExterno)}/${acao}`,
      corpo ?? {},
    );
    if (!r.ok) return AdaptadorOpenDelivery.falha(r, `Ação ${acao}`);
    await r.body?.cancel();
  }

  webhookAutentico(corpoBruto: string, assinatura: string | undefined): boolean {
    if (!assinatura || !/^[0-9a-fA-F]{64}$/.test(assinatura)) return false;
    const esperada = Buffer.from(assinaturaOD(corpoBruto, this.c.clientSecret), 'hex');
    return timingSafeEqual(esperada, Buffer.from(assinatura.toLowerCase(), 'hex'));
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
