import { notificar } from '../notify/notificar.ts';
import { obterSessao } from '../session/sessao.ts';
import { obterConfig } from './config.ts';

// HTTP client of spec sections 7 and 8: base URL from config.json, headers `token` and
// `version` on every call but login, the {valido, data, loginExpirado} envelope, and the toasts.

export const MENSAGEM_ERRO_NAO_INFORMADO = 'Retorno do erro não informado.';
export const MENSAGEM_ACESSO_EXPIRADO = 'Acesso Expirado! Favor refazer o login';
export const MENSAGEM_FALHA_COMUNICACAO = 'Falha de comunicação!';

export type TipoFalha = 'envelope' | 'http' | 'rede' | 'loginExpirado';

export interface DadosErro {
  message?: unknown;
  errmsg?: unknown;
  mensagem?: unknown;
}

export class ErroApi extends Error {
  readonly tipo: TipoFalha;
  readonly dados: unknown;
  readonly status: number | null;
  constructor(tipo: TipoFalha, mensagem: string, dados: unknown = null, status: number | null = null) {
    super(mensagem);
    this.name = 'ErroApi';
    this.tipo = tipo;
    this.dados = dados;
    this.status = status;
  }
}

interface Envelope {
  valido?: unknown;
  data?: unknown;
  loginExpirado?: unknown;
}

export interface OpcoesChamada {
  /** Completes the toast 'Erro {acao}: {mensagem}', e.g. 'ao listar empresas'. */
  acao?: string;
  /** No `token` header (login and the pre-login calls). */
  semToken?: boolean;
  /** Token other than the session's (company choice right after login). */
  token?: string;
  /** The caller shows the error itself. */
  silencioso?: boolean;
  /**
   * The screen shows a refused permission in place (which one, who grants it): no toast for that refusal, whose
   * text would say it again over the top of a phone's screen. Other errors are toasted as usual.
   */
  recusaNaTela?: boolean;
  timeoutMs?: number;
  /** Extra headers, e.g. `Idempotency-Key` of a retried POS write or the store's `empresa`. */
  cabecalhos?: Record<string, string>;
}

/** Server message of a failed envelope: data.message, else data.errmsg, else the fixed text. */
export function mensagemDoErro(dados: unknown): { mensagem: string; informada: boolean } {
  if (dados && typeof dados === 'object') {
    const { message, errmsg } = dados as DadosErro;
    for (const valor of [message, errmsg]) {
      if (typeof valor === 'string' && valor !== '') return { mensagem: valor, informada: true };
    }
  }
  return { mensagem: MENSAGEM_ERRO_NAO_INFORMADO, informada: false };
}

export type RenovadorLogin = () => Promise<boolean>;

let renovador: RenovadorLogin | null = null;
let renovacaoEmCurso: Promise<boolean> | null = null;

/** The renew-login dialog registers itself here; while none is mounted an expiry just fails. */
export function registrarRenovadorLogin(fn: RenovadorLogin | null): void {
  renovador = fn;
}

/** Calls that expire together share one warning and one dialog. */
function renovarLogin(): Promise<boolean> {
  if (renovacaoEmCurso) return renovacaoEmCurso;
  notificar({ tipo: 'warning', mensagem: MENSAGEM_ACESSO_EXPIRADO });
  if (!renovador) return Promise.resolve(false);
  const emCurso = renovador().finally(() => {
    renovacaoEmCurso = null;
  });
  renovacaoEmCurso = emCurso;
  return emCurso;
}

let empresaDasChamadas: string | null = null;

/**
 * The store every call acts for while a screen bound to one is open (the POS bound to Loja Shopping while the
 * user logged into Loja Centro); `null` goes back to the session's store. The server still checks the user may
 * act on it.
 */
export function definirEmpresaDasChamadas(empresa: string | null): void {
  empresaDasChamadas = empresa;
}

function urlDe(caminho: string): string {
  const base = obterConfig().baseUrl;
  return `${base.endsWith('/') ? base : `${base}/`}${caminho.replace(/^\//, '')}`;
}

