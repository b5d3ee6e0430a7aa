import {
  type CriarInventario,
  calcularDiferencas,
  DESCRICAO_STATUS_INVENTARIO,
  type DiferencaInventario,
  diaBrasileiro,
  diaDoEstoque,
  escreverCentavos,
  escreverEstoque,
  type FiltroInventario,
  type InventarioResumo,
  type ItemInventario,
  type LinhaParaDiferenca,
  type LinhaRelatorioInventario,
  lerArquivoContagem,
  lerEscalado,
  lerEstoque,
  ORIGEM_INVENTARIO,
  type RevisaoInventario,
  recusaDoStatus,
  STATUS_INVENTARIO,
  type StatusInventario,
  TIPO_MOVIMENTO_ESTOQUE,
  type TratamentoNaoContados,
} from '@retaguarda/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, type Linha, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { datasFechadas, type NovoMovimento, registrarMovimentos } from './livro.ts';

// Stock count (estoqueInventario, issue 17). A count belongs to one store and one instant `data` (when the
// shelf was counted). Creating it takes a snapshot of each product's balance and average at `data`; counters
// type or import quantities; the review values the differences; posting writes one 'ajusteInventario' move per
// difference through the ledger, dated at `data`, in one transaction, once.
//
// The difference is computed at posting against the ledger's balance AT `data` as it is then — not against the
// snapshot: a sale synced late, an NF-e typed the next morning or a back-dated exit written after the count
// was created but dated before it is part of what the counters saw missing or present on the shelf. Posting
// also waits while sales ended before `data` are still in the consumption outbox. Moves dated after `data` stay
// after the adjustment; the ledger recomputes their running balance. See docs/decisions/0016-inventario.md.

export interface Operador {
  grupo: string;
  usuario: string;
}

const quantidade = (v: unknown) => escreverEstoque(lerEstoque(String(v)));
const centavos = (v: unknown) => BigInt(lerEscalado(String(v ?? '0'), 2, 'arredondar'));
const dinheiro = (v: unknown) => escreverCentavos(centavos(v));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());
const pessoa = (idUsuario: unknown, nome: unknown) =>
  idUsuario ? { _id: String(idUsuario), nome: String(nome ?? '') } : null;

/**
 * Balance and average of the product in column `produto` in store `empresa` at instant `data`: the cached
 * balance when no move of the pair is dated after `data` (the usual case), else the running figures of the
 * pair's last move dated at or before it. Aliases `s` and `m`.
 */
function posicaoNaData(grupo: string, empresa: string, data: string, produto: SQL) {
  const cache = sql`(s.ultima_data is null or s.ultima_data <= ${data}::timestamptz)`;
  return {
    juncoes: sql`left join estoque_saldo s on s.grupo_empresarial_id = ${grupo} and s.empresa_id = ${empresa}
                   and s.produto_id = ${produto}
                 left join lateral (
                   select mm.saldo_apos, mm.custo_medio_apos from estoque_movimento mm
                    where s.ultima_data > ${data}::timestamptz and mm.grupo_empresarial_id = ${grupo}
                      and mm.empresa_id = ${empresa} and mm.produto_id = ${produto} and mm.data <= ${data}::timestamptz
                    order by mm.data desc, mm.seq desc limit 1) m on true`,
    saldo: sql`coalesce(case when ${cache} then s.quantidade else m.saldo_apos end, 0)`,
    custo: sql`coalesce(case when ${cache} then s.custo_medio else m.custo_medio_apos end, 0)`,
  };
}

const CABECALHO_SQL = sql`
  select i.id, i.empresa_id, coalesce(e.nome_fantasia, e.descricao) as loja, i.numero, i.descricao, i.data, i.status,
         i.cega, i.filtro, i.observacao, i.valor_sobra::text as valor_sobra, i.valor_falta::text as valor_falta,
         i.created_at, i.conferido_em, i.efetivado_em, i.cancelado_em, i.motivo_cancelamento,
         i.criado_por, uc.nome as criado_nome, i.conferido_por, uf.nome as conferido_nome,
         i.efetivado_por, ue.nome as efetivado_nome, i.cancelado_por, ux.nome as cancelado_nome,
         i.estornado_por, us.nome as estornado_nome, i.estornado_em, i.motivo_estorno,
         (select count(*)::int from estoque_inventario_item t
           where t.grupo_empresarial_id = i.grupo_empresarial_id and t.inventario_id = i.id) as itens,
         (select count(t.quantidade)::int from estoque_inventario_item t
           where t.grupo_empresarial_id = i.grupo_empresarial_id and t.inventario_id = i.id) as contados
    from estoque_inventario i
    join empresa e on e.id = i.empresa_id and e.grupo_empresarial_id = i.grupo_empresarial_id
    left join usuario uc on uc.id = i.criado_por and uc.grupo_empresarial_id = i.grupo_empresarial_id
    left join usuario uf on uf.id = i.conferido_por and uf.grupo_empresarial_id = i.grupo_empresarial_id
    left join usuario ue on ue.id = i.efetivado_por and ue.grupo_empresarial_id = i.grupo_empresarial_id
    left join usuario ux on ux.id = i.cancelado_por and ux.grupo_empresarial_id = i.grupo_empresarial_id
    left join usuario us on us.id = i.estornado_por and us.grupo_empresarial_id = i.grupo_empresarial_id`;

