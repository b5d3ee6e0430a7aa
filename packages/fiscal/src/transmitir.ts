// High-level workflows: transmit an NFC-e (with the duplicate and lost-answer rules), cancel, void numbers.
//
// Lost answer rule: after a timeout or a network failure the note may have been authorised without us
// knowing. Resending blindly risks 204 and, worse, a second number for one sale. So we FIRST query the
// key (NFeConsultaProtocolo4): authorised -> done; not found (217) -> resend once; query also fails ->
// SEFAZ is unreachable and the caller should issue in offline contingency (tpEmis 9).
import type { CertificadoA1 } from './certificado.ts';
import {
  AUTORIZADA,
  DENEGACOES,
  DUPLICIDADE,
  DUPLICIDADE_CHAVE_DIFERENTE,
  EVENTO_REGISTRADO,
  EVENTO_REGISTRADO_NAO_VINCULADO,
  INUTILIZACAO_HOMOLOGADA,
  mensagemCStat,
  NAO_CONSTA,
  SERVICO_PARALISADO,
} from './cstat.ts';
import { type DadosCancelamento, montarCancelamento } from './eventos/cancelamento.ts';
import { type DadosInutilizacao, montarInutilizacao } from './eventos/inutilizacao.ts';
import type { NfceAssinada } from './nfce/assinar.ts';
import { NS_NFE } from './nfce/montar.ts';
import { type ClienteSefaz, ErroComunicacao, montarEnviNFe } from './soap/cliente.ts';
import type { Protocolo, RetornoConsulta } from './soap/respostas.ts';
import { exigirXsdValido } from './xsd.ts';

export type ResultadoTransmissao =
  | {
      situacao: 'autorizada';
      chave: string;
      cStat: number;
      xMotivo: string;
      nProt: string;
      dhRecbto: string;
      digVal: string;
      qrCode: string;
      urlChave: string;
      /** `<nfeProc>`: the signed NFe plus the authorisation protNFe. */
      xmlProc: string;
      /** True when the authorisation was found by the key query after a lost answer or a 204. */
      viaConsulta: boolean;
    }
  | {
      situacao: 'duplicidade';
      chave: string;
      cStat: number;
      xMotivo: string;
      mensagem: string;
      /** Key SEFAZ already has for this number (539), when it says. */
      chaveExistente?: string;
      consulta?: RetornoConsulta;
    }
  | {
      situacao: 'denegada';
      chave: string;
      cStat: number;
      xMotivo: string;
      mensagem: string;
      xmlProc?: string;
    }
  | { situacao: 'rejeitada'; chave: string; cStat: number; xMotivo: string; mensagem: string }
  | { situacao: 'contingencia'; chave: string; mensagem: string; motivo: string };

export interface OpcoesTransmissao {
  /** Check the enviNFe against the official XSD before sending (default true). */
  validarXsd?: boolean;
  idLote?: string;
  /**
   * Total deadline (epoch ms) of the whole workflow (send, key query, resend): a slow SEFAZ is waited for
   * once, not once per call. When it passes, the result is `contingencia`.
   */
  prazo?: number;
}

export function mensagemDuplicidade(nNF: number, cStat: number, xMotivo: string): string {
  return (
    `Nota nº ${nNF} em duplicidade na SEFAZ (${cStat} - ${xMotivo}). ` +
    'O número já foi usado: gere um novo número para a nota e transmita novamente.'
  );
}

export function mensagemFalha(cStat: number, xMotivo: string): string {
  return `Falha ao enviar a nota, ${cStat} - ${mensagemCStat(cStat) ?? xMotivo}`;
}

export function mensagemContingencia(motivo: string): string {
  return (
    `Falha ao enviar a nota, SEFAZ indisponível (${motivo}). ` +
    'Contingência recomendada: emita a nota off-line (tpEmis 9) e transmita quando a SEFAZ voltar.'
  );
}

export function montarNfeProc(nfe: string, protNFe: string): string {
  return `<nfeProc xmlns="${NS_NFE}" versao="4.00">${nfe}${protNFe}</nfeProc>`;
}

function autorizada(nota: NfceAssinada, p: Protocolo, viaConsulta: boolean): ResultadoTransmissao {
  return {
    situacao: 'autorizada',
    chave: nota.chave,
    cStat: p.cStat,
    xMotivo: p.xMotivo,
    nProt: p.nProt ?? '',
    dhRecbto: p.dhRecbto ?? '',
    digVal: p.digVal ?? nota.digestValue,
    qrCode: nota.qrCode,
    urlChave: nota.urlChave,
    xmlProc: montarNfeProc(nota.xml, p.xml),
    viaConsulta,
  };
}

