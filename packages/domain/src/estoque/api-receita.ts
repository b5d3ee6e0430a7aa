import { z } from 'zod';
import type { DecimalTexto } from '../dinheiro/decimal.ts';
import type { LinhaCustoReceita } from './receita.ts';

// Request and answer shapes of the recipe cost routes (modules/estoque-cadastros), imported by the server and
// the web's ficha técnica screen.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);

/** POST getProdutoIngredientesReceitaCusto: a product's recipe (the padrão one unless indexReceita says). */
export const custoReceitaConsultaSchema = z.object({
  produto: ref,
  indexReceita: z.number().int().min(0).max(999).optional(),
});
export type CustoReceitaConsulta = z.infer<typeof custoReceitaConsultaSchema>;

/** A product as the cost screens show it: its stock unit, registered price and unit cost. */
export interface ProdutoCustoReceita {
  _id: string;
  descricao: string;
  /** Sigla of the stock unit (UN, KG...). */
  unidade: string | null;
  preco: DecimalTexto | null;
  /** Unit cost used for recipes (custoDosIngredientes); null when the product has none. */
  custo: DecimalTexto | null;
}

export interface LinhaCustoReceitaResposta extends LinhaCustoReceita {
  descricao: string;
  unidade: string | null;
}

export interface CustoReceitaResposta {
  produto: ProdutoCustoReceita;
  receita: {
    _id: string;
    indexReceita: number | null;
    descricao: string | null;
    padrao: boolean;
    rendimento: DecimalTexto;
    rendimentoKg: DecimalTexto | null;
  };
  itens: LinhaCustoReceitaResposta[];
  custoTotal: DecimalTexto;
  custoPorUnidade: DecimalTexto;
  preco: DecimalTexto | null;
  /** (preço − custo por unidade) / preço, in percent with 2 decimals; null without a price. */
  margem: DecimalTexto | null;
}

/** POST getCustoIngredientesReceita: the unit costs the ficha técnica screen prices its lines with. */
export const custosIngredientesConsultaSchema = z.object({
  produto: ref.optional(),
  ingredientes: z.array(ref).max(500, 'No máximo 500 ingredientes por consulta.'),
});
export type CustosIngredientesConsulta = z.infer<typeof custosIngredientesConsultaSchema>;

export interface CustosIngredientesResposta {
  produto: ProdutoCustoReceita | null;
  ingredientes: ProdutoCustoReceita[];
}
