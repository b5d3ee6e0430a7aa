// Inbound NF-e (supplier's note, model 55 layout 4.00, `nfeProc` or bare `NFe`) -> typed object for the
// stock-entry screen. Values stay as decimal text (never floats). Tolerant of pretty-printed files.
import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (nome) => nome === 'det' || nome === 'detPag' || nome === 'dup' || nome === 'NFref',
});

type No = Record<string, unknown>;
const no = (v: unknown): No => (v && typeof v === 'object' ? (v as No) : {});
const txt = (v: unknown): string | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'object') return txt((v as No)['#text']);
  return String(v);
};
const obrig = (v: unknown, campo: string): string => {
  const t = txt(v);
  if (t === undefined || t === '') throw new ErroLeituraNfe(`NF-e sem o campo obrigatório ${campo}`);
  return t;
};

export class ErroLeituraNfe extends Error {
  override name = 'ErroLeituraNfe';
}

export interface EnderecoEntrada {
  xLgr?: string;
  nro?: string;
  xBairro?: string;
  cMun?: string;
  xMun?: string;
  UF?: string;
  CEP?: string;
  fone?: string;
}

export interface ParteEntrada {
  CNPJ?: string;
  CPF?: string;
  xNome?: string;
  xFant?: string;
  IE?: string;
  CRT?: string;
  endereco?: EnderecoEntrada;
}

export interface ItemEntrada {
  nItem: number;
  cProd: string;
  /** GTIN, or undefined when 'SEM GTIN'. */
  cEAN?: string;
  xProd: string;
  NCM: string;
  CEST?: string;
  CFOP: string;
  uCom: string;
  qCom: string;
  vUnCom: string;
  vProd: string;
  uTrib?: string;
  qTrib?: string;
  vUnTrib?: string;
  vDesc?: string;
  vFrete?: string;
  vSeg?: string;
  vOutro?: string;
  icms?: {
    orig?: string;
    CST?: string;
    CSOSN?: string;
    vBC?: string;
    pICMS?: string;
    vICMS?: string;
    vICMSST?: string;
  };
  vIPI?: string;
  infAdProd?: string;
}

export interface NfeEntrada {
  chave: string;
  versao: string;
  modelo: string;
  serie: string;
  nNF: string;
  dhEmi: string;
  natOp: string;
  tpAmb: string;
  emitente: ParteEntrada;
  destinatario?: ParteEntrada;
  itens: ItemEntrada[];
  totais: Record<string, string>;
  /** IBSCBSTot of the tax reform (NT 2025.002), when present. */
  totaisIbsCbs?: { vBCIBSCBS?: string; vIBS?: string; vCBS?: string };
  pagamentos: { tPag: string; vPag: string }[];
  duplicatas: { nDup?: string; dVenc?: string; vDup: string }[];
  infCpl?: string;
  protocolo?: { nProt?: string; dhRecbto?: string; cStat: string; xMotivo?: string; digVal?: string };
}

function endereco(v: unknown): EnderecoEntrada | undefined {
  const e = no(v);
  if (Object.keys(e).length === 0) return undefined;
  const r: EnderecoEntrada = {};
  for (const k of ['xLgr', 'nro', 'xBairro', 'cMun', 'xMun', 'UF', 'CEP', 'fone'] as const) {
    const t = txt(e[k]);
    if (t !== undefined) r[k] = t;
  }
  return r;
}

function parte(v: unknown, enderecoTag: string): ParteEntrada {
  const p = no(v);
  const r: ParteEntrada = {};
  for (const k of ['CNPJ', 'CPF', 'xNome', 'xFant', 'IE', 'CRT'] as const) {
    const t = txt(p[k]);
    if (t !== undefined) r[k] = t;
  }
  const e = endereco(p[enderecoTag]);
  if (e) r.endereco = e;
  return r;
}

function copiar<T extends object>(destino: T, origem: No, campos: readonly (keyof T & string)[]): T {
  for (const k of campos) {
    const t = txt(origem[k]);
    if (t !== undefined) (destino as Record<string, string>)[k] = t;
  }
  return destino;
}

