// SOAP 1.2 client of the SEFAZ NFC-e web services, over HTTPS with mutual TLS (the A1 certificate).
// Addresses come from dados/sefaz-nfce.json per UF and environment; `urlBase` redirects every
// operation to another host (the local simulator) keeping the official path shape.
import { Agent, request } from 'node:https';
import type { CertificadoA1 } from '../certificado.ts';
import { urlWebservice } from '../dados/sefaz.ts';
import { NS_NFE } from '../nfce/montar.ts';
import type { TipoAmbiente } from '../tipos.ts';
import { codigoUf, type Uf } from '../ufs.ts';
import {
  lerRetornoAutorizacao,
  lerRetornoConsulta,
  lerRetornoEvento,
  lerRetornoInutilizacao,
  lerRetornoStatus,
  type RetornoAutorizacao,
  type RetornoConsulta,
  type RetornoEvento,
  type RetornoInutilizacao,
  type RetornoStatus,
} from './respostas.ts';
import {
  conteudoMensagem,
  envelopeSoap,
  type NomeOperacao,
  OPERACOES,
  type OperacaoSoap,
  tipoConteudo,
} from './servicos.ts';

export interface OpcoesClienteSefaz {
  uf: Uf;
  tpAmb: TipoAmbiente;
  certificado: CertificadoA1;
  /** e.g. 'https://localhost:8443' for the simulator. */
  urlBase?: string;
  /** Per-request timeout, default 30 s (a call given a `prazo` waits at most until it). */
  timeoutMs?: number;
  /**
   * Trusted CAs (PEM), replacing Node's default store: the ICP-Brasil chain of the real SEFAZ servers (with
   * `tls.rootCertificates` beside it when public CAs must still be trusted), or the simulator's certificate.
   */
  ca?: string | string[];
  /** Default true; set false only for local tests against a self-signed server. */
  verificarServidor?: boolean;
}

export type TipoFalhaComunicacao = 'timeout' | 'conexao' | 'http' | 'resposta';

export class ErroComunicacao extends Error {
  override name = 'ErroComunicacao';
  constructor(
    readonly tipo: TipoFalhaComunicacao,
    mensagem: string,
    readonly status?: number,
  ) {
    super(mensagem);
  }
}

export class ClienteSefaz {
  readonly agente: Agent;
  private readonly timeoutMs: number;

  constructor(readonly opcoes: OpcoesClienteSefaz) {
    this.timeoutMs = opcoes.timeoutMs ?? 30_000;
    // The key/cert come from the PKCS#12 read by node-forge: real A1 files often use RC2-40, which
    // OpenSSL 3 (Node 18+) refuses when given `pfx` directly.
    this.agente = new Agent({
      keepAlive: true,
      // One socket per note in flight: a store's terminals end sales at the same second and SEFAZ takes seconds
      // to answer at peaks. With 4 the fifth sale waited in the agent's queue, its SEFAZ budget running, and fell
      // into contingency without ever reaching SEFAZ (the crash test's 50 sales on a busy CI machine).
      maxSockets: 32,
      key: opcoes.certificado.chavePem,
      cert: opcoes.certificado.certificadoPem,
      rejectUnauthorized: opcoes.verificarServidor ?? true,
      ...(opcoes.ca ? { ca: opcoes.ca } : {}),
    });
  }

  url(operacao: OperacaoSoap): string {
    if (this.opcoes.urlBase) return this.opcoes.urlBase.replace(/\/$/, '') + operacao.caminho;
    return urlWebservice(this.opcoes.uf, this.opcoes.tpAmb, operacao.servico);
  }

