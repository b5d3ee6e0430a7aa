// Business rules of the NFC-e authorisation that the local simulator applies after XSD and signature, so that
// "authorised by the simulator" means a real SEFAZ would authorise the same note. Each rule cites its line of
// the MOC 4.00 Anexo I (Regras de Validação) and answers the catalogue code (cstat.ts).
import { createHash, X509Certificate } from 'node:crypto';
import { cnpjValido, cpfValido } from '@retaguarda/domain/validadores/documentos';
import { XMLParser } from 'fast-xml-parser';
import { digitoVerificadorChave } from '../chave.ts';
import { mensagemCStat } from '../cstat.ts';
import { ncmExiste } from '../dados/ncm.ts';
import { paraEscala } from '../decimal.ts';
import { CFOP_NFCE } from '../nfce/montar.ts';
import { codigoUf, type Uf } from '../ufs.ts';

export type Recusa = [cStat: number, xMotivo: string];

/** CSC of a company as registered at SEFAZ: token of `idToken` (without leading zeros) for the CNPJ. */
export type ConsultaCsc = (cnpj: string, idToken: string) => string | undefined | Promise<string | undefined>;

export interface ContextoRegras {
  /** Reception time of the simulated SEFAZ. */
  agora: Date;
  /** The endpoint's environment: the simulator is always homologação (2). */
  tpAmbEndpoint: 1 | 2;
  /** UFs this endpoint authorises (B02-10, 226); undefined = any UF (one simulator for every state). */
  ufs?: readonly Uf[] | undefined;
  csc?: ConsultaCsc | undefined;
  /** Trusted CA certificates (roots and intermediates, PEM); when given the certificate chain is checked. */
  acConfiaveis?: readonly X509Certificate[] | undefined;
  /** DER of the mutual-TLS client certificate (transmitter), when there is one. */
  certificadoTransmissor?: Buffer | undefined;
  /** UFs that demand infRespTec (ZD01-10, 972). Default: every UF. */
  ufsExigemRespTec?: readonly Uf[] | undefined;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  removeNSPrefix: true,
  isArray: (nome) => nome === 'det' || nome === 'detPag',
});

type No = Record<string, unknown>;
const no = (v: unknown): No => (v && typeof v === 'object' ? (v as No) : {});
const texto = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const lista = (v: unknown): No[] => (Array.isArray(v) ? v.map(no) : v ? [no(v)] : []);
const centavos = (v: unknown): bigint => {
  const t = texto(v);
  return t ? paraEscala(t, 2) : 0n;
};

function recusa(cStat: number, detalhe?: string): Recusa {
  const base = mensagemCStat(cStat) ?? `Rejeição ${cStat}`;
  return [cStat, detalhe ? `${base} [${detalhe}]` : base];
}

/** NT 2019.001 (B03-10): forbidden cNF values; cNF may not repeat nNF either. */
const CNF_PROIBIDOS = new Set([
  '00000000',
  '11111111',
  '22222222',
  '33333333',
  '44444444',
  '55555555',
  '66666666',
  '77777777',
  '88888888',
  '99999999',
  '12345678',
  '23456789',
  '34567890',
  '45678901',
  '56789012',
  '67890123',
  '78901234',
  '89012345',
  '90123456',
  '01234567',
]);

/** MOC B09-10/B09-40: 5 minutes of clock tolerance between the issuer and SEFAZ. */
const TOLERANCIA_MS = 5 * 60_000;

/** CN "NAME:CNPJ" or the ICP-Brasil OID 2.16.76.1.3.3 as node prints it. */
function documentoDoCertificado(c: X509Certificate): string | null {
  const cn = /CN=([^\n]*)/.exec(c.subject)?.[1] ?? '';
  const m = /:([0-9A-Z]{14}|\d{11})$/.exec(cn);
  if (m?.[1]) return m[1];
  const icp = /2\.16\.76\.1\.3\.3=([0-9A-Z]{14})/.exec(c.subject);
  return icp?.[1] ?? null;
}

/** Walks up to a trusted self-signed root through the trusted list (roots and intermediates). */
function cadeiaConfiavel(c: X509Certificate, confiaveis: readonly X509Certificate[]): boolean {
  let atual = c;
  for (let nivel = 0; nivel < 6; nivel++) {
    const emissor = confiaveis.find((a) => atual.checkIssued(a) && atual.verify(a.publicKey));
    if (!emissor) return false;
    if (emissor.checkIssued(emissor)) return true;
    atual = emissor;
  }
  return false;
}

/**
 * Certificate checks: validity (291/281), chain (293/283) and, for the signer, the CNPJ base of the issuer
 * (213). `assinatura` picks the 29x codes of the signature certificate, otherwise the 28x of the transmitter.
 */
