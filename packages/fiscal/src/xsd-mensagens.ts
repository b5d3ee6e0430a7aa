// XSD errors of an NFC-e said in pt-BR: which field of which item (or of the store's setup, the consumer, the
// payments) is wrong and where to fix it (issue 15 point 8). libxml2 speaks English and gives only a line number,
// so the note is checked with a line break before each section and each item (whitespace between elements of
// element-only content is allowed and changes nothing else) and the line tells where the error is.
import { validarXsd } from './xsd.ts';

export type SecaoNfce =
  | {
      tipo:
        | 'ide'
        | 'emit'
        | 'dest'
        | 'total'
        | 'transp'
        | 'pag'
        | 'infAdic'
        | 'infRespTec'
        | 'supl'
        | 'assinatura';
    }
  | { tipo: 'item'; nItem: number };

const MARCAS: readonly [string, SecaoNfce['tipo']][] = [
  ['<emit>', 'emit'],
  ['<dest>', 'dest'],
  ['<det ', 'item'],
  ['<total>', 'total'],
  ['<transp>', 'transp'],
  ['<pag>', 'pag'],
  ['<infAdic>', 'infAdic'],
  ['<infRespTec>', 'infRespTec'],
  ['<infNFeSupl>', 'supl'],
  ['<Signature', 'assinatura'],
];

/** The note with one section per line, and what each line (1-based) holds. */
export function separarSecoes(xml: string): { xml: string; secoes: SecaoNfce[] } {
  const secoes: SecaoNfce[] = [{ tipo: 'ide' }];
  const padrao = new RegExp(MARCAS.map(([m]) => m).join('|'), 'g');
  const texto = xml.replace(padrao, (m) => {
    const tipo = MARCAS.find(([marca]) => marca === m)?.[1] ?? 'ide';
    secoes.push(
      tipo === 'item' ? { tipo, nItem: secoes.filter((s) => s.tipo === 'item').length + 1 } : { tipo },
    );
    return `\n${m}`;
  });
  return { xml: texto, secoes };
}

// Field names as the person who fixes them knows them.
const CAMPOS: Readonly<Record<string, string>> = {
  cProd: 'código do produto',
  cEAN: 'código de barras (GTIN)',
  cEANTrib: 'código de barras (GTIN)',
  xProd: 'descrição',
  NCM: 'NCM',
  CEST: 'CEST',
  CFOP: 'CFOP',
  uCom: 'unidade',
  uTrib: 'unidade',
  qCom: 'quantidade',
  qTrib: 'quantidade',
  vUnCom: 'valor unitário',
  vUnTrib: 'valor unitário',
  vProd: 'valor',
  vDesc: 'desconto',
  vOutro: 'acréscimo',
  infAdProd: 'observação do item',
  orig: 'origem da mercadoria',
  CST: 'CST',
  CSOSN: 'CSOSN',
  pICMS: 'alíquota do ICMS',
  pRedBC: 'redução da base do ICMS',
  modBCST: 'modalidade da base do ICMS-ST',
  pMVAST: 'MVA do ICMS-ST',
  pRedBCST: 'redução da base do ICMS-ST',
  pICMSST: 'alíquota do ICMS-ST',
  pCredSN: 'alíquota de crédito do Simples Nacional',
  vTotTrib: 'tributos aproximados (IBPT)',
  cClassTrib: 'cClassTrib do IBS/CBS',
  CNPJ: 'CNPJ',
  CPF: 'CPF',
  IE: 'inscrição estadual',
  IM: 'inscrição municipal',
  CNAE: 'CNAE',
  CRT: 'regime tributário (CRT)',
  xNome: 'nome',
  xFant: 'nome fantasia',
  xLgr: 'logradouro',
  nro: 'número do endereço',
  xCpl: 'complemento do endereço',
  xBairro: 'bairro',
  cMun: 'código IBGE do município',
  cMunFG: 'código IBGE do município',
  xMun: 'município',
  UF: 'UF',
  CEP: 'CEP',
  fone: 'telefone',
  email: 'e-mail',
  xContato: 'nome do contato',
  natOp: 'natureza da operação',
  serie: 'série',
  nNF: 'número da nota',
  dhEmi: 'data e hora de emissão',
  dhCont: 'data e hora da contingência',
  xJust: 'justificativa da contingência',
  verProc: 'versão do sistema',
  tPag: 'forma de pagamento',
  xPag: 'descrição da forma de pagamento',
  vPag: 'valor do pagamento',
  vTroco: 'troco',
  tBand: 'bandeira do cartão',
  cAut: 'autorização do cartão',
  infCpl: 'informações complementares',
  infAdFisco: 'informações ao fisco',
};

// The format a field must have, where the official pattern says little to a person.
const FORMATOS: Readonly<Record<string, string>> = {
  NCM: '8 dígitos da tabela NCM',
  CEST: '7 dígitos',
  CFOP: '4 dígitos',
  CEP: '8 dígitos',
  IE: 'somente dígitos (2 a 14) ou ISENTO',
  CNPJ: '14 dígitos',
  CPF: '11 dígitos',
  CNAE: '7 dígitos',
  cMun: '7 dígitos do código IBGE',
  cMunFG: '7 dígitos do código IBGE',
  fone: '6 a 14 dígitos',
  cEAN: 'GTIN de 8, 12, 13 ou 14 dígitos, ou SEM GTIN',
  cEANTrib: 'GTIN de 8, 12, 13 ou 14 dígitos, ou SEM GTIN',
};

