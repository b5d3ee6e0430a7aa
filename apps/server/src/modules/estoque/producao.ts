import {
  type CriarProducao,
  custoUnitarioProduzido,
  escreverCentavos,
  escreverEstoque,
  type ItemProducao,
  type ListaProducao,
  lerEscalado,
  lerEstoque,
  MENSAGENS_PRODUCAO,
  type ProducaoDetalhe,
  type ProducaoResumo,
  type ProdutoComReceita,
  planoDeProducao,
  type ReceitaParaProducao,
  type StatusProducao,
  TIPO_MOVIMENTO_ESTOQUE,
  type TipoSolicitacaoProducao,
} from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, type Linha, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { linhasDaReceita } from '../estoque-cadastros/regras-cadastros.ts';
import { ORIGEM_PRODUCAO } from './custo-producao.ts';
import { type NovoMovimento, registrarMovimentos } from './livro.ts';

// Production orders (estoqueProducaoProdutos, issue 17): the central kitchen makes a product from its recipe.
// Problem: the ingredients that leave and the product that enters must be one fact — never the dough without
// the flour going out, never twice on a double click. Rule: finishing locks the order row and writes, in ONE
// transaction through the ledger, a 'producaoConsumo' exit of every ingredient (gross quantity, at the store's
// average) and one 'producaoEntrada' of the product whose unit cost is the value that left over the quantity
// that really came out, so value in = value out to the cent. A second finish waits on the row and answers the
// finished order. Failure case: where the store refuses negative stock the ledger refuses the whole finish,
// naming the ingredient; nothing is written. A reversal (estorno) writes the opposite of every move.

export { ORIGEM_PRODUCAO };

export interface Operador {
  grupo: string;
  usuario: string;
}

const qtd = (v: unknown) => escreverEstoque(lerEstoque(String(v ?? '0')));
const centavos = (v: unknown) => BigInt(lerEscalado(String(v ?? '0'), 2, 'arredondar'));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());
const textoOuNulo = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The store of an order (routes check the permission there). */
export async function empresaDaProducao(db: Db, grupo: string, id: string): Promise<string> {
  const [l] = await consultar(
    db,
    sql`select empresa_id from estoque_producao where grupo_empresarial_id = ${grupo} and id = ${id}`,
  );
  if (!l) throw new ErroNegocio(MENSAGENS_PRODUCAO.naoEncontrada);
  return String(l.empresa_id);
}

/** The store says it does not control the product: it never moves (as in the sale consumption). */
const naoControlado = (grupo: string, empresa: string, produto: SQL) =>
  sql`exists (select 1 from estoque_cadastro c where c.grupo_empresarial_id = ${grupo}
                 and c.empresa_id = ${empresa} and c.produto_geral_id = ${produto} and c.lixo = false
                 and c.controla_estoque = false)`;

const CABECALHO_SQL = sql`select o.id, o.empresa_id, coalesce(e.nome_fantasia, e.descricao) as loja, o.numero,
         o.produto_id, p.descricao as produto_descricao, un.sigla as unidade, o.index_receita, o.tipo_solicitacao,
         o.quantidade_solicitada::text as quantidade_solicitada, o.rendimento::text as rendimento,
         o.quantidade_prevista::text as quantidade_prevista, o.quantidade_produzida::text as quantidade_produzida,
         o.custo_total::text as custo_total, o.custo_unitario::text as custo_unitario, o.status, o.observacao,
         o.created_at, o.criado_por, u.nome as criado_por_nome, o.finalizado_em, o.cancelado_em, o.estornado_em,
         o.motivo
    from estoque_producao o
    join produto_geral p on p.id = o.produto_id and p.grupo_empresarial_id = o.grupo_empresarial_id
    left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
    left join empresa e on e.id = o.empresa_id and e.grupo_empresarial_id = o.grupo_empresarial_id
    left join usuario u on u.id = o.criado_por and u.grupo_empresarial_id = o.grupo_empresarial_id`;

