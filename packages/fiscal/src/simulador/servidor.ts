// Local SEFAZ simulator: HTTPS + SOAP 1.2 with the operations of NFC-e 4.00 at the official path shape.
// It validates what it receives (XSD + XML-DSig), keeps issued keys and numbers (so 204 and 539 happen
// for real), authorises with 15-digit protocols and answers per a scenario that tests change at runtime.
// For development and tests only: no real fiscal value.
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { verificarAssinatura } from '../assinatura.ts';
import { decomporChave, validarChave } from '../chave.ts';
import { mensagemCStat } from '../cstat.ts';
import { VER_APLIC_SIMULADOR } from '../danfe/danfe.ts';
import { formatarDataHora } from '../datas.ts';
import { NS_NFE } from '../nfce/montar.ts';
import {
  conteudoMensagem,
  type NomeOperacao,
  NS_SOAP12,
  OPERACOES,
  operacaoDaRequisicao,
} from '../soap/servicos.ts';
import type { Uf } from '../ufs.ts';
import { type EsquemaXsd, validarXsd } from '../xsd.ts';
import { gerarCertificadoServidor } from './certificado-servidor.ts';
import { aplicarRegrasNfce, type ConsultaCsc } from './regras.ts';

export type CenarioSefaz = (
  | { modo: 'autorizar' }
  | { modo: 'rejeitar'; cStat: number; xMotivo?: string }
  | { modo: 'denegar'; cStat?: 110 | 301 | 302 | 303 }
  /** Refuse connections (the listener is closed until another scenario is set). */
  | { modo: 'fora' }
  /** Drop the connection of the next `vezes` authorisation requests without processing them (lost request). */
  | { modo: 'derrubar'; vezes: number }
  /** Process normally but answer after atrasoMs (only for `operacoes`, default all). */
  | { modo: 'lento'; atrasoMs: number; operacoes?: NomeOperacao[] }
) & { /** Status service answer, default 107. 108 also stops authorisations. */ status?: 107 | 108 };

export interface OpcoesSimulador {
  /** 0 = any free port. */
  porta?: number;
  host?: string;
  /** JSON file to keep notes/events between runs. */
  arquivo?: string;
  /** Ask for a client certificate (mutual TLS) and refuse requests without one. */
  exigirCertificadoCliente?: boolean;
  /** Check requests against the XSD (default true). */
  validarXsd?: boolean;
  /** Clock, for the 7-day cancellation rule in tests. */
  agora?: () => Date;
  cenario?: CenarioSefaz;
  /**
   * The companies' CSC as SEFAZ keeps it: tokens by id (cIdToken without leading zeros) for every company, or a
   * lookup by CNPJ and id. When given, the v2 QR hash is checked (462 unknown id, 464 wrong hash).
   */
  csc?: Record<string, string> | ConsultaCsc;
  /** UFs the endpoint authorises (226 for others); default any UF. */
  ufs?: readonly Uf[];
  /** Trusted CAs (PEM, roots and intermediates): when given, certificate chains are checked (293/283). */
  acConfiaveis?: readonly string[];
  /** UFs that demand infRespTec (972); default every UF. */
  ufsExigemRespTec?: readonly Uf[];
  /** Rejections of one key within an hour after which SEFAZ answers 656 (consumo indevido). Default 10. */
  limiteConsumoIndevido?: number;
  /** NFC-e value above which the consumer must be identified (750). Default 10000.00. */
  limiteSemIdentificacao?: number;
}

interface NotaRegistrada {
  chave: string;
  cnpj: string;
  modelo: number;
  serie: number;
  nNF: number;
  digVal: string;
  nProt: string;
  dhRecbto: string;
  protNFe: string;
  cancelada?: { nProt: string; dhRegEvento: string; procEvento: string };
}

interface Estado {
  seq: number;
  notas: Record<string, NotaRegistrada>;
  /** `${cnpj}|${modelo}|${serie}|${nNF}` -> chave */
  numeros: Record<string, string>;
  inutilizados: { cnpj: string; modelo: number; serie: number; ini: number; fim: number; nProt: string }[];
}

export interface RequisicaoRegistrada {
  operacao: NomeOperacao;
  instante: number;
  chave?: string;
}

