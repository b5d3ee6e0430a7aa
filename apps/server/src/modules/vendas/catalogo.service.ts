import {
  type CatalogoVenda,
  type ConfiguracaoVenda,
  catalogoVendaSchema,
  comboSchema,
  configuracaoVendaSchema,
  type FormaPagamentoVenda,
  formaPagamentoVendaSchema,
  happyHourSchema,
  type ProdutoVenda,
  promocaoSchema,
  sugestaoProdutoSchema,
  tabelaVendaSchema,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';

// The sale engine's catalogue for one store, loaded from the registrations (products with per-store
// price and active flag, promotions, combos, price tables, happy hours, suggestions, store settings)
// and cached: a write path never reads them again. Writes through the generic resources invalidate the
// cache at once (gancho in vendas.routes.ts); the short TTL bounds staleness across server instances.

/** Registrations whose change alters a sale's prices. */
export const TABELAS_DO_CATALOGO = new Set([
  'produtoGeral',
  'produtoGeralEmpresa',
  'produtoPromocao',
  'produtoCombo',
  'tabelaVenda',
  'vendaSugestaoProduto',
  'periodoPorHora',
  'empresa',
  'agrupador',
  'formaPagamento',
  'terminal',
  'caixa',
]);

/** Product types whose line value the server computes (service charge, delivery fee), not the price list. */
export const TIPOS_SERVICO = new Set(['Gorjeta', 'Taxa Entrega']);

export interface ProdutoLoja {
  _id: string;
  descricao: string;
  codigoInterno: number | null;
  tipoProduto: string;
  /** Active in the group and in this store (spec 8: 'Produto ... não esta ativo para a esta Loja.'). */
  ativo: boolean;
}

export interface TerminalLoja {
  _id: string;
  descricao: string;
  caixa: string | null;
}

export interface CatalogoLoja {
  empresaId: string;
  catalogo: CatalogoVenda;
  /** Barcode (GTIN) of every product of the group, for the POS list (getListaProdutoGeralEmpresa). */
  gtins: ReadonlyMap<string, string | null>;
  configuracao: ConfiguracaoVenda;
  produtos: ReadonlyMap<string, ProdutoLoja>;
  formasPagamento: ReadonlyMap<string, FormaPagamentoVenda>;
  terminais: ReadonlyMap<string, TerminalLoja>;
  /** The service-charge product of the group (Gorjeta), if registered. */
  gorjeta: ProdutoLoja | undefined;
}

const VALIDADE_MS = 15_000;

const PADRAO_ID = /^[0-9a-f]{24}$/;
const PADRAO_DECIMAL = /^-?\d+(\.\d+)?$/;
const decimal = (v: unknown): v is string => typeof v === 'string' && PADRAO_DECIMAL.test(v);

const texto = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const dia = (v: unknown): string | null => (typeof v === 'string' && v.length >= 10 ? v.slice(0, 10) : null);
const sigla = (v: unknown): string | undefined =>
  typeof v === 'object' && v !== null ? (texto((v as { sigla?: unknown }).sigla) ?? undefined) : undefined;
const idsTipoVenda = (v: unknown): number[] =>
  Array.isArray(v)
    ? v
        .map((x) => (typeof x === 'object' && x !== null ? (x as { id?: unknown }).id : x))
        .filter((x): x is number => typeof x === 'number')
    : [];
const janela = (l: Linha) => ({
  dataInicio: dia(l.data_inicio),
  dataFim: dia(l.data_fim),
  horaInicio: texto(l.hora_inicio),
  horaFim: texto(l.hora_fim),
  segunda: l.segunda !== false,
  terca: l.terca !== false,
  quarta: l.quarta !== false,
  quinta: l.quinta !== false,
  sexta: l.sexta !== false,
  sabado: l.sabado !== false,
  domingo: l.domingo !== false,
  tipoVenda: idsTipoVenda(l.tipo_venda),
});
/** Decimals as text: numbers in a jsonb block (e.g. taxaKm.km) are turned into decimal strings. */
function decimaisComoTexto(valor: unknown): unknown {
  if (typeof valor === 'number') return String(valor);
  if (Array.isArray(valor)) return valor.map(decimaisComoTexto);
  if (typeof valor === 'object' && valor !== null) {
    return Object.fromEntries(Object.entries(valor).map(([k, v]) => [k, decimaisComoTexto(v)]));
  }
  return valor;
}

export class ServicoCatalogo {
  private readonly cache = new Map<string, { ate: number; valor: Promise<CatalogoLoja> }>();

  constructor(
    private readonly db: Db,
    private readonly log?: FastifyBaseLogger,
  ) {}

  invalidar(): void {
    this.cache.clear();
  }

  /**
   * The store's catalogue. `executor` runs the queries of a cache miss (a transaction passes itself: on
   * the embedded database a query outside the open transaction would wait for it forever).
   */
  daLoja(grupoEmpresarialId: string, empresaId: string, executor?: Db): Promise<CatalogoLoja> {
    const chave = `${grupoEmpresarialId}:${empresaId}`;
    const agora = Date.now();
    const existente = this.cache.get(chave);
    if (existente && existente.ate > agora) return existente.valor;
    const valor = this.carregar(executor ?? this.db, grupoEmpresarialId, empresaId);
    this.cache.set(chave, { ate: agora + VALIDADE_MS, valor });
    valor.catch(() => this.cache.delete(chave));
    return valor;
  }

  /** Parses each entry on its own: one bad registration is dropped (and logged), never the whole list. */
  private lista<T>(nome: string, linhas: Linha[], montar: (l: Linha) => unknown, parse: (v: unknown) => T) {
    const saida: T[] = [];
    for (const l of linhas) {
      try {
        saida.push(parse(montar(l)));
      } catch (erro) {
        this.log?.warn({ err: erro, tabela: nome, id: l.id }, 'registro ignorado no catálogo de venda');
      }
    }
    return saida;
  }

  private async carregar(db: Db, g: string, e: string): Promise<CatalogoLoja> {
    const lojaOuTodas = (coluna: string) =>
      sql`(${sql.raw(coluna)} is null or cardinality(${sql.raw(coluna)}) = 0 or ${e} = any(${sql.raw(coluna)}))`;
    // Inside a transaction (one connection) the queries run one after the other; otherwise in parallel.
    const todas = <T extends readonly unknown[]>(
      tarefas: { [K in keyof T]: () => Promise<T[K]> },
    ): Promise<T> =>
      (db === this.db
        ? Promise.all(tarefas.map((f) => f()))
        : tarefas.reduce<Promise<unknown[]>>(
            async (acc, f) => [...(await acc), await f()],
            Promise.resolve([]),
          )) as unknown as Promise<T>;
    const [produtos, promocoes, combos, tabelas, happyHours, sugestoes, empresa, formas, terminais] =
      await todas<
        [Linha[], Linha[], Linha[], Linha[], Linha[], Linha[], Linha | undefined, Linha[], Linha[]]
      >([
        () =>
          consultar(
            db,
            // The type's sigla, not the jsonb block (no JSON parse per row); the family maximum only for
            // products with families (no subquery per product otherwise).
            sql`select p.id, p.descricao, p.codigo_interno, p.gtin, p.tipo_produto->>'sigla' as tipo,
                     p.preco::text as preco, p.custo::text as custo, pe.preco::text as preco_local,
                     (p.ativo is not false and pe.id is not null and pe.ativo is not false) as ativo,
                     case when cardinality(p.familias_ids) > 0 then (select max(a.maximo_fracao) from agrupador a
                       where a.grupo_empresarial_id = ${g} and a.id = any(p.familias_ids)) end as maximo_fracao
              from produto_geral p
              left join produto_geral_empresa pe on pe.grupo_empresarial_id = ${g} and pe.empresa_id = ${e}
                   and pe.produto_geral_id = p.id and pe.lixo = false
              where p.grupo_empresarial_id = ${g} and p.lixo = false`,
          ),
        () =>
          consultar(
            db,
            sql`select *, valor::text as valor,
                     (data_inicio at time zone 'America/Sao_Paulo')::date::text as data_inicio,
                     (data_fim at time zone 'America/Sao_Paulo')::date::text as data_fim
              from produto_promocao where grupo_empresarial_id = ${g} and lixo = false and habilitado is not false`,
          ),
        () =>
          consultar(
            db,
            sql`select *, desconto::text as desconto,
                     (data_inicio at time zone 'America/Sao_Paulo')::date::text as data_inicio,
                     (data_fim at time zone 'America/Sao_Paulo')::date::text as data_fim
              from produto_combo where grupo_empresarial_id = ${g} and lixo = false and habilitado is not false
                and ${lojaOuTodas('empresa_ids')} order by produto_combo.desconto desc, produto_combo.id`,
          ),
        () =>
          consultar(
            db,
            sql`select * from tabela_venda where grupo_empresarial_id = ${g} and lixo = false and ativo is not false
                and ${lojaOuTodas('empresa_ids')} order by created_at, id`,
          ),
        () =>
          consultar(
            db,
            sql`select *, percentual::text as percentual,
                     (data_inicio at time zone 'America/Sao_Paulo')::date::text as data_inicio,
                     (data_fim at time zone 'America/Sao_Paulo')::date::text as data_fim
              from periodo_por_hora where grupo_empresarial_id = ${g} and lixo = false and habilitado is not false
                and ${lojaOuTodas('empresa_ids')}`,
          ),
        () =>
          consultar(
            db,
            sql`select *, valor::text as valor from venda_sugestao_produto
              where grupo_empresarial_id = ${g} and lixo = false and habilitado is not false`,
          ),
        () =>
          consultarUm(
            db,
            sql`select configuracoes from empresa where id = ${e} and grupo_empresarial_id = ${g} and lixo = false`,
          ),
        () =>
          consultar(
            db,
            sql`select id, descricao, tipo, tipo_troco from forma_pagamento
              where grupo_empresarial_id = ${g} and empresa_id = ${e} and lixo = false and ativo is not false`,
          ),
        () =>
          consultar(
            db,
            sql`select id, descricao, configuracoes from terminal
              where grupo_empresarial_id = ${g} and empresa_id = ${e} and lixo = false and ativo is not false`,
          ),
      ]);

    const produtosLoja = new Map<string, ProdutoLoja>();
    const gtins = new Map<string, string | null>();
    // Service products stay out of the engine's price list: their line value is computed by the server
    // (recalcularVenda keeps the typed price of products it does not know).
    const produtosVenda: ProdutoVenda[] = [];
    // Built straight from the rows with the checks of produtoVendaSchema (a chain has tens of thousands of
    // products: a schema parse per row was most of a cold load); a row that fails is dropped and logged.
    const lojaValida = PADRAO_ID.test(e);
    for (const p of produtos) {
      const id = p.id as string;
      const tipoProduto = texto(p.tipo) ?? 'Normal';
      produtosLoja.set(id, {
        _id: id,
        descricao: p.descricao as string,
        codigoInterno: (p.codigo_interno as number | null) ?? null,
        tipoProduto,
        ativo: p.ativo === true,
      });
      gtins.set(id, (p.gtin as string | null) ?? null);
      if (TIPOS_SERVICO.has(tipoProduto)) continue;
      const preco = p.preco ?? '0';
      const custo = p.custo ?? null;
      const maximoFracao = p.maximo_fracao ?? null;
      const precoLocal = p.preco_local;
      const erro = !PADRAO_ID.test(id)
        ? '_id'
        : typeof p.descricao !== 'string'
          ? 'descricao'
          : !decimal(preco)
            ? 'preco'
            : custo !== null && !decimal(custo)
              ? 'custo'
              : maximoFracao !== null && !(Number.isInteger(maximoFracao) && (maximoFracao as number) >= 1)
                ? 'maximoFracao'
                : precoLocal && (!lojaValida || !decimal(precoLocal))
                  ? 'empresas'
                  : null;
      if (erro) {
        this.log?.warn(
          { err: new Error(`campo inválido: ${erro}`), tabela: 'produtoGeral', id },
          'registro ignorado no catálogo de venda',
        );
        continue;
      }
      produtosVenda.push({
        _id: id,
        descricao: p.descricao as string,
        tipoProduto,
        preco: preco as string,
        custo: custo as string | null,
        maximoFracao: maximoFracao as number | null,
        empresas: precoLocal
          ? [{ empresa: e, tipoPreco: 'precoLocal', precoLocal: precoLocal as string }]
          : [],
      });
    }
    const catalogo = catalogoVendaSchema.parse({
      produtos: [],
      promocoes: [],
      combos: [],
      tabelasVenda: [],
      happyHours: [],
      sugestoes: [],
    });
    catalogo.produtos = produtosVenda;
    catalogo.promocoes = this.lista(
      'produtoPromocao',
      promocoes,
      (l) => ({
        _id: l.id,
        tipoPromocao: sigla(l.tipo_promocao),
        valor: l.valor,
        produto: l.produto_id,
        ...janela(l),
        habilitado: true,
      }),
      (v) => promocaoSchema.parse(v),
    );
    catalogo.combos = this.lista(
      'produtoCombo',
      combos,
      (l) => ({
        _id: l.id,
        descricao: l.descricao,
        desconto: l.desconto,
        tipoDesconto: sigla(l.tipo_desconto),
        corPredominanteCombo: l.cor_predominante_combo ?? null,
        empresa: l.empresa_ids ?? [],
        agrupadores: l.agrupadores,
        ...janela(l),
        habilitado: true,
      }),
      (v) => comboSchema.parse(v),
    );
    catalogo.tabelasVenda = this.lista(
      'tabelaVenda',
      tabelas,
      (l) => ({
        _id: l.id,
        descricao: l.descricao,
        empresa: l.empresa_ids ?? [],
        tipoVenda: idsTipoVenda(l.tipo_venda),
        precos: decimaisComoTexto(l.precos),
      }),
      (v) => tabelaVendaSchema.parse(v),
    );
    catalogo.happyHours = this.lista(
      'periodoPorHora',
      happyHours,
      (l) => ({
        _id: l.id,
        descricao: l.descricao,
        tipo: l.tipo,
        percentual: l.percentual,
        produtos: l.produtos_ids ?? [],
        empresa: l.empresa_ids ?? [],
        ...janela(l),
        habilitado: true,
      }),
      (v) => happyHourSchema.parse(v),
    );
    catalogo.sugestoes = this.lista(
      'vendaSugestaoProduto',
      sugestoes,
      (l) => ({
        _id: l.id,
        produto: l.produto_id,
        tipo: l.tipo,
        modo: l.modo,
        valor: l.valor,
        habilitado: true,
      }),
      (v) => sugestaoProdutoSchema.parse(v),
    );

    const bruta = (empresa?.configuracoes ?? {}) as Record<string, unknown>;
    const entrada = { ...(decimaisComoTexto(bruta) as Record<string, unknown>), empresa: e };
    const parse = configuracaoVendaSchema.safeParse(entrada);
    if (!parse.success)
      this.log?.warn({ empresa: e, erro: parse.error.message }, 'configurações de venda inválidas');
    const configuracao = parse.success
      ? parse.data
      : configuracaoVendaSchema.parse({
          empresa: e,
          comboOrdemDesconto: typeof bruta.comboOrdemDesconto === 'string' ? bruta.comboOrdemDesconto : null,
        });

    const formasPagamento = new Map<string, FormaPagamentoVenda>();
    for (const f of this.lista(
      'formaPagamento',
      formas,
      (l) => ({
        _id: l.id,
        descricao: l.descricao,
        tipo: (l.tipo as { id?: unknown } | null)?.id,
        tipoTroco: (l.tipo_troco as { id?: unknown } | null)?.id,
      }),
      (v) => formaPagamentoVendaSchema.parse(v),
    )) {
      formasPagamento.set(f._id, f);
    }
    const terminaisLoja = new Map<string, TerminalLoja>();
    for (const t of terminais) {
      const caixa = (t.configuracoes as { caixa?: unknown } | null)?.caixa;
      terminaisLoja.set(t.id as string, {
        _id: t.id as string,
        descricao: t.descricao as string,
        caixa: typeof caixa === 'string' ? caixa : null,
      });
    }
    const gorjeta = [...produtosLoja.values()].find((p) => p.tipoProduto === 'Gorjeta' && p.ativo);
    return {
      empresaId: e,
      catalogo,
      gtins,
      // The store's Gorjeta product: the engine computes its lines as the service charge.
      configuracao: { ...configuracao, produtoServico: gorjeta?._id ?? null },
      produtos: produtosLoja,
      formasPagamento,
      terminais: terminaisLoja,
      gorjeta,
    };
  }
}
