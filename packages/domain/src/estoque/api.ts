import { z } from 'zod';
import { lerDataIso, zDecimal, zTexto } from '../validadores/entrada.ts';
import { MOTIVOS_SAIDA_MANUAL } from './tipos.ts';

// Request and answer shapes of the stock routes (issue 17), imported by the server and the web.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);

/** A stock quantity: a positive decimal of at most 6 places (the sign comes from the kind of move). */
export const zQuantidadeEstoque = zDecimal
  .refine(
    (v) => !v.startsWith('-') && Number(v) > 0,
    'Quantidade inválida! Informe uma quantidade maior que zero.',
  )
  .refine((v) => (v.split('.')[1]?.length ?? 0) <= 6, 'Quantidade com mais de 6 casas decimais.');

/** A unit cost: zero or more, at most 6 places. */
export const zCustoEstoque = zDecimal
  .refine((v) => !v.startsWith('-'), 'Custo inválido! O custo unitário não pode ser negativo.')
  .refine((v) => (v.split('.')[1]?.length ?? 0) <= 6, 'Custo com mais de 6 casas decimais.');

export const zInstanteEstoque = z
  .string()
  .max(40)
  .refine((v) => lerDataIso(v) !== undefined, 'Data inválida!')
  .transform((v) => new Date(v).toISOString());

const itemMovimento = z.object({ produto: ref, quantidade: zQuantidadeEstoque });

export const saidaManualEntradaSchema = z
  .object({
    /** The document's id, made by the client: sending it again (double click, retry) answers the first one. */
    _id: id,
    empresa: ref,
    data: zInstanteEstoque.optional(),
    motivo: z.enum(MOTIVOS_SAIDA_MANUAL, { error: 'Informe o motivo da saída.' }),
    observacao: zTexto(300).optional(),
    itens: z.array(itemMovimento).min(1, 'Informe ao menos um produto.').max(500),
  })
  .refine((s) => s.motivo !== 'outro' || (s.observacao ?? '').trim().length > 0, {
    message: 'Descreva o motivo da saída em Observação.',
    path: ['observacao'],
  });
export type SaidaManualEntrada = z.infer<typeof saidaManualEntradaSchema>;

export const entradaEstoqueSchema = z.object({
  _id: id,
  empresa: ref,
  data: zInstanteEstoque.optional(),
  documento: zTexto(60).optional(),
  observacao: zTexto(300).optional(),
  itens: z
    .array(
      itemMovimento.extend({
        /** Cost of one unit in `unidadeEntrada` (or the stock unit when absent). */
        custoUnitario: zCustoEstoque,
        /** A purchase unit with a conversion factor registered for the product (box, sack). */
        unidadeEntrada: ref.optional(),
      }),
    )
    .min(1, 'Informe ao menos um produto.')
    .max(2000),
});
export type EntradaEstoque = z.infer<typeof entradaEstoqueSchema>;

export const estornoMovimentoSchema = z.object({
  motivo: zTexto(300).refine((v) => v.trim().length > 0, 'Informe o motivo do estorno.'),
});

