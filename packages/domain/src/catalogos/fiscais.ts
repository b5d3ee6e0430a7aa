import type { ItemCatalogo } from './catalogo.ts';
import { definirCatalogo, item } from './catalogo.ts';
import { TABELA_CFOP } from './cfop.gen.ts';
import { TABELA_RETORNO_SEFAZ } from './retornos-sefaz.gen.ts';
import { TABELA_UF } from './ufs.gen.ts';

// Fiscal enumerations of spec 2 section 3.2 and 4. Descriptions follow the Manual de Orientação do
// Contribuinte (MOC 4.00) where the spec only summarises them; `sigla` holds the code as written in the XML.

/** Catalogue of codes written with leading zeros in the XML: id = numeric value, sigla = XML text. */
function codigos<const Id extends number>(
  grupo: string,
  casas: number,
  entradas: readonly (readonly [Id, string])[],
) {
  return entradas.map(([id, descricao]) => item(grupo, id, descricao, String(id).padStart(casas, '0')));
}

export const regimesTributarios = definirCatalogo('crt', [
  item('crt', 1, 'Simples Nacional', 'SN'),
  item('crt', 2, 'Simples Nacional – Excesso SRB', 'SN_EXCESSO'),
  item('crt', 3, 'Regime Normal', 'NORMAL'),
] as const);
export const CRT = { simplesNacional: 1, simplesNacionalExcesso: 2, regimeNormal: 3 } as const;

export const ambientes = definirCatalogo('ambiente', [
  item('ambiente', 1, 'Produção', 'PRODUCAO'),
  item('ambiente', 2, 'Homologação', 'HOMOLOGACAO'),
] as const);
export const AMBIENTE = { producao: 1, homologacao: 2 } as const;

// indFinal of the NF-e: 0 normal, 1 final consumer. The spec's store setting numbers them 1 and 2.
export const consumidoresFinais = definirCatalogo('consumidorFinal', [
  item('consumidorFinal', 1, 'Normal', '0'),
  item('consumidorFinal', 2, 'Consumidor Final', '1'),
] as const);

export const tiposEmissao = definirCatalogo('tipoEmissao', [
  item('tipoEmissao', 1, 'Emissão normal', '1'),
  item('tipoEmissao', 2, 'Contingência FS-IA', '2'),
  item('tipoEmissao', 3, 'Contingência SCAN', '3'),
  item('tipoEmissao', 4, 'Contingência DPEC', '4'),
  item('tipoEmissao', 5, 'Contingência FS-DA', '5'),
  item('tipoEmissao', 6, 'Contingência SVC-AN', '6'),
  item('tipoEmissao', 7, 'Contingência SVC-RS', '7'),
  item('tipoEmissao', 9, 'Contingência off-line da NFC-e', '9'),
] as const);
/** Spec 2 section 3.2: for NFC-e only 5 and 9 are valid contingency options. */
export const tiposEmissaoContingenciaNfce = definirCatalogo(
  'tipoEmissaoContingenciaNfce',
  tiposEmissao.itens
    .filter((i) => i.id === 5 || i.id === 9)
    .map((i) => ({ ...i, grupo: 'tipoEmissaoContingenciaNfce' })),
);

// MOC: 0 no DANFE, 1 normal portrait (the spec summary groups 0 and 1 as "none" for the NFC-e screen).
export const formatosDanfe = definirCatalogo('formatoDanfe', [
  item('formatoDanfe', 0, 'Sem geração de DANFE', '0'),
  item('formatoDanfe', 1, 'DANFE normal, Retrato', '1'),
  item('formatoDanfe', 2, 'DANFE normal, Paisagem', '2'),
  item('formatoDanfe', 3, 'DANFE Simplificado', '3'),
  item('formatoDanfe', 4, 'DANFE NFC-e', '4'),
  item('formatoDanfe', 5, 'DANFE NFC-e em mensagem eletrônica', '5'),
] as const);

export const modelosSat = definirCatalogo('modeloSat', [
  item('modeloSat', 1, 'SAT', 'SAT'),
  item('modeloSat', 2, 'SAT Dimep', 'SAT_DIMEP'),
  item('modeloSat', 3, 'SAT Bematech', 'SAT_BEMATECH'),
] as const);

