// Plain input of the NFC-e builder. Values that are money, quantities or rates are `Decimal`
// (decimal text such as '12.50'; a JS number is accepted and read through its shortest text form).

import type { Decimal } from './decimal.ts';
import type { Uf } from './ufs.ts';

/** 1 Simples Nacional; 2 Simples Nacional – excesso de sublimite; 3 Regime Normal (spec 3.2). */
export type Crt = 1 | 2 | 3;
/** 1 produção; 2 homologação. */
export type TipoAmbiente = 1 | 2;
/** NFC-e: 1 normal; 9 contingência off-line. */
export type TipoEmissaoNfce = 1 | 9;

export interface EnderecoEmitente {
  xLgr: string;
  nro: string;
  xCpl?: string;
  xBairro: string;
  /** IBGE municipality code, 7 digits. */
  cMun: string;
  xMun: string;
  uf: Uf;
  CEP: string;
  fone?: string;
}

export interface Emitente {
  /** 14 characters: digits, or the alphanumeric CNPJ in force since July 2026. */
  CNPJ: string;
  xNome: string;
  xFant?: string;
  IE: string;
  IM?: string;
  CNAE?: string;
  CRT: Crt;
  endereco: EnderecoEmitente;
}

export interface Destinatario {
  /** CPF (11 digits) or CNPJ (14); punctuation is ignored. */
  documento: string;
  xNome?: string;
  email?: string;
}

export type CstIcms = '00' | '10' | '20' | '30' | '40' | '41' | '50' | '60' | '70' | '90';
export type Csosn = '101' | '102' | '103' | '201' | '202' | '203' | '300' | '400' | '500' | '900';

/**
 * ICMS charged by tax substitution (ST) on the item: CST 10, 30, 70 and CSOSN 201, 202, 203.
 * vBCST = operation value (vProd - vDesc + vOutro) x (1 + pMVAST%) x (1 - pRedBCST%) for modBCST 4;
 * the operation value x (1 - pRedBCST%) for 6; vUnitBCST x qCom x (1 - pRedBCST%) for 0, 1, 2, 3 and 5.
 * vICMSST = vBCST x pICMSST% - the issuer's own ICMS (see IcmsItem), never below zero. Each value is rounded
 * half-up to cents once, from the exact product (MOC 4.00, campos N21-N23).
 */
export interface IcmsStItem {
  /** 0 preço tabelado/máximo sugerido, 1 lista negativa, 2 lista positiva, 3 lista neutra, 4 MVA, 5 pauta, 6 valor da operação. */
  modBCST: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  /** Margem de valor agregado, percent (modBCST 4). */
  pMVAST?: Decimal;
  /** Reduction of the ST base, percent. */
  pRedBCST?: Decimal;
  /** ST rate, percent. */
  pICMSST: Decimal;
  /** Unit reference value (price list or pauta) for modBCST 0, 1, 2, 3 and 5. */
  vUnitBCST?: Decimal;
  /** Fundo de Combate à Pobreza on the ST, percent (vBCFCPST = vBCST). */
  pFCPST?: Decimal;
}

export type IcmsItem =
  /**
   * Regime Normal (CRT 3). pICMS for 00/10/20/70/90; pRedBC for 20/70; `st` required for 10/30/70. For CST 30
   * (exempt own operation) pICMS, when given, is the rate of the own ICMS deducted from the ST.
   */
  | { CST: CstIcms; pICMS?: Decimal; pRedBC?: Decimal; st?: IcmsStItem }
  /**
   * Simples Nacional (CRT 1 and 2). pCredSN for 101, 201 and 900; `st` required for 201/202/203, where pICMS is
   * the internal rate of the "ICMS próprio" deducted from the ST (LC 123/2006, art. 13 §1 XIII).
   */
  | { CSOSN: Csosn; pCredSN?: Decimal; pICMS?: Decimal; st?: IcmsStItem };

export interface PisCofinsItem {
  /** PIS/COFINS CST (01..99). 01/02 aliquota; 04..09 não tributado; 49..99 outras. */
  CST: string;
  /** Percentage, e.g. '1.65'. */
  aliquota?: Decimal;
}

