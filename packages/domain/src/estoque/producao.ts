import { z } from 'zod';
import { tiposSolicitacaoProducao } from '../catalogos/gerais.ts';
import { type DecimalTexto, lerEscalado } from '../dinheiro/decimal.ts';
import { zTexto } from '../validadores/entrada.ts';
import { zQuantidadeEstoque } from './api.ts';
import { CASAS_RECEITA, escrever6, type Receita } from './receita.ts';

// Production orders (estoqueProducaoProdutos, spec 1 §4 "Product production order: request, finished,
// cancelled. Production request kind: recipe or yield unit"; issue 17): the central kitchen turns ingredients
// into a product (pizza dough, tomato sauce) by the product's recipe. Pure rules and the API shapes shared by
// the server (modules/estoque/producao.ts) and the web screen.
// - Kind 1 (Receita): n recipes; n × rendimento units come out, each ingredient line takes n × net × factor.
// - Kind 2 (Unidade de Rendimento): n units; each line takes n × net × factor / rendimento.
// Exact integers (bigint at 6 decimals, as the ledger), one rounding per ingredient line.

/** Catalogue tipoSolicitacaoProducao (catalogos/gerais.ts): 1 Receita, 2 Unidade de Rendimento. */
export const TIPO_SOLICITACAO_PRODUCAO = { receita: 1, unidadeRendimento: 2 } as const;
export type TipoSolicitacaoProducao =
  (typeof TIPO_SOLICITACAO_PRODUCAO)[keyof typeof TIPO_SOLICITACAO_PRODUCAO];

export const DESCRICAO_TIPO_SOLICITACAO: Record<TipoSolicitacaoProducao, string> = {
  1: tiposSolicitacaoProducao.porId(1)?.descricao ?? 'Receita',
  2: tiposSolicitacaoProducao.porId(2)?.descricao ?? 'Unidade de Rendimento',
};

/**
 * solicitada -> finalizada | cancelada; finalizada -> estornada (the reversal of its moves). The catalogue
 * statusProducao has Solicitação 1, Finalizado 2, Cancelado 3; a reversed order was finished, then undone.
 */
export const STATUS_PRODUCAO = ['solicitada', 'finalizada', 'cancelada', 'estornada'] as const;
export type StatusProducao = (typeof STATUS_PRODUCAO)[number];
export const DESCRICAO_STATUS_PRODUCAO: Record<StatusProducao, string> = {
  solicitada: 'Solicitada',
  finalizada: 'Finalizada',
  cancelada: 'Cancelada',
  estornada: 'Estornada',
};

/** Refusals of the order's state machine, one sentence each. */
export const MENSAGENS_PRODUCAO = {
  naoEncontrada: 'Ordem de produção não encontrada!',
  canceladaNaoFinaliza: 'Esta ordem de produção foi cancelada e não pode ser finalizada.',
  estornadaNaoFinaliza: 'Esta ordem de produção foi estornada e não pode ser finalizada de novo.',
  finalizadaNaoCancela: 'Esta ordem de produção já foi finalizada: para desfazê-la, use Estornar.',
  estornadaNaoCancela: 'Esta ordem de produção foi estornada e não pode ser cancelada.',
  soFinalizadaEstorna: 'Só uma ordem de produção finalizada pode ser estornada.',
  semReceita: (produto: string) => `O produto ${produto} não tem ficha técnica para produzir.`,
  semReceitaNumero: (produto: string, n: number) => `O produto ${produto} não tem a ficha técnica nº ${n}.`,
  receitaVazia: (produto: string) => `A ficha técnica de ${produto} não tem ingredientes.`,
  quantidadePequena:
    'Quantidade pequena demais: nenhum ingrediente seria consumido. Informe uma quantidade maior.',
} as const;

const ESCALA6 = 1_000_000n;
const ESCALA4 = 10_000n;

function dividirArredondando(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n - q * d;
  if (r === 0n) return q;
  const dobro = (r < 0n ? -r : r) * 2n;
  const negativo = n < 0n !== d < 0n;
  return dobro >= (d < 0n ? -d : d) ? q + (negativo ? -1n : 1n) : q;
}