function resumo(l: Linha): InventarioResumo {
  const filtro = (l.filtro ?? {}) as Partial<FiltroInventario>;
  return {
    _id: String(l.id),
    numero: Number(l.numero),
    empresa: { _id: String(l.empresa_id), descricao: String(l.loja ?? '') },
    descricao: l.descricao === null ? null : String(l.descricao),
    data: iso(l.data)!,
    status: String(l.status) as StatusInventario,
    cega: Boolean(l.cega),
    filtro: {
      agrupadores: filtro.agrupadores ?? [],
      localizacoes: filtro.localizacoes ?? [],
      somenteComSaldo: filtro.somenteComSaldo ?? false,
      produtos: filtro.produtos ?? 'controlados',
    },
    observacao: l.observacao === null ? null : String(l.observacao),
    itens: Number(l.itens ?? 0),
    contados: Number(l.contados ?? 0),
    valorSobra: l.valor_sobra === null ? null : dinheiro(l.valor_sobra),
    valorFalta: l.valor_falta === null ? null : dinheiro(l.valor_falta),
    criadoPor: pessoa(l.criado_por, l.criado_nome),
    createdAt: iso(l.created_at)!,
    conferidoPor: pessoa(l.conferido_por, l.conferido_nome),
    conferidoEm: iso(l.conferido_em),
    efetivadoPor: pessoa(l.efetivado_por, l.efetivado_nome),
    efetivadoEm: iso(l.efetivado_em),
    canceladoPor: pessoa(l.cancelado_por, l.cancelado_nome),
    canceladoEm: iso(l.cancelado_em),
    motivoCancelamento: l.motivo_cancelamento === null ? null : String(l.motivo_cancelamento),
    estornadoPor: pessoa(l.estornado_por, l.estornado_nome),
    estornadoEm: iso(l.estornado_em),
    motivoEstorno: l.motivo_estorno === null ? null : String(l.motivo_estorno),
  };
}

const produtoDaLinha = (l: Linha): ItemInventario['produto'] => ({
  _id: String(l.produto_id),
  descricao: String(l.produto_descricao ?? ''),
  codigoInterno: l.codigo_interno === null ? null : Number(l.codigo_interno),
  gtin: l.gtin === null ? null : String(l.gtin),
  unidade: l.unidade === null ? null : String(l.unidade),
});

const PRODUTO_SQL = sql`p.descricao as produto_descricao, p.codigo_interno, p.gtin, un.sigla as unidade`;
const JUNCAO_PRODUTO = sql`join produto_geral p on p.id = i.produto_id and p.grupo_empresarial_id = i.grupo_empresarial_id
  left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id`;

/** The store of a count (routes check the user's permission in it); refuses an unknown id. */
export async function empresaDoInventario(db: Db, grupo: string, id: string): Promise<string> {
  const [l] = await consultar(
    db,
    sql`select empresa_id from estoque_inventario where grupo_empresarial_id = ${grupo} and id = ${id}`,
  );
  if (!l) throw new ErroNegocio('Inventário não encontrado!');
  return String(l.empresa_id);
}

export class ServicoInventario {
  constructor(private readonly db: Db) {}

  async obter(grupo: string, id: string, db: Db = this.db): Promise<InventarioResumo> {
    const [l] = await consultar(
      db,
      sql`${CABECALHO_SQL} where i.grupo_empresarial_id = ${grupo} and i.id = ${id}`,
    );
    if (!l) throw new ErroNegocio('Inventário não encontrado!');
    return resumo(l);
  }

  async listar(
    grupo: string,
    empresas: readonly string[],
    filtro: { status?: StatusInventario; pagina: number; limite: number },
  ): Promise<{ itens: InventarioResumo[]; total: number }> {
    const onde = sql`i.grupo_empresarial_id = ${grupo} and i.empresa_id = any(${textos(empresas)})
      ${filtro.status ? sql`and i.status = ${filtro.status}` : sql``}`;
    const [total] = await consultar(
      this.db,
      sql`select count(*)::int as n from estoque_inventario i where ${onde}`,
    );
    const linhas = await consultar(
      this.db,
      sql`${CABECALHO_SQL} where ${onde} order by i.data desc, i.numero desc
           limit ${filtro.limite} offset ${(filtro.pagina - 1) * filtro.limite}`,
    );
    return { itens: linhas.map(resumo), total: Number(total?.n ?? 0) };
  }

