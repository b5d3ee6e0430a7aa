// Cancellation event (tpEvento 110111), layout "Evento de Cancelamento" v1.00.
// Spec 5: the reason needs at least 15 characters; the note needs its authorisation protocol (nProt).
import { assinarElemento } from '../assinatura.ts';
import type { CertificadoA1 } from '../certificado.ts';
import { decomporChave } from '../chave.ts';
import { formatarDataHora } from '../datas.ts';
import { NS_NFE } from '../nfce/montar.ts';
import { escaparXml, limparTexto } from '../texto.ts';
import type { TipoAmbiente } from '../tipos.ts';

export const TP_EVENTO_CANCELAMENTO = '110111';

export interface DadosCancelamento {
  chave: string;
  /** Authorisation protocol of the note (15 digits). */
  nProt: string;
  xJust: string;
  tpAmb: TipoAmbiente;
  dhEvento: string | Date;
  fuso?: string;
  /** Author's CNPJ/CPF; defaults to the issuer in the key. */
  documentoAutor?: string;
  nSeqEvento?: number;
  idLote?: string;
}

export interface EventoAssinado {
  id: string;
  chave: string;
  /** `<envEvento>` ready for NFeRecepcaoEvento4. */
  envEvento: string;
  /** `<evento>` alone (to store with the answer in procEventoNFe). */
  evento: string;
}

export class ErroEvento extends Error {
  override name = 'ErroEvento';
}

export const MENSAGEM_JUSTIFICATIVA_CURTA =
  'A justificativa do cancelamento deve ter no mínimo 15 caracteres';

export function montarCancelamento(d: DadosCancelamento, cert: CertificadoA1): EventoAssinado {
  const partes = decomporChave(d.chave);
  const xJust = limparTexto(d.xJust, 255);
  if (xJust.length < 15) throw new ErroEvento(MENSAGEM_JUSTIFICATIVA_CURTA);
  if (!/^\d{15}$/.test(d.nProt))
    throw new ErroEvento('Cancelamento exige o protocolo de autorização (nProt) com 15 dígitos');
  const seq = d.nSeqEvento ?? 1;
  const id = `ID${TP_EVENTO_CANCELAMENTO}${d.chave}${String(seq).padStart(2, '0')}`;
  const autor = (d.documentoAutor ?? partes.cnpj).replace(/\D/g, '');
  const tagAutor = autor.length === 11 ? 'CPF' : 'CNPJ';
  const inf =
    `<infEvento Id="${id}"><cOrgao>${partes.cUF}</cOrgao><tpAmb>${d.tpAmb}</tpAmb>` +
    `<${tagAutor}>${autor}</${tagAutor}><chNFe>${d.chave}</chNFe>` +
    `<dhEvento>${formatarDataHora(d.dhEvento, d.fuso)}</dhEvento><tpEvento>${TP_EVENTO_CANCELAMENTO}</tpEvento>` +
    `<nSeqEvento>${seq}</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00">` +
    `<descEvento>Cancelamento</descEvento><nProt>${d.nProt}</nProt><xJust>${escaparXml(xJust)}</xJust>` +
    '</detEvento></infEvento>';
  const { assinatura } = assinarElemento(inf, id, NS_NFE, cert);
  const evento = `<evento xmlns="${NS_NFE}" versao="1.00">${inf}${assinatura}</evento>`;
  const idLote = d.idLote ?? String(Date.now()).slice(-15);
  const envEvento = `<envEvento xmlns="${NS_NFE}" versao="1.00"><idLote>${idLote}</idLote>${evento}</envEvento>`;
  return { id, chave: d.chave, envEvento, evento };
}