const origem = (id: number, descricao: string, obs: string) => ({
  ...item('origemMercadoria', id, descricao, String(id)),
  obs,
  lixo: false,
});
// Spec 2 section 3.2: goods origin 0-8 with obs and lixo false, sorted by sigla.
export const origensMercadoria = definirCatalogo(
  'origemMercadoria',
  [
    origem(0, 'Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8', 'Produzida no Brasil'),
    origem(
      1,
      'Estrangeira - Importação direta, exceto a indicada no código 6',
      'Importada pela própria empresa',
    ),
    origem(
      2,
      'Estrangeira - Adquirida no mercado interno, exceto a indicada no código 7',
      'Importada por terceiros',
    ),
    origem(
      3,
      'Nacional, mercadoria ou bem com Conteúdo de Importação superior a 40% e inferior ou igual a 70%',
      'Conteúdo de importação acima de 40% até 70%',
    ),
    origem(
      4,
      'Nacional, cuja produção tenha sido feita em conformidade com os processos produtivos básicos',
      'Processo produtivo básico (PPB)',
    ),
    origem(
      5,
      'Nacional, mercadoria ou bem com Conteúdo de Importação inferior ou igual a 40%',
      'Conteúdo de importação até 40%',
    ),
    origem(
      6,
      'Estrangeira - Importação direta, sem similar nacional, constante em lista da CAMEX',
      'Sem similar nacional, importação direta',
    ),
    origem(
      7,
      'Estrangeira - Adquirida no mercado interno, sem similar nacional, constante em lista da CAMEX',
      'Sem similar nacional, adquirida no mercado interno',
    ),
    origem(
      8,
      'Nacional, mercadoria ou bem com Conteúdo de Importação superior a 70%',
      'Conteúdo de importação acima de 70%',
    ),
  ].sort((a, b) => (a.sigla ?? '').localeCompare(b.sigla ?? '')),
);

export const indicadoresTotal = definirCatalogo('indicadorTotal', [
  item('indicadorTotal', 0, 'Valor do item não compõe o valor total da NF-e', '0'),
  item('indicadorTotal', 1, 'Valor do item compõe o valor total da NF-e', '1'),
] as const);

export const modalidadesBcIcms = definirCatalogo('modalidadeBcIcms', [
  item('modalidadeBcIcms', 0, 'Margem Valor Agregado (%)', '0'),
  item('modalidadeBcIcms', 1, 'Pauta (Valor)', '1'),
  item('modalidadeBcIcms', 2, 'Preço Tabelado Máx. (valor)', '2'),
  item('modalidadeBcIcms', 3, 'Valor da operação', '3'),
] as const);

export const modalidadesBcIcmsSt = definirCatalogo('modalidadeBcIcmsSt', [
  item('modalidadeBcIcmsSt', 0, 'Preço tabelado ou máximo sugerido', '0'),
  item('modalidadeBcIcmsSt', 1, 'Lista Negativa (valor)', '1'),
  item('modalidadeBcIcmsSt', 2, 'Lista Positiva (valor)', '2'),
  item('modalidadeBcIcmsSt', 3, 'Lista Neutra (valor)', '3'),
  item('modalidadeBcIcmsSt', 4, 'Margem Valor Agregado (%)', '4'),
  item('modalidadeBcIcmsSt', 5, 'Pauta (valor)', '5'),
] as const);

export const csosns = definirCatalogo(
  'csosn',
  codigos('csosn', 3, [
    [101, 'Tributada pelo Simples Nacional com permissão de crédito'],
    [102, 'Tributada pelo Simples Nacional sem permissão de crédito'],
    [103, 'Isenção do ICMS no Simples Nacional para faixa de receita bruta'],
    [201, 'Tributada pelo Simples Nacional com permissão de crédito e com cobrança do ICMS por ST'],
    [202, 'Tributada pelo Simples Nacional sem permissão de crédito e com cobrança do ICMS por ST'],
    [203, 'Isenção do ICMS no Simples Nacional para faixa de receita bruta e com cobrança do ICMS por ST'],
    [300, 'Imune'],
    [400, 'Não tributada pelo Simples Nacional'],
    [500, 'ICMS cobrado anteriormente por substituição tributária (substituído) ou por antecipação'],
    [900, 'Outros'],
  ] as const),
);

export const cstsIcms = definirCatalogo(
  'cstIcms',
  codigos('cstIcms', 2, [
    [0, 'Tributada integralmente'],
    [10, 'Tributada e com cobrança do ICMS por substituição tributária'],
    [20, 'Com redução de base de cálculo'],
    [30, 'Isenta ou não tributada e com cobrança do ICMS por substituição tributária'],
    [40, 'Isenta'],
    [41, 'Não tributada'],
    [50, 'Suspensão'],
    [51, 'Diferimento'],
    [60, 'ICMS cobrado anteriormente por substituição tributária'],
    [70, 'Com redução de base de cálculo e cobrança do ICMS por substituição tributária'],
    [90, 'Outras'],
  ] as const),
);

