// Parsing of the SEFAZ answers (retEnviNFe, retConsReciNFe, retConsSitNFe, retConsStatServ,
// retEnvEvento, retInutNFe). Raw protNFe/retEvento texts are kept verbatim for the proc documents.
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (nome) => nome === 'protNFe' || nome === 'retEvento' || nome === 'procEventoNFe',
});

type No = Record<string, unknown>;
const no = (v: unknown): No => (v && typeof v === 'object' ? (v as No) : {});
const txt = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));
const num = (v: unknown): number => Number(txt(v) ?? 'NaN');

export interface Protocolo {
  chNFe: string;
  cStat: number;
  xMotivo: string;
  nProt?: string;
  dhRecbto?: string;
  digVal?: string;
  /** `<protNFe ...>...</protNFe>` exactly as received. */
  xml: string;
}

export interface RetornoAutorizacao {
  cStat: number;
  xMotivo: string;
  cUF?: string;
  dhRecbto?: string;
  nRec?: string;
  protocolos: Protocolo[];
}

export interface RetornoConsulta {
  cStat: number;
  xMotivo: string;
  chNFe?: string;
  protocolo?: Protocolo;
  /** True when a cancellation event (110111) is linked to the note. */
  cancelada: boolean;
}

export interface RetornoStatus {
  cStat: number;
  xMotivo: string;
  dhRecbto?: string;
  tMed?: number;
}

export interface RetornoEventoItem {
  cStat: number;
  xMotivo: string;
  chNFe?: string;
  tpEvento?: string;
  nSeqEvento?: number;
  nProt?: string;
  dhRegEvento?: string;
  xml: string;
}

export interface RetornoEvento {
  cStat: number;
  xMotivo: string;
  eventos: RetornoEventoItem[];
}

export interface RetornoInutilizacao {
  cStat: number;
  xMotivo: string;
  nProt?: string;
  dhRecbto?: string;
  xml: string;
}

/** Raw texts of every `<tag ...>...</tag>` (non-nested) in a document. */
function trechos(xml: string, tag: string): string[] {
  const r: string[] = [];
  const re = new RegExp(`<(?:\\w+:)?${tag}[\\s>][\\s\\S]*?</(?:\\w+:)?${tag}>`, 'g');
  for (const m of xml.matchAll(re)) r.push(m[0]);
  return r;
}

function raiz(xml: string, nome: string): No {
  const doc = no(parser.parse(xml));
  const r = doc[nome];
  if (!r) throw new Error(`Resposta da SEFAZ sem ${nome}`);
  return no(r);
}

function protocolo(p: unknown, xml: string): Protocolo {
  const inf = no(no(p).infProt);
  const r: Protocolo = {
    chNFe: txt(inf.chNFe) ?? '',
    cStat: num(inf.cStat),
    xMotivo: txt(inf.xMotivo) ?? '',
    xml,
  };
  const nProt = txt(inf.nProt);
  if (nProt) r.nProt = nProt;
  const dh = txt(inf.dhRecbto);
  if (dh) r.dhRecbto = dh;
  const dv = txt(inf.digVal);
  if (dv) r.digVal = dv;
  return r;
}

export function lerRetornoAutorizacao(
  xml: string,
  elemento: 'retEnviNFe' | 'retConsReciNFe' = 'retEnviNFe',
): RetornoAutorizacao {
  const r = raiz(xml, elemento);
  const brutos = trechos(xml, 'protNFe');
  const prots = (r.protNFe as unknown[] | undefined) ?? [];
  const ret: RetornoAutorizacao = {
    cStat: num(r.cStat),
    xMotivo: txt(r.xMotivo) ?? '',
    protocolos: prots.map((p, i) => protocolo(p, brutos[i] ?? '')),
  };
  const cUF = txt(r.cUF);
  if (cUF) ret.cUF = cUF;
  const dh = txt(r.dhRecbto);
  if (dh) ret.dhRecbto = dh;
  const nRec = txt(no(r.infRec).nRec) ?? txt(r.nRec);
  if (nRec) ret.nRec = nRec;
  return ret;
}

export function lerRetornoConsulta(xml: string): RetornoConsulta {
  const r = raiz(xml, 'retConsSitNFe');
  const prots = (r.protNFe as unknown[] | undefined) ?? [];
  const bruto = trechos(xml, 'protNFe')[0] ?? '';
  const eventos = (r.procEventoNFe as unknown[] | undefined) ?? [];
  const cancelada = eventos.some((e) => txt(no(no(no(e).evento).infEvento).tpEvento) === '110111');
  const ret: RetornoConsulta = {
    cStat: num(r.cStat),
    xMotivo: txt(r.xMotivo) ?? '',
    cancelada: cancelada || num(r.cStat) === 101,
  };
  const ch = txt(r.chNFe);
  if (ch) ret.chNFe = ch;
  if (prots[0]) ret.protocolo = protocolo(prots[0], bruto);
  return ret;
}

export function lerRetornoStatus(xml: string): RetornoStatus {
  const r = raiz(xml, 'retConsStatServ');
  const ret: RetornoStatus = { cStat: num(r.cStat), xMotivo: txt(r.xMotivo) ?? '' };
  const dh = txt(r.dhRecbto);
  if (dh) ret.dhRecbto = dh;
  if (r.tMed !== undefined) ret.tMed = num(r.tMed);
  return ret;
}

export function lerRetornoEvento(xml: string): RetornoEvento {
  const r = raiz(xml, 'retEnvEvento');
  const brutos = trechos(xml, 'retEvento');
  const lista = (r.retEvento as unknown[] | undefined) ?? [];
  return {
    cStat: num(r.cStat),
    xMotivo: txt(r.xMotivo) ?? '',
    eventos: lista.map((e, i) => {
      const inf = no(no(e).infEvento);
      const item: RetornoEventoItem = {
        cStat: num(inf.cStat),
        xMotivo: txt(inf.xMotivo) ?? '',
        xml: brutos[i] ?? '',
      };
      const ch = txt(inf.chNFe);
      if (ch) item.chNFe = ch;
      const tp = txt(inf.tpEvento);
      if (tp) item.tpEvento = tp;
      if (inf.nSeqEvento !== undefined) item.nSeqEvento = num(inf.nSeqEvento);
      const np = txt(inf.nProt);
      if (np) item.nProt = np;
      const dh = txt(inf.dhRegEvento);
      if (dh) item.dhRegEvento = dh;
      return item;
    }),
  };
}

export function lerRetornoInutilizacao(xml: string): RetornoInutilizacao {
  const r = raiz(xml, 'retInutNFe');
  const inf = no(r.infInut);
  const ret: RetornoInutilizacao = {
    cStat: num(inf.cStat),
    xMotivo: txt(inf.xMotivo) ?? '',
    xml: trechos(xml, 'retInutNFe')[0] ?? xml,
  };
  const np = txt(inf.nProt);
  if (np) ret.nProt = np;
  const dh = txt(inf.dhRecbto);
  if (dh) ret.dhRecbto = dh;
  return ret;
}
