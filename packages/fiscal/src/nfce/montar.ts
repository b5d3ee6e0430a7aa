// NFC-e (model 65, layout 4.00) builder. The XML is produced by string concatenation in canonical
// form (no blanks between tags, no empty-element tags, text escaped as C14N does) so that signing
// only has to hash the string: see assinatura.ts.

import { createHash } from 'node:crypto';
import { gerarCodigoNumerico, montarChave } from '../chave.ts';
import { ncmExiste, VIGENCIA_NCM } from '../dados/ncm.ts';
import { formatarDataHora } from '../datas.ts';
import { formatar, moeda, paraEscala, percentual, reduzir } from '../decimal.ts';
import { escaparXml, limparTexto, somenteAlfanumericos, somenteDigitos, tagTexto } from '../texto.ts';
import type {
  DadosNfce,
  IbsCbsItem,
  IcmsItem,
  IcmsStItem,
  ItemNfce,
  PagamentoNfce,
  PisCofinsItem,
} from '../tipos.ts';
import { codigoUf } from '../ufs.ts';

export const NS_NFE = 'http://www.portalfiscal.inf.br/nfe';
export const MENSAGEM_DOCUMENTO_INVALIDO = 'CPF ou CNPJ Inválido, favor preencher corretamente';
// MOC 4.00, regra 373 (homologação): the first item and the recipient name carry this text.
export const TEXTO_HOMOLOGACAO = 'NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/** MOC I08 (725): the only CFOPs an NFC-e may carry (NT 2013/005 v1.20, NT 2015.002). */
export const CFOP_NFCE: ReadonlySet<string> = new Set([
  '5101',
  '5102',
  '5103',
  '5104',
  '5115',
  '5405',
  '5656',
  '5667',
  '5933',
]);

/** Totals of the note as decimal text (2 places). */
export interface TotaisNfce {
  vBC: string;
  vICMS: string;
  vBCST?: string;
  vST?: string;
  vFCPST?: string;
  vProd: string;
  vDesc: string;
  vOutro: string;
  vPIS: string;
  vCOFINS: string;
  vNF: string;
  vTotTrib: string;
  vPag: string;
  vTroco: string;
  vIBS?: string;
  vCBS?: string;
}

export interface NfceMontada {
  chave: string;
  /** `<infNFe ...>...</infNFe>`, already canonical (without the inherited xmlns). */
  infNFe: string;
  dados: DadosNfce;
  tpEmis: 1 | 9;
  dhEmi: string;
  totais: TotaisNfce;
  /** Recipient document as written (CPF 11 / CNPJ 14), if any. */
  documentoDestinatario?: string;
}

export class ErroMontagemNfce extends Error {
  override name = 'ErroMontagemNfce';
}

interface Acumulador {
  vBC: bigint;
  vICMS: bigint;
  vBCST: bigint;
  vST: bigint;
  vFCPST: bigint;
  vProd: bigint;
  vDesc: bigint;
  vOutro: bigint;
  vPIS: bigint;
  vCOFINS: bigint;
  vTotTrib: bigint;
  temIbsCbs: boolean;
  vBCIBSCBS: bigint;
  vIBSUF: bigint;
  vIBSMun: bigint;
  vCBS: bigint;
}

const TAXAS = 4; // rates are carried with 4 decimals (TDec_0302a04)

function dec2(valor: bigint): string {
  return moeda(valor);
}

/** 'R$ 1.234,56' for the messages people read (the XML keeps 1234.56). */
function reais(valor: bigint): string {
  const [int, dec] = dec2(valor).split('.');
  return `R$ ${(int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${dec ?? '00'}`;
}

function taxa(valor: bigint): string {
  return formatar(valor, TAXAS, 2);
}

/** Validates and normalises the recipient document (spec 5). */
export function documentoDestinatario(documento: string): { tag: 'CPF' | 'CNPJ'; valor: string } {
  const valor = somenteAlfanumericos(documento);
  if (valor.length === 11 && /^\d{11}$/.test(valor)) return { tag: 'CPF', valor };
  if (valor.length === 14 && /^[0-9A-Z]{12}\d{2}$/.test(valor)) return { tag: 'CNPJ', valor };
  throw new ErroMontagemNfce(MENSAGEM_DOCUMENTO_INVALIDO);
}

const UM = 1_000_000n; // 100% at scale 6 (a percentage of scale 4 divided by 100)

/**
 * The ST part of an ICMS group (modBCST .. vFCPST) and its values. `base` is the operation value (scale 2),
 * `q` the quantity (scale 4), `proprio` the issuer's own ICMS deducted from the ST. Every value is rounded
 * half-up to cents once, from the exact product.
 */