export const cstsIpiEntrada = definirCatalogo(
  'cstIpiEntrada',
  codigos('cstIpiEntrada', 2, [
    [0, 'Entrada com recuperação de crédito'],
    [1, 'Entrada tributada com alíquota zero'],
    [2, 'Entrada isenta'],
    [3, 'Entrada não-tributada'],
    [4, 'Entrada imune'],
    [5, 'Entrada com suspensão'],
    [49, 'Outras entradas'],
  ] as const),
);

export const cstsIpiSaida = definirCatalogo(
  'cstIpiSaida',
  codigos('cstIpiSaida', 2, [
    [50, 'Saída tributada'],
    [51, 'Saída tributada com alíquota zero'],
    [52, 'Saída isenta'],
    [53, 'Saída não-tributada'],
    [54, 'Saída imune'],
    [55, 'Saída com suspensão'],
    [99, 'Outras saídas'],
  ] as const),
);

const CST_PIS_COFINS = [
  [1, 'Operação Tributável com Alíquota Básica'],
  [2, 'Operação Tributável com Alíquota Diferenciada'],
  [3, 'Operação Tributável com Alíquota por Unidade de Medida de Produto'],
  [4, 'Operação Tributável Monofásica - Revenda a Alíquota Zero'],
  [5, 'Operação Tributável por Substituição Tributária'],
  [6, 'Operação Tributável a Alíquota Zero'],
  [7, 'Operação Isenta da Contribuição'],
  [8, 'Operação sem Incidência da Contribuição'],
  [9, 'Operação com Suspensão da Contribuição'],
  [49, 'Outras Operações de Saída'],
  [50, 'Operação com Direito a Crédito - Vinculada Exclusivamente a Receita Tributada no Mercado Interno'],
  [
    51,
    'Operação com Direito a Crédito - Vinculada Exclusivamente a Receita Não Tributada no Mercado Interno',
  ],
  [52, 'Operação com Direito a Crédito - Vinculada Exclusivamente a Receita de Exportação'],
  [
    53,
    'Operação com Direito a Crédito - Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno',
  ],
  [54, 'Operação com Direito a Crédito - Vinculada a Receitas Tributadas no Mercado Interno e de Exportação'],
  [
    55,
    'Operação com Direito a Crédito - Vinculada a Receitas Não-Tributadas no Mercado Interno e de Exportação',
  ],
  [
    56,
    'Operação com Direito a Crédito - Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno, e de Exportação',
  ],
  [
    60,
    'Crédito Presumido - Operação de Aquisição Vinculada Exclusivamente a Receita Tributada no Mercado Interno',
  ],
  [
    61,
    'Crédito Presumido - Operação de Aquisição Vinculada Exclusivamente a Receita Não-Tributada no Mercado Interno',
  ],
  [62, 'Crédito Presumido - Operação de Aquisição Vinculada Exclusivamente a Receita de Exportação'],
  [
    63,
    'Crédito Presumido - Operação de Aquisição Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno',
  ],
  [
    64,
    'Crédito Presumido - Operação de Aquisição Vinculada a Receitas Tributadas no Mercado Interno e de Exportação',
  ],
  [
    65,
    'Crédito Presumido - Operação de Aquisição Vinculada a Receitas Não-Tributadas no Mercado Interno e de Exportação',
  ],
  [
    66,
    'Crédito Presumido - Operação de Aquisição Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno, e de Exportação',
  ],
  [67, 'Crédito Presumido - Outras Operações'],
  [70, 'Operação de Aquisição sem Direito a Crédito'],
  [71, 'Operação de Aquisição com Isenção'],
  [72, 'Operação de Aquisição com Suspensão'],
  [73, 'Operação de Aquisição a Alíquota Zero'],
  [74, 'Operação de Aquisição sem Incidência da Contribuição'],
  [75, 'Operação de Aquisição por Substituição Tributária'],
  [98, 'Outras Operações de Entrada'],
  [99, 'Outras Operações'],
] as const;

const cstPisCofins = (grupo: string, id: number, descricao: string) => ({
  ...item(grupo, id, descricao, String(id).padStart(2, '0')),
  // Spec 2 section 3.2: the full list carries tipo Saida on every entry.
  tipo: 'Saida' as const,
});
/** Full PIS/COFINS CST list (01-09, 49, 50-56, 60-67, 70-75, 98, 99). */
export const cstsPisCofins = definirCatalogo(
  'cstPisCofins',
  CST_PIS_COFINS.map(([id, descricao]) => cstPisCofins('cstPisCofins', id, descricao)),
);
const ENTRADA_PIS_COFINS = (id: number) => (id >= 50 && id <= 75) || id === 98;
/** Entry set: 50-56, 60-67, 70-75, 98. */
export const cstsPisCofinsEntrada = definirCatalogo(
  'cstPisCofinsEntrada',
  cstsPisCofins.itens
    .filter((i) => ENTRADA_PIS_COFINS(i.id))
    .map((i) => ({ ...i, grupo: 'cstPisCofinsEntrada' })),
);
/** Exit set: 01-09, 49, 99. */
export const cstsPisCofinsSaida = definirCatalogo(
  'cstPisCofinsSaida',
  cstsPisCofins.itens
    .filter((i) => !ENTRADA_PIS_COFINS(i.id))
    .map((i) => ({ ...i, grupo: 'cstPisCofinsSaida' })),
);