function item(v: unknown): ItemEntrada {
  const d = no(v);
  const p = no(d.prod);
  const cEAN = txt(p.cEAN);
  const r: ItemEntrada = {
    nItem: Number(txt(d['@nItem']) ?? '0'),
    cProd: obrig(p.cProd, 'cProd'),
    xProd: obrig(p.xProd, 'xProd'),
    NCM: obrig(p.NCM, 'NCM'),
    CFOP: obrig(p.CFOP, 'CFOP'),
    uCom: obrig(p.uCom, 'uCom'),
    qCom: obrig(p.qCom, 'qCom'),
    vUnCom: obrig(p.vUnCom, 'vUnCom'),
    vProd: obrig(p.vProd, 'vProd'),
  };
  if (cEAN && cEAN !== 'SEM GTIN') r.cEAN = cEAN;
  copiar(r, p, ['CEST', 'uTrib', 'qTrib', 'vUnTrib', 'vDesc', 'vFrete', 'vSeg', 'vOutro']);
  const imposto = no(d.imposto);
  const grupoIcms = Object.values(no(imposto.ICMS))[0];
  if (grupoIcms)
    r.icms = copiar<NonNullable<ItemEntrada['icms']>>({}, no(grupoIcms), [
      'orig',
      'CST',
      'CSOSN',
      'vBC',
      'pICMS',
      'vICMS',
      'vICMSST',
    ]);
  const ipiTrib = no(no(imposto.IPI).IPITrib);
  const vIPI = txt(ipiTrib.vIPI);
  if (vIPI) r.vIPI = vIPI;
  const inf = txt(d.infAdProd);
  if (inf) r.infAdProd = inf;
  return r;
}

/** Parses an NF-e XML (nfeProc or NFe). Throws ErroLeituraNfe with a pt-BR message when it is not one. */
export function lerNfe(xml: string): NfeEntrada {
  let doc: No;
  try {
    doc = no(parser.parse(xml.replace(/^\uFEFF/, '')));
  } catch (e) {
    throw new ErroLeituraNfe(`XML inválido: ${(e as Error).message}`);
  }
  const proc = no(doc.nfeProc);
  const nfe = no(proc.NFe ?? doc.NFe);
  const inf = no(nfe.infNFe);
  if (Object.keys(inf).length === 0) throw new ErroLeituraNfe('O arquivo não é uma NF-e (sem NFe/infNFe)');
  const id = obrig(inf['@Id'], 'Id');
  const chave = id.replace(/^NFe/, '');
  const ide = no(inf.ide);
  const total = no(no(inf.total).ICMSTot);
  const totais: Record<string, string> = {};
  for (const [k, v] of Object.entries(total)) {
    const t = txt(v);
    if (t !== undefined) totais[k] = t;
  }
  const dets = (inf.det as unknown[] | undefined) ?? [];
  if (dets.length === 0) throw new ErroLeituraNfe('NF-e sem itens (det)');
  const pag = no(inf.pag);
  const cobr = no(inf.cobr);
  const r: NfeEntrada = {
    chave,
    versao: obrig(inf['@versao'], 'versao'),
    modelo: obrig(ide.mod, 'mod'),
    serie: obrig(ide.serie, 'serie'),
    nNF: obrig(ide.nNF, 'nNF'),
    dhEmi: txt(ide.dhEmi) ?? txt(ide.dEmi) ?? '',
    natOp: txt(ide.natOp) ?? '',
    tpAmb: txt(ide.tpAmb) ?? '',
    emitente: parte(inf.emit, 'enderEmit'),
    itens: dets.map(item),
    totais,
    pagamentos: ((pag.detPag as unknown[] | undefined) ?? []).map((p) => ({
      tPag: txt(no(p).tPag) ?? '',
      vPag: txt(no(p).vPag) ?? '0',
    })),
    duplicatas: ((cobr.dup as unknown[] | undefined) ?? []).map((d) =>
      copiar<NfeEntrada['duplicatas'][number]>({ vDup: txt(no(d).vDup) ?? '0' }, no(d), ['nDup', 'dVenc']),
    ),
  };
  const ibsCbs = no(no(inf.total).IBSCBSTot);
  if (Object.keys(ibsCbs).length > 0) {
    r.totaisIbsCbs = {};
    const vBC = txt(ibsCbs.vBCIBSCBS);
    const vIBS = txt(no(ibsCbs.gIBS).vIBS);
    const vCBS = txt(no(ibsCbs.gCBS).vCBS);
    if (vBC) r.totaisIbsCbs.vBCIBSCBS = vBC;
    if (vIBS) r.totaisIbsCbs.vIBS = vIBS;
    if (vCBS) r.totaisIbsCbs.vCBS = vCBS;
  }
  if (inf.dest) r.destinatario = parte(inf.dest, 'enderDest');
  const infCpl = txt(no(inf.infAdic).infCpl);
  if (infCpl) r.infCpl = infCpl;
  const prot = no(no(proc.protNFe).infProt);
  if (Object.keys(prot).length > 0) {
    r.protocolo = copiar<NonNullable<NfeEntrada['protocolo']>>({ cStat: txt(prot.cStat) ?? '' }, prot, [
      'nProt',
      'dhRecbto',
      'xMotivo',
      'digVal',
    ]);
  }
  return r;
}