/** Queries the key; 'falhou' when SEFAZ cannot be reached either. */
async function consultar(
  cliente: ClienteSefaz,
  chave: string,
  prazo?: number,
): Promise<RetornoConsulta | 'falhou'> {
  try {
    return await cliente.consultarProtocolo(chave, prazo);
  } catch (e) {
    if (e instanceof ErroComunicacao) return 'falhou';
    throw e;
  }
}

/** The note is ours when SEFAZ has it authorised with our digest (or does not say the digest). */
function ehNossaAutorizada(
  c: RetornoConsulta,
  nota: NfceAssinada,
): c is RetornoConsulta & { protocolo: Protocolo } {
  const p = c.protocolo;
  return !!p && p.cStat === AUTORIZADA && (!p.digVal || p.digVal === nota.digestValue);
}

async function interpretar(
  nota: NfceAssinada,
  cliente: ClienteSefaz,
  cStat: number,
  xMotivo: string,
  prot: Protocolo | undefined,
  prazo?: number,
): Promise<ResultadoTransmissao> {
  const chave = nota.chave;
  if ((cStat === AUTORIZADA || cStat === 150) && prot) return autorizada(nota, prot, false);
  if (cStat === DUPLICIDADE || cStat === DUPLICIDADE_CHAVE_DIFERENTE) {
    const c = await consultar(cliente, chave, prazo);
    // 204 for our own key with our digest = an earlier send of THIS note was authorised (lost answer).
    if (c !== 'falhou' && ehNossaAutorizada(c, nota)) return autorizada(nota, c.protocolo, true);
    const r: ResultadoTransmissao = {
      situacao: 'duplicidade',
      chave,
      cStat,
      xMotivo,
      mensagem: mensagemDuplicidade(nota.dados.nNF, cStat, xMotivo),
    };
    const outra = /chNFe:\s*(\d{44})/.exec(xMotivo)?.[1];
    if (outra) r.chaveExistente = outra;
    if (c !== 'falhou') r.consulta = c;
    return r;
  }
  if (DENEGACOES.has(cStat)) {
    const r: ResultadoTransmissao = {
      situacao: 'denegada',
      chave,
      cStat,
      xMotivo,
      mensagem: `Uso da nota denegado pela SEFAZ: ${cStat} - ${mensagemCStat(cStat) ?? xMotivo}`,
    };
    if (prot) r.xmlProc = montarNfeProc(nota.xml, prot.xml);
    return r;
  }
  if (SERVICO_PARALISADO.has(cStat)) {
    return {
      situacao: 'contingencia',
      chave,
      motivo: `${cStat} - ${xMotivo}`,
      mensagem: mensagemContingencia(`${cStat} - ${xMotivo}`),
    };
  }
  return { situacao: 'rejeitada', chave, cStat, xMotivo, mensagem: mensagemFalha(cStat, xMotivo) };
}

async function enviar(nota: NfceAssinada, cliente: ClienteSefaz, idLote: string, prazo?: number) {
  return cliente.autorizar(nota.xml, prazo === undefined ? { idLote } : { idLote, prazo });
}

/**
 * Sends a signed NFC-e synchronously and applies the rules above. Never throws for SEFAZ outcomes;
 * throws ErroXsd when the document is invalid (nothing was sent).
 */
export async function transmitirNfce(
  nota: NfceAssinada,
  cliente: ClienteSefaz,
  opcoes: OpcoesTransmissao = {},
): Promise<ResultadoTransmissao> {
  const idLote = opcoes.idLote ?? String(Date.now()).slice(-15);
  if (opcoes.validarXsd ?? true) await exigirXsdValido(montarEnviNFe([nota.xml], idLote, true), 'enviNFe');
  for (let tentativa = 1; ; tentativa++) {
    try {
      const ret = await enviar(nota, cliente, idLote, opcoes.prazo);
      const prot = ret.protocolos.find((p) => p.chNFe === nota.chave) ?? ret.protocolos[0];
      const cStat = prot?.cStat ?? ret.cStat;
      const xMotivo = prot?.xMotivo ?? ret.xMotivo;
      return await interpretar(nota, cliente, cStat, xMotivo, prot, opcoes.prazo);
    } catch (e) {
      if (!(e instanceof ErroComunicacao)) throw e;
      // Lost answer: query the key before anything else.
      const c = await consultar(cliente, nota.chave, opcoes.prazo);
      if (c === 'falhou') {
        return {
          situacao: 'contingencia',
          chave: nota.chave,
          motivo: e.message,
          mensagem: mensagemContingencia(e.message),
        };
      }
      if (ehNossaAutorizada(c, nota)) return autorizada(nota, c.protocolo, true);
      if (c.cStat === NAO_CONSTA) {
        if (tentativa >= 2) {
          return {
            situacao: 'contingencia',
            chave: nota.chave,
            motivo: e.message,
            mensagem: mensagemContingencia(e.message),
          };
        }
        continue; // 217: SEFAZ does not have it, so one resend is safe.
      }
      if (c.protocolo?.cStat === AUTORIZADA) {
        // The key is authorised with another digest: same number and key, different content.
        const xMotivo = 'Duplicidade de NF-e (chave autorizada com outro conteúdo)';
        return {
          situacao: 'duplicidade',
          chave: nota.chave,
          cStat: DUPLICIDADE,
          xMotivo,
          consulta: c,
          mensagem: mensagemDuplicidade(nota.dados.nNF, DUPLICIDADE, xMotivo),
        };
      }
      return interpretar(
        nota,
        cliente,
        c.protocolo?.cStat ?? c.cStat,
        c.protocolo?.xMotivo ?? c.xMotivo,
        c.protocolo,
        opcoes.prazo,
      );
    }
  }
}