export const tiposCalculoPisCofins = definirCatalogo('tipoCalculoPisCofins', [
  item('tipoCalculoPisCofins', 0, 'Ad valorem (percentual)', 'AD_VALOREM'),
  item('tipoCalculoPisCofins', 1, 'Ad rem (valor por unidade)', 'AD_REM'),
] as const);

export const motivosDesoneracaoIcms = definirCatalogo('motivoDesoneracaoIcms', [
  item('motivoDesoneracaoIcms', 1, 'Táxi', '1'),
  item('motivoDesoneracaoIcms', 3, 'Produtor Agropecuário', '3'),
  item('motivoDesoneracaoIcms', 4, 'Frotista/Locadora', '4'),
  item('motivoDesoneracaoIcms', 5, 'Diplomático/Consular', '5'),
  item(
    'motivoDesoneracaoIcms',
    6,
    'Utilitários e Motocicletas da Amazônia Ocidental e Áreas de Livre Comércio',
    '6',
  ),
  item('motivoDesoneracaoIcms', 7, 'SUFRAMA', '7'),
  item('motivoDesoneracaoIcms', 8, 'Venda a Órgão Público', '8'),
  item('motivoDesoneracaoIcms', 9, 'Outros', '9'),
  item('motivoDesoneracaoIcms', 10, 'Deficiente Condutor', '10'),
  item('motivoDesoneracaoIcms', 11, 'Deficiente Não Condutor', '11'),
  item('motivoDesoneracaoIcms', 12, 'Órgão de fomento e desenvolvimento agropecuário', '12'),
] as const);

// CFOP (spec 2 section 3.2): the full official table, generated by scripts/gerar-cfop.mjs.
export type TipoCfop = 'Entrada' | 'Saida';
export type LocalDestinoCfop = 'Estadual' | 'InterEstadual' | 'Exterior';
export interface Cfop extends ItemCatalogo<number> {
  readonly cfop: string;
  readonly ativo: boolean;
  readonly tipo: TipoCfop;
  readonly localDestino: LocalDestinoCfop;
}

const CLASSE_CFOP: Record<string, readonly [TipoCfop, LocalDestinoCfop]> = {
  '1': ['Entrada', 'Estadual'],
  '2': ['Entrada', 'InterEstadual'],
  '3': ['Entrada', 'Exterior'],
  '5': ['Saida', 'Estadual'],
  '6': ['Saida', 'InterEstadual'],
  '7': ['Saida', 'Exterior'],
};

/** Kind and destination of a CFOP from its first digit; undefined for an impossible code. */
export function classificarCfop(
  cfop: string | number,
): { tipo: TipoCfop; localDestino: LocalDestinoCfop } | undefined {
  const texto = String(cfop);
  if (!/^\d{4}$/.test(texto)) return undefined;
  const classe = CLASSE_CFOP[texto.charAt(0)];
  return classe ? { tipo: classe[0], localDestino: classe[1] } : undefined;
}

export const cfops = definirCatalogo(
  'cfop',
  TABELA_CFOP.map(([codigo, descricao]): Cfop => {
    const cfop = String(codigo);
    const classe = classificarCfop(cfop);
    if (!classe) throw new Error(`CFOP inválido na tabela: ${cfop}`);
    return { ...item('cfop', codigo, descricao, cfop), cfop, ativo: true, ...classe };
  }),
);

export const tiposCfop = definirCatalogo('tipoCfop', [
  item('tipoCfop', 1, 'Saída', 'S'),
  item('tipoCfop', 0, 'Entrada', 'E'),
] as const);
export const destinosCfop = definirCatalogo('destinoCfop', [
  item('destinoCfop', 1, 'Estadual', 'ES'),
  item('destinoCfop', 2, 'InterEstadual', 'IET'),
  item('destinoCfop', 3, 'Exterior', 'EX'),
] as const);