function resumo(l: Linha): ProducaoResumo {
  return {
    _id: String(l.id),
    empresa: { _id: String(l.empresa_id), descricao: String(l.loja ?? '') },
    numero: Number(l.numero),
    produto: {
      _id: String(l.produto_id),
      descricao: String(l.produto_descricao ?? ''),
      unidade: textoOuNulo(l.unidade),
    },
    indexReceita: l.index_receita === null ? null : Number(l.index_receita),
    tipoSolicitacao: Number(l.tipo_solicitacao) as TipoSolicitacaoProducao,
    quantidadeSolicitada: qtd(l.quantidade_solicitada),
    rendimento: qtd(l.rendimento),
    quantidadePrevista: qtd(l.quantidade_prevista),
    quantidadeProduzida: l.quantidade_produzida === null ? null : qtd(l.quantidade_produzida),
    custoTotal: l.custo_total === null ? null : escreverCentavos(centavos(l.custo_total)),
    custoUnitario: l.custo_unitario === null ? null : qtd(l.custo_unitario),
    status: String(l.status) as StatusProducao,
    observacao: textoOuNulo(l.observacao),
    criadoEm: iso(l.created_at) ?? '',
    criadoPor: l.criado_por ? { _id: String(l.criado_por), nome: String(l.criado_por_nome ?? '') } : null,
    finalizadoEm: iso(l.finalizado_em),
    canceladoEm: iso(l.cancelado_em),
    estornadoEm: iso(l.estornado_em),
    motivo: textoOuNulo(l.motivo),
  };
}

interface FichaLida {
  id: string;
  indexReceita: number | null;
  descricao: string | null;
  rendimento: string | null;
  rendimentoKg: string | null;
  linhas: ReturnType<typeof linhasDaReceita>;
}

/** The product (in the group, not in the trash) and its padrão recipe, or number `indexReceita`. */
async function fichaDoProduto(
  db: Db,
  grupo: string,
  produto: string,
  indexReceita: number | undefined,
): Promise<{ descricao: string; ficha: FichaLida }> {
  const [p] = await consultar(
    db,
    sql`select descricao from produto_geral where grupo_empresarial_id = ${grupo} and id = ${produto} and lixo = false`,
  );
  if (!p) throw new ErroNegocio('Produto não encontrado!');
  const descricao = String(p.descricao ?? '');
  const [f] = await consultar(
    db,
    sql`select id, index_receita, descricao, rendimento::text as rendimento, rendimento_kg::text as rendimento_kg, itens
          from estoque_ficha_tecnica
         where grupo_empresarial_id = ${grupo} and produto_geral_id = ${produto} and lixo = false
           and ${indexReceita === undefined ? sql`padrao = true` : sql`index_receita = ${indexReceita}`}
         order by index_receita nulls last limit 1`,
  );
  if (!f) {
    throw new ErroNegocio(
      indexReceita === undefined
        ? MENSAGENS_PRODUCAO.semReceita(descricao)
        : MENSAGENS_PRODUCAO.semReceitaNumero(descricao, indexReceita),
    );
  }
  const linhas = linhasDaReceita(f.itens);
  if (!linhas.length) throw new ErroNegocio(MENSAGENS_PRODUCAO.receitaVazia(descricao));
  return {
    descricao,
    ficha: {
      id: String(f.id),
      indexReceita: f.index_receita === null ? null : Number(f.index_receita),
      descricao: textoOuNulo(f.descricao),
      rendimento: textoOuNulo(f.rendimento),
      rendimentoKg: textoOuNulo(f.rendimento_kg),
      linhas,
    },
  };
}

export class ServicoProducao {
  constructor(private readonly db: Db) {}

  /** Products of the group that have a recipe, by name or internal code. */
  async produtosComReceita(grupo: string, busca: string | undefined, limite: number) {
    const termo = busca?.trim() ? `%${busca.trim().toLowerCase()}%` : null;
    const linhas = await consultar(
      this.db,
      sql`select p.id, p.descricao, un.sigla as unidade,
                 jsonb_agg(jsonb_build_object('indexReceita', f.index_receita, 'descricao', f.descricao,
                                              'padrao', coalesce(f.padrao, false))
                           order by f.padrao desc, f.index_receita) as receitas
            from produto_geral p
            join estoque_ficha_tecnica f on f.produto_geral_id = p.id and f.grupo_empresarial_id = p.grupo_empresarial_id
                                        and f.lixo = false
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
           where p.grupo_empresarial_id = ${grupo} and p.lixo = false
             ${termo ? sql`and (lower(p.descricao) like ${termo} or p.codigo_interno::text = ${busca?.trim() ?? ''})` : sql``}
           group by p.id, p.descricao, un.sigla
           order by p.descricao
           limit ${limite}`,
    );
    return linhas.map(
      (l): ProdutoComReceita => ({
        _id: String(l.id),
        descricao: String(l.descricao ?? ''),
        unidade: textoOuNulo(l.unidade),
        receitas: (Array.isArray(l.receitas) ? (l.receitas as Linha[]) : []).map((r) => ({
          indexReceita:
            r.indexReceita === null || r.indexReceita === undefined ? null : Number(r.indexReceita),
          descricao: textoOuNulo(r.descricao),
          padrao: r.padrao === true,
        })),
      }),
    );
  }