const escalado = (valor: DecimalTexto | null | undefined, casas: number, padrao: bigint): bigint =>
  valor === undefined || valor === null || valor === ''
    ? padrao
    : BigInt(lerEscalado(valor, casas, 'arredondar'));

export interface LinhaPlanoProducao {
  produto: string;
  /** Net quantity of one recipe. */
  quantidade: DecimalTexto;
  fatorCorrecao: DecimalTexto;
  /** What the order takes from stock: scaled, gross (net × factor), 6 decimals. */
  quantidadeBruta: DecimalTexto;
}

export interface PlanoProducao {
  /** Yield of one recipe (4 decimals; absent in the recipe = 1). */
  rendimento: DecimalTexto;
  /** Units of the product the order is expected to give (6 decimals). */
  quantidadePrevista: DecimalTexto;
  linhas: LinhaPlanoProducao[];
}

/**
 * What an order of `quantidade` (recipes for kind 1, yield units for kind 2) takes and gives. Lines whose
 * quantity rounds to zero are kept with 0 (the server does not move them).
 */
export function planoDeProducao(
  receita: Receita,
  tipo: TipoSolicitacaoProducao,
  quantidade: DecimalTexto,
): PlanoProducao {
  const n = escalado(quantidade, CASAS_RECEITA, 0n);
  const rendimento = escalado(receita.rendimento, 4, ESCALA4);
  if (rendimento <= 0n) throw new RangeError('Rendimento da ficha técnica deve ser maior que zero.');
  const prevista = tipo === TIPO_SOLICITACAO_PRODUCAO.receita ? (n * rendimento) / ESCALA4 : n;
  const linhas = receita.itens.map((l): LinhaPlanoProducao => {
    const q = escalado(l.quantidade, CASAS_RECEITA, 0n);
    const f = escalado(l.fatorCorrecao, 4, ESCALA4);
    // n(10^6) × q(10^6) × f(10^4) = 10^16; by recipe / 10^10, by yield unit / (rendimento(10^4) × 10^6).
    const bruta =
      tipo === TIPO_SOLICITACAO_PRODUCAO.receita
        ? dividirArredondando(n * q * f, ESCALA6 * ESCALA4)
        : dividirArredondando(n * q * f, rendimento * ESCALA6);
    return {
      produto: l.produto,
      quantidade: escrever6(q),
      fatorCorrecao: escreverFator(f),
      quantidadeBruta: escrever6(bruta),
    };
  });
  return { rendimento: escreverFator(rendimento), quantidadePrevista: escrever6(prevista), linhas };
}

function escreverFator(f: bigint): DecimalTexto {
  return `${f / ESCALA4}.${(f % ESCALA4).toString().padStart(4, '0')}`;
}

/**
 * Unit cost (6 decimals) of the produced product: the value that left as ingredients spread over the quantity
 * that really came out, so value in = value out up to the rounding of one entry to cents.
 */
export function custoUnitarioProduzido(valorCentavos: bigint, quantidade6: bigint): bigint {
  if (quantidade6 <= 0n) throw new RangeError('Quantidade produzida deve ser maior que zero.');
  // cents(10^2) -> cost at 10^6 per unit of 10^6: × 10^10 / quantidade.
  return dividirArredondando(valorCentavos * 10_000_000_000n, quantidade6);
}

// ---------------------------------------------------------------------------------------------------------
// API shapes.

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');
const ref = z.union([id, z.object({ _id: id }).transform((o) => o._id)]);
const motivo = zTexto(300).refine((v) => v.trim().length > 0, 'Informe o motivo.');

export const criarProducaoSchema = z.object({
  /** Made by the client: sending it again (double click, retry) answers the order made the first time. */
  _id: id,
  empresa: ref,
  produto: ref,
  /** The recipe's number; absent = the product's padrão recipe. */
  indexReceita: z.number().int().min(0).max(999).optional(),
  tipoSolicitacao: z.union([z.literal(1), z.literal(2)], {
    error: 'Tipo de solicitação inválido: 1 Receita ou 2 Unidade de Rendimento.',
  }),
  quantidade: zQuantidadeEstoque,
  observacao: zTexto(300).optional(),
});
export type CriarProducao = z.infer<typeof criarProducaoSchema>;