export type ResultadoCancelamento =
  | {
      situacao: 'cancelada';
      cStat: number;
      xMotivo: string;
      nProt: string;
      dhRegEvento: string;
      xmlProcEvento: string;
    }
  | { situacao: 'rejeitada'; cStat: number; xMotivo: string; mensagem: string };

export const MENSAGEM_CANCELAMENTO_RECUSADO = 'ver Retorno Valido Sefaz, nota não cancelada';

/** Builds, signs, validates and sends the cancellation event (110111). */
export async function cancelarNfce(
  cliente: ClienteSefaz,
  dados: DadosCancelamento,
  cert: CertificadoA1,
  opcoes: { validarXsd?: boolean; prazo?: number } = {},
): Promise<ResultadoCancelamento> {
  const ev = montarCancelamento(dados, cert);
  if (opcoes.validarXsd ?? true) await exigirXsdValido(ev.envEvento, 'envEventoCancNFe');
  const ret = await cliente.enviarEvento(ev.envEvento, opcoes.prazo);
  const item = ret.eventos[0];
  const cStat = item?.cStat ?? ret.cStat;
  const xMotivo = item?.xMotivo ?? ret.xMotivo;
  // 155: "Cancelamento homologado fora de prazo" is still a cancellation.
  if (item && (cStat === EVENTO_REGISTRADO || cStat === EVENTO_REGISTRADO_NAO_VINCULADO || cStat === 155)) {
    return {
      situacao: 'cancelada',
      cStat,
      xMotivo,
      nProt: item.nProt ?? '',
      dhRegEvento: item.dhRegEvento ?? '',
      xmlProcEvento: `<procEventoNFe xmlns="${NS_NFE}" versao="1.00">${ev.evento}${item.xml}</procEventoNFe>`,
    };
  }
  return {
    situacao: 'rejeitada',
    cStat,
    xMotivo,
    mensagem: `${cStat} - ${mensagemCStat(cStat) ?? xMotivo}: ${MENSAGEM_CANCELAMENTO_RECUSADO}`,
  };
}

export type ResultadoInutilizacao =
  | { situacao: 'inutilizada'; cStat: number; xMotivo: string; nProt: string; xmlProc: string }
  | { situacao: 'rejeitada'; cStat: number; xMotivo: string; mensagem: string };

export async function inutilizarNumeracao(
  cliente: ClienteSefaz,
  dados: DadosInutilizacao,
  cert: CertificadoA1,
  opcoes: { validarXsd?: boolean; prazo?: number } = {},
): Promise<ResultadoInutilizacao> {
  const inut = montarInutilizacao(dados, cert);
  if (opcoes.validarXsd ?? true) await exigirXsdValido(inut.inutNFe, 'inutNFe');
  const ret = await cliente.inutilizar(inut.inutNFe, opcoes.prazo);
  if (ret.cStat === INUTILIZACAO_HOMOLOGADA) {
    return {
      situacao: 'inutilizada',
      cStat: ret.cStat,
      xMotivo: ret.xMotivo,
      nProt: ret.nProt ?? '',
      xmlProc: `<ProcInutNFe xmlns="${NS_NFE}" versao="4.00">${inut.inutNFe}${ret.xml}</ProcInutNFe>`,
    };
  }
  return {
    situacao: 'rejeitada',
    cStat: ret.cStat,
    xMotivo: ret.xMotivo,
    mensagem: mensagemFalha(ret.cStat, ret.xMotivo),
  };
}