function grupoSt(
  st: IcmsStItem | undefined,
  base: bigint,
  q: bigint,
  proprio: bigint,
  xProd: string,
  codigo: string,
  temCest: boolean,
  acc: Acumulador,
): string {
  if (!st)
    throw new ErroMontagemNfce(`Produto ${xProd}: ${codigo} exige os dados do ICMS-ST (modBCST e pICMSST)`);
  // Rejeição 806: operação com ICMS-ST sem o CEST do produto.
  if (!temCest) throw new ErroMontagemNfce(`Produto ${xProd}: ${codigo} (ICMS-ST) exige o CEST do produto`);
  const mod = st.modBCST;
  if (!Number.isInteger(mod) || mod < 0 || mod > 6) {
    throw new ErroMontagemNfce(
      `Produto ${xProd}: modalidade da base do ICMS-ST (modBCST) ${String(mod)} inválida`,
    );
  }
  const mva = st.pMVAST === undefined ? 0n : paraEscala(st.pMVAST, TAXAS);
  const red = st.pRedBCST === undefined ? 0n : paraEscala(st.pRedBCST, TAXAS);
  if (mva < 0n || red < 0n || red > 100n * 10_000n) {
    throw new ErroMontagemNfce(`Produto ${xProd}: MVA ou redução da base do ICMS-ST inválida`);
  }
  if (mod === 4 && st.pMVAST === undefined) {
    throw new ErroMontagemNfce(`Produto ${xProd}: ICMS-ST por MVA (modBCST 4) exige pMVAST`);
  }
  let vBCST: bigint;
  if (mod === 4) vBCST = reduzir(base * (UM + mva) * (UM - red), 12);
  else if (mod === 6) vBCST = reduzir(base * (UM - red), 6);
  else {
    if (st.vUnitBCST === undefined) {
      throw new ErroMontagemNfce(
        `Produto ${xProd}: ICMS-ST por pauta/preço (modBCST ${mod}) exige o valor unitário`,
      );
    }
    vBCST = reduzir(paraEscala(st.vUnitBCST, 10) * q * (UM - red), 18);
  }
  const p = paraEscala(st.pICMSST, TAXAS);
  const bruto = percentual(vBCST, p, TAXAS);
  const vICMSST = bruto > proprio ? bruto - proprio : 0n;
  acc.vBCST += vBCST;
  acc.vST += vICMSST;
  let s =
    `<modBCST>${mod}</modBCST>` +
    (st.pMVAST === undefined ? '' : `<pMVAST>${taxa(mva)}</pMVAST>`) +
    (st.pRedBCST === undefined ? '' : `<pRedBCST>${taxa(red)}</pRedBCST>`) +
    `<vBCST>${dec2(vBCST)}</vBCST><pICMSST>${taxa(p)}</pICMSST><vICMSST>${dec2(vICMSST)}</vICMSST>`;
  if (st.pFCPST !== undefined) {
    const pf = paraEscala(st.pFCPST, TAXAS);
    const vFCPST = percentual(vBCST, pf, TAXAS);
    acc.vFCPST += vFCPST;
    s += `<vBCFCPST>${dec2(vBCST)}</vBCFCPST><pFCPST>${taxa(pf)}</pFCPST><vFCPST>${dec2(vFCPST)}</vFCPST>`;
  }
  return s;
}

