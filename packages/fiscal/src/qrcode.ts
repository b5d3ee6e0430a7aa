// infNFeSupl/qrCode of the NFC-e.
// v2 (Manual DANFE NFC-e / NT 2015.002 rev.): online  p=chave|2|tpAmb|cIdToken|hash
//                                             offline p=chave|2|tpAmb|dia|vNF|digValHex|cIdToken|hash
//    hash = upper-case hex SHA-1 of the parameters followed by the CSC.
// v3 (NT 2025.001; Manual de Padrões Técnicos do DANFE NFC-e e QR Code 6.00, item 4.4.2):
//    online p=chave|3|tpAmb; offline p=chave|3|tpAmb|dia|vNF|tp_idDest|idDest|assinatura, where dia has two
//    digits, tp_idDest is 1 CNPJ / 2 CPF (empty, keeping the '|', without a recipient), and assinatura is
//    "assinatura digital da concatenação dos parâmetros de 1 a 7, mantendo os separadores, no padrão RSA SHA-1
//    (Base64), com o mesmo certificado digital que assina a NFC-e" — not the XML signature's SignatureValue.
import { createHash, sign } from 'node:crypto';
import type { CertificadoA1 } from './certificado.ts';

export interface ParametrosQrCode {
  chave: string;
  versao: 2 | 3;
  tpAmb: 1 | 2;
  /** QR base URL of the UF (sefaz-nfce.json qrCode). */
  url: string;
  /** For v2. */
  csc?: { id: string; token: string };
  /** Offline (tpEmis 9) fields. */
  dhEmi?: string;
  vNF?: string;
  digestValue?: string;
  /** v3 offline: recipient CPF (11) / CNPJ (14) or none. */
  documentoDestinatario?: string;
  certificado?: CertificadoA1;
}

const idToken = (id: string): string => String(Number.parseInt(id, 10));

export function montarQrCode(p: ParametrosQrCode): string {
  const offline = p.chave.charAt(34) === '9';
  const base = `${p.url}?p=`;
  if (p.versao === 2) {
    if (!p.csc) throw new Error('QR Code v2 exige o CSC');
    const token = idToken(p.csc.id);
    let params: string;
    if (offline) {
      if (!p.dhEmi || !p.vNF || !p.digestValue) throw new Error('QR Code off-line exige dhEmi, vNF e digVal');
      const digHex = Buffer.from(p.digestValue, 'utf8').toString('hex');
      params = `${p.chave}|2|${p.tpAmb}|${p.dhEmi.slice(8, 10)}|${p.vNF}|${digHex}|${token}`;
    } else {
      params = `${p.chave}|2|${p.tpAmb}|${token}`;
    }
    const hash = createHash('sha1')
      .update(params + p.csc.token)
      .digest('hex')
      .toUpperCase();
    return `${base}${params}|${hash}`;
  }
  if (!offline) return `${base}${p.chave}|3|${p.tpAmb}`;
  if (!p.dhEmi || !p.vNF || !p.certificado)
    throw new Error('QR Code v3 off-line exige dhEmi, vNF e certificado');
  const doc = p.documentoDestinatario ?? '';
  const tpIdDest = doc.length === 14 ? '1' : doc.length === 11 ? '2' : '';
  const params = `${p.chave}|3|${p.tpAmb}|${p.dhEmi.slice(8, 10)}|${p.vNF}|${tpIdDest}|${doc}`;
  const assinatura = sign('sha1', Buffer.from(params), p.certificado.chavePrivada).toString('base64');
  return `${base}${params}|${assinatura}`;
}

/** SVG/PNG rendering helpers live with the DANFE; this returns the text encoded in the QR symbol. */
export const textoQrCode = montarQrCode;