export const modelosDocumentoFiscal = definirCatalogo('modeloDocumentoFiscal', [
  item('modeloDocumentoFiscal', '01', 'Nota Fiscal', '01'),
  item('modeloDocumentoFiscal', '1B', 'Nota Fiscal Avulsa', '1B'),
  item('modeloDocumentoFiscal', '02', 'Nota Fiscal de Venda a Consumidor', '02'),
  item('modeloDocumentoFiscal', '2D', 'Cupom Fiscal emitido por ECF', '2D'),
  item('modeloDocumentoFiscal', '2E', 'Bilhete de Passagem emitido por ECF', '2E'),
  item('modeloDocumentoFiscal', '04', 'Nota Fiscal de Produtor', '04'),
  item('modeloDocumentoFiscal', '06', 'Nota Fiscal/Conta de Energia Elétrica', '06'),
  item('modeloDocumentoFiscal', '07', 'Nota Fiscal de Serviço de Transporte', '07'),
  item('modeloDocumentoFiscal', '08', 'Conhecimento de Transporte Rodoviário de Cargas', '08'),
  item('modeloDocumentoFiscal', '8B', 'Conhecimento de Transporte de Cargas Avulso', '8B'),
  item('modeloDocumentoFiscal', '09', 'Conhecimento de Transporte Aquaviário de Cargas', '09'),
  item('modeloDocumentoFiscal', '10', 'Conhecimento Aéreo', '10'),
  item('modeloDocumentoFiscal', '11', 'Conhecimento de Transporte Ferroviário de Cargas', '11'),
  item('modeloDocumentoFiscal', '13', 'Bilhete de Passagem Rodoviário', '13'),
  item('modeloDocumentoFiscal', '14', 'Bilhete de Passagem Aquaviário', '14'),
  item('modeloDocumentoFiscal', '15', 'Bilhete de Passagem e Nota de Bagagem', '15'),
  item('modeloDocumentoFiscal', '16', 'Bilhete de Passagem Ferroviário', '16'),
  item('modeloDocumentoFiscal', '17', 'Despacho de Transporte', '17'),
  item('modeloDocumentoFiscal', '18', 'Resumo de Movimento Diário', '18'),
  item('modeloDocumentoFiscal', '20', 'Ordem de Coleta de Cargas', '20'),
  item('modeloDocumentoFiscal', '21', 'Nota Fiscal de Serviço de Comunicação', '21'),
  item('modeloDocumentoFiscal', '22', 'Nota Fiscal de Serviço de Telecomunicação', '22'),
  item('modeloDocumentoFiscal', '23', 'GNRE', '23'),
  item('modeloDocumentoFiscal', '24', 'Autorização de Carregamento e Transporte', '24'),
  item('modeloDocumentoFiscal', '25', 'Manifesto de Carga', '25'),
  item('modeloDocumentoFiscal', '26', 'Conhecimento de Transporte Multimodal de Cargas', '26'),
  item('modeloDocumentoFiscal', '27', 'Nota Fiscal de Transporte Ferroviário de Cargas', '27'),
  item('modeloDocumentoFiscal', '28', 'Nota Fiscal/Conta de Fornecimento de Gás Canalizado', '28'),
  item('modeloDocumentoFiscal', '29', 'Nota Fiscal/Conta de Fornecimento de Água Canalizada', '29'),
  item('modeloDocumentoFiscal', '55', 'NFe', '55'),
  item('modeloDocumentoFiscal', '57', 'CTe', '57'),
  item('modeloDocumentoFiscal', '59', 'CF-e', '59'),
  item('modeloDocumentoFiscal', '65', 'NFCe', '65'),
] as const);

export const versoesNfe = definirCatalogo('versaoNfe', [
  item('versaoNfe', 1, '3.10', '3.10'),
  item('versaoNfe', 2, '4.00', '4.00'),
] as const);

export const indicadoresDestino = definirCatalogo('indicadorDestino', [
  item('indicadorDestino', 1, 'Operação interna', '1'),
  item('indicadorDestino', 2, 'Operação interestadual', '2'),
  item('indicadorDestino', 3, 'Operação com exterior', '3'),
] as const);

export const processosEmissao = definirCatalogo('processoEmissao', [
  item('processoEmissao', 0, 'Emissão de NF-e com aplicativo do contribuinte', '0'),
  item('processoEmissao', 1, 'Emissão de NF-e avulsa pelo Fisco', '1'),
  item(
    'processoEmissao',
    2,
    'Emissão de NF-e avulsa pelo contribuinte com certificado digital no site do Fisco',
    '2',
  ),
  item('processoEmissao', 3, 'Emissão de NF-e pelo contribuinte com aplicativo fornecido pelo Fisco', '3'),
] as const);

export const tiposOperacaoNota = definirCatalogo('tipoOperacaoNota', [
  item('tipoOperacaoNota', 0, 'Entrada', '0'),
  item('tipoOperacaoNota', 1, 'Saída', '1'),
] as const);

