import type { AcaoOD } from '@retaguarda/domain/delivery-apps/index';
import type { CardapioLoja } from './cardapio.ts';

// The one internal interface every delivery app speaks through. Open Delivery (open-delivery.adaptador.ts) is
// the first; the marketplace polling model is a second implementation of the same methods, so the service
// (events stored before acknowledged, deduplicated by id, processed in createdAt order; orders become sales
// exactly once; our status changes sent back) never knows which app it talks to.

/** An event as the service stores it, whatever the protocol. */
export interface EventoApp {
  id: string;
  pedidoExterno: string;
  /** The protocol's event type (Open Delivery: CREATED, CONFIRMED, ...). */
  tipo: string;
  /** ISO instant the app created it: the processing order. */
  criadoEm: string;
  /** The event as received (acknowledged back as it came). */
  corpo: Record<string, unknown>;
}

/** An answer of the app that is not a success: the status and a pt-BR description. */
export class ErroApp extends Error {
  override name = 'ErroApp';
  constructor(
    readonly status: number,
    mensagem: string,
  ) {
    super(mensagem);
  }
}

/**
 * A failure before any answer (fetch's "fetch failed", a timeout, a refused connection, an unknown host) as
 * the pt-BR sentence the health screen shows: the library's English text means nothing to a store manager.
 */
export function erroDeRede(erro: unknown, oque: string): ErroApp {
  const e = erro as { name?: string; cause?: { code?: string } } | null;
  const codigo = e?.cause?.code ?? '';
  const porque =
    e?.name === 'TimeoutError' || e?.name === 'AbortError' || codigo === 'UND_ERR_CONNECT_TIMEOUT'
      ? 'o aplicativo não respondeu a tempo'
      : codigo === 'ENOTFOUND' || codigo === 'EAI_AGAIN'
        ? 'endereço do aplicativo não encontrado (DNS)'
        : codigo === 'ECONNREFUSED'
          ? 'conexão recusada'
          : codigo.startsWith('ERR_TLS') || codigo.includes('CERT')
            ? 'certificado HTTPS do aplicativo inválido'
            : 'falha de rede';
  return new ErroApp(0, `${oque}: aplicativo fora do ar ou inacessível (${porque}).`);
}

/**
 * An answer of the protocol that is not a success as the pt-BR sentence the health screen shows: what the
 * status means for the store and what to check (`quem`: "o aplicativo", "o marketplace"; `detalhe`: the
 * app's own text, kept after it).
 */
/** Why the app refused a call, by HTTP status (`quem`: the app's name); 5xx and anything else fall to the end. */
const MOTIVO_POR_STATUS: Readonly<Record<number, (quem: string) => string>> = {
  400: (quem) => `${quem} recusou a chamada como fora do padrão`,
  401: (quem) => `${quem} recusou as credenciais: confira o Client ID e o Client Secret da integração`,
  403: (quem) => `${quem} negou o acesso: confira o App ID e o Merchant ID da loja`,
  404: (quem) => `${quem} não encontrou o pedido ou o endereço: confira a URL da integração`,
  409: (quem) => `fora de hora para ${quem}: o pedido já mudou de situação lá`,
  422: (quem) => `fora de hora para ${quem}: o pedido já mudou de situação lá`,
  429: (quem) => `${quem} limitou as chamadas (excesso de requisições): nova tentativa na próxima rodada`,
};

export function erroDeResposta(status: number, oque: string, quem: string, detalhe = ''): ErroApp {
  const motivo = MOTIVO_POR_STATUS[status];
  const porque = motivo
    ? motivo(quem)
    : status >= 500
      ? `${quem} está com falha interna: nova tentativa na próxima rodada`
      : `${quem} recusou a chamada`;
  return new ErroApp(status, `${oque}: ${porque} (HTTP ${status})${detalhe ? ` - ${detalhe}` : ''}.`);
}

/** fetch whose network failure is an ErroApp in pt-BR (see erroDeRede). */
export async function buscarNaRede(url: string, init: RequestInit, oque: string): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (erro) {
    throw erroDeRede(erro, oque);
  }
}

export interface AdaptadorDelivery {
  /** Events not yet acknowledged (an empty list when the app has none). */
  buscarEventos(): Promise<EventoApp[]>;
  /** Acknowledges events already stored, including the ones the service does not use. */
  reconhecer(eventos: readonly EventoApp[]): Promise<void>;
  /** The order's raw text: the service parses it, so a malformed one is kept and shown, never lost. */
  buscarPedido(pedidoExterno: string): Promise<string>;
  /**
   * A status action on the order (confirm, preparing, ..., deny cancellation); false when the protocol has no
   * such call (the marketplace concludes delivery itself) and nothing was sent.
   */
  enviarAcao(pedidoExterno: string, acao: AcaoOD, corpo?: unknown): Promise<boolean>;
  /** Whether a webhook call is the app's (signature over the raw body with the client secret). */
  webhookAutentico(corpoBruto: string, assinatura: string | undefined): boolean;
  /** The store's menu in the protocol's shape (Open Delivery GET /merchant). */
  cardapio(loja: CardapioLoja): unknown;
}