  /**
   * Creates a count from its filter, with the snapshot of each product at the count's date. Idempotent by the
   * client's `_id`: a second send answers the count the first one created.
   */
  async criar(op: Operador, e: CriarInventario, agora: Date): Promise<InventarioResumo> {
    return this.db.transaction(async (tx) => {
      await consultar(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`estoque-doc:${e._id}`}, 0))`);
      const [existe] = await consultar(
        tx,
        sql`select id from estoque_inventario where grupo_empresarial_id = ${op.grupo} and id = ${e._id}`,
      );
      if (existe) return this.obter(op.grupo, e._id, tx);

      const data = e.data ?? agora.toISOString();
      if (Date.parse(data) > agora.getTime() + 5 * 60_000) {
        throw new ErroNegocio(
          'A data do inventário não pode ser futura: informe quando a contagem foi feita.',
        );
      }
      await recusarPeriodoFechado(tx, op.grupo, e.empresa, data);
      const filtro = e.filtro;
      if (filtro.agrupadores.length) {
        const achados = await consultar(
          tx,
          sql`select id from agrupador where grupo_empresarial_id = ${op.grupo} and lixo = false
               and id = any(${textos(filtro.agrupadores)})`,
        );
        if (achados.length !== new Set(filtro.agrupadores).size) {
          throw new ErroNegocio('Agrupador não encontrado! Recarregue a lista de grupos e categorias.');
        }
      }

      // The store's count number, one at a time per store.
      await consultar(
        tx,
        sql`select pg_advisory_xact_lock(hashtextextended(${`estoque-inventario-numero:${e.empresa}`}, 0))`,
      );
      const [n] = await consultar(
        tx,
        sql`select coalesce(max(numero), 0) + 1 as numero from estoque_inventario
             where grupo_empresarial_id = ${op.grupo} and empresa_id = ${e.empresa}`,
      );
      await consultar(
        tx,
        sql`insert into estoque_inventario (id, grupo_empresarial_id, empresa_id, numero, descricao, data, status, cega,
                                            filtro, observacao, criado_por)
            values (${e._id}, ${op.grupo}, ${e.empresa}, ${Number(n?.numero ?? 1)}, ${e.descricao?.trim() || null},
                    ${data}::timestamptz, 'aberto', ${e.cega}, ${JSON.stringify(filtro)}::jsonb,
                    ${e.observacao?.trim() || null}, ${op.usuario})`,
      );

      // Products of the filter. "Controlled" in the store: its estoqueCadastro says so, or it has none there
      // but has stock history in the store; a product the store marks not controlled is never counted.
      const pos = posicaoNaData(op.grupo, e.empresa, data, sql`x.id`);
      const agrupadores = filtro.agrupadores.length
        ? sql`and (p.categorias_ids && (select array_agg(id) from ag) or p.familias_ids && (select array_agg(id) from ag))`
        : sql``;
      const localizacoes = filtro.localizacoes.length
        ? sql`and c.localizacao = any(${textos(filtro.localizacoes.map((l) => l.trim()))})`
        : sql``;
      const escopo =
        filtro.produtos === 'todos'
          ? sql`and (coalesce(p.ativo, true) or s0.produto_id is not null)`
          : sql`and (c.controla_estoque is true or s0.produto_id is not null)`;
      const [inseridos] = await consultar(
        tx,
        sql`with recursive ag(id) as (
              select unnest(${textos(filtro.agrupadores)})
              union
              select a.id from agrupador a join ag on a.agrupador_pai_id = ag.id
               where a.grupo_empresarial_id = ${op.grupo} and a.lixo = false),
            x as (
              select p.id, nullif(trim(c.localizacao), '') as localizacao, p.descricao
                from produto_geral p
                left join estoque_cadastro c on c.grupo_empresarial_id = ${op.grupo} and c.empresa_id = ${e.empresa}
                                            and c.produto_geral_id = p.id and c.lixo = false
                left join estoque_saldo s0 on s0.grupo_empresarial_id = ${op.grupo} and s0.empresa_id = ${e.empresa}
                                          and s0.produto_id = p.id
               where p.grupo_empresarial_id = ${op.grupo} and p.lixo = false
                 and coalesce(c.controla_estoque, true) ${escopo} ${agrupadores} ${localizacoes}),
            y as (
              select x.id, x.localizacao, x.descricao, ${pos.saldo} as saldo, ${pos.custo} as custo
                from x ${pos.juncoes}),
            novos as (
              insert into estoque_inventario_item (grupo_empresarial_id, inventario_id, produto_id, ordem, localizacao,
                                                   saldo_sistema, custo_medio)
              select ${op.grupo}, ${e._id}, y.id,
                     row_number() over (order by y.localizacao nulls last, y.descricao, y.id), y.localizacao, y.saldo, y.custo
                from y ${filtro.somenteComSaldo ? sql`where y.saldo <> 0` : sql``}
              returning 1)
            select count(*)::int as n from novos`,
      );
      if (!Number(inseridos?.n ?? 0)) {
        throw new ErroNegocio(
          filtro.produtos === 'todos'
            ? 'Nenhum produto encontrado para este filtro.'
            : 'Nenhum produto controlado encontrado para este filtro. Para o primeiro inventário da loja, escolha "Todos os produtos".',
        );
      }
      return this.obter(op.grupo, e._id, tx);
    });
  }

  /** What the new-count form offers: the group's categories and families, the store's shelf locations. */
  async opcoesFiltro(grupo: string, empresa: string) {
    const agrupadores = await consultar(
      this.db,
      sql`select a.id, a.descricao, a.tipo, pai.descricao as pai from agrupador a
            left join agrupador pai on pai.id = a.agrupador_pai_id and pai.grupo_empresarial_id = a.grupo_empresarial_id
           where a.grupo_empresarial_id = ${grupo} and a.lixo = false
           order by a.tipo, coalesce(pai.descricao, a.descricao), a.agrupador_pai_id nulls first, a.descricao`,
    );
    const locais = await consultar(
      this.db,
      sql`select distinct trim(localizacao) as localizacao from estoque_cadastro
           where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and lixo = false
             and coalesce(trim(localizacao), '') <> ''
           order by 1`,
    );
    return {
      agrupadores: agrupadores.map((a) => ({
        _id: String(a.id),
        descricao: a.pai ? `${String(a.pai)} › ${String(a.descricao)}` : String(a.descricao ?? ''),
        tipo: String(a.tipo ?? ''),
      })),
      localizacoes: locais.map((l) => String(l.localizacao)),
    };
  }

  /** The count sheet: every line in sheet order. A blind count never carries the system quantity. */
  async itens(grupo: string, id: string): Promise<{ inventario: InventarioResumo; itens: ItemInventario[] }> {
    const inventario = await this.obter(grupo, id);
    const linhas = await consultar(
      this.db,
      sql`select i.produto_id, i.localizacao, i.quantidade::text as quantidade, i.contado_em,
                 i.saldo_sistema::text as saldo_sistema, ${PRODUTO_SQL}
            from estoque_inventario_item i ${JUNCAO_PRODUTO}
           where i.grupo_empresarial_id = ${grupo} and i.inventario_id = ${id}
           order by i.ordem, i.produto_id`,
    );
    return {
      inventario,
      itens: linhas.map((l) => ({
        produto: produtoDaLinha(l),
        localizacao: l.localizacao === null ? null : String(l.localizacao),
        quantidade: l.quantidade === null ? null : quantidade(l.quantidade),
        contadoEm: iso(l.contado_em),
        ...(inventario.cega ? {} : { saldoSistema: quantidade(l.saldo_sistema) }),
      })),
    };
  }

  /** Typed quantities (replace, or add to what was counted); a product not on the sheet joins it. */
  async contar(
    op: Operador,
    id: string,
    itens: readonly { produto: string; quantidade: string | null }[],
    somar: boolean,
  ) {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      recusar('contar', cab.status);
      const porProduto = new Map<string, bigint | null>();
      for (const i of itens) {
        const q = i.quantidade === null ? null : lerEstoque(i.quantidade);
        const antes = porProduto.get(i.produto);
        // The same product twice in one send: its quantities add up (two shelves typed one after the other).
        porProduto.set(i.produto, q === null ? null : antes === undefined || antes === null ? q : antes + q);
      }
      await exigirProdutosContaveis(tx, op.grupo, cab.empresa, [...porProduto.keys()]);
      return this.gravarContagem(tx, op, cab, porProduto, somar);
    });
  }

  /**
   * A collector or spreadsheet file (code;quantity). Any bad line or unknown code refuses the whole file,
   * listing every such line with its number; nothing is imported.
   */
  async importar(op: Operador, id: string, conteudo: string, somar: boolean) {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      recusar('contar', cab.status);
      const { linhas, erros } = lerArquivoContagem(conteudo);
      const codigos = [...new Set(linhas.map((l) => l.codigo))];
      const inteiros = codigos
        .filter((c) => /^\d{1,9}$/.test(c) && Number(c) > 0)
        .map((c) => String(Number(c)));
      const achados = codigos.length
        ? await consultar(
            tx,
            sql`select p.id, p.descricao, p.gtin, p.codigo_interno::text as codigo_interno,
                       c.controla_estoque is false as nao_controla
                  from produto_geral p
                  left join estoque_cadastro c on c.grupo_empresarial_id = p.grupo_empresarial_id
                       and c.empresa_id = ${cab.empresa} and c.produto_geral_id = p.id and c.lixo = false
                 where p.grupo_empresarial_id = ${op.grupo} and p.lixo = false
                   and (p.gtin = any(${textos(codigos)})
                        or p.codigo_interno = any(${sql`${`{${inteiros.join(',')}}`}::int[]`}))`,
          )
        : [];
      const candidatos = new Map<string, Linha[]>();
      for (const c of codigos) {
        const inteiro = /^\d{1,9}$/.test(c) ? String(Number(c)) : null;
        candidatos.set(
          c,
          achados.filter((a) => a.gtin === c || (inteiro !== null && a.codigo_interno === inteiro)),
        );
      }
      const porProduto = new Map<string, bigint>();
      for (const l of linhas) {
        const lista = candidatos.get(l.codigo) ?? [];
        if (!lista.length) {
          erros.push({
            linha: l.linha,
            codigo: l.codigo,
            mensagem: 'Produto não encontrado com este código.',
          });
        } else if (lista.length > 1) {
          erros.push({
            linha: l.linha,
            codigo: l.codigo,
            mensagem: `Código de mais de um produto: ${lista.map((p) => String(p.descricao)).join(', ')}.`,
          });
        } else if (lista[0]!.nao_controla) {
          erros.push({
            linha: l.linha,
            codigo: l.codigo,
            mensagem: `${String(lista[0]!.descricao)} não controla estoque nesta loja (Cadastro de Estoque).`,
          });
        } else {
          const p = String(lista[0]!.id);
          porProduto.set(p, (porProduto.get(p) ?? 0n) + l.quantidade);
        }
      }
      if (erros.length) {
        erros.sort((a, b) => a.linha - b.linha);
        throw new ErroNegocio(
          `O arquivo tem ${erros.length} ${erros.length === 1 ? 'linha' : 'linhas'} com erro: nada foi importado. Corrija e importe de novo.`,
          { erros: erros.slice(0, 1000), totalErros: erros.length },
        );
      }
      const r = await this.gravarContagem(tx, op, cab, porProduto, somar);
      return { ...r, linhasArquivo: linhas.length };
    });
  }

  private async gravarContagem(
    tx: Db,
    op: Operador,
    cab: Cabecalho,
    porProduto: ReadonlyMap<string, bigint | null>,
    somar: boolean,
  ) {
    const produtos = [...porProduto.keys()];
    // Products not on the sheet yet join it at the end, with their snapshot at the count's date.
    const pos = posicaoNaData(op.grupo, cab.empresa, cab.data, sql`x.p`);
    const [novos] = await consultar(
      tx,
      sql`with x as (
            select u.p from unnest(${textos(produtos)}) as u(p)
             where not exists (select 1 from estoque_inventario_item t where t.grupo_empresarial_id = ${op.grupo}
                                 and t.inventario_id = ${cab.id} and t.produto_id = u.p)),
          ins as (
            insert into estoque_inventario_item (grupo_empresarial_id, inventario_id, produto_id, ordem, localizacao,
                                                 saldo_sistema, custo_medio)
            select ${op.grupo}, ${cab.id}, x.p,
                   (select coalesce(max(ordem), 0) from estoque_inventario_item t
                     where t.grupo_empresarial_id = ${op.grupo} and t.inventario_id = ${cab.id})
                   + row_number() over (order by x.p),
                   (select nullif(trim(c.localizacao), '') from estoque_cadastro c
                     where c.grupo_empresarial_id = ${op.grupo} and c.empresa_id = ${cab.empresa}
                       and c.produto_geral_id = x.p and c.lixo = false limit 1),
                   ${pos.saldo}, ${pos.custo}
              from x ${pos.juncoes}
            returning 1)
          select count(*)::int as n from ins`,
    );
    const q = produtos.map((p) => {
      const v = porProduto.get(p);
      return v === null || v === undefined ? null : escreverEstoque(v);
    });
    await consultar(
      tx,
      sql`update estoque_inventario_item t
             set quantidade = case when x.q is null then null
                                   when ${somar} then coalesce(t.quantidade, 0) + x.q::numeric
                                   else x.q::numeric end,
                 contado_por = case when x.q is null then null else ${op.usuario} end,
                 contado_em = case when x.q is null then null else now() end
            from unnest(${textos(produtos)}, ${textos(q)}) as x(p, q)
           where t.grupo_empresarial_id = ${op.grupo} and t.inventario_id = ${cab.id} and t.produto_id = x.p`,
    );
    const [estado] = await consultar(
      tx,
      sql`update estoque_inventario i
             set status = case when exists (select 1 from estoque_inventario_item t
                                             where t.grupo_empresarial_id = i.grupo_empresarial_id
                                               and t.inventario_id = i.id and t.quantidade is not null)
                               then 'emContagem' else 'aberto' end,
                 updated_at = now()
           where i.grupo_empresarial_id = ${op.grupo} and i.id = ${cab.id}
       returning status`,
    );
    return {
      status: String(estado?.status) as StatusInventario,
      produtos: produtos.length,
      adicionados: Number(novos?.n ?? 0),
    };
  }

  /**
   * The differences at the count's date, sorted by absolute value, with the totals. Before posting they are
   * computed now from the ledger (and may change until posted); once posted they are what was posted.
   */
  async revisao(
    grupo: string,
    id: string,
    naoContados: TratamentoNaoContados = 'ignorar',
  ): Promise<RevisaoInventario> {
    const inventario = await this.obter(grupo, id);
    const [tardios] = await consultar(
      this.db,
      sql`select count(*)::int as n from estoque_movimento m
           where m.grupo_empresarial_id = ${grupo} and m.empresa_id = ${inventario.empresa._id}
             and m.data <= ${inventario.data}::timestamptz and m.created_at > ${inventario.createdAt}::timestamptz
             and (m.origem_tipo <> ${ORIGEM_INVENTARIO} or m.origem_id is distinct from ${id})
             and exists (select 1 from estoque_inventario_item t where t.grupo_empresarial_id = ${grupo}
                           and t.inventario_id = ${id} and t.produto_id = m.produto_id)`,
    );
    const movimentosDepoisDoInstantaneo = Number(tardios?.n ?? 0);
    if (inventario.status === 'efetivado' || inventario.status === 'estornado') {
      const linhas = await consultar(
        this.db,
        sql`select i.produto_id, i.localizacao, i.quantidade::text as contada, i.saldo_efetivado::text as saldo,
                   i.diferenca::text as diferenca, i.custo_ajuste::text as custo, i.valor_diferenca::text as valor,
                   i.movimento_id, coalesce(mv.custo_informado, false) as custo_informado, ${PRODUTO_SQL}
              from estoque_inventario_item i ${JUNCAO_PRODUTO}
              left join estoque_movimento mv on mv.grupo_empresarial_id = i.grupo_empresarial_id and mv.id = i.movimento_id
             where i.grupo_empresarial_id = ${grupo} and i.inventario_id = ${id} and i.diferenca <> 0
             order by abs(i.valor_diferenca) desc, abs(i.diferenca) desc, i.produto_id`,
      );
      const diferencas = linhas.map(
        (l): DiferencaInventario => ({
          produto: produtoDaLinha(l),
          localizacao: l.localizacao === null ? null : String(l.localizacao),
          contada: quantidade(l.contada),
          saldo: quantidade(l.saldo),
          diferenca: quantidade(l.diferenca),
          custo: quantidade(l.custo),
          custoInformado: Boolean(l.custo_informado),
          valor: dinheiro(l.valor),
          movimento: l.movimento_id === null ? null : String(l.movimento_id),
        }),
      );
      const [c] = await consultar(
        this.db,
        sql`select count(*) filter (where quantidade is null)::int as nao_contados,
                   count(*) filter (where diferenca > 0)::int as sobra, count(*) filter (where diferenca < 0)::int as falta
              from estoque_inventario_item where grupo_empresarial_id = ${grupo} and inventario_id = ${id}`,
      );
      const sobra = centavos(inventario.valorSobra);
      const falta = centavos(inventario.valorFalta);
      return {
        inventario,
        diferencas,
        totais: {
          sobra: escreverCentavos(sobra),
          falta: escreverCentavos(falta),
          liquido: escreverCentavos(sobra + falta),
          itensComDiferenca: diferencas.length,
          itensSobra: Number(c?.sobra ?? 0),
          itensFalta: Number(c?.falta ?? 0),
          naoContados: Number(c?.nao_contados ?? 0),
          itens: inventario.itens,
        },
        movimentosDepoisDoInstantaneo,
      };
    }
    const linhas = await linhasNaData(this.db, grupo, inventario.empresa._id, id, inventario.data);
    const { diferencas, totais } = calcularDiferencas(
      linhas.map((l) => l.calculo),
      naoContados,
    );
    const porProduto = new Map(linhas.map((l) => [l.calculo.produto, l]));
    return {
      inventario,
      diferencas: diferencas.map((d) => {
        const l = porProduto.get(d.produto)!;
        return {
          produto: produtoDaLinha(l.linha),
          localizacao: l.linha.localizacao === null ? null : String(l.linha.localizacao),
          contada: escreverEstoque(d.contada),
          saldo: escreverEstoque(d.saldo),
          diferenca: escreverEstoque(d.diferenca),
          custo: escreverEstoque(d.custo),
          custoInformado: d.custoInformado,
          valor: escreverCentavos(d.valorCentavos),
          movimento: null,
        };
      }),
      totais: {
        sobra: escreverCentavos(totais.sobraCentavos),
        falta: escreverCentavos(totais.faltaCentavos),
        liquido: escreverCentavos(totais.sobraCentavos + totais.faltaCentavos),
        itensComDiferenca: totais.itensComDiferenca,
        itensSobra: totais.itensSobra,
        itensFalta: totais.itensFalta,
        naoContados: totais.naoContados,
        itens: linhas.length,
      },
      movimentosDepoisDoInstantaneo,
    };
  }

  /** Counting done: the count goes to review (no more typing until reopened). */
  async conferir(op: Operador, id: string) {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      recusar('conferir', cab.status);
      await consultar(
        tx,
        sql`update estoque_inventario set status = 'conferido', conferido_por = ${op.usuario}, conferido_em = now(),
                   updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }

  async reabrirContagem(op: Operador, id: string) {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      recusar('reabrir', cab.status);
      await consultar(
        tx,
        sql`update estoque_inventario set status = 'emContagem', conferido_por = null, conferido_em = null,
                   updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }

  async cancelar(op: Operador, id: string, motivo: string) {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      recusar('cancelar', cab.status);
      await consultar(
        tx,
        sql`update estoque_inventario set status = 'cancelado', cancelado_por = ${op.usuario}, cancelado_em = now(),
                   motivo_cancelamento = ${motivo.trim()}, updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }

  /**
   * Posts the count: one 'ajusteInventario' move per difference, dated at the count's date, through the ledger,
   * with the lines and the header, in one transaction. The count's row is locked first: of two posts at once
   * (a double click, two users) the second waits and then answers the first one's posting.
   */
  async efetivar(op: Operador, id: string, naoContados: TratamentoNaoContados | undefined, agora: Date) {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      if (cab.status === 'efetivado') {
        return {
          inventario: await this.obter(op.grupo, id, tx),
          movimentos: await contarAjustes(tx, op.grupo, id),
          repetido: true,
        };
      }
      recusar('efetivar', cab.status);
      await recusarPeriodoFechado(tx, op.grupo, cab.empresa, cab.data);

      // Sales ended before the count that the consumption worker has not written yet would be missing from the
      // balance at the count's date (and then appear after the adjustment, counted twice). It takes seconds.
      const [pendentes] = await consultar(
        tx,
        sql`select count(*)::int as n from estoque_venda_pendente
             where grupo_empresarial_id = ${op.grupo} and empresa_id = ${cab.empresa}
               and created_at <= ${cab.data}::timestamptz`,
      );
      const nPendentes = Number(pendentes?.n ?? 0);
      if (nPendentes > 0) {
        throw new ErroNegocio(
          `Há ${nPendentes} ${nPendentes === 1 ? 'venda anterior' : 'vendas anteriores'} à data do inventário aguardando a baixa de estoque. Aguarde alguns segundos e efetive de novo.`,
        );
      }

      const linhas = await linhasNaData(tx, op.grupo, cab.empresa, id, cab.data);
      const semContagem = linhas.filter((l) => l.calculo.contada === null).length;
      if (semContagem > 0 && naoContados === undefined) {
        throw new ErroNegocio(
          `${semContagem} ${semContagem === 1 ? 'produto ficou' : 'produtos ficaram'} sem contagem: conte, ou escolha se os não contados ficam como estão ou são zerados.`,
          { naoContados: semContagem },
        );
      }
      const modo = naoContados ?? 'ignorar';
      const { diferencas, totais } = calcularDiferencas(
        linhas.map((l) => l.calculo),
        modo,
      );
      const movimentos: NovoMovimento[] = diferencas.map((d) => ({
        empresa: cab.empresa,
        produto: d.produto,
        data: cab.data,
        tipo: TIPO_MOVIMENTO_ESTOQUE.ajusteInventario,
        quantidade: d.diferenca,
        custoUnitario: d.custoInformado ? d.custo : null,
        origemTipo: ORIGEM_INVENTARIO,
        origemId: id,
        // The kardex screen prefixes the origin ("Inventário"): the document is the count's number.
        documento: `nº ${cab.numero}`,
        motivo: cab.descricao,
        usuario: op.usuario,
      }));
      // A count is a fact about the shelf: a later exit that now goes below zero does not refuse it.
      const gravados = await registrarMovimentos(tx, op.grupo, movimentos, { permitirNegativo: true, agora });
      const movDe = new Map(gravados.map((g) => [g.produto, g]));
      const difDe = new Map(diferencas.map((d) => [d.produto, d]));
      let sobra = 0n;
      let falta = 0n;
      const col = {
        p: [] as string[],
        contada: [] as (string | null)[],
        saldo: [] as string[],
        dif: [] as (string | null)[],
        custo: [] as (string | null)[],
        valor: [] as (string | null)[],
        mov: [] as (string | null)[],
      };
      for (const l of linhas) {
        const p = l.calculo.produto;
        const d = difDe.get(p);
        const g = movDe.get(p);
        const contada = l.calculo.contada ?? (modo === 'zerar' ? 0n : null);
        col.p.push(p);
        col.contada.push(contada === null ? null : escreverEstoque(contada));
        col.saldo.push(escreverEstoque(l.calculo.saldo));
        col.dif.push(contada === null ? null : escreverEstoque(contada - l.calculo.saldo));
        // The ledger's own figures (same position, same rounding as the review).
        col.custo.push(g ? g.custoUnitario : d ? escreverEstoque(d.custo) : null);
        col.valor.push(g ? g.valor : contada === null ? null : '0.00');
        col.mov.push(g ? g._id : null);
        if (g && d) {
          if (d.diferenca > 0n) sobra += centavos(g.valor);
          else falta += centavos(g.valor);
        }
      }
      await consultar(
        tx,
        sql`update estoque_inventario_item t
               set quantidade = x.contada::numeric, saldo_efetivado = x.saldo::numeric, diferenca = x.dif::numeric,
                   custo_ajuste = x.custo::numeric, valor_diferenca = x.valor::numeric, movimento_id = x.mov
              from unnest(${textos(col.p)}, ${textos(col.contada)}, ${textos(col.saldo)}, ${textos(col.dif)},
                          ${textos(col.custo)}, ${textos(col.valor)}, ${textos(col.mov)})
                   as x(p, contada, saldo, dif, custo, valor, mov)
             where t.grupo_empresarial_id = ${op.grupo} and t.inventario_id = ${id} and t.produto_id = x.p`,
      );
      await consultar(
        tx,
        sql`update estoque_inventario
               set status = 'efetivado', efetivado_por = ${op.usuario}, efetivado_em = now(), updated_at = now(),
                   valor_sobra = ${escreverCentavos(sobra)}::numeric, valor_falta = ${escreverCentavos(falta)}::numeric,
                   itens_com_diferenca = ${totais.itensComDiferenca}
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return { inventario: await this.obter(op.grupo, id, tx), movimentos: gravados.length, repetido: false };
    });
  }

  /**
   * Reverses a posted count (once): one 'estorno' move per adjustment, pointing at it (`estorno_de`), dated at
   * the count's date — the adjustments are undone where they were made, so the balance at the count's date is
   * back to what the ledger said before the count, and later moves are refolded by the ledger. A surplus that
   * entered at the registered cost leaves at that cost; the others carry the average at their place, as the
   * adjustment did (the rule of a move's reversal). Refused in a closed stock period, and for a count that is
   * not posted; the row lock makes a second reversal (a double click) wait and then be refused.
   */
  async estornar(op: Operador, id: string, motivo: string, agora: Date) {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      recusar('estornar', cab.status);
      const fechadoAte = (await datasFechadas(tx, op.grupo, [cab.empresa])).get(cab.empresa);
      const dia = diaDoEstoque(new Date(cab.data));
      if (fechadoAte && dia <= fechadoAte) {
        throw new ErroNegocio(
          `O estoque desta loja está fechado até ${diaBrasileiro(fechadoAte)}: o inventário de ${diaBrasileiro(dia)} não pode ser estornado. Reabra o período para estornar.`,
        );
      }
      const ajustes = await consultar(
        tx,
        sql`select m.id, m.produto_id, m.quantidade::text as quantidade, m.custo_informado,
                   m.custo_unitario::text as custo
              from estoque_movimento m
             where m.grupo_empresarial_id = ${op.grupo} and m.origem_tipo = ${ORIGEM_INVENTARIO}
               and m.origem_id = ${id} and m.estorno_de is null
               and not exists (select 1 from estoque_movimento e where e.grupo_empresarial_id = m.grupo_empresarial_id
                                 and e.estorno_de = m.id)
             order by m.seq`,
      );
      const gravados = await registrarMovimentos(
        tx,
        op.grupo,
        ajustes.map(
          (a): NovoMovimento => ({
            empresa: cab.empresa,
            produto: String(a.produto_id),
            data: cab.data,
            tipo: TIPO_MOVIMENTO_ESTOQUE.estorno,
            quantidade: -lerEstoque(String(a.quantidade)),
            custoUnitario: a.custo_informado ? lerEstoque(String(a.custo)) : null,
            origemTipo: ORIGEM_INVENTARIO,
            origemId: id,
            estornoDe: String(a.id),
            documento: `nº ${cab.numero}`,
            motivo: motivo.trim(),
            usuario: op.usuario,
          }),
        ),
        // Undoing a count is undoing a fact about the shelf: it passes where the count passed.
        { permitirNegativo: true, agora },
      );
      await consultar(
        tx,
        sql`update estoque_inventario set status = 'estornado', estornado_por = ${op.usuario}, estornado_em = now(),
                   motivo_estorno = ${motivo.trim()}, updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return { inventario: await this.obter(op.grupo, id, tx), movimentos: gravados.length };
    });
  }