export const finalidadesNfe = definirCatalogo('finalidadeNfe', [
  item('finalidadeNfe', 1, 'NF-e normal', '1'),
  item('finalidadeNfe', 2, 'NF-e complementar', '2'),
  item('finalidadeNfe', 3, 'NF-e de ajuste', '3'),
  item('finalidadeNfe', 4, 'Devolução de mercadoria', '4'),
] as const);

export const modalidadesFrete = definirCatalogo('modalidadeFrete', [
  item('modalidadeFrete', 0, 'Contratação do Frete por conta do Remetente (CIF)', '0'),
  item('modalidadeFrete', 1, 'Contratação do Frete por conta do Destinatário (FOB)', '1'),
  item('modalidadeFrete', 2, 'Contratação do Frete por conta de Terceiros', '2'),
  item('modalidadeFrete', 3, 'Transporte Próprio por conta do Remetente', '3'),
  item('modalidadeFrete', 4, 'Transporte Próprio por conta do Destinatário', '4'),
  item('modalidadeFrete', 9, 'Sem Ocorrência de Transporte', '9'),
] as const);

export const indicadoresPresenca = definirCatalogo('indicadorPresenca', [
  item('indicadorPresenca', 0, 'Não se aplica', '0'),
  item('indicadorPresenca', 1, 'Operação presencial', '1'),
  item('indicadorPresenca', 2, 'Operação não presencial, pela Internet', '2'),
  item('indicadorPresenca', 3, 'Operação não presencial, Teleatendimento', '3'),
  item('indicadorPresenca', 4, 'NFC-e em operação com entrega a domicílio', '4'),
  item('indicadorPresenca', 5, 'Operação presencial, fora do estabelecimento', '5'),
  item('indicadorPresenca', 9, 'Operação não presencial, outros', '9'),
] as const);

export const origensEntradaNota = definirCatalogo('origemEntradaNota', [
  item('origemEntradaNota', 1, 'Chave de acesso', 'CHAVE'),
  item('origemEntradaNota', 2, 'DF-e', 'DFE'),
  item('origemEntradaNota', 3, 'XML', 'XML'),
  item('origemEntradaNota', 4, 'Manual', 'MANUAL'),
] as const);

export const intermediariosImportacao = definirCatalogo('intermediarioImportacao', [
  item('intermediarioImportacao', 1, 'Importação por conta própria', '1'),
  item('intermediarioImportacao', 2, 'Importação por conta e ordem', '2'),
  item('intermediarioImportacao', 3, 'Importação por encomenda', '3'),
] as const);

const evento = (id: number, descricao: string, manifestacao: boolean) => ({
  ...item('eventoNota', id, descricao, String(id)),
  manifestacao,
});
export const eventosNota = definirCatalogo('eventoNota', [
  evento(210200, 'Confirmação da Operação', true),
  evento(210210, 'Ciência da Operação', true),
  evento(210220, 'Desconhecimento da Operação', true),
  evento(210240, 'Operação não Realizada', true),
  evento(110110, 'Carta de Correção', false),
  evento(110111, 'Cancelamento', false),
]);
export const EVENTO_NOTA = {
  confirmacaoOperacao: 210200,
  cienciaOperacao: 210210,
  desconhecimentoOperacao: 210220,
  operacaoNaoRealizada: 210240,
  cartaCorrecao: 110110,
  cancelamento: 110111,
} as const;

export const statusEvento = definirCatalogo('statusEvento', [
  item('statusEvento', 0, 'Pendente'),
  item('statusEvento', 1, 'Enviado'),
  item('statusEvento', 2, 'Registrado'),
  item('statusEvento', 3, 'Rejeitado'),
] as const);

// Fiscal payment means (tPag) of spec 2 section 3.2; 16-20 are the later MOC codes (PIX and others).
export const meiosPagamentoFiscal = definirCatalogo(
  'meioPagamentoFiscal',
  codigos('meioPagamentoFiscal', 2, [
    [1, 'Dinheiro'],
    [2, 'Cheque'],
    [3, 'Cartão de Crédito'],
    [4, 'Cartão de Débito'],
    [5, 'Crédito Loja'],
    [10, 'Vale Alimentação'],
    [11, 'Vale Refeição'],
    [12, 'Vale Presente'],
    [13, 'Vale Combustível'],
    [14, 'Duplicata Mercantil'],
    [15, 'Boleto Bancário'],
    [16, 'Depósito Bancário'],
    [17, 'Pagamento Instantâneo (PIX) - Dinâmico'],
    [18, 'Transferência bancária, Carteira Digital'],
    [19, 'Programa de fidelidade, Cashback, Crédito Virtual'],
    [20, 'Pagamento Instantâneo (PIX) - Estático'],
    [90, 'Sem pagamento'],
    [99, 'Outros'],
  ] as const),
);