const ONDE: Readonly<Record<SecaoNfce['tipo'], string>> = {
  ide: 'na configuração fiscal da empresa (Empresa > Fiscal)',
  emit: 'no cadastro da empresa ou na configuração fiscal (Empresa > Fiscal)',
  dest: 'no CPF/CNPJ informado na venda',
  item: 'no cadastro do produto',
  total: 'nos valores da venda',
  transp: 'na configuração fiscal da empresa',
  pag: 'nas formas de pagamento da venda',
  infAdic: 'nas observações da venda',
  infRespTec: 'no responsável técnico da configuração fiscal',
  supl: 'no CSC e na versão do QR Code da configuração fiscal',
  assinatura: 'no certificado digital da empresa',
};

/** Where a line of the sectioned note is, for a person: 'Item 2 (Coca-Cola 350ml)', 'Empresa'... */
function rotulo(secao: SecaoNfce | undefined, nomes: readonly string[]): string {
  if (!secao) return 'Nota';
  switch (secao.tipo) {
    case 'item': {
      const nome = nomes[secao.nItem - 1];
      return `Item ${secao.nItem}${nome ? ` (${nome})` : ''}`;
    }
    case 'emit':
      return 'Empresa';
    case 'dest':
      return 'Consumidor';
    case 'pag':
      return 'Pagamento';
    case 'infRespTec':
      return 'Responsável técnico';
    case 'total':
      return 'Totais da nota';
    case 'supl':
      return 'QR Code';
    case 'assinatura':
      return 'Assinatura';
    default:
      return 'Nota';
  }
}

const nomeCampo = (tag: string): string => CAMPOS[tag] ?? tag;

/**
 * One libxml2 schema error in pt-BR, without the place ('NCM com o valor "123" fora do formato (8 dígitos da tabela
 * NCM)'). Null for the "not a valid value of the atomic type" line that repeats a facet error.
 */
export function traduzirErroXsd(mensagem: string): string | null {
  const el = /Element '(?:\{[^}]*\})?([^']+)'(?:, attribute '([^']+)')?:\s*(.*)$/.exec(mensagem);
  if (!el)
    return `documento inválido pelo esquema oficial (${mensagem.replace(/^Schemas validity error\s*:\s*/, '')})`;
  const tag = el[2] ?? el[1] ?? '';
  const resto = el[3] ?? '';
  const campo = nomeCampo(tag);
  let m = /\[facet 'pattern'\] The value '([^']*)'/.exec(resto);
  if (m) {
    const formato = FORMATOS[tag];
    if (m[1] === '') return `${campo} em branco${formato ? ` (use ${formato})` : ''}`;
    return `${campo} com o valor "${m[1]}" fora do formato${formato ? ` (${formato})` : ' exigido'}`;
  }
  m = /\[facet 'minLength'\] The value has a length of '(\d+)'.*minimum length of '(\d+)'/.exec(resto);
  if (m) return m[1] === '0' ? `${campo} em branco` : `${campo} tem ${m[1]} caracteres; o mínimo é ${m[2]}`;
  m = /\[facet 'maxLength'\] The value has a length of '(\d+)'.*maximum length of '(\d+)'/.exec(resto);
  if (m) return `${campo} tem ${m[1]} caracteres; o máximo é ${m[2]}`;
  m = /\[facet '(?:length)'\] The value has a length of '(\d+)'.*length of '(\d+)'/.exec(resto);
  if (m) return `${campo} tem ${m[1]} caracteres; deve ter ${m[2]}`;
  m = /\[facet 'enumeration'\] The value '([^']*)'/.exec(resto);
  if (m) return `${campo} com o valor "${m[1]}" fora dos valores aceitos`;
  if (/is not a valid value of the (?:local )?atomic type/.test(resto)) return null;
  const esperados = [...resto.matchAll(/\{[^}]*\}(\w+)/g)].map((x) => nomeCampo(x[1] ?? ''));
  if (/Missing child element/.test(resto))
    return `${campo}: falta ${esperados.join(' ou ') || 'um campo obrigatório'}`;
  if (/This element is not expected/.test(resto)) {
    return `${campo} não é aceito nesta posição${esperados.length ? ` (esperado: ${esperados.join(' ou ')})` : ''}`;
  }
  if (/not a valid value|is not accepted/.test(resto)) return `${campo} com valor inválido`;
  return `${campo} inválido pelo esquema oficial`;
}

/**
 * Checks a signed `<NFe>` against the official XSD and answers what is wrong in pt-BR, one sentence per problem:
 * 'Item 2 (Refrigerante Lata): NCM com o valor "123" fora do formato (8 dígitos da tabela NCM); corrija no
 * cadastro do produto.' Empty when the note is valid. `nomesItens` names the items (the first item's xProd is the
 * homologation text in tpAmb 2).
 */
export async function conferirNfceNoXsd(
  xmlNfe: string,
  nomesItens: readonly string[] = [],
): Promise<string[]> {
  const { xml, secoes } = separarSecoes(xmlNfe);
  const r = await validarXsd(xml, 'nfe');
  if (r.valido) return [];
  const detalhes = r.detalhes?.length ? r.detalhes : r.erros.map((mensagem) => ({ linha: 0, mensagem }));
  const frases: string[] = [];
  for (const d of detalhes) {
    const texto = traduzirErroXsd(d.mensagem);
    if (!texto) continue;
    const secao = secoes[d.linha - 1];
    const frase = `${rotulo(secao, nomesItens)}: ${texto}; corrija ${ONDE[secao?.tipo ?? 'ide']}.`;
    if (!frases.includes(frase)) frases.push(frase);
  }
  return frases.length > 0 ? frases : ['A nota não passou na validação do esquema oficial da SEFAZ.'];
}