export const finalizarProducaoSchema = z.object({
  /** What really came out (the yield differs from the recipe's); absent = the expected quantity. */
  quantidadeProduzida: zQuantidadeEstoque.optional(),
});
export type FinalizarProducao = z.infer<typeof finalizarProducaoSchema>;

export const cancelarProducaoSchema = z.object({ motivo });
export const estornarProducaoSchema = z.object({ motivo });

export const listaProducaoConsultaSchema = z.object({
  empresa: id.optional(),
  status: z.enum(STATUS_PRODUCAO).optional(),
  busca: zTexto(120).optional(),
  pagina: z.coerce.number().int().min(1).max(100000).default(1),
  limite: z.coerce.number().int().min(1).max(200).default(50),
});
export type ListaProducaoConsulta = z.infer<typeof listaProducaoConsultaSchema>;

export const produtosProducaoConsultaSchema = z.object({
  busca: zTexto(120).optional(),
  limite: z.coerce.number().int().min(1).max(100).default(30),
});

export const receitaProducaoConsultaSchema = z.object({
  empresa: id,
  produto: id,
  indexReceita: z.coerce.number().int().min(0).max(999).optional(),
});

export interface ProdutoProducao {
  _id: string;
  descricao: string;
  /** Sigla of the stock unit (UN, KG...). */
  unidade: string | null;
}

/** A product that has recipes, as the order's product picker lists it. */
export interface ProdutoComReceita extends ProdutoProducao {
  receitas: { indexReceita: number | null; descricao: string | null; padrao: boolean }[];
}

/** The recipe an order would use, with each ingredient's average cost and balance in the store. */
export interface ReceitaParaProducao {
  produto: ProdutoProducao;
  receita: {
    _id: string;
    indexReceita: number | null;
    descricao: string | null;
    rendimento: DecimalTexto;
    rendimentoKg: DecimalTexto | null;
  };
  itens: (ProdutoProducao & {
    quantidade: DecimalTexto;
    fatorCorrecao: DecimalTexto | null;
    /** The store's weighted average (6 decimals): what the ingredient leaves at; '0.000000' never stocked. */
    custoMedio: DecimalTexto;
    saldo: DecimalTexto;
    /** false: the store's estoqueCadastro says it does not control it; the order does not move it. */
    controlaEstoque: boolean;
  })[];
  /** The produced product's balance and average in the store. */
  saldoProduto: DecimalTexto;
  custoMedioProduto: DecimalTexto;
}

export interface UsuarioProducao {
  _id: string;
  nome: string;
}

export interface ProducaoResumo {
  _id: string;
  empresa: { _id: string; descricao: string };
  numero: number;
  produto: ProdutoProducao;
  indexReceita: number | null;
  tipoSolicitacao: TipoSolicitacaoProducao;
  quantidadeSolicitada: DecimalTexto;
  rendimento: DecimalTexto;
  quantidadePrevista: DecimalTexto;
  /** Set when finished. */
  quantidadeProduzida: DecimalTexto | null;
  custoTotal: DecimalTexto | null;
  custoUnitario: DecimalTexto | null;
  status: StatusProducao;
  observacao: string | null;
  criadoEm: string;
  criadoPor: UsuarioProducao | null;
  finalizadoEm: string | null;
  canceladoEm: string | null;
  estornadoEm: string | null;
  motivo: string | null;
}

export interface ItemProducao extends ProdutoProducao {
  quantidade: DecimalTexto;
  fatorCorrecao: DecimalTexto;
  quantidadeBruta: DecimalTexto;
  /** Filled when finished: the ledger's cost and value of the consumption. */
  custoUnitario: DecimalTexto | null;
  valor: DecimalTexto | null;
}

export interface ProducaoDetalhe extends ProducaoResumo {
  itens: ItemProducao[];
  movimentos: {
    _id: string;
    produto: string;
    tipo: number;
    quantidade: DecimalTexto;
    custoUnitario: DecimalTexto;
    valor: DecimalTexto;
    estornoDe: string | null;
  }[];
}

export interface ListaProducao {
  itens: ProducaoResumo[];
  total: number;
}