function checarCertificado(
  der: Buffer,
  ctx: ContextoRegras,
  assinatura: boolean,
  cnpjEmitente: string,
): Recusa | null {
  let c: X509Certificate;
  try {
    c = new X509Certificate(der);
  } catch {
    return recusa(assinatura ? 290 : 280);
  }
  const t = ctx.agora.getTime();
  if (t < Date.parse(c.validFrom) || t > Date.parse(c.validTo)) return recusa(assinatura ? 291 : 281);
  if (ctx.acConfiaveis && !cadeiaConfiavel(c, ctx.acConfiaveis)) return recusa(assinatura ? 293 : 283);
  const doc = documentoDoCertificado(c);
  if (doc?.length !== 14) return recusa(assinatura ? 292 : 282);
  if (assinatura && doc.slice(0, 8) !== cnpjEmitente.slice(0, 8)) return recusa(213);
  return null;
}

/** Totals of the ICMS group of an item, whatever its CST/CSOSN (ICMS00, ICMSSN202...). */
function valoresIcms(imposto: No): {
  vBC: bigint;
  vICMS: bigint;
  vBCST: bigint;
  vST: bigint;
  vFCPST: bigint;
} {
  const grupo = no(Object.values(no(imposto.ICMS))[0]);
  return {
    vBC: centavos(grupo.vBC),
    vICMS: centavos(grupo.vICMS),
    vBCST: centavos(grupo.vBCST),
    vST: centavos(grupo.vICMSST),
    vFCPST: centavos(grupo.vFCPST),
  };
}

/**
 * Applies the rules to one `<NFe>` (already XSD-valid and with a verified signature). Returns the first
 * refusal, in the order of the MOC, or null when a real SEFAZ would authorise it.
 */
