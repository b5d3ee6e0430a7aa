import { z } from 'zod';

/** One product as the scale files need it (built by the server from produtoGeral + the store's price). */
export interface ItemBalanca {
  /** The scale's PLU, the code printed in the in-store barcode (produtoGeral.codigoInterno). */
  codigo: number;
  descricao: string;
  /** 'peso': priced per kg, weighed; 'unidade': priced per piece. */
  tipoVenda: 'peso' | 'unidade';
  /** Price per kg or per unit, decimal string with 2 decimals. */
  preco: string;
  /** Shelf life in days printed on the label; 0 = not printed. */
  validadeDias: number;
  /** Department (Toledo) / sector (Filizola) code; 1 when the store has none. */
  departamento: number;
  departamentoDescricao: string;
  /** Nutrition table printed on the label (Toledo INFNUTRI.TXT); absent = none. */
  nutricao?: TabelaNutricionalBalanca;
  /** Extra-information text (ingredients, conservation) printed on the label (Toledo TXINFO.TXT). */
  informacaoExtra?: string;
}

/** Household-measure fractions of the MGV nutrition record, in the layout's code order (0-5). */
export const FRACOES_MEDIDA_CASEIRA = ['', '1/4', '1/3', '1/2', '2/3', '3/4'] as const;

/** The household measures of the MGV nutrition record, by their code (the position: 0 = tablespoon, 26 = can). */
export const MEDIDAS_CASEIRAS_MGV = [
  'Colher de sopa',
  'Colher de café',
  'Colher de chá',
  'Xícara',
  'De xícara',
  'Unidade',
  'Pacote',
  'Fatia',
  'Fatia fina',
  'Pedaço',
  'Folha',
  'Pão',
  'Biscoito',
  'Bisnaguinha',
  'Disco',
  'Copo',
  'Porção',
  'Tablete',
  'Sachê',
  'Almôndega',
  'Bife',
  'Filé',
  'Concha',
  'Bala',
  'Prato fundo',
  'Pitada',
  'Lata',
] as const;

/** The MGV code of a household measure named on the product (0, tablespoon, when none is named). */
export function codigoMedidaCaseira(nome: unknown): number {
  return Math.max(
    0,
    MEDIDAS_CASEIRAS_MGV.findIndex((m) => m === nome),
  );
}

/** One product's nutrition table, in the units the label prints (grams with 1 decimal, sodium in mg). */
export interface TabelaNutricionalBalanca {
  /** Portion quantity (1-999) and its unit. */
  porcao: number;
  unidadePorcao: 'g' | 'ml' | 'un';
  /** Household measure: integer part (0-99), fraction and the MGV list code (0 = tablespoon ... 26 = can). */
  medidaCaseiraInteira: number;
  medidaCaseiraFracao: (typeof FRACOES_MEDIDA_CASEIRA)[number];
  medidaCaseira: number;
  energiaKcal: number;
  carboidratosG: number;
  proteinasG: number;
  gordurasTotaisG: number;
  gordurasSaturadasG: number;
  gordurasTransG: number;
  fibraG: number;
  sodioMg: number;
}

/** Brands of spec 1 §9 (catalogue marcaBalanca) plus Filizola (issue 20): the item files each one reads. */
export const marcasArquivoBalanca = [
  'toledo',
  'filizola',
  'uranoPopS',
  'uranoPopZ',
  'elginDp20',
  'windC3',
] as const;
export type MarcaArquivoBalanca = (typeof marcasArquivoBalanca)[number];

export const NOMES_MARCA_BALANCA: Readonly<Record<MarcaArquivoBalanca, string>> = {
  toledo: 'Toledo (MGV)',
  filizola: 'Filizola',
  uranoPopS: 'Urano POP-S',
  uranoPopZ: 'Urano POP-Z',
  elginDp20: 'Elgin DP-20',
  windC3: 'Wind C3',
};

/** A file of the zip: name as the scale software expects it and its encoded bytes. */
export interface ArquivoBalanca {
  nome: string;
  conteudo: Uint8Array;
}

/** POST /api/downloadArquivoBalanca (spec 1 §7: grupoEmpresarial from the session, empresa, balanca). */
export const downloadArquivoBalancaSchema = z.object({
  empresa: z.string().min(1, 'Empresa não informada.'),
  balanca: z.enum(marcasArquivoBalanca, { message: 'Marca de balança desconhecida.' }),
  /** Product ids (produtoGeral); empty or absent = every weighed product active in the store. */
  produtos: z.array(z.string().min(1).max(40)).max(20_000).optional(),
  /** Absent: Windows-1252, what the scale programs read (catalogue codificacaoArquivo). */
  codificacao: z.enum(['windows-1252', 'latin1', 'ascii', 'utf-8']).optional(),
});
export type DownloadArquivoBalanca = z.infer<typeof downloadArquivoBalancaSchema>;