function grupoIcms(
  icms: IcmsItem,
  origem: number,
  base: bigint,
  crt: number,
  xProd: string,
  acc: Acumulador,
  q: bigint,
  temCest: boolean,
) {
  if ('CSOSN' in icms) {
    if (crt === 3) throw new ErroMontagemNfce(`Produto ${xProd}: regime normal (CRT 3) usa CST, não CSOSN`);
    const o = `<orig>${origem}</orig><CSOSN>${icms.CSOSN}</CSOSN>`;
    switch (icms.CSOSN) {
      case '101': {
        const p = paraEscala(icms.pCredSN ?? '0', TAXAS);
        return `<ICMSSN101>${o}<pCredSN>${taxa(p)}</pCredSN><vCredICMSSN>${dec2(percentual(base, p, TAXAS))}</vCredICMSSN></ICMSSN101>`;
      }
      case '102':
      case '103':
      case '300':
      case '400':
        return `<ICMSSN102>${o}</ICMSSN102>`;
      case '201': {
        const proprio =
          icms.pICMS === undefined ? 0n : percentual(base, paraEscala(icms.pICMS, TAXAS), TAXAS);
        const st = grupoSt(icms.st, base, q, proprio, xProd, 'CSOSN 201', temCest, acc);
        const p = paraEscala(icms.pCredSN ?? '0', TAXAS);
        return `<ICMSSN201>${o}${st}<pCredSN>${taxa(p)}</pCredSN><vCredICMSSN>${dec2(percentual(base, p, TAXAS))}</vCredICMSSN></ICMSSN201>`;
      }
      case '202':
      case '203': {
        const proprio =
          icms.pICMS === undefined ? 0n : percentual(base, paraEscala(icms.pICMS, TAXAS), TAXAS);
        return `<ICMSSN202>${o}${grupoSt(icms.st, base, q, proprio, xProd, `CSOSN ${icms.CSOSN}`, temCest, acc)}</ICMSSN202>`;
      }
      case '500':
        return `<ICMSSN500>${o}</ICMSSN500>`;
      case '900':
        return `<ICMSSN900>${o}</ICMSSN900>`;
      default:
        throw new ErroMontagemNfce(`Produto ${xProd}: CSOSN ${icms.CSOSN} não suportado em NFC-e`);
    }
  }
  if (crt !== 3)
    throw new ErroMontagemNfce(`Produto ${xProd}: Simples Nacional (CRT ${crt}) usa CSOSN, não CST`);
  const o = `<orig>${origem}</orig><CST>${icms.CST}</CST>`;
  switch (icms.CST) {
    case '00': {
      const p = paraEscala(icms.pICMS ?? '0', TAXAS);
      const v = percentual(base, p, TAXAS);
      acc.vBC += base;
      acc.vICMS += v;
      return `<ICMS00>${o}<modBC>3</modBC><vBC>${dec2(base)}</vBC><pICMS>${taxa(p)}</pICMS><vICMS>${dec2(v)}</vICMS></ICMS00>`;
    }
    case '20': {
      const red = paraEscala(icms.pRedBC ?? '0', TAXAS);
      const bc = base - percentual(base, red, TAXAS);
      const p = paraEscala(icms.pICMS ?? '0', TAXAS);
      const v = percentual(bc, p, TAXAS);
      acc.vBC += bc;
      acc.vICMS += v;
      return `<ICMS20>${o}<modBC>3</modBC><pRedBC>${taxa(red)}</pRedBC><vBC>${dec2(bc)}</vBC><pICMS>${taxa(p)}</pICMS><vICMS>${dec2(v)}</vICMS></ICMS20>`;
    }
    case '10': {
      const p = paraEscala(icms.pICMS ?? '0', TAXAS);
      const v = percentual(base, p, TAXAS);
      acc.vBC += base;
      acc.vICMS += v;
      const st = grupoSt(icms.st, base, q, v, xProd, 'CST 10', temCest, acc);
      return `<ICMS10>${o}<modBC>3</modBC><vBC>${dec2(base)}</vBC><pICMS>${taxa(p)}</pICMS><vICMS>${dec2(v)}</vICMS>${st}</ICMS10>`;
    }
    case '30': {
      const proprio = icms.pICMS === undefined ? 0n : percentual(base, paraEscala(icms.pICMS, TAXAS), TAXAS);
      return `<ICMS30>${o}${grupoSt(icms.st, base, q, proprio, xProd, 'CST 30', temCest, acc)}</ICMS30>`;
    }
    case '70': {
      const red = paraEscala(icms.pRedBC ?? '0', TAXAS);
      const bc = base - percentual(base, red, TAXAS);
      const p = paraEscala(icms.pICMS ?? '0', TAXAS);
      const v = percentual(bc, p, TAXAS);
      acc.vBC += bc;
      acc.vICMS += v;
      // The ST base starts from the operation value, not from the reduced own base.
      const st = grupoSt(icms.st, base, q, v, xProd, 'CST 70', temCest, acc);
      return `<ICMS70>${o}<modBC>3</modBC><pRedBC>${taxa(red)}</pRedBC><vBC>${dec2(bc)}</vBC><pICMS>${taxa(p)}</pICMS><vICMS>${dec2(v)}</vICMS>${st}</ICMS70>`;
    }
    case '40':
    case '41':
    case '50':
      return `<ICMS40>${o}</ICMS40>`;
    case '60':
      return `<ICMS60>${o}</ICMS60>`;
    case '90': {
      if (icms.pICMS === undefined) return `<ICMS90>${o}</ICMS90>`;
      const p = paraEscala(icms.pICMS, TAXAS);
      const v = percentual(base, p, TAXAS);
      acc.vBC += base;
      acc.vICMS += v;
      return `<ICMS90>${o}<modBC>3</modBC><vBC>${dec2(base)}</vBC><pICMS>${taxa(p)}</pICMS><vICMS>${dec2(v)}</vICMS></ICMS90>`;
    }
    default:
      throw new ErroMontagemNfce(`Produto ${xProd}: CST de ICMS não suportado em NFC-e`);
  }
}

