import { createHmac, timingSafeEqual } from 'node:crypto';
import { buscarNaRede, ErroApp, erroDeResposta } from './adaptador.ts';

// What every delivery app's client shares (Open Delivery and the marketplace alike): an OAuth2
// client-credentials token cached until shortly before it expires (concurrent callers share one request), a
// call that carries it and, on a 401 (revoked, the app's clock ahead of ours), drops it and tries once more;
// and the webhooks' HMAC-SHA256 signature. Each adapter says only how its token endpoint is asked and read.

/** Renew this long before the token's stated expiry (a call in flight must not carry a dead token). */
const MARGEM_RENOVACAO_MS = 10_000;
const TEMPO_LIMITE_MS = 10_000;

export const semBarra = (u: string): string => u.replace(/\/+$/, '');

export interface ProtocoloToken {
  /** The token endpoint. */
  url: string;
  /** Its form body (application/x-www-form-urlencoded). */
  formulario: Record<string, string>;
  /** The token and its life in seconds from the endpoint's JSON; undefined when out of the protocol. */
  ler(json: unknown): { token: string; segundos: number | undefined } | undefined;
  /** Who refuses, in the messages: 'O aplicativo', 'O marketplace'. */
  quem: string;
  /** The protocol's name in the messages ('padrão Open Delivery'). */
  padrao: string;
}

export class ClienteOAuth {
  private token: { valor: string; ate: number } | undefined;
  private pedindoToken: Promise<string> | undefined;
  /** How many tokens were issued to this client (tests and health). */
  tokensEmitidos = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly protocolo: ProtocoloToken,
    /** Headers every call carries (X-App-Id...). */
    private readonly cabecalhosFixos: Record<string, string> = {},
    private readonly agora: () => number = Date.now,
  ) {}

  private async novoToken(): Promise<string> {
    const p = this.protocolo;
    const r = await buscarNaRede(
      p.url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(p.formulario).toString(),
        signal: AbortSignal.timeout(TEMPO_LIMITE_MS),
      },
      'Token de acesso',
    );
    const texto = await r.text();
    if (!r.ok) throw erroDeResposta(r.status, 'Token de acesso', p.quem.toLowerCase());
    let json: unknown;
    try {
      json = JSON.parse(texto);
    } catch {
      throw new ErroApp(r.status, 'Resposta do token não é JSON.');
    }
    const lido = p.ler(json);
    if (!lido) throw new ErroApp(r.status, `Resposta do token fora do ${p.padrao}.`);
    // Without a stated life the token is kept for a minute: asking again is cheap, a dead token is not.
    const vida = (lido.segundos ?? 60) * 1000;
    this.token = { valor: lido.token, ate: this.agora() + vida - Math.min(MARGEM_RENOVACAO_MS, vida / 2) };
    this.tokensEmitidos++;
    return lido.token;
  }

  /** The cached token, or a new one (concurrent callers share one request). */
  private async tokenValido(): Promise<string> {
    if (this.token && this.token.ate > this.agora()) return this.token.valor;
    this.pedindoToken ??= this.novoToken().finally(() => {
      this.pedindoToken = undefined;
    });
    return this.pedindoToken;
  }

  /** A call with the token and the fixed headers; a JSON body when given. */
  async chamar(
    metodo: 'GET' | 'POST' | 'PATCH',
    caminho: string,
    corpo?: unknown,
    cabecalhos: Record<string, string> = {},
  ): Promise<Response> {
    for (let tentativa = 0; ; tentativa++) {
      const token = await this.tokenValido();
      const r = await buscarNaRede(
        `${semBarra(this.baseUrl)}${caminho}`,
        {
          method: metodo,
          headers: {
            authorization: `Bearer ${token}`,
            ...this.cabecalhosFixos,
            ...cabecalhos,
            ...(corpo === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
          signal: AbortSignal.timeout(TEMPO_LIMITE_MS),
        },
        `${metodo} ${caminho}`,
      );
      // A token the app no longer takes: a new one, once.
      if (r.status === 401 && tentativa === 0) {
        await r.body?.cancel();
        this.token = undefined;
        continue;
      }
      return r;
    }
  }
}

/** A webhook's signature: lowercase hex HMAC-SHA256 of the raw body with the client secret. */
export function assinaturaHmac(corpo: string, segredo: string): string {
  return createHmac('sha256', segredo).update(corpo).digest('hex');
}

/** Whether a webhook's signature is the body's with this secret (constant time). */
export function assinaturaConfere(corpo: string, assinatura: string | undefined, segredo: string): boolean {
  if (!assinatura || !/^[0-9a-fA-F]{64}$/.test(assinatura)) return false;
  return timingSafeEqual(
    Buffer.from(assinaturaHmac(corpo, segredo), 'hex'),
    Buffer.from(assinatura.toLowerCase(), 'hex'),
  );
}
