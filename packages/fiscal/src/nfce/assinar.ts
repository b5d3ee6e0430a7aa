// Signs a built NFC-e and completes it with infNFeSupl (qrCode + urlChave), giving the `<NFe>` to send.
import { assinarElemento, NS_DSIG } from '../assinatura.ts';
import type { CertificadoA1 } from '../certificado.ts';
import { urlConsultaChave, urlQrCode } from '../dados/sefaz.ts';
import { montarQrCode } from '../qrcode.ts';
import type { DadosNfce } from '../tipos.ts';
import { montarNfce, type NfceMontada, NS_NFE, type TotaisNfce } from './montar.ts';

export interface NfceAssinada {
  chave: string;
  /** `<NFe xmlns=...>` with infNFe, infNFeSupl and Signature. */
  xml: string;
  qrCode: string;
  urlChave: string;
  digestValue: string;
  tpEmis: 1 | 9;
  dhEmi: string;
  totais: TotaisNfce;
  dados: DadosNfce;
}

export { NS_DSIG };

export function assinarNfce(nota: NfceMontada, cert: CertificadoA1): NfceAssinada {
  const d = nota.dados;
  const uf = d.emitente.endereco.uf;
  const { assinatura, digestValue } = assinarElemento(nota.infNFe, `NFe${nota.chave}`, NS_NFE, cert);
  const qr = urlQrCode(uf, d.tpAmb);
  const parametros: Parameters<typeof montarQrCode>[0] = {
    chave: nota.chave,
    versao: d.versaoQrCode ?? qr.versao,
    tpAmb: d.tpAmb,
    url: qr.url,
    csc: d.csc,
    dhEmi: nota.dhEmi,
    vNF: nota.totais.vNF,
    digestValue,
    certificado: cert,
  };
  if (nota.documentoDestinatario) parametros.documentoDestinatario = nota.documentoDestinatario;
  const qrCode = montarQrCode(parametros);
  const urlChave = urlConsultaChave(uf, d.tpAmb);
  // qrCode goes in CDATA-free text: only '&' could need escaping, and the p= form has none.
  const supl = `<infNFeSupl><qrCode>${qrCode.replace(/&/g, '&amp;')}</qrCode><urlChave>${urlChave}</urlChave></infNFeSupl>`;
  const xml = `<NFe xmlns="${NS_NFE}">${nota.infNFe}${supl}${assinatura}</NFe>`;
  return {
    chave: nota.chave,
    xml,
    qrCode,
    urlChave,
    digestValue,
    tpEmis: nota.tpEmis,
    dhEmi: nota.dhEmi,
    totais: nota.totais,
    dados: d,
  };
}

/** Build + sign in one call. */
export function gerarNfce(dados: DadosNfce, cert: CertificadoA1): NfceAssinada {
  return assinarNfce(montarNfce(dados), cert);
}
