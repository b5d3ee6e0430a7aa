// Inutilização de numeração (inutNFe 4.00). Year rules as SEFAZ enforces them (spec 5):
// not after the current year (453) nor before 2006 (454).
import { assinarElemento } from '../assinatura.ts';
import type { CertificadoA1 } from '../certificado.ts';
import { NS_NFE } from '../nfce/montar.ts';
import { escaparXml, limparTexto, somenteAlfanumericos } from '../texto.ts';
import type { TipoAmbiente } from '../tipos.ts';
import { codigoUf, type Uf } from '../ufs.ts';

export interface DadosInutilizacao {
  uf: Uf;
  tpAmb: TipoAmbiente;
  /** Four-digit year of the numbers being voided. */
  ano: number;
  cnpj: string;
  modelo?: 55 | 65;
  serie: number;
  nNFIni: number;
  nNFFin: number;
  xJust: string;
  /** Clock for the year check (pure: passed in). */
  agora: Date;
}

export class ErroInutilizacao extends Error {
  override name = 'ErroInutilizacao';
  constructor(
    readonly cStat: number,
    mensagem: string,
  ) {
    super(mensagem);
  }
}

export const MENSAGENS_INUTILIZACAO = {
  453: 'Rejeição: Ano de inutilização não pode ser superior ao Ano atual',
  454: 'Rejeição: Ano de inutilização não pode ser inferior a 2006',
  224: 'Rejeição: A faixa inicial é maior que a faixa final',
} as const;

export interface InutilizacaoAssinada {
  id: string;
  /** `<inutNFe>` ready for NFeInutilizacao4. */
  inutNFe: string;
}

/** Year in America/Sao_Paulo (UTC-3) of `agora`. */
const anoLocal = (agora: Date): number => new Date(agora.getTime() - 3 * 3_600_000).getUTCFullYear();

export function verificarAnoInutilizacao(ano: number, agora: Date): void {
  if (ano > anoLocal(agora)) throw new ErroInutilizacao(453, MENSAGENS_INUTILIZACAO[453]);
  if (ano < 2006) throw new ErroInutilizacao(454, MENSAGENS_INUTILIZACAO[454]);
}

export function montarInutilizacao(d: DadosInutilizacao, cert: CertificadoA1): InutilizacaoAssinada {
  verificarAnoInutilizacao(d.ano, d.agora);
  if (d.nNFIni < 1 || d.nNFFin > 999_999_999 || d.nNFIni > d.nNFFin) {
    throw new ErroInutilizacao(224, MENSAGENS_INUTILIZACAO[224]);
  }
  const xJust = limparTexto(d.xJust, 255);
  if (xJust.length < 15)
    throw new ErroInutilizacao(0, 'A justificativa da inutilização deve ter no mínimo 15 caracteres');
  const cUF = codigoUf(d.uf);
  const cnpj = somenteAlfanumericos(d.cnpj);
  const modelo = d.modelo ?? 65;
  const ano2 = String(d.ano % 100).padStart(2, '0');
  const id =
    `ID${cUF}${ano2}${cnpj}${modelo}${String(d.serie).padStart(3, '0')}` +
    `${String(d.nNFIni).padStart(9, '0')}${String(d.nNFFin).padStart(9, '0')}`;
  const inf =
    `<infInut Id="${id}"><tpAmb>${d.tpAmb}</tpAmb><xServ>INUTILIZAR</xServ><cUF>${cUF}</cUF><ano>${ano2}</ano>` +
    `<CNPJ>${cnpj}</CNPJ><mod>${modelo}</mod><serie>${d.serie}</serie><nNFIni>${d.nNFIni}</nNFIni>` +
    `<nNFFin>${d.nNFFin}</nNFFin><xJust>${escaparXml(xJust)}</xJust></infInut>`;
  const { assinatura } = assinarElemento(inf, id, NS_NFE, cert);
  return { id, inutNFe: `<inutNFe xmlns="${NS_NFE}" versao="4.00">${inf}${assinatura}</inutNFe>` };
}