  /** The recipe an order of `produto` would use in `empresa`, with each ingredient's average and balance there. */
  async receita(
    grupo: string,
    empresa: string,
    produto: string,
    indexReceita: number | undefined,
  ): Promise<ReceitaParaProducao> {
    const { ficha } = await fichaDoProduto(this.db, grupo, produto, indexReceita);
    const umaReceita = planoDeProducao({ rendimento: ficha.rendimento, itens: ficha.linhas }, 1, '1');
    const ids = [...new Set([produto, ...ficha.linhas.map((l) => l.produto)])];
    const linhas = await consultar(
      this.db,
      sql`select p.id, p.descricao, un.sigla as unidade, coalesce(s.quantidade, 0)::text as saldo,
                 coalesce(s.custo_medio, 0)::text as custo_medio, ${naoControlado(grupo, empresa, sql`p.id`)} as nao_controlado
            from produto_geral p
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
            left join estoque_saldo s on s.grupo_empresarial_id = p.grupo_empresarial_id and s.empresa_id = ${empresa}
                                     and s.produto_id = p.id
           where p.grupo_empresarial_id = ${grupo} and p.id = any(${textos(ids)})`,
    );
    const mapa = new Map(linhas.map((l) => [String(l.id), l]));
    const p = mapa.get(produto);
    return {
      produto: { _id: produto, descricao: String(p?.descricao ?? ''), unidade: textoOuNulo(p?.unidade) },
      receita: {
        _id: ficha.id,
        indexReceita: ficha.indexReceita,
        descricao: ficha.descricao,
        rendimento: umaReceita.rendimento,
        rendimentoKg: ficha.rendimentoKg,
      },
      itens: ficha.linhas.map((l) => {
        const i = mapa.get(l.produto);
        return {
          _id: l.produto,
          descricao: String(i?.descricao ?? ''),
          unidade: textoOuNulo(i?.unidade),
          quantidade: qtd(l.quantidade),
          fatorCorrecao: l.fatorCorrecao ?? null,
          custoMedio: qtd(i?.custo_medio),
          saldo: qtd(i?.saldo),
          controlaEstoque: i?.nao_controlado !== true,
        };
      }),
      saldoProduto: qtd(p?.saldo),
      custoMedioProduto: qtd(p?.custo_medio),
    };
  }

  async listar(
    grupo: string,
    empresas: readonly string[],
    filtro: { status?: StatusProducao; busca?: string; pagina: number; limite: number },
  ): Promise<ListaProducao> {
    const termo = filtro.busca?.trim() ? `%${filtro.busca.trim().toLowerCase()}%` : null;
    const numero = filtro.busca?.trim().match(/^\d{1,9}$/) ? Number(filtro.busca.trim()) : null;
    const onde = sql`o.grupo_empresarial_id = ${grupo} and o.empresa_id = any(${textos(empresas)})
      ${filtro.status ? sql`and o.status = ${filtro.status}` : sql``}
      ${termo ? sql`and (lower(p.descricao) like ${termo} ${numero === null ? sql`` : sql`or o.numero = ${numero}`})` : sql``}`;
    const [total] = await consultar(
      this.db,
      sql`select count(*)::int as n from estoque_producao o
            join produto_geral p on p.id = o.produto_id and p.grupo_empresarial_id = o.grupo_empresarial_id
           where ${onde}`,
    );
    const linhas = await consultar(
      this.db,
      sql`${CABECALHO_SQL} where ${onde}
           order by o.created_at desc, o.numero desc
           limit ${filtro.limite} offset ${(filtro.pagina - 1) * filtro.limite}`,
    );
    return { itens: linhas.map(resumo), total: Number(total?.n ?? 0) };
  }