async function executar(
  metodo: string,
  caminho: string,
  corpo: unknown,
  opcoes: OpcoesChamada,
): Promise<unknown> {
  const cabecalhos: Record<string, string> = { ...opcoes.cabecalhos, version: __BUILD_ID__ };
  if (corpo !== undefined) cabecalhos['Content-Type'] = 'application/json';
  if (!opcoes.semToken) {
    const token = opcoes.token ?? obterSessao().usuario?.token;
    if (token) cabecalhos.token = token;
    // The current store: the server checks store permissions of group-wide resources against it. An
    // explicit `empresa` header wins (the POS acts for the store its device is bound to), then the store the
    // POS shell declared, then the session's store.
    const explicita = Object.keys(opcoes.cabecalhos ?? {}).some((k) => k.toLowerCase() === 'empresa');
    const empresa = empresaDasChamadas ?? obterSessao().empresa?._id;
    if (!explicita && empresa) cabecalhos.empresa = empresa;
  }
  const init: RequestInit = { method: metodo, headers: cabecalhos };
  if (corpo !== undefined) init.body = JSON.stringify(corpo);
  if (opcoes.timeoutMs) init.signal = AbortSignal.timeout(opcoes.timeoutMs);

  let resposta: Response;
  try {
    resposta = await fetch(urlDe(caminho), init);
  } catch (erro) {
    throw new ErroApi('rede', erro instanceof Error ? erro.message : String(erro));
  }
  if (resposta.status !== 200) {
    const mensagem = resposta.statusText
      ? `Falha ao obter a resposta do servidor! ${resposta.statusText}`
      : MENSAGEM_FALHA_COMUNICACAO;
    throw new ErroApi('http', mensagem, null, resposta.status);
  }
  let envelope: Envelope;
  try {
    envelope = (await resposta.json()) as Envelope;
  } catch {
    throw new ErroApi('http', MENSAGEM_FALHA_COMUNICACAO, null, resposta.status);
  }
  if (envelope.valido === true) return envelope.data;
  if (envelope.loginExpirado === true)
    throw new ErroApi('loginExpirado', MENSAGEM_ACESSO_EXPIRADO, envelope.data);
  throw new ErroApi('envelope', mensagemDoErro(envelope.data).mensagem, envelope.data, 200);
}

function mostrarErro(erro: ErroApi, acao: string): void {
  if (erro.tipo === 'envelope') {
    const { informada } = mensagemDoErro(erro.dados);
    notificar({ tipo: 'error', mensagem: `Erro ${acao}: ${erro.message}`, duracao: informada ? 10 : 6 });
  } else if (erro.tipo === 'rede') {
    notificar({ tipo: 'error', mensagem: MENSAGEM_FALHA_COMUNICACAO, descricao: erro.message });
  } else if (erro.tipo === 'http') {
    notificar({ tipo: 'error', mensagem: erro.message });
  }
}

/**
 * One call to the API. Resolves with `data` of a valid envelope; rejects with ErroApi otherwise,
 * after the toast of spec section 8 (unless `silencioso`). An expired login opens the renew-login
 * dialog and, once renewed, retries the call.
 */
export async function chamarApi<T>(
  metodo: 'GET' | 'POST' | 'PUT' | 'DELETE',
  caminho: string,
  corpo?: unknown,
  opcoes: OpcoesChamada = {},
): Promise<T> {
  const acao = opcoes.acao ?? caminho;
  try {
    return (await executar(metodo, caminho, corpo, opcoes)) as T;
  } catch (erro) {
    if (!(erro instanceof ErroApi)) throw erro;
    if (erro.tipo === 'loginExpirado') {
      if (await renovarLogin()) return chamarApi<T>(metodo, caminho, corpo, { ...opcoes, token: undefined });
      throw erro;
    }
    // Only whether a refusal is carried (its shape is read by the screen): the permission catalogue and zod stay
    // out of the login page's bundle, which loads this client.
    const recusa = (erro.dados as { permissaoNegada?: unknown } | null)?.permissaoNegada;
    const mostradaNaTela = opcoes.recusaNaTela === true && typeof recusa === 'object' && recusa !== null;
    if (!opcoes.silencioso && !mostradaNaTela) mostrarErro(erro, acao);
    throw erro;
  }
}

export const api = {
  get: <T>(caminho: string, opcoes?: OpcoesChamada) => chamarApi<T>('GET', caminho, undefined, opcoes),
  post: <T>(caminho: string, corpo: unknown, opcoes?: OpcoesChamada) =>
    chamarApi<T>('POST', caminho, corpo, opcoes),
  put: <T>(caminho: string, corpo: unknown, opcoes?: OpcoesChamada) =>
    chamarApi<T>('PUT', caminho, corpo, opcoes),
};