function grupoPisCofins(
  tipo: 'PIS' | 'COFINS',
  cfg: PisCofinsItem,
  base: bigint,
  xProd: string,
): [string, bigint] {
  const cst = cfg.CST.padStart(2, '0');
  const aliq = tipo === 'PIS' ? 'pPIS' : 'pCOFINS';
  const val = tipo === 'PIS' ? 'vPIS' : 'vCOFINS';
  if (cst === '01' || cst === '02') {
    const p = paraEscala(cfg.aliquota ?? '0', TAXAS);
    const v = percentual(base, p, TAXAS);
    return [
      `<${tipo}><${tipo}Aliq><CST>${cst}</CST><vBC>${dec2(base)}</vBC><${aliq}>${taxa(p)}</${aliq}><${val}>${dec2(v)}</${val}></${tipo}Aliq></${tipo}>`,
      v,
    ];
  }
  if (/^0[4-9]$/.test(cst)) return [`<${tipo}><${tipo}NT><CST>${cst}</CST></${tipo}NT></${tipo}>`, 0n];
  if (/^(49|5[0-6]|6[0-7]|7[0-5]|98|99)$/.test(cst)) {
    const p = paraEscala(cfg.aliquota ?? '0', TAXAS);
    const bc = p === 0n ? 0n : base;
    const v = percentual(bc, p, TAXAS);
    return [
      `<${tipo}><${tipo}Outr><CST>${cst}</CST><vBC>${dec2(bc)}</vBC><${aliq}>${taxa(p)}</${aliq}><${val}>${dec2(v)}</${val}></${tipo}Outr></${tipo}>`,
      v,
    ];
  }
  throw new ErroMontagemNfce(`Produto ${xProd}: CST de ${tipo} ${cfg.CST} não suportado em NFC-e`);
}

function grupoIbsCbs(cfg: IbsCbsItem, base: bigint, xProd: string, acc: Acumulador): string {
  if (!/^\d{3}$/.test(cfg.CST) || !/^\d{6}$/.test(cfg.cClassTrib)) {
    throw new ErroMontagemNfce(`Produto ${xProd}: CST/cClassTrib de IBS/CBS inválidos`);
  }
  acc.temIbsCbs = true;
  const cab = `<IBSCBS><CST>${cfg.CST}</CST><cClassTrib>${cfg.cClassTrib}</cClassTrib>`;
  if (cfg.pIBSUF === undefined && cfg.pIBSMun === undefined && cfg.pCBS === undefined)
    return `${cab}</IBSCBS>`;
  const bc = cfg.vBC === undefined ? base : paraEscala(cfg.vBC, 2);
  const pUF = paraEscala(cfg.pIBSUF ?? '0', TAXAS);
  const pMun = paraEscala(cfg.pIBSMun ?? '0', TAXAS);
  const pCBS = paraEscala(cfg.pCBS ?? '0', TAXAS);
  const vUF = percentual(bc, pUF, TAXAS);
  const vMun = percentual(bc, pMun, TAXAS);
  const vCBS = percentual(bc, pCBS, TAXAS);
  acc.vBCIBSCBS += bc;
  acc.vIBSUF += vUF;
  acc.vIBSMun += vMun;
  acc.vCBS += vCBS;
  return (
    `${cab}<gIBSCBS><vBC>${dec2(bc)}</vBC>` +
    `<gIBSUF><pIBSUF>${taxa(pUF)}</pIBSUF><vIBSUF>${dec2(vUF)}</vIBSUF></gIBSUF>` +
    `<gIBSMun><pIBSMun>${taxa(pMun)}</pIBSMun><vIBSMun>${dec2(vMun)}</vIBSMun></gIBSMun>` +
    `<vIBS>${dec2(vUF + vMun)}</vIBS>` +
    `<gCBS><pCBS>${taxa(pCBS)}</pCBS><vCBS>${dec2(vCBS)}</vCBS></gCBS></gIBSCBS></IBSCBS>`
  );
}

function gtin(valor: string | undefined): string {
  const v = valor ? somenteDigitos(valor) : '';
  return v.length === 8 || v.length === 12 || v.length === 13 || v.length === 14 ? v : 'SEM GTIN';
}

function quantidade(valor: bigint): string {
  return formatar(valor, 4);
}