  async obter(grupo: string, id: string, db: Db = this.db): Promise<ProducaoDetalhe> {
    const [l] = await consultar(
      db,
      sql`${CABECALHO_SQL} where o.grupo_empresarial_id = ${grupo} and o.id = ${id}`,
    );
    if (!l) throw new ErroNegocio(MENSAGENS_PRODUCAO.naoEncontrada);
    const itens = await consultar(
      db,
      sql`select i.produto_id, p.descricao, un.sigla as unidade, i.quantidade::text as quantidade,
                 i.fator_correcao::text as fator, i.quantidade_bruta::text as bruta,
                 m.custo_unitario::text as custo, m.valor::text as valor
            from estoque_producao_item i
            join produto_geral p on p.id = i.produto_id and p.grupo_empresarial_id = i.grupo_empresarial_id
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
            left join estoque_movimento m on m.id = i.movimento_id and m.grupo_empresarial_id = i.grupo_empresarial_id
           where i.grupo_empresarial_id = ${grupo} and i.producao_id = ${id}
           order by i.ordem`,
    );
    const movimentos = await consultar(
      db,
      sql`select id, produto_id, tipo, quantidade::text as quantidade, custo_unitario::text as custo,
                 valor::text as valor, estorno_de
            from estoque_movimento
           where grupo_empresarial_id = ${grupo} and origem_tipo = ${ORIGEM_PRODUCAO} and origem_id = ${id}
           order by seq`,
    );
    return {
      ...resumo(l),
      itens: itens.map(
        (i): ItemProducao => ({
          _id: String(i.produto_id),
          descricao: String(i.descricao ?? ''),
          unidade: textoOuNulo(i.unidade),
          quantidade: qtd(i.quantidade),
          fatorCorrecao: String(i.fator),
          quantidadeBruta: qtd(i.bruta),
          custoUnitario: i.custo === null ? null : qtd(i.custo),
          valor: i.valor === null ? null : escreverCentavos(-centavos(i.valor)),
        }),
      ),
      movimentos: movimentos.map((m) => ({
        _id: String(m.id),
        produto: String(m.produto_id),
        tipo: Number(m.tipo),
        quantidade: qtd(m.quantidade),
        custoUnitario: qtd(m.custo),
        valor: escreverCentavos(centavos(m.valor)),
        estornoDe: textoOuNulo(m.estorno_de),
      })),
    };
  }

