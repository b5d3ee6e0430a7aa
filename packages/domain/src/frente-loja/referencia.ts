import { z } from 'zod';
import { configuracaoCodigoBalancaSchema } from '../balanca/codigo-balanca.ts';

// Answers of the store front's reference routes (/api/frenteLoja/*, spec 2 section 7 "Local reference data
// loading"): only what the POS screens read. The server parses each answer with these schemas, so a field
// not listed here (fiscal certificate, CSC, map keys, SMTP...) never leaves it; the web types come from them.

const id = z.string();
const textoOpcional = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined);

export const enderecoLojaSchema = z.object({
  cep: textoOpcional,
  logradouro: textoOpcional,
  numero: textoOpcional,
  complemento: textoOpcional,
  bairro: textoOpcional,
  cidade: textoOpcional,
  uf: textoOpcional,
  localizacao: z.unknown().optional(),
});

export const empresaFrenteLojaSchema = z.object({
  _id: id,
  codigoInterno: z.number().nullish(),
  descricao: z.string(),
  nomeFantasia: textoOpcional,
  cnpj: textoOpcional,
  endereco: enderecoLojaSchema.nullish(),
  /** Where the store is (the delivery distance starts here; else endereco.localizacao). */
  localizacao: z.unknown().optional(),
  configuracoes: z
    .object({
      callCenter: z.boolean().optional(),
      chavePix: textoOpcional,
      /** The receipt at the end of a sale (impressao/comprovante.ts). */
      comprovanteVenda: z.enum(['danfe', 'naoFiscal', 'perguntar']).optional(),
      /** How the POS reads the scale's in-store barcodes (balanca/codigo-balanca.ts). */
      balanca: configuracaoCodigoBalancaSchema.optional(),
    })
    .nullish()
    .transform((v) => v ?? null),
});
export type EmpresaFrenteLojaResposta = z.infer<typeof empresaFrenteLojaSchema>;

export const terminalFrenteLojaSchema = z.object({
  _id: id,
  descricao: z.string(),
  funcoes: z.array(z.string()),
  configuracoes: z.object({
    /** The terminal's cash register: its open period is the terminal's (spec 2 section 7). */
    caixa: id.nullable(),
    /** Ask who is serving (garçom) before launching items. */
    exigirAtendente: z.boolean(),
    /** The attendant's identification needs their password. */
    senhaAtendente: z.boolean(),
    /** Payment methods this terminal offers (none: every active one of the store). */
    formasPagamento: z.array(id),
    /** Counter sales: the same product launched again opens a new line. */
    produtoRepetidoNovaLinha: z.boolean(),
  }),
});
export type TerminalFrenteLojaResposta = z.infer<typeof terminalFrenteLojaSchema>;

export const opcaoFrenteLojaSchema = z.object({ _id: id, descricao: z.string() });
export type OpcaoFrenteLoja = z.infer<typeof opcaoFrenteLojaSchema>;

export const formaPagamentoFrenteLojaSchema = opcaoFrenteLojaSchema.extend({ ativo: z.boolean() });

export const olhoNoImpostoFrenteLojaSchema = z.object({
  _id: id,
  uf: z.string(),
  codigo: z.string(),
  ex: z.string().nullable(),
  tipo: z.number(),
  nacionalfederal: z.string(),
  importadosfederal: z.string().nullable(),
  estadual: z.string().nullable(),
  municipal: z.string().nullable(),
});

export const versaoFrenteLojaSchema = z.object({ empresa: id, versao: z.number().int() });

/** Body of every reference route: the store the device is bound to. */
export const pedidoReferenciaFrenteLojaSchema = z.object({
  empresa: z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido'),
});