function det(item: ItemNfce, n: number, dados: DadosNfce, acc: Acumulador): string {
  const xProd =
    n === 1 && dados.tpAmb === 2 ? TEXTO_HOMOLOGACAO : limparTexto(item.xProd, 120) || `item ${n}`;
  const imposto = item.imposto;
  if (!imposto) {
    throw new ErroMontagemNfce(
      `Produto ${limparTexto(item.xProd)} (código ${item.cProd}) sem configuração de imposto estadual; a nota não foi emitida`,
    );
  }
  const q = paraEscala(item.qCom, 4);
  const vUn = paraEscala(item.vUnCom, 10);
  const vProd = item.vProd === undefined ? reduzir(q * vUn, 12) : paraEscala(item.vProd, 2);
  const vDesc = item.vDesc === undefined ? 0n : paraEscala(item.vDesc, 2);
  const vOutro = item.vOutro === undefined ? 0n : paraEscala(item.vOutro, 2);
  if (q <= 0n) throw new ErroMontagemNfce(`Produto ${item.xProd}: quantidade deve ser maior que zero`);
  if (vDesc < 0n || vOutro < 0n || vDesc > vProd + vOutro) {
    throw new ErroMontagemNfce(`Produto ${item.xProd}: desconto/acréscimo inválido`);
  }
  const base = vProd - vDesc + vOutro;
  acc.vProd += vProd;
  acc.vDesc += vDesc;
  acc.vOutro += vOutro;
  const ean = gtin(item.cEAN);
  const uCom = escaparXml(limparTexto(item.uCom, 6));
  const qTxt = quantidade(q);
  const vUnTxt = formatar(vUn, 10, 2);
  const ncm = somenteDigitos(item.NCM);
  const cfop = somenteDigitos(item.CFOP);
  // Spec 5 and MOC I08 (rejeição 725): only the in-state sales an NFC-e may carry.
  if (!CFOP_NFCE.has(cfop)) {
    throw new ErroMontagemNfce(
      `Produto ${item.xProd}: CFOP ${item.CFOP} inválido para NFC-e (use ${[...CFOP_NFCE].join(', ')})`,
    );
  }
  // MOC I05 (rejeição 778): an 8-digit NCM must exist in the official table ("00" is for services).
  if (/^\d{8}$/.test(ncm) && !ncmExiste(ncm)) {
    throw new ErroMontagemNfce(
      `Produto ${item.xProd}: NCM ${ncm} não existe na tabela NCM oficial (${VIGENCIA_NCM}); corrija o cadastro do produto`,
    );
  }
  let s =
    `<det nItem="${n}"><prod>${tagTexto('cProd', item.cProd, 60)}<cEAN>${ean}</cEAN><xProd>${escaparXml(xProd)}</xProd>` +
    `<NCM>${ncm}</NCM>${item.CEST ? `<CEST>${somenteDigitos(item.CEST)}</CEST>` : ''}<CFOP>${cfop}</CFOP>` +
    `<uCom>${uCom}</uCom><qCom>${qTxt}</qCom><vUnCom>${vUnTxt}</vUnCom><vProd>${dec2(vProd)}</vProd>` +
    `<cEANTrib>${ean}</cEANTrib><uTrib>${uCom}</uTrib><qTrib>${qTxt}</qTrib><vUnTrib>${vUnTxt}</vUnTrib>` +
    `${vDesc > 0n ? `<vDesc>${dec2(vDesc)}</vDesc>` : ''}${vOutro > 0n ? `<vOutro>${dec2(vOutro)}</vOutro>` : ''}` +
    '<indTot>1</indTot></prod><imposto>';
  if (imposto.vTotTrib !== undefined) {
    const vt = paraEscala(imposto.vTotTrib, 2);
    acc.vTotTrib += vt;
    s += `<vTotTrib>${dec2(vt)}</vTotTrib>`;
  }
  const temCest = !!item.CEST && somenteDigitos(item.CEST).length === 7;
  // Refusals name the product, not the homologation text that replaces the first item's description.
  const nome = limparTexto(item.xProd) || `item ${n}`;
  s += `<ICMS>${grupoIcms(imposto.icms, imposto.origem, base, dados.emitente.CRT, nome, acc, q, temCest)}</ICMS>`;
  const [pis, vPIS] = grupoPisCofins('PIS', imposto.pis, base, nome);
  const [cofins, vCOFINS] = grupoPisCofins('COFINS', imposto.cofins, base, nome);
  acc.vPIS += vPIS;
  acc.vCOFINS += vCOFINS;
  s += pis + cofins;
  if (imposto.ibsCbs) s += grupoIbsCbs(imposto.ibsCbs, base, nome, acc);
  s += '</imposto>';
  if (item.infAdProd) s += tagTexto('infAdProd', item.infAdProd, 500);
  return `${s}</det>`;
}

// Card group: NT 2020.006 requires it for credit/debit cards (03, 04) and the card-like means.
const PAGAMENTOS_CARTAO = new Set(['03', '04', '17', '18']);