// Card brand (tBand of the card group, NF-e layout 4.00): the table of the 4.00 schema's documentation
// ("01–Visa; 02–Mastercard; 03–American Express; 04–Sorocred;05-Diners Club;06-Elo;07-Hipercard;08-Aura;
// 09-Cabal;99–Outros"). PL_009 and PL_010 keep the tag as any two digits and list no names.
export const bandeirasCartao = definirCatalogo(
  'bandeiraCartao',
  codigos('bandeiraCartao', 2, [
    [1, 'Visa'],
    [2, 'Mastercard'],
    [3, 'American Express'],
    [4, 'Sorocred'],
    [5, 'Diners Club'],
    [6, 'Elo'],
    [7, 'Hipercard'],
    [8, 'Aura'],
    [9, 'Cabal'],
    [99, 'Outros'],
  ] as const),
);
const PELO_NOME_BANDEIRA = new Map<string, string>([
  ...bandeirasCartao.itens.map((i) => [normalizarNomeBandeira(i.descricao), String(i.sigla)] as const),
  ['amex', '03'],
  ['master', '02'],
  ['diners', '05'],
]);
function normalizarNomeBandeira(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
}
/** The tBand code of a code ('1', '01') or of a brand's name ('VISA', 'Master Card'); null when neither. */
export function codigoBandeira(valor: string | null | undefined): string | null {
  const t = (valor ?? '').trim();
  if (!t) return null;
  if (/^\d{1,2}$/.test(t)) {
    const c = t.padStart(2, '0');
    return bandeirasCartao.itens.some((i) => i.sigla === c) ? c : null;
  }
  return PELO_NOME_BANDEIRA.get(normalizarNomeBandeira(t)) ?? null;
}
/** 'Visa' for '01'; the code itself when unknown. */
export const nomeBandeira = (codigo: string): string =>
  bandeirasCartao.itens.find((i) => i.sigla === codigo)?.descricao ?? codigo;

export const statusNotaFiscal = definirCatalogo('statusNotaFiscal', [
  item('statusNotaFiscal', 0, 'Em digitação'),
  item('statusNotaFiscal', 2, 'Cancelada'),
  item('statusNotaFiscal', 3, 'Em análise'),
  item('statusNotaFiscal', 4, 'Rejeitada'),
  item('statusNotaFiscal', 5, 'Denegada'),
  item('statusNotaFiscal', 6, 'Autorizada'),
  item('statusNotaFiscal', 7, 'Inutilizada'),
  item('statusNotaFiscal', 9, 'Contingência'),
] as const);
export const STATUS_NOTA_FISCAL = {
  emDigitacao: 0,
  cancelada: 2,
  emAnalise: 3,
  rejeitada: 4,
  denegada: 5,
  autorizada: 6,
  inutilizada: 7,
  contingencia: 9,
} as const;

export const statusNfce = definirCatalogo('statusNfce', [
  item('statusNfce', 'processado', 'Processado', 'processado'),
  item('statusNfce', 'erro', 'Erro', 'erro'),
  item('statusNfce', 'contingencia', 'Contingência', 'contingencia'),
] as const);
export type StatusNfce = (typeof statusNfce.itens)[number]['id'];

// UFs with their IBGE code (cUF), generated by scripts/gerar-ufs.mjs.
const uf = ([cUF, sigla, nome, regiao]: readonly [number, string, string, string]) => ({
  ...item('uf', cUF, nome, sigla),
  regiao,
});
export const ufs = definirCatalogo('uf', TABELA_UF.map(uf));
/** IBGE code of a UF abbreviation ('PR' -> 41). */
export function codigoUf(sigla: string): number | undefined {
  return ufs.itens.find((i) => i.sigla === sigla.toUpperCase())?.id;
}
/** UF abbreviation of an IBGE code (41 -> 'PR'). */
export function siglaUf(codigo: number): string | undefined {
  return ufs.porId(codigo)?.sigla ?? undefined;
}