export interface SimuladorSefaz {
  url: string;
  porta: number;
  /** PEM of the server's self-signed certificate (trust it with the client's `ca`). */
  certificadoPem: string;
  definirCenario(cenario: CenarioSefaz): Promise<void>;
  cenario(): CenarioSefaz;
  requisicoes: RequisicaoRegistrada[];
  notas(): NotaRegistrada[];
  fechar(): Promise<void>;
}

const VER_APLIC = `${VER_APLIC_SIMULADOR}-1.0.88`;
const ESTADO_VAZIO = (): Estado => ({ seq: 0, notas: {}, numeros: {}, inutilizados: [] });

function resultado(op: NomeOperacao, corpo: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${NS_SOAP12}"><soap:Body>` +
    `<nfeResultMsg xmlns="${OPERACOES[op].namespace}">${corpo}</nfeResultMsg></soap:Body></soap:Envelope>`
  );
}

const tag = (xml: string, nome: string): string | undefined =>
  new RegExp(`<${nome}>([^<]*)</${nome}>`).exec(xml)?.[1];

/** The simulator is a homologação endpoint: anything of production (tpAmb 1) gets B24-10's 252. */
const AMBIENTE_SIMULADOR = 2;
const recusaAmbiente = (): [number, string] => [
  252,
  `${mensagemCStat(252) ?? 'Rejeição: Ambiente informado diverge do Ambiente de recebimento'} (simulador local: somente homologação)`,
];
const HORA_MS = 3_600_000;