function detPag(p: PagamentoNfce): [string, bigint] {
  const tPag = p.tPag.padStart(2, '0');
  const v = paraEscala(p.vPag, 2);
  if (v < 0n) throw new ErroMontagemNfce('Valor de pagamento negativo');
  let s = `<detPag><tPag>${tPag}</tPag>`;
  if (tPag === '99') s += tagTexto('xPag', p.xPag ?? 'Outros', 60);
  s += `<vPag>${dec2(v)}</vPag>`;
  if (PAGAMENTOS_CARTAO.has(tPag) || p.cartao) {
    const c = p.cartao ?? {};
    // MOC 4.00 card group: tpIntegra is required; CNPJ of the acquirer, tBand and cAut are optional and an
    // empty one is left out (an empty tag breaks the XSD). 2 unless the payment went through a TEF/integrated POS.
    const tpIntegra = c.tpIntegra ?? 2;
    if (tpIntegra !== 1 && tpIntegra !== 2)
      throw new ErroMontagemNfce(`tpIntegra inválido: ${String(tpIntegra)}`);
    s += `<card><tpIntegra>${tpIntegra}</tpIntegra>`;
    const cnpj = somenteDigitos(c.CNPJ ?? '');
    if (cnpj) {
      if (cnpj.length !== 14) throw new ErroMontagemNfce(`CNPJ da operadora do cartão inválido: ${c.CNPJ}`);
      s += `<CNPJ>${cnpj}</CNPJ>`;
    }
    const tBand = (c.tBand ?? '').trim();
    if (tBand) {
      if (!/^\d{1,2}$/.test(tBand)) throw new ErroMontagemNfce(`Bandeira do cartão inválida: ${tBand}`);
      s += `<tBand>${tBand.padStart(2, '0')}</tBand>`;
    }
    const cAut = limparTexto(c.cAut ?? '', 128);
    if (cAut) s += tagTexto('cAut', cAut, 128);
    s += '</card>';
  }
  return [`${s}</detPag>`, v];
}

