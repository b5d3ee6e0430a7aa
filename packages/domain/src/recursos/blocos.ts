import { MEDIDAS_CASEIRAS_MGV } from '../balanca/arquivos/tipos.ts';
import { booleano, data, decimal, inteiro, json, ref, texto } from './definir-recurso.ts';

// Shapes of the json blocks shared by several registrations (spec 1 section 3 "Customer/person",
// "Company/store", spec 9 defaults). The generic form edits them as sub-forms; `validarRecurso` checks them.

/** Latitude/longitude in decimal degrees. */
export const localizacao = json('Localização', {
  subcampos: {
    lat: decimal('Latitude', 7, { min: -90, max: 90 }),
    lng: decimal('Longitude', 7, { min: -180, max: 180 }),
  },
});

/** Address (spec 3; defaults spec 9: UF PR, country Brasil). */
export const enderecoSubcampos = {
  // Texts of the tipoEndereco catalogue (spec 3: residential, commercial, delivery), stored as text.
  tipo: texto('Tipo', { opcoes: ['Residencial', 'Comercial', 'Entrega'] }),
  cep: texto('CEP', { validador: 'cep' }),
  logradouro: texto('Logradouro', { obrigatorio: true, max: 150 }),
  numero: texto('Número', { max: 20 }),
  complemento: texto('Complemento', { max: 100 }),
  bairro: texto('Bairro', { max: 100 }),
  cidade: texto('Cidade', { obrigatorio: true, max: 100 }),
  uf: texto('UF', { min: 2, max: 2, padrao: 'PR' }),
  pais: texto('País', { max: 60, padrao: 'Brasil' }),
  observacao: texto('Observação', { max: 200 }),
  localizacao,
  principal: booleano('Principal'),
} as const;

/** Phone (spec 3; default area code 41). */
export const telefoneSubcampos = {
  tipo: texto('Tipo', { opcoes: ['Residencial', 'Comercial', 'Celular'] }),
  ddd: texto('DDD', { min: 2, max: 2, padrao: '41' }),
  numero: texto('Número', { obrigatorio: true, min: 8, max: 9 }),
  principal: booleano('Principal'),
} as const;

/** Convênio (credit account) of a customer in one store: limit and block (spec 5 "Credit account"). */
export const convenioSubcampos = {
  empresa: ref('Empresa', 'empresa', { obrigatorio: true }),
  limite: decimal('Limite', 2, { min: 0 }),
  bloqueado: booleano('Bloqueado'),
} as const;

export const historicoSubcampos = {
  data: data('Data'),
  historico: texto('Histórico', { obrigatorio: true, max: 1000, longo: true }),
} as const;

/**
 * IBS/CBS of the tax reform: CST and classification from the catalogues, rates overriding the store's. The
 * block is read by the NFC-e, so the form offers the classifications an NFC-e accepts; any official code can
 * still be typed.
 */
function ibsCbsSubcampos() {
  return {
    CST: texto('CST IBS/CBS', { min: 3, max: 3, sugestoes: 'cstIbsCbs' }),
    cClassTrib: texto('Classificação Tributária (cClassTrib)', {
      validador: 'cClassTrib',
      sugestoes: 'cClassTribNfce',
    }),
    pIBSUF: decimal('Alíquota IBS UF (%)', 4, { min: 0, max: 100 }),
    pIBSMun: decimal('Alíquota IBS Município (%)', 4, { min: 0, max: 100 }),
    pCBS: decimal('Alíquota CBS (%)', 4, { min: 0, max: 100 }),
  } as const;
}

