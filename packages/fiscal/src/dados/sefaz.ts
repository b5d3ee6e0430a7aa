// Typed access to sefaz-nfce.json (generated; see its "fonte" field and scripts/gerar-dados-sefaz.ts).
import type { TipoAmbiente } from '../tipos.ts';
import type { Uf } from '../ufs.ts';
import dados from './sefaz-nfce.json' with { type: 'json' };

export type ServicoSefaz =
  | 'NfeAutorizacao'
  | 'NfeRetAutorizacao'
  | 'NfeInutilizacao'
  | 'NfeConsultaProtocolo'
  | 'NfeStatusServico'
  | 'RecepcaoEvento';

type Tabela = {
  autorizadorNfce: Record<string, string>;
  webservices: Record<string, Record<string, Partial<Record<ServicoSefaz, string>>>>;
  qrCode: Record<string, Record<string, { url: string; versao: number }>>;
  urlChave: Record<string, Record<string, string>>;
};
const tabela = dados as Tabela;

/** Authoriser of NFC-e for a UF (its own SEFAZ or SVRS). */
export function autorizadorNfce(uf: Uf): string {
  return tabela.autorizadorNfce[uf] ?? 'SVRS';
}

export function urlWebservice(uf: Uf, tpAmb: TipoAmbiente, servico: ServicoSefaz): string {
  const aut = autorizadorNfce(uf);
  const url = tabela.webservices[aut]?.[String(tpAmb)]?.[servico];
  if (!url)
    throw new Error(`Sem endereço de ${servico} para ${uf} (autorizador ${aut}) no ambiente ${tpAmb}`);
  return url;
}

/** QR code base address and the QR version the UF uses in that environment (200 or 300). */
export function urlQrCode(uf: Uf, tpAmb: TipoAmbiente): { url: string; versao: 2 | 3 } {
  const q = tabela.qrCode[uf]?.[String(tpAmb)];
  if (!q) throw new Error(`Sem URL de QR Code da NFC-e para ${uf} no ambiente ${tpAmb}`);
  return { url: q.url, versao: q.versao >= 300 ? 3 : 2 };
}

/** urlChave (consulta pela chave), as printed on the DANFE NFC-e. */
export function urlConsultaChave(uf: Uf, tpAmb: TipoAmbiente): string {
  const u = tabela.urlChave[String(tpAmb)]?.[uf];
  if (!u) throw new Error(`Sem URL de consulta por chave para ${uf} no ambiente ${tpAmb}`);
  return u;
}