// Authority return codes (cStat), generated by scripts/gerar-retornos-sefaz.mjs from sped-nfe's list.
export type TipoRetornoSefaz = 'sucesso' | 'denegacao' | 'rejeicao';
/** 100-199 are processing results (success or service state), 110 and 301-303 denials, the rest rejections. */
export function tipoRetornoSefaz(codigo: number): TipoRetornoSefaz {
  if (codigo === 110 || (codigo >= 301 && codigo <= 303)) return 'denegacao';
  if (codigo >= 100 && codigo < 200) return 'sucesso';
  return 'rejeicao';
}
const retorno = ([codigo, descricao, correcao]: readonly [number, string, string]) => ({
  ...item('retornoSefaz', codigo, descricao, String(codigo)),
  tipo: tipoRetornoSefaz(codigo),
  correcao: correcao === '' ? null : correcao,
});
export const retornosSefaz = definirCatalogo('retornoSefaz', TABELA_RETORNO_SEFAZ.map(retorno));
/** Codes the product reacts to (spec 2 section 8). */
export const RETORNO_SEFAZ = {
  autorizado: 100,
  cancelamentoHomologado: 101,
  inutilizacaoHomologada: 102,
  loteRecebido: 103,
  loteProcessado: 104,
  eventoRegistrado: 135,
  eventoRegistradoNaoVinculado: 136,
  autorizadoForaDePrazo: 150,
  duplicidade: 204,
  duplicidadeChaveDiferente: 539,
  cancelamentoIntempestivo: 501,
  erroNaoCatalogado: 999,
} as const;
/** Message of a cStat, or the uncatalogued-error text (999). */
export function mensagemRetornoSefaz(codigo: number): string {
  return (
    retornosSefaz.porId(codigo)?.descricao ?? retornosSefaz.porId(999)?.descricao ?? 'Erro Não Catalogado.'
  );
}

// Boleto return movements (CNAB 240 Febraban; spec 2 section 3.3: 02 to 54, 73, 99).
export const retornosBoleto = definirCatalogo(
  'retornoBoleto',
  codigos('retornoBoleto', 2, [
    [2, 'Entrada Confirmada'],
    [3, 'Entrada Rejeitada'],
    [4, 'Transferência de Carteira/Entrada'],
    [5, 'Transferência de Carteira/Baixa'],
    [6, 'Liquidação'],
    [7, 'Confirmação do Recebimento da Instrução de Desconto'],
    [8, 'Confirmação do Recebimento do Cancelamento do Desconto'],
    [9, 'Baixa'],
    [11, 'Títulos em Carteira (Em Ser)'],
    [12, 'Confirmação Recebimento Instrução de Abatimento'],
    [13, 'Confirmação Recebimento Instrução de Cancelamento Abatimento'],
    [14, 'Confirmação Recebimento Instrução Alteração de Vencimento'],
    [15, 'Franco de Pagamento'],
    [17, 'Liquidação Após Baixa ou Liquidação Título Não Registrado'],
    [19, 'Confirmação Recebimento Instrução de Protesto'],
    [20, 'Confirmação Recebimento Instrução de Sustação/Cancelamento de Protesto'],
    [23, 'Remessa a Cartório (Aponte em Cartório)'],
    [24, 'Retirada de Cartório e Manutenção em Carteira'],
    [25, 'Protestado e Baixado (Baixa por Ter Sido Protestado)'],
    [26, 'Instrução Rejeitada'],
    [27, 'Confirmação do Pedido de Alteração de Outros Dados'],
    [28, 'Débito de Tarifas/Custas'],
    [29, 'Ocorrências do Pagador'],
    [30, 'Alteração de Dados Rejeitada'],
    [33, 'Confirmação da Alteração dos Dados do Rateio de Crédito'],
    [34, 'Confirmação do Cancelamento dos Dados do Rateio de Crédito'],
    [35, 'Confirmação do Desagendamento do Débito Automático'],
    [36, 'Confirmação de Envio de E-mail/SMS'],
    [37, 'Envio de E-mail/SMS Rejeitado'],
    [38, 'Confirmação de Alteração do Prazo Limite de Recebimento'],
    [39, 'Confirmação de Dispensa de Prazo Limite de Recebimento'],
    [40, 'Confirmação da Alteração do Número do Título Dado pelo Beneficiário'],
    [41, 'Confirmação da Alteração do Número Controle do Participante'],
    [42, 'Confirmação da Alteração dos Dados do Pagador'],
    [43, 'Confirmação da Alteração dos Dados do Sacador/Avalista'],
    [44, 'Título Pago com Cheque Devolvido'],
    [45, 'Título Pago com Cheque Compensado'],
    [46, 'Instrução para Cancelar Protesto Confirmada'],
    [47, 'Instrução para Protesto para Fins Falimentares Confirmada'],
    [48, 'Confirmação de Instrução de Transferência de Carteira/Modalidade de Cobrança'],
    [49, 'Alteração de Contrato de Cobrança'],
    [50, 'Título Pendente de Pagamento'],
    [51, 'Título DDA Reconhecido pelo Pagador'],
    [52, 'Título DDA Não Reconhecido pelo Pagador'],
    [53, 'Título DDA Recusado pela CIP'],
    [54, 'Confirmação da Instrução de Baixa de Título Negativado sem Protesto'],
    [73, 'Confirmação de Recebimento de Pedido de Negativação'],
    [99, 'Outras Ocorrências'],
  ] as const),
);