export const fecharPeriodoSchema = z.object({
  empresa: ref,
  ate: z
    .string()
    .max(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data de fechamento inválida!'),
});
export const reabrirPeriodoSchema = z.object({
  empresa: ref,
  ate: z
    .string()
    .max(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data de fechamento inválida!')
    .nullable(),
  motivo: zTexto(300),
});

export const kardexConsultaSchema = z.object({
  empresa: id,
  produto: id,
  /** Cursor of the next page: the last row's `cursor` (older moves). */
  antesDe: z.string().max(80).optional(),
  limite: z.coerce.number().int().min(1).max(500).default(50),
});

export const posicaoConsultaSchema = z.object({
  empresa: z.union([id, z.array(id).max(200)]).optional(),
  busca: zTexto(120).optional(),
  somenteComSaldo: z.enum(['true', 'false']).optional(),
  pagina: z.coerce.number().int().min(1).max(100000).default(1),
  limite: z.coerce.number().int().min(1).max(1000).default(100),
});

export interface MovimentoKardex {
  _id: string;
  data: string;
  tipo: number;
  tipoDescricao: string;
  quantidade: string;
  custoUnitario: string;
  valor: string;
  saldoApos: string;
  custoMedioApos: string;
  origemTipo: string;
  origemId: string | null;
  estornoDe: string | null;
  estornado: boolean;
  /** The user may reverse this move alone (a manual exit or entry not yet reversed; not a line of an NF-e). */
  estornavel: boolean;
  motivo: string | null;
  documento: string | null;
  usuario: { _id: string; nome: string } | null;
  cursor: string;
}

export interface PosicaoEstoque {
  empresa: { _id: string; descricao: string };
  produto: { _id: string; descricao: string; codigoInterno: number | null; unidade: string | null };
  quantidade: string;
  custoMedio: string;
  ultimoCusto: string | null;
  custoCadastro: string | null;
  /** The cost the store's tipoCusto chose, and quantity × it. */
  custo: string;
  valor: string;
  ultimaData: string | null;
}

// ------------------------------------------------------------------------------ screens of the ledger

const diaConsulta = z
  .string()
  .max(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida!')
  .refine((v) => lerDataIso(v) !== undefined, 'Data inválida!');

/** Recent manual exits of a store (estoqueSaidaManual): business days in America/Sao_Paulo, both included. */
export const saidaManualConsultaSchema = z
  .object({
    empresa: id,
    dataInicio: diaConsulta.optional(),
    dataFim: diaConsulta.optional(),
    limite: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((q) => !q.dataInicio || !q.dataFim || q.dataInicio <= q.dataFim, {
    message: 'A data inicial é posterior à data final.',
    path: ['dataFim'],
  });

export interface UsuarioMovimento {
  _id: string;
  nome: string;
}

export interface ProdutoMovimento {
  _id: string;
  descricao: string;
  codigoInterno: number | null;
  /** The unit's abbreviation (UN, KG, LT). */
  unidade: string | null;
}

/** One line of a manual exit: the move it wrote, with quantity and value as positive figures of an exit. */
export interface ItemSaidaManual {
  /** The move's id (what POST /api/estoque/movimento/:id/estornar takes). */
  _id: string;
  produto: ProdutoMovimento;
  quantidade: string;
  custoUnitario: string;
  valor: string;
  estorno: { _id: string; data: string; motivo: string | null; usuario: UsuarioMovimento | null } | null;
}

/** A manual exit document: the moves of one `_id` (origem_id) with what they share. */
export interface SaidaManualDocumento {
  _id: string;
  empresa: string;
  data: string;
  /** The reason picked, when the stored text starts with one of MOTIVOS_SAIDA_MANUAL's labels. */
  motivo: (typeof MOTIVOS_SAIDA_MANUAL)[number] | null;
  /** The stored text as written on the moves ('Perda - caiu no chão'). */
  motivoDescricao: string | null;
  observacao: string | null;
  usuario: UsuarioMovimento | null;
  /** Σ of the lines' values, and of the lines reversed since. */
  valorTotal: string;
  valorEstornado: string;
  itens: ItemSaidaManual[];
}

/** Products of a stock document with their balance in one store (search by name, code, barcode, or ids). */
export const produtosEstoqueConsultaSchema = z.object({
  empresa: id,
  busca: zTexto(120).optional(),
  produto: z.union([id, z.array(id).max(500)]).optional(),
  limite: z.coerce.number().int().min(1).max(100).default(20),
});

export interface ProdutoEstoque extends ProdutoMovimento {
  /** Balance in the store (0 when the product never moved there). */
  quantidade: string;
  custoMedio: string;
  /** The cost the store's tipoCusto chose. */
  custo: string;
}

/** Stock value per store of the position report's filter (its bar chart). */
export interface ValorEstoqueEmpresa {
  empresa: { _id: string; descricao: string };
  produtos: number;
  valor: string;
}