  /** A request: the recipe's lines copied and scaled. Idempotent by the client's `_id`. */
  async criar(op: Operador, e: CriarProducao): Promise<ProducaoDetalhe> {
    return this.db.transaction(async (tx) => {
      await consultar(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`estoque-doc:${e._id}`}, 0))`);
      const [existe] = await consultar(
        tx,
        sql`select id from estoque_producao where grupo_empresarial_id = ${op.grupo} and id = ${e._id}`,
      );
      if (existe) return this.obter(op.grupo, e._id, tx);

      const { ficha } = await fichaDoProduto(tx, op.grupo, e.produto, e.indexReceita);
      const plano = planoDeProducao(
        { rendimento: ficha.rendimento, itens: ficha.linhas },
        e.tipoSolicitacao,
        e.quantidade,
      );
      if (
        lerEstoque(plano.quantidadePrevista) <= 0n ||
        plano.linhas.every((l) => lerEstoque(l.quantidadeBruta) === 0n)
      ) {
        throw new ErroNegocio(MENSAGENS_PRODUCAO.quantidadePequena);
      }
      // The store's order number, one at a time per store.
      await consultar(
        tx,
        sql`select pg_advisory_xact_lock(hashtextextended(${`estoque-producao-numero:${e.empresa}`}, 0))`,
      );
      const [n] = await consultar(
        tx,
        sql`select coalesce(max(numero), 0) + 1 as numero from estoque_producao
             where grupo_empresarial_id = ${op.grupo} and empresa_id = ${e.empresa}`,
      );
      await consultar(
        tx,
        sql`insert into estoque_producao (id, grupo_empresarial_id, empresa_id, numero, produto_id, ficha_tecnica_id,
              index_receita, tipo_solicitacao, quantidade_solicitada, rendimento, quantidade_prevista, status,
              observacao, criado_por)
            values (${e._id}, ${op.grupo}, ${e.empresa}, ${Number(n?.numero ?? 1)}, ${e.produto}, ${ficha.id},
              ${ficha.indexReceita}, ${e.tipoSolicitacao}, ${e.quantidade}::numeric, ${plano.rendimento}::numeric,
              ${plano.quantidadePrevista}::numeric, 'solicitada', ${e.observacao?.trim() || null}, ${op.usuario})`,
      );
      const col = <T>(f: (l: (typeof plano.linhas)[number], i: number) => T) => plano.linhas.map(f);
      await consultar(
        tx,
        sql`insert into estoque_producao_item (grupo_empresarial_id, producao_id, ordem, produto_id, quantidade,
              fator_correcao, quantidade_bruta)
            select ${op.grupo}, ${e._id}, ordem::int, produto, quantidade::numeric, fator::numeric, bruta::numeric
              from unnest(${textos(col((_l, i) => String(i + 1)))}, ${textos(col((l) => l.produto))},
                          ${textos(col((l) => l.quantidade))}, ${textos(col((l) => l.fatorCorrecao))},
                          ${textos(col((l) => l.quantidadeBruta))}) as x(ordem, produto, quantidade, fator, bruta)`,
      );
      return this.obter(op.grupo, e._id, tx);
    });
  }

  /** Locks the order row for the rest of the transaction: one finish, cancel or reversal at a time. */
  private async travar(tx: Db, grupo: string, id: string) {
    const [l] = await consultar(
      tx,
      sql`select id, empresa_id, produto_id, numero, status, quantidade_prevista::text as prevista
            from estoque_producao where grupo_empresarial_id = ${grupo} and id = ${id} for update`,
    );
    if (!l) throw new ErroNegocio(MENSAGENS_PRODUCAO.naoEncontrada);
    return l;
  }

  /**
   * solicitada -> finalizada: consumption of every ingredient and the output of the product, in one
   * transaction. `quantidadeProduzida` (what really came out) spreads the cost; absent = the expected one.
   * A finished order answers itself (a second click, or a finish that waited for the first).
   */
  async finalizar(
    op: Operador,
    id: string,
    quantidadeProduzida: string | undefined,
    agora: Date,
  ): Promise<ProducaoDetalhe> {
    return this.db.transaction(async (tx) => {
      const o = await this.travar(tx, op.grupo, id);
      const status = String(o.status) as StatusProducao;
      if (status === 'finalizada') return this.obter(op.grupo, id, tx);
      if (status === 'cancelada') throw new ErroNegocio(MENSAGENS_PRODUCAO.canceladaNaoFinaliza);
      if (status === 'estornada') throw new ErroNegocio(MENSAGENS_PRODUCAO.estornadaNaoFinaliza);
      const empresa = String(o.empresa_id);
      const produzida = lerEstoque(quantidadeProduzida ?? String(o.prevista));
      const itens = await consultar(
        tx,
        sql`select i.ordem, i.produto_id, i.quantidade_bruta::text as bruta
              from estoque_producao_item i
             where i.grupo_empresarial_id = ${op.grupo} and i.producao_id = ${id}
               and not ${naoControlado(op.grupo, empresa, sql`i.produto_id`)}
             order by i.ordem`,
      );
      const data = agora.toISOString();
      const comum = {
        empresa,
        data,
        origemTipo: ORIGEM_PRODUCAO,
        origemId: id,
        documento: `Produção nº ${String(o.numero)}`,
        usuario: op.usuario,
      };
      const consumo = itens
        .map((i) => ({
          ordem: Number(i.ordem),
          produto: String(i.produto_id),
          q: lerEstoque(String(i.bruta)),
        }))
        .filter((i) => i.q > 0n);
      const saidas = await registrarMovimentos(
        tx,
        op.grupo,
        consumo.map(
          (i): NovoMovimento => ({
            ...comum,
            produto: i.produto,
            tipo: TIPO_MOVIMENTO_ESTOQUE.producaoConsumo,
            quantidade: -i.q,
          }),
        ),
        { agora },
      );
      // Value that left (cents, each exit as the ledger valued it) = value that enters.
      const valor = saidas.reduce((s, m) => s - centavos(m.valor), 0n);
      const custo = custoUnitarioProduzido(valor, produzida);
      await registrarMovimentos(
        tx,
        op.grupo,
        [
          {
            ...comum,
            produto: String(o.produto_id),
            tipo: TIPO_MOVIMENTO_ESTOQUE.producaoEntrada,
            quantidade: produzida,
            custoUnitario: custo,
          },
        ],
        { agora },
      );
      if (saidas.length) {
        await consultar(
          tx,
          sql`update estoque_producao_item i set movimento_id = x.movimento
                from unnest(${textos(consumo.map((c) => String(c.ordem)))}, ${textos(saidas.map((s) => s._id))})
                  as x(ordem, movimento)
               where i.grupo_empresarial_id = ${op.grupo} and i.producao_id = ${id} and i.ordem = x.ordem::int`,
        );
      }
      await consultar(
        tx,
        sql`update estoque_producao set status = 'finalizada', quantidade_produzida = ${escreverEstoque(produzida)}::numeric,
                   custo_total = ${escreverCentavos(valor)}::numeric, custo_unitario = ${escreverEstoque(custo)}::numeric,
                   finalizado_por = ${op.usuario}, finalizado_em = ${data}::timestamptz, updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }

  /** solicitada -> cancelada (nothing moved yet). A cancelled order answers itself. */
  async cancelar(op: Operador, id: string, motivo: string): Promise<ProducaoDetalhe> {
    return this.db.transaction(async (tx) => {
      const o = await this.travar(tx, op.grupo, id);
      const status = String(o.status) as StatusProducao;
      if (status === 'cancelada') return this.obter(op.grupo, id, tx);
      if (status === 'finalizada') throw new ErroNegocio(MENSAGENS_PRODUCAO.finalizadaNaoCancela);
      if (status === 'estornada') throw new ErroNegocio(MENSAGENS_PRODUCAO.estornadaNaoCancela);
      await consultar(
        tx,
        sql`update estoque_producao set status = 'cancelada', cancelado_por = ${op.usuario}, cancelado_em = now(),
                   motivo = ${motivo.trim()}, updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }

  /**
   * finalizada -> estornada: the product leaves at the cost it entered, each ingredient comes back at the cost
   * it left, so every value is undone exactly. Refused (nothing written) where the store refuses negative
   * stock and the product was already used. A reversed order answers itself.
   */
  async estornar(op: Operador, id: string, motivo: string, agora: Date): Promise<ProducaoDetalhe> {
    return this.db.transaction(async (tx) => {
      const o = await this.travar(tx, op.grupo, id);
      const status = String(o.status) as StatusProducao;
      if (status === 'estornada') return this.obter(op.grupo, id, tx);
      if (status !== 'finalizada') throw new ErroNegocio(MENSAGENS_PRODUCAO.soFinalizadaEstorna);
      const movimentos = await consultar(
        tx,
        sql`select id, empresa_id, produto_id, tipo, quantidade::text as quantidade, custo_unitario::text as custo
              from estoque_movimento
             where grupo_empresarial_id = ${op.grupo} and origem_tipo = ${ORIGEM_PRODUCAO} and origem_id = ${id}
               and estorno_de is null
             order by (tipo = ${TIPO_MOVIMENTO_ESTOQUE.producaoEntrada}) desc, seq`,
      );
      const data = agora.toISOString();
      await registrarMovimentos(
        tx,
        op.grupo,
        movimentos.map(
          (m): NovoMovimento => ({
            empresa: String(m.empresa_id),
            produto: String(m.produto_id),
            data,
            tipo: TIPO_MOVIMENTO_ESTOQUE.estorno,
            quantidade: -lerEstoque(String(m.quantidade)),
            custoUnitario: lerEstoque(String(m.custo)),
            origemTipo: ORIGEM_PRODUCAO,
            origemId: id,
            estornoDe: String(m.id),
            motivo: motivo.trim(),
            documento: `Produção nº ${String(o.numero)}`,
            usuario: op.usuario,
          }),
        ),
        { agora },
      );
      await consultar(
        tx,
        sql`update estoque_producao set status = 'estornada', estornado_por = ${op.usuario},
                   estornado_em = ${data}::timestamptz, motivo = ${motivo.trim()}, updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }
}