  /** relatorioEstoqueInventario: the posted counts of the stores in the period (count date), with totals. */
  async relatorio(
    grupo: string,
    empresas: readonly string[],
    dataInicial: string,
    dataFinal: string,
  ): Promise<{
    linhas: LinhaRelatorioInventario[];
    totais: { sobra: string; falta: string; liquido: string };
  }> {
    const linhas = await consultar(
      this.db,
      sql`select i.id, i.numero, i.empresa_id, coalesce(e.nome_fantasia, e.descricao) as loja, i.data, i.efetivado_em,
                 i.descricao, i.valor_sobra::text as sobra, i.valor_falta::text as falta,
                 coalesce(i.itens_com_diferenca, 0) as com_diferenca,
                 (select count(*)::int from estoque_inventario_item t
                   where t.grupo_empresarial_id = i.grupo_empresarial_id and t.inventario_id = i.id) as itens
            from estoque_inventario i
            join empresa e on e.id = i.empresa_id and e.grupo_empresarial_id = i.grupo_empresarial_id
           where i.grupo_empresarial_id = ${grupo} and i.empresa_id = any(${textos(empresas)})
             and i.status = 'efetivado' and i.data >= ${dataInicial}::timestamptz and i.data < ${dataFinal}::timestamptz
           order by loja, i.data, i.numero`,
    );
    let sobra = 0n;
    let falta = 0n;
    const saida = linhas.map((l): LinhaRelatorioInventario => {
      const s = centavos(l.sobra);
      const f = centavos(l.falta);
      sobra += s;
      falta += f;
      return {
        inventario: String(l.id),
        numero: Number(l.numero),
        empresa: { _id: String(l.empresa_id), descricao: String(l.loja ?? '') },
        data: iso(l.data)!,
        efetivadoEm: iso(l.efetivado_em)!,
        descricao: l.descricao === null ? null : String(l.descricao),
        itens: Number(l.itens),
        itensComDiferenca: Number(l.com_diferenca),
        valorSobra: escreverCentavos(s),
        valorFalta: escreverCentavos(f),
        valorLiquido: escreverCentavos(s + f),
      };
    });
    return {
      linhas: saida,
      totais: {
        sobra: escreverCentavos(sobra),
        falta: escreverCentavos(falta),
        liquido: escreverCentavos(sobra + falta),
      },
    };
  }
}