export async function iniciarSimuladorSefaz(opcoes: OpcoesSimulador = {}): Promise<SimuladorSefaz> {
  const host = opcoes.host ?? 'localhost';
  const agora = opcoes.agora ?? (() => new Date());
  const validar = opcoes.validarXsd ?? true;
  let cenario: CenarioSefaz = opcoes.cenario ?? { modo: 'autorizar' };
  let estado: Estado = ESTADO_VAZIO();
  if (opcoes.arquivo) {
    try {
      estado = JSON.parse(readFileSync(opcoes.arquivo, 'utf8')) as Estado;
    } catch {
      estado = ESTADO_VAZIO();
    }
  }
  const salvar = () => {
    if (opcoes.arquivo) writeFileSync(opcoes.arquivo, JSON.stringify(estado));
  };
  const requisicoes: RequisicaoRegistrada[] = [];
  const tls = gerarCertificadoServidor(host);
  const acConfiaveis = opcoes.acConfiaveis?.map((pem) => new X509Certificate(pem));
  const cscOpcao = opcoes.csc;
  const consultaCsc: ConsultaCsc | undefined =
    typeof cscOpcao === 'function' ? cscOpcao : cscOpcao ? (_cnpj, id) => cscOpcao[id] : undefined;
  /** Rejection instants per key, for 656 (consumo indevido). */
  const rejeicoes = new Map<string, number[]>();
  const limiteConsumo = opcoes.limiteConsumoIndevido ?? 10;
  const dh = () => formatarDataHora(agora());

  function protocolo(cUF: number): string {
    estado.seq += 1;
    const ano = String(agora().getUTCFullYear() % 100).padStart(2, '0');
    return `1${String(cUF).padStart(2, '0')}${ano}${String(estado.seq).padStart(10, '0')}`;
  }

  async function checar(
    xml: string,
    esquema: EsquemaXsd,
    elemento: string,
  ): Promise<[number, string] | null> {
    if (validar) {
      const r = await validarXsd(xml, esquema);
      if (!r.valido) {
        const cStat = esquema === 'enviNFe' ? 225 : 215;
        return [
          cStat,
          `${mensagemCStat(cStat) ?? 'Rejeição: Falha no schema XML'} [${(r.erros[0] ?? '').slice(0, 200)}]`,
        ];
      }
    }
    let i = xml.indexOf(`<${elemento} `);
    while (i >= 0) {
      const a = verificarAssinatura(xml.slice(i), elemento);
      if (!a.valida)
        return [
          297,
          `${mensagemCStat(297) ?? 'Rejeição: Assinatura difere do calculado'} (${a.motivo ?? ''})`,
        ];
      i = xml.indexOf(`<${elemento} `, i + 1);
    }
    return null;
  }

  function protNFe(
    chave: string,
    cStat: number,
    xMotivo: string,
    extra: { nProt?: string; digVal?: string; dh: string; tpAmb: string },
  ) {
    return (
      `<protNFe versao="4.00"><infProt><tpAmb>${extra.tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
      `<chNFe>${chave}</chNFe><dhRecbto>${extra.dh}</dhRecbto>${extra.nProt ? `<nProt>${extra.nProt}</nProt>` : ''}` +
      `${extra.digVal ? `<digVal>${extra.digVal}</digVal>` : ''}<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo>` +
      '</infProt></protNFe>'
    );
  }

  async function processarLote(msg: string, certificadoTransmissor?: Buffer): Promise<string> {
    const tpAmb = tag(msg, 'tpAmb') ?? '2';
    const nfe = /<NFe[\s>][\s\S]*<\/NFe>/.exec(msg)?.[0] ?? '';
    const chave = /Id="NFe([0-9A-Z]{44})"/.exec(nfe)?.[1] ?? '';
    const cUF = tag(nfe, 'cUF') ?? '35';
    const agoraTxt = dh();
    const lote = (cStat: number, xMotivo: string, prot = '') =>
      `<retEnviNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
      `<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><cUF>${cUF}</cUF><dhRecbto>${agoraTxt}</dhRecbto>${prot}</retEnviNFe>`;
    if (cenario.status === 108) return lote(108, mensagemCStat(108) ?? 'Serviço Paralisado Momentaneamente');
    if (tag(msg, 'indSinc') === '1' && msg.split('<NFe ').length > 2) {
      return lote(452, 'Rejeição: Solicitada resposta síncrona para Lote com mais de uma NF-e');
    }
    const erro = await checar(msg, 'enviNFe', 'infNFe');
    if (erro) return lote(erro[0], erro[1]);
    const processado = (cStat: number, xMotivo: string, extra: { nProt?: string; digVal?: string } = {}) =>
      lote(104, 'Lote processado', protNFe(chave, cStat, xMotivo, { ...extra, dh: agoraTxt, tpAmb }));
    const ambienteNota = tag(nfe, 'tpAmb');
    if (ambienteNota !== String(AMBIENTE_SIMULADOR)) return processado(...recusaAmbiente());
    // 656: the same key refused again and again within the hour is blocked (consumo indevido).
    const instante = agora().getTime();
    const recentes = (rejeicoes.get(chave) ?? []).filter((t) => instante - t < HORA_MS);
    rejeicoes.set(chave, recentes);
    if (recentes.length >= limiteConsumo)
      return processado(656, mensagemCStat(656) ?? 'Rejeição: Consumo Indevido');
    const recusada = (cStat: number, xMotivo: string) => {
      recentes.push(instante);
      return processado(cStat, xMotivo);
    };
    if (!validarChave(chave)) return recusada(236, mensagemCStat(236) ?? 'Chave inválida');
    const p = decomporChave(chave);
    if (String(p.cDV) !== tag(nfe, 'cDV') || String(p.nNF) !== tag(nfe, 'nNF')) {
      return recusada(253, 'Rejeição: Digito Verificador da chave de acesso composta inválida');
    }
    const digVal = /<DigestValue>([^<]+)<\/DigestValue>/.exec(nfe)?.[1] ?? '';
    const existente = estado.notas[chave];
    if (existente) return processado(204, `Duplicidade de NF-e [nRec:${existente.nProt}]`);
    const numero = `${p.cnpj}|${p.modelo}|${p.serie}|${p.nNF}`;
    const outra = estado.numeros[numero];
    if (outra) {
      return processado(
        539,
        `Duplicidade de NF-e com diferença na Chave de Acesso [chNFe: ${outra}][nRec:${estado.notas[outra]?.nProt ?? ''}]`,
      );
    }
    if (
      estado.inutilizados.some(
        (i) =>
          i.cnpj === p.cnpj &&
          i.modelo === p.modelo &&
          i.serie === p.serie &&
          p.nNF >= i.ini &&
          p.nNF <= i.fim,
      )
    ) {
      return processado(206, 'Rejeição: NF-e já está inutilizada na Base de dados da SEFAZ');
    }
    const regra = await aplicarRegrasNfce(nfe, {
      agora: agora(),
      tpAmbEndpoint: AMBIENTE_SIMULADOR,
      ufs: opcoes.ufs,
      csc: consultaCsc,
      acConfiaveis,
      certificadoTransmissor,
      ufsExigemRespTec: opcoes.ufsExigemRespTec,
    });
    if (regra) return recusada(regra[0], regra[1]);
    const vNF = Number(tag(nfe, 'vNF') ?? '0');
    if (!nfe.includes('<dest>') && vNF > (opcoes.limiteSemIdentificacao ?? 10_000)) {
      return recusada(
        750,
        'Rejeição: NFC-e com valor total superior ao permitido para destinatário não identificado',
      );
    }
    if (cenario.modo === 'rejeitar') {
      recentes.push(instante);
      return processado(
        cenario.cStat,
        cenario.xMotivo ?? mensagemCStat(cenario.cStat) ?? 'Rejeição: Erro não catalogado',
      );
    }
    const nProt = protocolo(p.cUF);
    if (cenario.modo === 'denegar') {
      const c = cenario.cStat ?? 302;
      estado.numeros[numero] = chave;
      salvar();
      return processado(c, mensagemCStat(c) ?? 'Uso Denegado', { nProt, digVal });
    }
    const prot = protNFe(chave, 100, 'Autorizado o uso da NF-e', { nProt, digVal, dh: agoraTxt, tpAmb });
    estado.notas[chave] = {
      chave,
      cnpj: p.cnpj,
      modelo: p.modelo,
      serie: p.serie,
      nNF: p.nNF,
      digVal,
      nProt,
      dhRecbto: agoraTxt,
      protNFe: prot,
    };
    estado.numeros[numero] = chave;
    salvar();
    return lote(104, 'Lote processado', prot);
  }

  const recibos = new Map<string, string>();

  /** indSinc 1 answers with the protocol; indSinc 0 answers 103 with a receipt for NFeRetAutorizacao4. */
  async function autorizacao(msg: string, certificadoTransmissor?: Buffer): Promise<string> {
    const resultado = await processarLote(msg, certificadoTransmissor);
    if (tag(msg, 'indSinc') !== '0') return resultado;
    const cUF = tag(resultado, 'cUF') ?? '35';
    const nRec = `${cUF}${String(Date.now()).slice(-5)}${String(recibos.size + 1).padStart(8, '0')}`;
    recibos.set(nRec, resultado);
    const inicio = resultado.indexOf('<cStat>');
    return (
      `${resultado.slice(0, inicio)}<cStat>103</cStat><xMotivo>Lote recebido com sucesso</xMotivo>` +
      `<cUF>${cUF}</cUF><dhRecbto>${dh()}</dhRecbto>` +
      `<infRec><nRec>${nRec}</nRec><tMed>1</tMed></infRec></retEnviNFe>`
    );
  }

  function retAutorizacao(msg: string): string {
    const nRec = tag(msg, 'nRec') ?? '';
    const tpAmb = tag(msg, 'tpAmb') ?? '2';
    const r = recibos.get(nRec);
    const cab = (cStat: number, xMotivo: string, cUF: string) =>
      `<retConsReciNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
      `<nRec>${nRec.padStart(15, '0').slice(-15)}</nRec><cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo>` +
      `<cUF>${cUF}</cUF><dhRecbto>${dh()}</dhRecbto>`;
    if (!r) return `${cab(106, 'Lote não localizado', '35')}</retConsReciNFe>`;
    const prot = /<protNFe[\s\S]*<\/protNFe>/.exec(r)?.[0] ?? '';
    return `${cab(Number(tag(r, 'cStat') ?? '104'), tag(r, 'xMotivo') ?? '', tag(r, 'cUF') ?? '35')}${prot}</retConsReciNFe>`;
  }

  function consulta(msg: string): string {
    const chave = tag(msg, 'chNFe') ?? '';
    const tpAmb = tag(msg, 'tpAmb') ?? '2';
    const n = estado.notas[chave];
    const cUF = chave.slice(0, 2) || '35';
    const cab = (cStat: number, xMotivo: string) =>
      `<retConsSitNFe xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
      `<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><cUF>${cUF}</cUF><dhRecbto>${dh()}</dhRecbto><chNFe>${chave}</chNFe>`;
    if (tpAmb !== String(AMBIENTE_SIMULADOR)) return `${cab(...recusaAmbiente())}</retConsSitNFe>`;
    if (!n)
      return `${cab(217, mensagemCStat(217) ?? 'Rejeição: NF-e não consta na base de dados da SEFAZ')}</retConsSitNFe>`;
    if (n.cancelada) {
      return `${cab(101, 'Cancelamento de NF-e homologado')}${n.protNFe}${n.cancelada.procEvento}</retConsSitNFe>`;
    }
    return `${cab(100, 'Autorizado o uso da NF-e')}${n.protNFe}</retConsSitNFe>`;
  }

  function status(msg: string): string {
    const ambiente = tag(msg, 'tpAmb') === String(AMBIENTE_SIMULADOR);
    const c = ambiente ? (cenario.status ?? 107) : 252;
    return (
      `<retConsStatServ xmlns="${NS_NFE}" versao="4.00"><tpAmb>${tag(msg, 'tpAmb') ?? '2'}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
      `<cStat>${c}</cStat><xMotivo>${mensagemCStat(c) ?? ''}</xMotivo><cUF>${tag(msg, 'cUF') ?? '35'}</cUF>` +
      `<dhRecbto>${dh()}</dhRecbto><tMed>1</tMed></retConsStatServ>`
    );
  }

  async function evento(msg: string): Promise<string> {
    const tpAmb = tag(msg, 'tpAmb') ?? '2';
    const chave = tag(msg, 'chNFe') ?? '';
    const cOrgao = tag(msg, 'cOrgao') ?? '35';
    const seq = tag(msg, 'nSeqEvento') ?? '1';
    const idLote = tag(msg, 'idLote') ?? '0';
    const agoraTxt = dh();
    const ret = (cStat: number, xMotivo: string, nProt?: string) =>
      `<retEnvEvento xmlns="${NS_NFE}" versao="1.00"><idLote>${idLote}</idLote><tpAmb>${tpAmb}</tpAmb>` +
      `<verAplic>${VER_APLIC}</verAplic><cOrgao>${cOrgao}</cOrgao><cStat>128</cStat><xMotivo>Lote de Evento Processado</xMotivo>` +
      `<retEvento versao="1.00"><infEvento><tpAmb>${tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic><cOrgao>${cOrgao}</cOrgao>` +
      `<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><chNFe>${chave}</chNFe><tpEvento>110111</tpEvento>` +
      `<xEvento>Cancelamento registrado</xEvento><nSeqEvento>${seq}</nSeqEvento><dhRegEvento>${agoraTxt}</dhRegEvento>` +
      `${nProt ? `<nProt>${nProt}</nProt>` : ''}</infEvento></retEvento></retEnvEvento>`;
    if (tpAmb !== String(AMBIENTE_SIMULADOR)) return ret(...recusaAmbiente());
    if (tag(msg, 'tpEvento') !== '110111')
      return ret(490, 'Rejeição: Tipo do evento não suportado pelo simulador');
    const erro = await checar(msg, 'envEventoCancNFe', 'infEvento');
    if (erro) return ret(erro[0], erro[1]);
    const n = estado.notas[chave];
    if (!n) return ret(217, mensagemCStat(217) ?? 'Rejeição: NF-e não consta na base de dados da SEFAZ');
    if (n.cancelada)
      return ret(218, `NF-e já está cancelada na base de dados da SEFAZ [nProt:${n.cancelada.nProt}]`);
    if (tag(msg, 'nProt') !== n.nProt)
      return ret(222, 'Rejeição: Protocolo de Autorização de Uso difere do cadastrado');
    // MOC: cancellation within 7 days of the authorisation (spec 9: cancellation window 7 days).
    if (agora().getTime() - Date.parse(n.dhRecbto) > 7 * 86_400_000) {
      return ret(501, mensagemCStat(501) ?? 'Rejeição: Pedido de Cancelamento intempestivo');
    }
    const nProt = protocolo(Number(cOrgao));
    const resposta = ret(135, 'Evento registrado e vinculado a NF-e', nProt);
    const eventoXml = /<evento[\s>][\s\S]*<\/evento>/.exec(msg)?.[0] ?? '';
    const retEvento = /<retEvento[\s>][\s\S]*<\/retEvento>/.exec(resposta)?.[0] ?? '';
    n.cancelada = {
      nProt,
      dhRegEvento: agoraTxt,
      procEvento: `<procEventoNFe versao="1.00">${eventoXml}${retEvento}</procEventoNFe>`,
    };
    salvar();
    return resposta;
  }

  async function inutilizacao(msg: string): Promise<string> {
    const campos = {
      tpAmb: tag(msg, 'tpAmb') ?? '2',
      cUF: tag(msg, 'cUF') ?? '35',
      ano: tag(msg, 'ano') ?? '00',
      CNPJ: tag(msg, 'CNPJ') ?? '',
      mod: tag(msg, 'mod') ?? '65',
      serie: tag(msg, 'serie') ?? '0',
      nNFIni: tag(msg, 'nNFIni') ?? '0',
      nNFFin: tag(msg, 'nNFFin') ?? '0',
    };
    const ret = (cStat: number, xMotivo: string, nProt?: string) =>
      `<retInutNFe xmlns="${NS_NFE}" versao="4.00"><infInut><tpAmb>${campos.tpAmb}</tpAmb><verAplic>${VER_APLIC}</verAplic>` +
      `<cStat>${cStat}</cStat><xMotivo>${xMotivo}</xMotivo><cUF>${campos.cUF}</cUF><ano>${campos.ano}</ano>` +
      `<CNPJ>${campos.CNPJ}</CNPJ><mod>${campos.mod}</mod><serie>${campos.serie}</serie><nNFIni>${campos.nNFIni}</nNFIni>` +
      `<nNFFin>${campos.nNFFin}</nNFFin><dhRecbto>${dh()}</dhRecbto>${nProt ? `<nProt>${nProt}</nProt>` : ''}</infInut></retInutNFe>`;
    if (campos.tpAmb !== String(AMBIENTE_SIMULADOR)) return ret(...recusaAmbiente());
    const erro = await checar(msg, 'inutNFe', 'infInut');
    if (erro) return ret(erro[0], erro[1]);
    const ano = 2000 + Number(campos.ano);
    const anoAtual = new Date(agora().getTime() - 3 * 3_600_000).getUTCFullYear();
    if (ano > anoAtual) return ret(453, mensagemCStat(453) ?? '');
    if (ano < 2006) return ret(454, mensagemCStat(454) ?? '');
    const ini = Number(campos.nNFIni);
    const fim = Number(campos.nNFFin);
    if (ini > fim) return ret(224, mensagemCStat(224) ?? 'Rejeição: Faixa inicial maior que a final');
    const modelo = Number(campos.mod);
    const serie = Number(campos.serie);
    const usado = Object.values(estado.notas).find(
      (n) =>
        n.cnpj === campos.CNPJ && n.modelo === modelo && n.serie === serie && n.nNF >= ini && n.nNF <= fim,
    );
    if (usado) return ret(241, 'Rejeição: Um número da faixa já foi utilizado');
    const nProt = protocolo(Number(campos.cUF));
    estado.inutilizados.push({ cnpj: campos.CNPJ, modelo, serie, ini, fim, nProt });
    salvar();
    return ret(102, mensagemCStat(102) ?? 'Inutilização de número homologado', nProt);
  }

  async function atender(
    corpo: string,
    acao: string | undefined,
    certificadoTransmissor?: Buffer,
  ): Promise<{ op: NomeOperacao; xml: string } | null> {
    const operacao = operacaoDaRequisicao(corpo, acao);
    const msg = conteudoMensagem(corpo, 'nfeDadosMsg');
    if (!operacao || msg === undefined) return null;
    const op = (Object.keys(OPERACOES) as NomeOperacao[]).find(
      (k) => OPERACOES[k] === operacao,
    ) as NomeOperacao;
    const reg: RequisicaoRegistrada = { operacao: op, instante: Date.now() };
    const ch = /<chNFe>(\w{44})<\/chNFe>/.exec(msg)?.[1] ?? /Id="NFe(\w{44})"/.exec(msg)?.[1];
    if (ch) reg.chave = ch;
    requisicoes.push(reg);
    let xml: string;
    switch (op) {
      case 'autorizacao':
        xml = await autorizacao(msg, certificadoTransmissor);
        break;
      case 'consultaProtocolo':
        xml = consulta(msg);
        break;
      case 'statusServico':
        xml = status(msg);
        break;
      case 'recepcaoEvento':
        xml = await evento(msg);
        break;
      case 'inutilizacao':
        xml = await inutilizacao(msg);
        break;
      default:
        xml = retAutorizacao(msg);
    }
    return { op, xml };
  }

  const sockets = new Set<Socket>();
  const servidor: Server = createServer(
    {
      key: tls.chavePem,
      cert: tls.certificadoPem,
      requestCert: opcoes.exigirCertificadoCliente ?? false,
      // Client certificates are self-signed in development: ask for one, check presence, not the chain.
      rejectUnauthorized: false,
    },
    (req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (c: Buffer) => partes.push(c));
      req.on('end', () => {
        void (async () => {
          const corpo = Buffer.concat(partes).toString('utf8');
          if (req.url === '/_simulador/cenario' && req.method === 'POST') {
            await definirCenario(JSON.parse(corpo) as CenarioSefaz);
            res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(cenario));
            return;
          }
          let certificadoTransmissor: Buffer | undefined;
          if (opcoes.exigirCertificadoCliente) {
            const peer = (req.socket as import('node:tls').TLSSocket).getPeerCertificate();
            if (peer?.raw) certificadoTransmissor = peer.raw;
            if (!peer || Object.keys(peer).length === 0) {
              res
                .writeHead(403, { 'Content-Type': 'text/plain' })
                .end('280 Rejeição: Certificado Transmissor inválido');
              return;
            }
          }
          const acao = /action="([^"]+)"/.exec(String(req.headers['content-type'] ?? ''))?.[1];
          if (
            cenario.modo === 'derrubar' &&
            cenario.vezes > 0 &&
            operacaoDaRequisicao(corpo, acao) === OPERACOES.autorizacao
          ) {
            cenario = { ...cenario, vezes: cenario.vezes - 1 };
            requisicoes.push({ operacao: 'autorizacao', instante: Date.now() });
            req.socket.destroy();
            return;
          }
          try {
            const r = await atender(corpo, acao, certificadoTransmissor);
            if (!r) {
              res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Mensagem SOAP não reconhecida');
              return;
            }
            if (cenario.modo === 'lento' && (!cenario.operacoes || cenario.operacoes.includes(r.op))) {
              await new Promise((ok) => setTimeout(ok, cenario.modo === 'lento' ? cenario.atrasoMs : 0));
            }
            if (res.destroyed || req.socket.destroyed) return;
            res
              .writeHead(200, { 'Content-Type': 'application/soap+xml; charset=utf-8' })
              .end(resultado(r.op, r.xml));
          } catch (e) {
            res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`999 ${(e as Error).message}`);
          }
        })();
      });
    },
  );
  servidor.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  servidor.on('secureConnection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  const ouvir = (porta: number) =>
    new Promise<number>((ok, falha) => {
      servidor.once('error', falha);
      servidor.listen(porta, host === 'localhost' ? '127.0.0.1' : host, () => {
        servidor.off('error', falha);
        ok((servidor.address() as AddressInfo).port);
      });
    });
  const parar = () =>
    new Promise<void>((ok) => {
      if (!servidor.listening) return ok();
      servidor.close(() => ok());
      for (const s of sockets) s.destroy();
    });

  const porta = await ouvir(opcoes.porta ?? 0);

  async function definirCenario(novo: CenarioSefaz): Promise<void> {
    cenario = novo;
    if (novo.modo === 'fora') await parar();
    else if (!servidor.listening) await ouvir(porta);
  }
  if (cenario.modo === 'fora') await parar();

  return {
    url: `https://${host}:${porta}`,
    porta,
    certificadoPem: tls.certificadoPem,
    definirCenario,
    cenario: () => cenario,
    requisicoes,
    notas: () => Object.values(estado.notas),
    fechar: parar,
  };
}