/** IBS/CBS of the tax reform (NT 2025.002): group IBSCBS of each item. */
export interface IbsCbsItem {
  /** CST of IBS/CBS, 3 digits (000 tributação integral, 410 imunidade...). */
  CST: string;
  /** cClassTrib, 6 digits. */
  cClassTrib: string;
  /** Rates in percent. Omit all three for a CST without gIBSCBS (isenção, imunidade...). */
  pIBSUF?: Decimal;
  pIBSMun?: Decimal;
  pCBS?: Decimal;
  /** Base when it differs from the item value (vProd - vDesc + vOutro). */
  vBC?: Decimal;
}

export interface ImpostoItem {
  /** Origem da mercadoria 0..8. */
  origem: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
  icms: IcmsItem;
  pis: PisCofinsItem;
  cofins: PisCofinsItem;
  /** "Olho no imposto" (Lei 12.741/2012): approximate tax value of the item. */
  vTotTrib?: Decimal;
  ibsCbs?: IbsCbsItem;
}

export interface ItemNfce {
  cProd: string;
  /** GTIN or omitted ('SEM GTIN'). */
  cEAN?: string;
  xProd: string;
  NCM: string;
  CEST?: string;
  CFOP: string;
  uCom: string;
  qCom: Decimal;
  vUnCom: Decimal;
  /** Defaults to qCom * vUnCom rounded to cents. */
  vProd?: Decimal;
  vDesc?: Decimal;
  vOutro?: Decimal;
  /** Without it the note is refused (spec 5: the item needs its tax configuration). */
  imposto?: ImpostoItem | null;
  infAdProd?: string;
}

/** tPag of the NF-e layout: 01 dinheiro, 03 crédito, 04 débito, 17 PIX, 90 sem pagamento, 99 outros... */
export interface PagamentoNfce {
  tPag: string;
  vPag: Decimal;
  /** Description, required by SEFAZ when tPag is 99. */
  xPag?: string;
  /**
   * Card group (card) of a card, PIX or other electronic payment. tpIntegra 1 = integrated with the automation
   * (TEF, integrated POS), 2 = stand-alone POS terminal (default). CNPJ of the acquirer, tBand (card brand code
   * '01' Visa...) and cAut (authorisation) are written only when given.
   */
  cartao?: { tpIntegra?: 1 | 2; CNPJ?: string; tBand?: string; cAut?: string };
}

export interface ResponsavelTecnico {
  CNPJ: string;
  xContato: string;
  email: string;
  fone: string;
  /** CSRT id and secret, when the UF requires it. */
  idCSRT?: string;
  CSRT?: string;
}

export interface Csc {
  /** CSC id (cIdToken), as registered at SEFAZ: '000001' or '1'. */
  id: string;
  token: string;
}

export interface DadosNfce {
  emitente: Emitente;
  destinatario?: Destinatario | null;
  itens: ItemNfce[];
  pagamentos: PagamentoNfce[];
  /** Change; computed as sum(vPag) - vNF when omitted. */
  troco?: Decimal;
  tpAmb: TipoAmbiente;
  serie: number;
  nNF: number;
  /** Issue time: ISO text with offset ('2026-11-21T10:00:00-03:00') or a Date written in `fuso`. */
  dhEmi: string | Date;
  /** UTC offset for Date values, default '-03:00'. */
  fuso?: string;
  tpEmis?: TipoEmissaoNfce;
  /** Required when tpEmis is 9. */
  contingencia?: { dhCont: string | Date; xJust: string };
  /** 8-digit random code of the key; generated when omitted. */
  cNF?: string;
  natOp?: string;
  verProc?: string;
  responsavelTecnico?: ResponsavelTecnico;
  csc: Csc;
  /** QR code version: 2 (CSC hash) or 3 (NT 2025.001). Default 2. */
  versaoQrCode?: 2 | 3;
  infAdFisco?: string;
  infCpl?: string;
  /**
   * Highest note value without an identified consumer; parametrised per UF (NT 2012.004 default
   * R$ 10.000,00, rejection 750; PE uses R$ 1.000,00, for instance).
   */
  limiteSemIdentificacao?: Decimal;
}