interface Cabecalho {
  id: string;
  empresa: string;
  numero: number;
  data: string;
  status: StatusInventario;
  descricao: string | null;
}

/** Locks the count's row for the rest of the transaction (every change of a count goes through here). */
async function travar(tx: Db, grupo: string, id: string): Promise<Cabecalho> {
  const [l] = await consultar(
    tx,
    sql`select id, empresa_id, numero, data, status, descricao from estoque_inventario
         where grupo_empresarial_id = ${grupo} and id = ${id} for update`,
  );
  if (!l) throw new ErroNegocio('Inventário não encontrado!');
  const status = String(l.status);
  return {
    id: String(l.id),
    empresa: String(l.empresa_id),
    numero: Number(l.numero),
    data: iso(l.data)!,
    status: (STATUS_INVENTARIO as readonly string[]).includes(status)
      ? (status as StatusInventario)
      : 'cancelado',
    descricao: l.descricao === null ? null : String(l.descricao),
  };
}

function recusar(acao: Parameters<typeof recusaDoStatus>[0], status: StatusInventario): void {
  const motivo = recusaDoStatus(acao, status);
  if (motivo) throw new ErroNegocio(motivo, { status, statusDescricao: DESCRICAO_STATUS_INVENTARIO[status] });
}

async function recusarPeriodoFechado(tx: Db, grupo: string, empresa: string, data: string): Promise<void> {
  const fechadoAte = (await datasFechadas(tx, grupo, [empresa])).get(empresa);
  const dia = diaDoEstoque(new Date(data));
  if (fechadoAte && dia <= fechadoAte) {
    throw new ErroNegocio(
      `O estoque desta loja está fechado até ${diaBrasileiro(fechadoAte)}: um inventário de ${diaBrasileiro(dia)} não pode ser lançado. Reabra o período ou escolha outra data.`,
    );
  }
}

