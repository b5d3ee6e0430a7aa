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