/** Builds the infNFe of an NFC-e. Pure: no clock (cNF is random only when not given). */
export function montarNfce(dados: DadosNfce): NfceMontada {
  const e = dados.emitente;
  if (dados.itens.length === 0) throw new ErroMontagemNfce('A NFC-e precisa de pelo menos um item');
  if (dados.itens.length > 990) throw new ErroMontagemNfce('A NFC-e aceita no máximo 990 itens');
  if (dados.pagamentos.length === 0) throw new ErroMontagemNfce('A NFC-e precisa de pelo menos um pagamento');
  // Spec 5: series 0-899 for normal issue; 900-999 belong to the national contingency (SCAN/SVC).
  if (!Number.isInteger(dados.serie) || dados.serie < 0 || dados.serie > 899) {
    throw new ErroMontagemNfce(
      `Série ${dados.serie} inválida para NFC-e: use 0 a 899 (900 a 999 são da contingência nacional)`,
    );
  }
  const tpEmis = dados.tpEmis ?? 1;
  if (tpEmis === 9 && !dados.contingencia) {
    throw new ErroMontagemNfce('Emissão em contingência (tpEmis 9) exige data/hora e justificativa');
  }
  const dest = dados.destinatario ? documentoDestinatario(dados.destinatario.documento) : undefined;
  const cnpjEmit = somenteAlfanumericos(e.CNPJ);
  const dhEmi = formatarDataHora(dados.dhEmi, dados.fuso);
  const cUF = codigoUf(e.endereco.uf);
  const cNF = dados.cNF ?? gerarCodigoNumerico(dados.nNF);
  const chave = montarChave({
    cUF,
    aamm: dhEmi.slice(2, 4) + dhEmi.slice(5, 7),
    cnpj: cnpjEmit,
    modelo: 65,
    serie: dados.serie,
    nNF: dados.nNF,
    tpEmis,
    cNF,
  });

  const acc: Acumulador = {
    vBC: 0n,
    vICMS: 0n,
    vBCST: 0n,
    vST: 0n,
    vFCPST: 0n,
    vProd: 0n,
    vDesc: 0n,
    vOutro: 0n,
    vPIS: 0n,
    vCOFINS: 0n,
    vTotTrib: 0n,
    temIbsCbs: false,
    vBCIBSCBS: 0n,
    vIBSUF: 0n,
    vIBSMun: 0n,
    vCBS: 0n,
  };

  let s =
    `<infNFe Id="NFe${chave.chave}" versao="4.00"><ide><cUF>${cUF}</cUF><cNF>${cNF}</cNF>` +
    `${tagTexto('natOp', dados.natOp ?? 'VENDA', 60)}<mod>65</mod><serie>${dados.serie}</serie><nNF>${dados.nNF}</nNF>` +
    `<dhEmi>${dhEmi}</dhEmi><tpNF>1</tpNF><idDest>1</idDest><cMunFG>${e.endereco.cMun}</cMunFG>` +
    `<tpImp>4</tpImp><tpEmis>${tpEmis}</tpEmis><cDV>${chave.cDV}</cDV><tpAmb>${dados.tpAmb}</tpAmb>` +
    `<finNFe>1</finNFe><indFinal>1</indFinal><indPres>1</indPres><procEmi>0</procEmi>` +
    tagTexto('verProc', dados.verProc ?? 'Retaguarda 1.0.88', 20);
  if (tpEmis === 9 && dados.contingencia) {
    s +=
      `<dhCont>${formatarDataHora(dados.contingencia.dhCont, dados.fuso)}</dhCont>` +
      tagTexto('xJust', dados.contingencia.xJust, 256);
  }
  const end = e.endereco;
  s +=
    `</ide><emit><CNPJ>${cnpjEmit}</CNPJ>${tagTexto('xNome', e.xNome, 60)}` +
    (e.xFant ? tagTexto('xFant', e.xFant, 60) : '') +
    `<enderEmit>${tagTexto('xLgr', end.xLgr, 60)}${tagTexto('nro', end.nro, 60)}` +
    (end.xCpl ? tagTexto('xCpl', end.xCpl, 60) : '') +
    `${tagTexto('xBairro', end.xBairro, 60)}<cMun>${end.cMun}</cMun>${tagTexto('xMun', end.xMun, 60)}` +
    `<UF>${end.uf}</UF><CEP>${somenteDigitos(end.CEP)}</CEP><cPais>1058</cPais><xPais>Brasil</xPais>` +
    (end.fone ? `<fone>${somenteDigitos(end.fone)}</fone>` : '') +
    `</enderEmit><IE>${somenteAlfanumericos(e.IE)}</IE>` +
    (e.IM
      ? `<IM>${escaparXml(limparTexto(e.IM, 15))}</IM>${e.CNAE ? `<CNAE>${somenteDigitos(e.CNAE)}</CNAE>` : ''}`
      : '') +
    `<CRT>${e.CRT}</CRT></emit>`;
  if (dest && dados.destinatario) {
    const nome = dados.tpAmb === 2 ? TEXTO_HOMOLOGACAO : dados.destinatario.xNome;
    s += `<dest><${dest.tag}>${dest.valor}</${dest.tag}>`;
    if (nome) s += tagTexto('xNome', nome, 60);
    s += '<indIEDest>9</indIEDest>';
    if (dados.destinatario.email) s += tagTexto('email', dados.destinatario.email, 60);
    s += '</dest>';
  }
  for (let i = 0; i < dados.itens.length; i++) {
    s += det(dados.itens[i] as ItemNfce, i + 1, dados, acc);
  }
  // vNF = vProd - vDesc + vST + vFCPST + vOutro (+ vFrete, vSeg, vII, vIPI, which an NFC-e does not carry). MOC W16.
  const vNF = acc.vProd - acc.vDesc + acc.vST + acc.vFCPST + acc.vOutro;
  const limite = paraEscala(dados.limiteSemIdentificacao ?? '10000.00', 2);
  if (!dest && vNF > limite) {
    throw new ErroMontagemNfce(
      `NFC-e de ${reais(vNF)} acima de ${reais(limite)} exige identificar o consumidor (CPF ou CNPJ)`,
    );
  }
  s +=
    `<total><ICMSTot><vBC>${dec2(acc.vBC)}</vBC><vICMS>${dec2(acc.vICMS)}</vICMS><vICMSDeson>0.00</vICMSDeson>` +
    `<vFCP>0.00</vFCP><vBCST>${dec2(acc.vBCST)}</vBCST><vST>${dec2(acc.vST)}</vST><vFCPST>${dec2(acc.vFCPST)}</vFCPST>` +
    '<vFCPSTRet>0.00</vFCPSTRet>' +
    `<vProd>${dec2(acc.vProd)}</vProd><vFrete>0.00</vFrete><vSeg>0.00</vSeg><vDesc>${dec2(acc.vDesc)}</vDesc>` +
    `<vII>0.00</vII><vIPI>0.00</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>${dec2(acc.vPIS)}</vPIS>` +
    `<vCOFINS>${dec2(acc.vCOFINS)}</vCOFINS><vOutro>${dec2(acc.vOutro)}</vOutro><vNF>${dec2(vNF)}</vNF>` +
    (acc.vTotTrib > 0n ? `<vTotTrib>${dec2(acc.vTotTrib)}</vTotTrib>` : '') +
    '</ICMSTot>';
  if (acc.temIbsCbs) {
    const vIBS = acc.vIBSUF + acc.vIBSMun;
    s +=
      `<IBSCBSTot><vBCIBSCBS>${dec2(acc.vBCIBSCBS)}</vBCIBSCBS>` +
      `<gIBS><gIBSUF><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSUF>${dec2(acc.vIBSUF)}</vIBSUF></gIBSUF>` +
      `<gIBSMun><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vIBSMun>${dec2(acc.vIBSMun)}</vIBSMun></gIBSMun>` +
      `<vIBS>${dec2(vIBS)}</vIBS><vCredPres>0.00</vCredPres><vCredPresCondSus>0.00</vCredPresCondSus></gIBS>` +
      `<gCBS><vDif>0.00</vDif><vDevTrib>0.00</vDevTrib><vCBS>${dec2(acc.vCBS)}</vCBS><vCredPres>0.00</vCredPres>` +
      '<vCredPresCondSus>0.00</vCredPresCondSus></gCBS></IBSCBSTot>';
  }
  s += '</total><transp><modFrete>9</modFrete></transp><pag>';
  let vPag = 0n;
  if (dados.pagamentos.length > 100) throw new ErroMontagemNfce('A NFC-e aceita no máximo 100 pagamentos');
  for (const p of dados.pagamentos) {
    const [xml, v] = detPag(p);
    s += xml;
    vPag += v;
  }
  // Spec 5: the payment sum must cover the note; the excess is change (vTroco).
  const semPagamento = dados.pagamentos.every((p) => p.tPag === '90');
  if (!semPagamento && vPag < vNF) {
    throw new ErroMontagemNfce(
      `Total dos pagamentos (${reais(vPag)}) menor que o valor da nota (${reais(vNF)})`,
    );
  }
  const vTroco = dados.troco === undefined ? (semPagamento ? 0n : vPag - vNF) : paraEscala(dados.troco, 2);
  if (!semPagamento && vPag - vTroco !== vNF) {
    throw new ErroMontagemNfce(
      `Pagamentos (${reais(vPag)}) menos troco (${reais(vTroco)}) diferem do valor da nota (${reais(vNF)})`,
    );
  }
  if (vTroco > 0n) s += `<vTroco>${dec2(vTroco)}</vTroco>`;
  s += '</pag>';
  if (dados.infAdFisco || dados.infCpl) {
    s += '<infAdic>';
    if (dados.infAdFisco) s += tagTexto('infAdFisco', dados.infAdFisco, 2000);
    if (dados.infCpl) s += tagTexto('infCpl', dados.infCpl, 5000);
    s += '</infAdic>';
  }
  const rt = dados.responsavelTecnico;
  if (rt) {
    s +=
      `<infRespTec><CNPJ>${somenteAlfanumericos(rt.CNPJ)}</CNPJ>${tagTexto('xContato', rt.xContato, 60)}` +
      `${tagTexto('email', rt.email, 60)}<fone>${somenteDigitos(rt.fone)}</fone>` +
      (rt.idCSRT && rt.CSRT
        ? `<idCSRT>${rt.idCSRT}</idCSRT><hashCSRT>${hashCsrt(rt.CSRT, chave.chave)}</hashCSRT>`
        : '') +
      '</infRespTec>';
  }
  s += '</infNFe>';
  const totais: TotaisNfce = {
    vBC: dec2(acc.vBC),
    vICMS: dec2(acc.vICMS),
    vProd: dec2(acc.vProd),
    vDesc: dec2(acc.vDesc),
    vOutro: dec2(acc.vOutro),
    vPIS: dec2(acc.vPIS),
    vCOFINS: dec2(acc.vCOFINS),
    vNF: dec2(vNF),
    vTotTrib: dec2(acc.vTotTrib),
    vPag: dec2(vPag),
    vTroco: dec2(vTroco),
  };
  if (acc.vBCST > 0n || acc.vST > 0n) {
    totais.vBCST = dec2(acc.vBCST);
    totais.vST = dec2(acc.vST);
    totais.vFCPST = dec2(acc.vFCPST);
  }
  if (acc.temIbsCbs) {
    totais.vIBS = dec2(acc.vIBSUF + acc.vIBSMun);
    totais.vCBS = dec2(acc.vCBS);
  }
  const r: NfceMontada = { chave: chave.chave, infNFe: s, dados, tpEmis, dhEmi, totais };
  if (dest) r.documentoDestinatario = dest.valor;
  return r;
}

/** hashCSRT: base64 of SHA-1 over CSRT + chave (NT 2018.005). */
function hashCsrt(csrt: string, chave: string): string {
  return createHash('sha1')
    .update(csrt + chave)
    .digest('base64');
}