/** ICMS of one state (spec 2 "Tax"; MOC 4.00 group N). */
export const icmsSubcampos = {
  uf: texto('UF', { min: 2, max: 2 }),
  origem: inteiro('Origem da Mercadoria', { catalogoId: 'origemMercadoria' }),
  CFOP: texto('CFOP', { min: 4, max: 4 }),
  CST: texto('CST', { max: 2 }),
  CSOSN: texto('CSOSN', { max: 3 }),
  aliquotaIcms: decimal('Alíquota ICMS (%)', 4, { min: 0, max: 100 }),
  modalidadeBc: inteiro('Modalidade BC', { catalogoId: 'modalidadeBcIcms' }),
  reducaoBc: decimal('Redução BC (%)', 4, { min: 0, max: 100 }),
  modalidadeBcSt: inteiro('Modalidade BC ST', { catalogoId: 'modalidadeBcIcmsSt' }),
  mvaSt: decimal('MVA ST (%)', 4, { min: 0 }),
  aliquotaIcmsSt: decimal('Alíquota ICMS ST (%)', 4, { min: 0, max: 100 }),
  reducaoBcSt: decimal('Redução BC ST (%)', 4, { min: 0, max: 100 }),
  aliquotaFcp: decimal('Alíquota FCP (%)', 4, { min: 0, max: 100 }),
  motivoDesoneracao: inteiro('Motivo da Desoneração', { catalogoId: 'motivoDesoneracaoIcms' }),
  CEST: texto('CEST', { max: 7 }),
  /** Tax reform (NT 2025.002): read by the NFC-e as `IBSCBS.CST`, `IBSCBS.cClassTrib` and the rates. */
  IBSCBS: json('IBS/CBS (Reforma Tributária)', { subcampos: ibsCbsSubcampos() }),
} as const;

/** PIS/COFINS (MOC 4.00 groups Q and S): ad valorem (%) or ad rem (value per unit). */
export const pisCofinsSubcampos = {
  CST: texto('CST', { max: 2 }),
  tipoCalculo: inteiro('Tipo de Cálculo', { catalogoId: 'tipoCalculoPisCofins' }),
  aliquota: decimal('Alíquota (%)', 4, { min: 0, max: 100 }),
  valorUnidade: decimal('Valor por Unidade (ad rem)', 4, { min: 0 }),
} as const;

export const ipiSubcampos = {
  CST: texto('CST', { max: 2 }),
  codigoEnquadramento: texto('Código de Enquadramento', { max: 3 }),
  aliquota: decimal('Alíquota (%)', 4, { min: 0, max: 100 }),
} as const;

/**
 * Nutrition table of a product (issue 20 "Scales": the Toledo MGV label prints it from INFNUTRI.TXT).
 * Per portion; grams with 1 decimal, sodium in mg; the limits are the widths of the scale's record.
 */
export const tabelaNutricionalSubcampos = {
  porcao: inteiro('Porção', { obrigatorio: true, min: 1, max: 999 }),
  unidadePorcao: texto('Unidade da Porção', { obrigatorio: true, opcoes: ['g', 'ml', 'un'] }),
  medidaCaseiraInteira: inteiro('Medida Caseira (quantidade)', { min: 0, max: 99 }),
  medidaCaseiraFracao: texto('Medida Caseira (fração)', { opcoes: ['', '1/4', '1/3', '1/2', '2/3', '3/4'] }),
  /** One of the MGV list (the scale file writes its code). */
  medidaCaseira: texto('Medida Caseira', { opcoes: [...MEDIDAS_CASEIRAS_MGV] }),
  energiaKcal: inteiro('Valor Energético (kcal)', { obrigatorio: true, min: 0, max: 9999 }),
  energiaKj: inteiro('Valor Energético (kJ)', { min: 0, max: 99999 }),
  carboidratosG: decimal('Carboidratos (g)', 1, { min: 0, max: 999.9 }),
  proteinasG: decimal('Proteínas (g)', 1, { min: 0, max: 99.9 }),
  gordurasTotaisG: decimal('Gorduras Totais (g)', 1, { min: 0, max: 99.9 }),
  gordurasSaturadasG: decimal('Gorduras Saturadas (g)', 1, { min: 0, max: 99.9 }),
  gordurasTransG: decimal('Gorduras Trans (g)', 1, { min: 0, max: 99.9 }),
  fibraG: decimal('Fibra Alimentar (g)', 1, { min: 0, max: 99.9 }),
  sodioMg: decimal('Sódio (mg)', 1, { min: 0, max: 9999.9 }),
};