  /**
   * Sends one message and returns the inner XML of nfeResultMsg. `prazo` (epoch ms) is the caller's total
   * deadline: the call waits min(timeoutMs, time left) and fails at once as a timeout when none is left, so
   * the several calls of one workflow (send, key query, resend) share one budget.
   */
  async chamar(nome: NomeOperacao, corpo: string, prazo?: number): Promise<string> {
    const operacao = OPERACOES[nome];
    const limite = Math.min(this.timeoutMs, prazo === undefined ? Infinity : prazo - Date.now());
    if (limite <= 0) {
      throw new ErroComunicacao('timeout', `Prazo de espera pela SEFAZ esgotado (${operacao.nome})`);
    }
    const envelope = envelopeSoap(operacao, corpo);
    const alvo = new URL(this.url(operacao));
    let relogio: NodeJS.Timeout | undefined;
    const resposta = await new Promise<{ status: number; corpo: string }>((resolve, reject) => {
      const req = request(
        alvo,
        {
          method: 'POST',
          agent: this.agente,
          headers: { 'Content-Type': tipoConteudo(operacao), 'Content-Length': Buffer.byteLength(envelope) },
        },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (c: Buffer) => partes.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, corpo: Buffer.concat(partes).toString('utf8') }),
          );
          res.on('error', (e) => reject(new ErroComunicacao('conexao', e.message)));
        },
      );
      // A total limit, not an idle one: a SEFAZ that trickles bytes must not hold the sale longer.
      relogio = setTimeout(() => {
        req.destroy(
          new ErroComunicacao(
            'timeout',
            `Sem resposta da SEFAZ em ${Math.round(limite)} ms (${operacao.nome})`,
          ),
        );
      }, limite);
      req.on('error', (e) => {
        reject(
          e instanceof ErroComunicacao
            ? e
            : new ErroComunicacao('conexao', `Falha de conexão com a SEFAZ: ${e.message}`),
        );
      });
      req.end(envelope);
    }).finally(() => clearTimeout(relogio));
    const conteudo = conteudoMensagem(resposta.corpo, 'nfeResultMsg');
    if (resposta.status !== 200 && !conteudo) {
      throw new ErroComunicacao('http', `SEFAZ respondeu HTTP ${resposta.status}`, resposta.status);
    }
    if (!conteudo) throw new ErroComunicacao('resposta', 'Resposta da SEFAZ sem nfeResultMsg');
    return conteudo;
  }

  /** NFeAutorizacao4 with one or more signed `<NFe>`; synchronous (indSinc 1) by default. */
  async autorizar(
    nfes: string | string[],
    opcoes: { idLote?: string; sincrono?: boolean; prazo?: number } = {},
  ): Promise<RetornoAutorizacao> {
    const lista = Array.isArray(nfes) ? nfes : [nfes];
    const idLote = opcoes.idLote ?? String(Date.now()).slice(-15);
    const corpo = montarEnviNFe(lista, idLote, opcoes.sincrono ?? true);
    return lerRetornoAutorizacao(await this.chamar('autorizacao', corpo, opcoes.prazo));
  }

  async consultarRecibo(nRec: string): Promise<RetornoAutorizacao> {
    const corpo = `<consReciNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${this.opcoes.tpAmb}</tpAmb><nRec>${nRec}</nRec></consReciNFe>`;
    return lerRetornoAutorizacao(await this.chamar('retAutorizacao', corpo), 'retConsReciNFe');
  }

  /** consSitNFe: what SEFAZ knows of a key (authorised, cancelled, 217 unknown). */
  async consultarProtocolo(chave: string, prazo?: number): Promise<RetornoConsulta> {
    const corpo = montarConsSitNFe(chave, this.opcoes.tpAmb);
    return lerRetornoConsulta(await this.chamar('consultaProtocolo', corpo, prazo));
  }

  async statusServico(): Promise<RetornoStatus> {
    const corpo = montarConsStatServ(this.opcoes.uf, this.opcoes.tpAmb);
    return lerRetornoStatus(await this.chamar('statusServico', corpo));
  }

  async enviarEvento(envEvento: string, prazo?: number): Promise<RetornoEvento> {
    return lerRetornoEvento(await this.chamar('recepcaoEvento', envEvento, prazo));
  }

  async inutilizar(inutNFe: string, prazo?: number): Promise<RetornoInutilizacao> {
    return lerRetornoInutilizacao(await this.chamar('inutilizacao', inutNFe, prazo));
  }

  fechar(): void {
    this.agente.destroy();
  }
}

export function montarEnviNFe(nfes: string[], idLote: string, sincrono: boolean): string {
  if (nfes.length < 1 || nfes.length > 50) throw new Error('Um lote tem de 1 a 50 notas');
  if (sincrono && nfes.length > 1) throw new Error('Envio síncrono aceita uma nota por lote');
  return `<enviNFe xmlns="${NS_NFE}" versao="4.00"><idLote>${idLote}</idLote><indSinc>${sincrono ? 1 : 0}</indSinc>${nfes.join('')}</enviNFe>`;
}

export function montarConsSitNFe(chave: string, tpAmb: TipoAmbiente): string {
  return `<consSitNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><xServ>CONSULTAR</xServ><chNFe>${chave}</chNFe></consSitNFe>`;
}

export function montarConsStatServ(uf: Uf, tpAmb: TipoAmbiente): string {
  return `<consStatServ xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><cUF>${codigoUf(uf)}</cUF><xServ>STATUS</xServ></consStatServ>`;
}