/** Typed or imported products must be of the group and controlled in the store. */
async function exigirProdutosContaveis(tx: Db, grupo: string, empresa: string, ids: readonly string[]) {
  const linhas = await consultar(
    tx,
    sql`select p.id, p.descricao, c.controla_estoque is false as nao_controla
          from produto_geral p
          left join estoque_cadastro c on c.grupo_empresarial_id = p.grupo_empresarial_id and c.empresa_id = ${empresa}
               and c.produto_geral_id = p.id and c.lixo = false
         where p.grupo_empresarial_id = ${grupo} and p.id = any(${textos(ids)}) and p.lixo = false`,
  );
  if (linhas.length !== ids.length) throw new ErroNegocio('Produto não encontrado!');
  const nao = linhas.find((l) => l.nao_controla);
  if (nao) {
    throw new ErroNegocio(`${String(nao.descricao)} não controla estoque nesta loja (Cadastro de Estoque).`);
  }
}

/** Every line of the count with the ledger's balance and average at the count's date, as it is now. */
async function linhasNaData(db: Db, grupo: string, empresa: string, id: string, data: string) {
  const pos = posicaoNaData(grupo, empresa, data, sql`i.produto_id`);
  const linhas = await consultar(
    db,
    sql`select i.produto_id, i.localizacao, i.quantidade::text as quantidade, (${pos.saldo})::text as saldo,
               (${pos.custo})::text as custo, p.custo::text as custo_cadastro, ${PRODUTO_SQL}
          from estoque_inventario_item i ${JUNCAO_PRODUTO} ${pos.juncoes}
         where i.grupo_empresarial_id = ${grupo} and i.inventario_id = ${id}
         order by i.ordem`,
  );
  return linhas.map((l) => ({
    linha: l,
    calculo: {
      produto: String(l.produto_id),
      contada: l.quantidade === null ? null : lerEstoque(String(l.quantidade)),
      saldo: lerEstoque(String(l.saldo)),
      custoMedio: lerEstoque(String(l.custo)),
      custoCadastro: l.custo_cadastro === null ? null : lerEstoque(String(l.custo_cadastro)),
    } satisfies LinhaParaDiferenca,
  }));
}

async function contarAjustes(tx: Db, grupo: string, id: string): Promise<number> {
  const [l] = await consultar(
    tx,
    sql`select count(*)::int as n from estoque_movimento
         where grupo_empresarial_id = ${grupo} and origem_tipo = ${ORIGEM_INVENTARIO} and origem_id = ${id}`,
  );
  return Number(l?.n ?? 0);
}