export async function aplicarRegrasNfce(nfe: string, ctx: ContextoRegras): Promise<Recusa | null> {
  const doc = no(no(parser.parse(nfe)).NFe);
  const inf = no(doc.infNFe);
  const ide = no(inf.ide);
  const emit = no(inf.emit);
  const chave = texto(inf['@_Id']).replace(/^NFe/, '');
  const tpAmb = texto(ide.tpAmb);
  const cUF = texto(ide.cUF);
  const cnpjEmit = texto(emit.CNPJ) || texto(emit.CPF).padStart(14, '0');

  // B24-10: the note's environment must be the endpoint's (a production note never counts in homologation).
  if (tpAmb !== String(ctx.tpAmbEndpoint)) return recusa(252);

  // Certificates: transmitter (TLS) first, then the signer, as the authoriser checks them before the content.
  if (ctx.certificadoTransmissor) {
    const r = checarCertificado(ctx.certificadoTransmissor, ctx, false, cnpjEmit);
    if (r) return r;
  }
  const x509 = texto(no(no(no(doc.Signature).KeyInfo).X509Data).X509Certificate).replace(/\s/g, '');
  const r = checarCertificado(Buffer.from(x509, 'base64'), ctx, true, cnpjEmit);
  if (r) return r;

  // A03-10 (502): the Id is the concatenation of the fields; B23-10 (253): cDV is the key's check digit.
  const dhEmi = texto(ide.dhEmi);
  const composta =
    cUF.padStart(2, '0') +
    dhEmi.slice(2, 4) +
    dhEmi.slice(5, 7) +
    cnpjEmit +
    texto(ide.mod) +
    texto(ide.serie).padStart(3, '0') +
    texto(ide.nNF).padStart(9, '0') +
    texto(ide.tpEmis) +
    texto(ide.cNF);
  if (composta !== chave.slice(0, 43)) return recusa(502);
  if (String(digitoVerificadorChave(composta)) !== texto(ide.cDV)) return recusa(253);

  // B02-10 (226): the issuer's UF must be served by this endpoint; C12 (247): address UF = cUF.
  if (ctx.ufs && !ctx.ufs.some((u) => String(codigoUf(u)) === cUF)) return recusa(226);
  const ufEmit = texto(no(emit.enderEmit).UF) as Uf;
  let cUfEndereco = '';
  try {
    cUfEndereco = String(codigoUf(ufEmit));
  } catch {
    cUfEndereco = '';
  }
  if (cUfEndereco !== cUF) return recusa(247);

  // B03-10 (897): cNF not in the forbidden list and different from nNF.
  const cNF = texto(ide.cNF);
  if (CNF_PROIBIDOS.has(cNF) || Number(cNF) === Number(texto(ide.nNF))) return recusa(897);

  // B09-10 (703) and B09-40 (704): online NFC-e is real time (5 minutes of tolerance both ways).
  const emissao = Date.parse(dhEmi);
  const agora = ctx.agora.getTime();
  if (emissao > agora + TOLERANCIA_MS) return recusa(703);
  if (texto(ide.tpEmis) === '1' && emissao < agora - TOLERANCIA_MS) return recusa(704);

  // C02-30 (207): issuer CNPJ; E02/E03 (208/237): the consumer's CNPJ (numeric or alphanumeric) or CPF.
  if (texto(emit.CNPJ) && !cnpjValido(texto(emit.CNPJ))) return recusa(207);
  const dest = no(inf.dest);
  if (texto(dest.CNPJ) && !cnpjValido(texto(dest.CNPJ))) return recusa(208);
  if (texto(dest.CPF) && !cpfValido(texto(dest.CPF))) return recusa(237);

  // Items: CFOP of an NFC-e (I08, 725) and NCM of the official table (I05, 778; 471 for 00 on goods).
  const itens = lista(inf.det);
  const soma = { vProd: 0n, vDesc: 0n, vOutro: 0n, vBC: 0n, vICMS: 0n, vBCST: 0n, vST: 0n, vFCPST: 0n };
  for (const d of itens) {
    const prod = no(d.prod);
    const nItem = texto(d['@_nItem']);
    const cfop = texto(prod.CFOP);
    if (!CFOP_NFCE.has(cfop)) return recusa(725, `nItem:${nItem}`);
    const ncm = texto(prod.NCM);
    if (ncm === '00') {
      if (cfop !== '5933') return recusa(471, `nItem:${nItem}`);
    } else if (!ncmExiste(ncm)) return recusa(778, `nItem:${nItem}`);
    if (texto(prod.indTot) === '1') soma.vProd += centavos(prod.vProd);
    soma.vDesc += centavos(prod.vDesc);
    soma.vOutro += centavos(prod.vOutro);
    const icms = valoresIcms(no(d.imposto));
    soma.vBC += icms.vBC;
    soma.vICMS += icms.vICMS;
    soma.vBCST += icms.vBCST;
    soma.vST += icms.vST;
    soma.vFCPST += icms.vFCPST;
  }

  // W (totals): each total equals the sum of the items, and vNF the sum of its parts (W16-10, 610).
  const tot = no(no(inf.total).ICMSTot);
  const totais: [keyof typeof soma, string, number][] = [
    ['vBC', 'vBC', 531],
    ['vICMS', 'vICMS', 532],
    ['vBCST', 'vBCST', 533],
    ['vST', 'vST', 534],
    ['vProd', 'vProd', 564],
    ['vDesc', 'vDesc', 537],
    ['vOutro', 'vOutro', 604],
  ];
  for (const [campo, tag, cStat] of totais) {
    if (centavos(tot[tag]) !== soma[campo]) return recusa(cStat);
  }
  const vNF = centavos(tot.vNF);
  const partes =
    centavos(tot.vProd) -
    centavos(tot.vDesc) +
    centavos(tot.vST) +
    centavos(tot.vFCPST) +
    centavos(tot.vFrete) +
    centavos(tot.vSeg) +
    centavos(tot.vOutro) +
    centavos(tot.vII) +
    centavos(tot.vIPI) +
    centavos(tot.vIPIDevol);
  if (vNF !== partes) return recusa(610);

  // YA (payments): the sum covers vNF (865); an excess needs vTroco (866) and vTroco is exactly the excess (869).
  const pag = no(inf.pag);
  const detPag = lista(pag.detPag);
  const semPagamento = detPag.length > 0 && detPag.every((p) => texto(p.tPag) === '90');
  if (!semPagamento) {
    const vPag = detPag.reduce((s, p) => s + centavos(p.vPag), 0n);
    const temTroco = texto(pag.vTroco) !== '';
    if (vPag < vNF) return recusa(865);
    if (vPag > vNF && !temTroco) return recusa(866);
    if (temTroco && centavos(pag.vTroco) !== vPag - vNF) return recusa(869);
  }

  // ZD01-10 (972) / ZD02-10 (973): the software's responsible technician, where the UF demands it.
  const resp = no(inf.infRespTec);
  const exigem = ctx.ufsExigemRespTec;
  if (!inf.infRespTec && (!exigem || exigem.includes(ufEmit))) return recusa(972);
  if (inf.infRespTec && !cnpjValido(texto(resp.CNPJ))) return recusa(973);

  // ZX02 (QR code): key of the note (397) and, for v2, the hash with the company's CSC (462/464).
  const qr = texto(no(doc.infNFeSupl).qrCode).replace(/&amp;/g, '&');
  const campos = (qr.split('?p=')[1] ?? '').split('|');
  if (campos[0] !== chave) return recusa(397);
  if (campos[1] === '2' && ctx.csc) {
    const idToken = campos[campos.length - 2] ?? '';
    const token = await ctx.csc(cnpjEmit, idToken);
    if (!token) return recusa(462);
    const esperado = createHash('sha1')
      .update(campos.slice(0, -1).join('|') + token)
      .digest('hex')
      .toUpperCase();
    if (esperado !== campos[campos.length - 1]) return recusa(464);
  }
  return null;
}
