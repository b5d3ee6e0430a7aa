import { z } from 'zod';
import { PERMISSAO, permissoesDoRecurso, type RecursoPermissao } from '../catalogos/permissoes.ts';
import { validarTextoSeguro } from '../validadores/entrada.ts';

// relatoriosDoSistema and relatoriosCriados (issue 19, spec 1 section 2). The catalogue of the built-in reports a
// user may open, grouped, each with its access permission (reports range 1000-1067); and the reports a user saved:
// a base report of that catalogue + the state it was opened with (filter, columns, grouping, chart), private or
// shared with the group. Server (validation, who sees what) and web (catalogue, save dialog) read this one file.

export const GRUPOS_RELATORIO = ['Vendas', 'Estoque', 'Financeiro', 'Fiscal'] as const;
export type GrupoRelatorio = (typeof GRUPOS_RELATORIO)[number];

/** Every built-in report route (spec 1 section 2) by group; the two catalogue screens are not reports of their own. */
export const RELATORIOS_DO_SISTEMA = {
  listaProdutosVendidos: 'Vendas',
  relatorioVenda: 'Vendas',
  relatorioVendaNovo: 'Vendas',
  relatorioVendaFranquia: 'Vendas',
  relatorioVendaProdutos: 'Vendas',
  relatorioVendaCancelamentos: 'Vendas',
  relatorioVendaDescontos: 'Vendas',
  relatorioVendaTransferencias: 'Vendas',
  relatorioQrCode: 'Vendas',
  relatorioVendaInsumos: 'Estoque',
  relatorioEstoqueInventario: 'Estoque',
  relatorioEstoqueSaidaManual: 'Estoque',
  relatorioEstoqueCompras: 'Estoque',
  relatorioEstoqueProduto: 'Estoque',
  relatorioEstoqueFluxo: 'Estoque',
  relatorioMovimentacaoProdutos: 'Estoque',
  relatorioEstoqueTransferencia: 'Estoque',
  relatorioFinanceiroPlanoDeContas: 'Financeiro',
  relatorioFinanceiroPlanoDeContasTeste: 'Financeiro',
  relatorioFinanceiroAgenda: 'Financeiro',
  relatorioVendasResumoFiscal: 'Fiscal',
  relatorioDFE: 'Fiscal',
} as const satisfies Partial<Record<RecursoPermissao, GrupoRelatorio>>;

export type RelatorioDoSistema = keyof typeof RELATORIOS_DO_SISTEMA;

export function ehRelatorioDoSistema(rota: string): rota is RelatorioDoSistema {
  return Object.hasOwn(RELATORIOS_DO_SISTEMA, rota);
}

/** The access permission of a built-in report (its number in the range 1000-1067). */
export function permissaoDoRelatorio(rota: RelatorioDoSistema): number {
  return permissoesDoRecurso(rota).acessar;
}

/** relatoriosCriados: 1023 list, 1024 save, 1025 rename/change, 1026 delete. */
export const PERMISSOES_RELATORIOS_CRIADOS = {
  acessar: PERMISSAO.relatoriosCriadosAcessar,
  incluir: PERMISSAO.relatoriosCriadosIncluir,
  alterar: PERMISSAO.relatoriosCriadosAlterar,
  excluir: PERMISSAO.relatoriosCriadosExcluir,
} as const;

export const VISIBILIDADES_RELATORIO = ['privado', 'grupo'] as const;
export type VisibilidadeRelatorio = (typeof VISIBILIDADES_RELATORIO)[number];

export const TIPOS_GRAFICO_RELATORIO = ['nenhum', 'barras', 'linhas', 'pizza'] as const;
export type TipoGraficoRelatorio = (typeof TIPOS_GRAFICO_RELATORIO)[number];

export const MENSAGENS_RELATORIO_SALVO = {
  nome: 'Informe o nome do relatório.',
  relatorio: 'Relatório base desconhecido.',
  visibilidade: 'Visibilidade inválida: privado ou grupo.',
  grafico: 'Tipo de gráfico inválido.',
  filtroGrande: 'Filtro grande demais para ser salvo.',
  naoEncontrado: 'Relatório salvo não encontrado!',
  somenteDono: 'Somente quem criou o relatório pode alterá-lo ou excluí-lo.',
  semPermissaoBase: 'Usuário sem permissão para o relatório base.',
} as const;

/** Bytes of JSON a saved filter may take: a filter is a few choices, never a data set. */
export const FILTRO_SALVO_MAXIMO = 20_000;

const texto = (max: number, vazio: string) =>
  z
    .string({ error: vazio })
    .trim()
    .min(1, { error: vazio })
    .max(max, { error: `Texto longo demais: no máximo ${max} caracteres.` })
    .superRefine((v, ctx) => {
      const r = validarTextoSeguro(v);
      if (r !== true) ctx.addIssue({ code: 'custom', message: r });
    });

const nomeCampo = z.string().max(80, { error: 'Nome de coluna longo demais.' });

/**
 * What a saved report brings back. `parametros` is the base report's URL query (the reports keep their filter in
 * the URL, so opening the route with it shows the same report); `filtro` the values of the default report filter
 * of the shared report frame; `colunas`, `agrupamento` and `grafico` how the user arranged the answer.
 */
export const estadoRelatorioSchema = z
  .object({
    parametros: z.string().max(4000, { error: 'Parâmetros longos demais.' }).default(''),
    filtro: z.record(z.string().max(80), z.unknown()).default({}),
    colunas: z.array(nomeCampo).max(100).default([]),
    agrupamento: z.array(nomeCampo).max(10).default([]),
    grafico: z.enum(TIPOS_GRAFICO_RELATORIO, { error: MENSAGENS_RELATORIO_SALVO.grafico }).default('nenhum'),
  })
  .refine((e) => JSON.stringify(e.filtro).length <= FILTRO_SALVO_MAXIMO, {
    message: MENSAGENS_RELATORIO_SALVO.filtroGrande,
    path: ['filtro'],
  });
export type EstadoRelatorio = z.output<typeof estadoRelatorioSchema>;

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

export const relatorioSalvoCriarSchema = z.object({
  /** Client-made id: a retried save answers the first one. */
  _id: id.optional(),
  descricao: texto(100, MENSAGENS_RELATORIO_SALVO.nome),
  relatorio: z.string().max(80).refine(ehRelatorioDoSistema, { error: MENSAGENS_RELATORIO_SALVO.relatorio }),
  visibilidade: z.enum(VISIBILIDADES_RELATORIO, { error: MENSAGENS_RELATORIO_SALVO.visibilidade }),
  estado: estadoRelatorioSchema,
});
export type RelatorioSalvoCriar = z.input<typeof relatorioSalvoCriarSchema>;

/** Rename, share or unshare, or overwrite the state. */
export const relatorioSalvoAlterarSchema = z
  .object({
    descricao: texto(100, MENSAGENS_RELATORIO_SALVO.nome).optional(),
    visibilidade: z
      .enum(VISIBILIDADES_RELATORIO, { error: MENSAGENS_RELATORIO_SALVO.visibilidade })
      .optional(),
    estado: estadoRelatorioSchema.optional(),
  })
  .refine((p) => p.descricao !== undefined || p.visibilidade !== undefined || p.estado !== undefined, {
    message: 'Nada a alterar.',
  });
export type RelatorioSalvoAlterar = z.input<typeof relatorioSalvoAlterarSchema>;

export const relatorioSalvoListarSchema = z.object({
  relatorio: z
    .string()
    .max(80)
    .refine(ehRelatorioDoSistema, { error: MENSAGENS_RELATORIO_SALVO.relatorio })
    .optional(),
});

/** A saved report as the server answers it. */
export interface RelatorioSalvo {
  _id: string;
  descricao: string;
  relatorio: RelatorioDoSistema;
  visibilidade: VisibilidadeRelatorio;
  estado: EstadoRelatorio;
  dono: { _id: string; nome: string };
  /** The session's user created it (may rename and delete it). */
  proprio: boolean;
  createdAt: string;
  updatedAt: string;
}
