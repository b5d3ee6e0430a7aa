import {
  type AgrupamentoCompras,
  conferirRecebimento,
  escreverCentavos,
  escreverEstoque,
  type ItemNotaParaConferir,
  type LinhaPedidoCompra,
  type LinhaRelatorioCompras,
  lerEscalado,
  lerEstoque,
  type PedidoAbertoResumo,
  type PedidoCompra,
  type PedidoCompraAlteracao,
  type PedidoCompraEntrada,
  type PedidoCompraResumo,
  type RecebimentoPedido,
  type RelatorioCompras,
  type RelatorioComprasConsulta,
  recusaDoStatusPedido,
  STATUS_PEDIDO_COMPRA,
  type StatusPedidoCompra,
  statusPeloRecebimento,
  totalDoPedido,
  valorDaLinha,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import type { Operador } from './estoque.service.ts';

// Purchases (issue 17): purchase orders (estoquePedidoCompra) and the purchases report (relatorioEstoqueCompras).
// An order is a draft until sent; an inbound NF-e of its supplier receives on its lines when the note is posted
// (fiscal/entrada-estoque.ts calls `receberNoPedido` inside the posting's transaction, `devolverAoPedido` in the
// reversal's), so the order's received quantities and state always match the postings that are not reversed.
// The rules (states, totals, how a note is spread over the lines) are the domain's (estoque/compras.ts).

export const MENSAGENS_COMPRAS = {
  naoEncontrado: 'Pedido de compra não encontrado!',
  fornecedorNaoEncontrado: 'Fornecedor não encontrado!',
  produtoNaoEncontrado: (n: number) => `Item ${n}: produto não encontrado!`,
  unidadeNaoEncontrada: (n: number) => `Item ${n}: unidade não encontrada!`,
  numeroGrande: (n: number) => `Item ${n}: quantidade ou preço grande demais.`,
  valorGrande: 'O valor do pedido passa de R$ 1 trilhão: confira as quantidades e os preços.',
  outroFornecedor: (numero: number) =>
    `O pedido nº ${numero} é de outro fornecedor: escolha um pedido do fornecedor da nota.`,
  outraEmpresa: (numero: number) =>
    `O pedido nº ${numero} é de outra empresa: escolha um pedido da loja da nota.`,
} as const;

const estoque = (v: unknown) => escreverEstoque(lerEstoque(String(v ?? '0')));
const centavos = (v: unknown) => BigInt(lerEscalado(String(v ?? '0'), 2, 'arredondar'));
const dinheiro = (v: unknown) => escreverCentavos(centavos(v));
const instante = (v: unknown) =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();
/** A `date` column read as text (`::text as prevista`): the drivers would make it a Date at midnight UTC. */
const dia = (v: unknown) => (v === null || v === undefined ? null : String(v).slice(0, 10));

/** Start of a business day in São Paulo (spec 1 §9: -03:00, no daylight saving since 2019). */
const inicioDoDia = (d: string) => `${d}T00:00:00-03:00`;
const diaSeguinte = (d: string) => {
  const x = new Date(`${d}T12:00:00Z`);
  x.setUTCDate(x.getUTCDate() + 1);
  return x.toISOString().slice(0, 10);
};

function resumo(l: Linha): PedidoAbertoResumo {
  return {
    _id: String(l.id),
    numero: Number(l.numero),
    dataPedido: instante(l.data_pedido) ?? '',
    dataPrevista: dia(l.prevista),
    status: String(l.status) as StatusPedidoCompra,
    valorTotal: dinheiro(l.valor_total),
  };
}

/** An order's header and lines, locked for the caller's transaction when asked. */
export async function lerPedido(db: Db, grupo: string, id: string, travar = false) {
  const [p] = await consultar(
    db,
    sql`select *, data_prevista::text as prevista from estoque_pedido_compra where grupo_empresarial_id = ${grupo} and id = ${id}
        ${travar ? sql`for update` : sql``}`,
  );
  if (!p) return null;
  const linhas = await consultar(
    db,
    sql`select ordem, produto_id, unidade_id, fator_conversao::text as fator, quantidade::text as quantidade,
               preco_unitario::text as preco, valor::text as valor, quantidade_recebida::text as recebida
          from estoque_pedido_compra_item where grupo_empresarial_id = ${grupo} and pedido_id = ${id}
         order by ordem`,
  );
  return { p, linhas };
}

/** Open orders (sent or partly received) of a supplier in a store, newest first. */
export async function pedidosAbertos(
  db: Db,
  grupo: string,
  empresa: string,
  fornecedor: string,
): Promise<PedidoAbertoResumo[]> {
  const linhas = await consultar(
    db,
    sql`select id, numero, data_pedido, data_prevista::text as prevista, status, valor_total from estoque_pedido_compra
         where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and fornecedor_id = ${fornecedor}
           and status in ('enviado', 'parcial')
         order by data_pedido desc, numero desc limit 50`,
  );
  return linhas.map(resumo);
}

/**
 * How a note's items would be received on an order (refused when the order is not open, or is another
 * supplier's or store's). `itens` are the note's linked items with their stock quantities.
 */
export async function conferirNoPedido(
  db: Db,
  grupo: string,
  pedidoId: string,
  nota: { empresa: string; fornecedor: string | null },
  itens: readonly ItemNotaParaConferir[],
  travar = false,
) {
  const lido = await lerPedido(db, grupo, pedidoId, travar);
  if (!lido) throw new ErroNegocio(MENSAGENS_COMPRAS.naoEncontrado);
  const { p, linhas } = lido;
  const numero = Number(p.numero);
  if (String(p.empresa_id) !== nota.empresa) throw new ErroNegocio(MENSAGENS_COMPRAS.outraEmpresa(numero));
  if (String(p.fornecedor_id) !== nota.fornecedor)
    throw new ErroNegocio(MENSAGENS_COMPRAS.outroFornecedor(numero));
  const recusa = recusaDoStatusPedido('receber', String(p.status) as StatusPedidoCompra, numero);
  if (recusa) throw new ErroNegocio(recusa);
  const conferencia = conferirRecebimento(
    linhas.map((l) => ({
      ordem: Number(l.ordem),
      produto: String(l.produto_id),
      fatorConversao: lerEstoque(String(l.fator)),
      quantidade: lerEstoque(String(l.quantidade)),
      quantidadeRecebida: lerEstoque(String(l.recebida)),
    })),
    itens,
  );
  return { pedido: resumo(p), linhas, conferencia };
}

/** Adds (sinal 1) or takes back (sinal -1) received quantities on an order's lines and sets its state. */
export async function receberNoPedido(
  tx: Db,
  grupo: string,
  pedidoId: string,
  recebimentos: readonly { ordem: number; quantidade: bigint }[],
  sinal: 1 | -1 = 1,
): Promise<void> {
  const porOrdem = new Map<number, bigint>();
  for (const r of recebimentos) porOrdem.set(r.ordem, (porOrdem.get(r.ordem) ?? 0n) + r.quantidade);
  const lido = await lerPedido(tx, grupo, pedidoId, true);
  if (!lido) return;
  const linhas = lido.linhas.map((l) => {
    const antes = lerEstoque(String(l.recebida));
    const mais = porOrdem.get(Number(l.ordem)) ?? 0n;
    const depois = antes + (sinal === 1 ? mais : -mais);
    return {
      ordem: Number(l.ordem),
      quantidade: lerEstoque(String(l.quantidade)),
      quantidadeRecebida: depois < 0n ? 0n : depois,
    };
  });
  if (porOrdem.size) {
    await consultar(
      tx,
      sql`update estoque_pedido_compra_item i set quantidade_recebida = x.q::numeric
            from unnest(${textos(linhas.map((l) => String(l.ordem)))}, ${textos(
              linhas.map((l) => escreverEstoque(l.quantidadeRecebida)),
            )}) as x(ordem, q)
           where i.grupo_empresarial_id = ${grupo} and i.pedido_id = ${pedidoId} and i.ordem = x.ordem::int`,
    );
  }
  // A cancelled order keeps its state (what arrived after the cancellation is still recorded on its lines).
  if (String(lido.p.status) === 'cancelado') return;
  await consultar(
    tx,
    sql`update estoque_pedido_compra set status = ${statusPeloRecebimento(linhas)}, updated_at = now()
         where grupo_empresarial_id = ${grupo} and id = ${pedidoId}`,
  );
}

interface LinhaValidada {
  produto: string;
  unidade: string | null;
  fator: bigint;
  quantidade: bigint;
  preco: bigint;
}

export class ServicoCompras {
  constructor(private readonly db: Db) {}

  /** Creates a draft order; the same `_id` sent again answers the order already created. */
  async criar(op: Operador, e: PedidoCompraEntrada): Promise<PedidoCompra> {
    return this.db.transaction(async (tx) => {
      await consultar(tx, sql`select pg_advisory_xact_lock(hashtextextended(${`estoque-doc:${e._id}`}, 0))`);
      const existente = await consultarUm(
        tx,
        sql`select id from estoque_pedido_compra where grupo_empresarial_id = ${op.grupo} and id = ${e._id}`,
      );
      if (existente) return this.obter(op.grupo, e._id, tx);
      const empresa = await consultarUm(
        tx,
        sql`select id from empresa where grupo_empresarial_id = ${op.grupo} and id = ${e.empresa} and lixo = false`,
      );
      if (!empresa) throw new ErroNegocio('Empresa não encontrada!');
      await this.validarFornecedor(tx, op.grupo, e.fornecedor);
      const linhas = await this.validarLinhas(tx, op.grupo, e.itens);
      // Numbers per store, one writer at a time.
      await consultar(
        tx,
        sql`select pg_advisory_xact_lock(hashtextextended(${`estoque-pedido-compra:${op.grupo}:${e.empresa}`}, 0))`,
      );
      const [n] = await consultar(
        tx,
        sql`select coalesce(max(numero), 0) + 1 as numero from estoque_pedido_compra
             where grupo_empresarial_id = ${op.grupo} and empresa_id = ${e.empresa}`,
      );
      await consultar(
        tx,
        sql`insert into estoque_pedido_compra (id, grupo_empresarial_id, empresa_id, numero, fornecedor_id, data_pedido,
              data_prevista, status, observacao, valor_total, criado_por)
            values (${e._id}, ${op.grupo}, ${e.empresa}, ${Number(n?.numero ?? 1)}, ${e.fornecedor}, now(),
              ${e.dataPrevista ?? null}, 'rascunho', ${e.observacao?.trim() || null},
              ${escreverCentavos(totalDoPedido(linhas.map((l) => ({ quantidade: l.quantidade, precoUnitario: l.preco }))))},
              ${op.usuario})`,
      );
      await this.gravarLinhas(tx, op.grupo, e._id, linhas);
      return this.obter(op.grupo, e._id, tx);
    });
  }

  /** Changes a draft's supplier, expected date, note and lines (all lines are replaced). */
  async alterar(op: Operador, id: string, e: PedidoCompraAlteracao): Promise<PedidoCompra> {
    return this.db.transaction(async (tx) => {
      const p = await this.travar(tx, op.grupo, id, 'alterar');
      await this.validarFornecedor(tx, op.grupo, e.fornecedor);
      const linhas = await this.validarLinhas(tx, op.grupo, e.itens);
      await consultar(
        tx,
        sql`update estoque_pedido_compra set fornecedor_id = ${e.fornecedor}, data_prevista = ${e.dataPrevista ?? null},
              observacao = ${e.observacao?.trim() || null},
              valor_total = ${escreverCentavos(totalDoPedido(linhas.map((l) => ({ quantidade: l.quantidade, precoUnitario: l.preco }))))},
              updated_at = now()
            where grupo_empresarial_id = ${op.grupo} and id = ${String(p.id)}`,
      );
      await consultar(
        tx,
        sql`delete from estoque_pedido_compra_item where grupo_empresarial_id = ${op.grupo} and pedido_id = ${id}`,
      );
      await this.gravarLinhas(tx, op.grupo, id, linhas);
      return this.obter(op.grupo, id, tx);
    });
  }

  /** Draft -> sent: from now on a note of the supplier can be received on it. */
  async enviar(op: Operador, id: string): Promise<PedidoCompra> {
    return this.db.transaction(async (tx) => {
      await this.travar(tx, op.grupo, id, 'enviar');
      await consultar(
        tx,
        sql`update estoque_pedido_compra set status = 'enviado', enviado_por = ${op.usuario}, enviado_em = now(),
              updated_at = now()
            where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }

  /** Cancels what is still expected (received quantities stay on the lines). */
  async cancelar(op: Operador, id: string, motivo: string): Promise<PedidoCompra> {
    return this.db.transaction(async (tx) => {
      await this.travar(tx, op.grupo, id, 'cancelar');
      await consultar(
        tx,
        sql`update estoque_pedido_compra set status = 'cancelado', cancelado_por = ${op.usuario}, cancelado_em = now(),
              motivo_cancelamento = ${motivo.trim()}, updated_at = now()
            where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }

  /** The store of an order (the routes check the user's permission there before anything else). */
  async empresaDo(grupo: string, id: string): Promise<string> {
    const l = await consultarUm(
      this.db,
      sql`select empresa_id from estoque_pedido_compra where grupo_empresarial_id = ${grupo} and id = ${id}`,
    );
    if (!l) throw new ErroNegocio(MENSAGENS_COMPRAS.naoEncontrado);
    return String(l.empresa_id);
  }

  async obter(grupo: string, id: string, db: Db = this.db): Promise<PedidoCompra> {
    const [p] = await consultar(
      db,
      sql`select c.*, c.data_prevista::text as prevista, f.nome as fornecedor_nome, f.cpf_cnpj as fornecedor_documento
            from estoque_pedido_compra c
            left join pessoa f on f.id = c.fornecedor_id and f.grupo_empresarial_id = c.grupo_empresarial_id
           where c.grupo_empresarial_id = ${grupo} and c.id = ${id}`,
    );
    if (!p) throw new ErroNegocio(MENSAGENS_COMPRAS.naoEncontrado);
    const linhas = await consultar(
      db,
      sql`select i.ordem, i.produto_id, p.descricao, pu.sigla as unidade_produto, i.unidade_id, u.sigla as unidade,
                 i.fator_conversao::text as fator, i.quantidade::text as quantidade, i.preco_unitario::text as preco,
                 i.valor::text as valor, i.quantidade_recebida::text as recebida
            from estoque_pedido_compra_item i
            left join produto_geral p on p.id = i.produto_id and p.grupo_empresarial_id = i.grupo_empresarial_id
            left join unidade_medida pu on pu.id = p.unidade_id and pu.grupo_empresarial_id = i.grupo_empresarial_id
            left join unidade_medida u on u.id = i.unidade_id and u.grupo_empresarial_id = i.grupo_empresarial_id
           where i.grupo_empresarial_id = ${grupo} and i.pedido_id = ${id}
           order by i.ordem`,
    );
    const recebidos = await consultar(
      db,
      sql`select e.nota_entrada_id, n.numero, n.serie, e.data, i.n_item, i.recebimentos
            from estoque_entrada_nota e
            join estoque_entrada_nota_item i on i.grupo_empresarial_id = e.grupo_empresarial_id and i.entrada_id = e.id
            left join nota_entrada n on n.id = e.nota_entrada_id and n.grupo_empresarial_id = e.grupo_empresarial_id
           where e.grupo_empresarial_id = ${grupo} and e.pedido_compra_id = ${id} and e.estornado_em is null
           order by e.data, e.lancado_em, i.n_item`,
    );
    const recebimentos = new Map<string, RecebimentoPedido>();
    for (const r of recebidos) {
      const chave = String(r.nota_entrada_id);
      const atual = recebimentos.get(chave) ?? {
        notaEntrada: chave,
        numero: String(r.numero ?? ''),
        serie: String(r.serie ?? ''),
        data: instante(r.data) ?? '',
        itens: [],
      };
      recebimentos.set(chave, atual);
      const lista = Array.isArray(r.recebimentos) ? (r.recebimentos as Linha[]) : [];
      for (const x of lista) {
        atual.itens.push({
          ordem: Number(x.ordem),
          nItem: Number(r.n_item),
          quantidade: estoque(x.quantidade),
        });
      }
    }
    const itens = linhas.map((l): LinhaPedidoCompra => {
      const quantidade = lerEstoque(String(l.quantidade));
      const recebida = lerEstoque(String(l.recebida));
      return {
        ordem: Number(l.ordem),
        produto: {
          _id: String(l.produto_id),
          descricao: String(l.descricao ?? ''),
          unidade: l.unidade_produto === null ? null : String(l.unidade_produto),
        },
        unidade: l.unidade_id ? { _id: String(l.unidade_id), sigla: String(l.unidade ?? '') } : null,
        fatorConversao: estoque(l.fator),
        quantidade: escreverEstoque(quantidade),
        precoUnitario: estoque(l.preco),
        valor: dinheiro(l.valor),
        quantidadeRecebida: escreverEstoque(recebida),
        pendente: escreverEstoque(recebida < quantidade ? quantidade - recebida : 0n),
      };
    });
    const valorRecebido = linhas.reduce(
      (t, l) => t + valorDaLinha(lerEstoque(String(l.recebida)), lerEstoque(String(l.preco))),
      0n,
    );
    return {
      ...cabecalho(p),
      valorRecebido: escreverCentavos(valorRecebido),
      itens,
      recebimentos: [...recebimentos.values()],
    };
  }

  async listar(
    grupo: string,
    empresa: string,
    f: {
      status?: StatusPedidoCompra[] | undefined;
      fornecedor?: string | undefined;
      dataInicio?: string | undefined;
      dataFim?: string | undefined;
      limite: number;
    },
  ): Promise<PedidoCompraResumo[]> {
    const status = f.status?.length ? f.status : [...STATUS_PEDIDO_COMPRA];
    const linhas = await consultar(
      this.db,
      sql`select c.*, c.data_prevista::text as prevista, f.nome as fornecedor_nome, f.cpf_cnpj as fornecedor_documento,
                 (select count(*)::int from estoque_pedido_compra_item i
                   where i.grupo_empresarial_id = c.grupo_empresarial_id and i.pedido_id = c.id) as linhas,
                 (select coalesce(sum(round(i.quantidade_recebida * i.preco_unitario, 2)), 0)::text
                    from estoque_pedido_compra_item i
                   where i.grupo_empresarial_id = c.grupo_empresarial_id and i.pedido_id = c.id) as valor_recebido
            from estoque_pedido_compra c
            left join pessoa f on f.id = c.fornecedor_id and f.grupo_empresarial_id = c.grupo_empresarial_id
           where c.grupo_empresarial_id = ${grupo} and c.empresa_id = ${empresa}
             and c.status = any(${textos(status)})
             ${f.fornecedor ? sql`and c.fornecedor_id = ${f.fornecedor}` : sql``}
             ${f.dataInicio ? sql`and c.data_pedido >= ${inicioDoDia(f.dataInicio)}::timestamptz` : sql``}
             ${f.dataFim ? sql`and c.data_pedido < ${inicioDoDia(diaSeguinte(f.dataFim))}::timestamptz` : sql``}
           order by c.numero desc
           limit ${f.limite}`,
    );
    return linhas.map((l) => ({
      ...cabecalho(l),
      valorRecebido: dinheiro(l.valor_recebido),
      linhas: Number(l.linhas ?? 0),
    }));
  }

  /**
   * Purchases of a period from the posted inbound NF-e (reversed postings and moves left out), per product,
   * supplier, store or supplier and product, with quantity (stock units), value and average unit cost.
   */
  async relatorio(
    grupo: string,
    empresas: readonly string[],
    c: RelatorioComprasConsulta,
  ): Promise<RelatorioCompras> {
    const chaves: Record<AgrupamentoCompras, ReturnType<typeof sql>> = {
      produto: sql`i.produto_id`,
      fornecedor: sql`coalesce(e.fornecedor_id, '')`,
      empresa: sql`e.empresa_id`,
      fornecedorProduto: sql`coalesce(e.fornecedor_id, '') || ':' || i.produto_id`,
    };
    const ag = c.agrupamento;
    const comProduto = ag === 'produto' || ag === 'fornecedorProduto';
    const comFornecedor = ag === 'fornecedor' || ag === 'fornecedorProduto';
    const filtro = sql`e.grupo_empresarial_id = ${grupo} and e.empresa_id = any(${textos(empresas)})
        and e.estornado_em is null
        and e.data >= ${inicioDoDia(c.dataInicio)}::timestamptz
        and e.data < ${inicioDoDia(diaSeguinte(c.dataFim))}::timestamptz
        ${c.fornecedor ? sql`and e.fornecedor_id = ${c.fornecedor}` : sql``}
        ${c.produto ? sql`and i.produto_id = ${c.produto}` : sql``}
        and not exists (select 1 from estoque_movimento m
                         where m.grupo_empresarial_id = e.grupo_empresarial_id and m.estorno_de = i.movimento_id)`;
    const linhas = await consultar(
      this.db,
      sql`select ${chaves[ag]} as chave,
                 min(e.empresa_id) as empresa_id, min(e.fornecedor_id) as fornecedor_id, min(i.produto_id) as produto_id,
                 count(distinct e.id)::int as notas, sum(i.quantidade)::text as quantidade, sum(i.valor)::text as valor,
                 min(i.custo_unitario)::text as menor, max(i.custo_unitario)::text as maior
            from estoque_entrada_nota e
            join estoque_entrada_nota_item i on i.grupo_empresarial_id = e.grupo_empresarial_id and i.entrada_id = e.id
           where ${filtro}
           group by 1
           order by sum(i.valor) desc, 1`,
    );
    const [totais] = await consultar(
      this.db,
      sql`select count(distinct e.id)::int as notas, coalesce(sum(i.valor), 0)::text as valor, count(*)::int as itens
            from estoque_entrada_nota e
            join estoque_entrada_nota_item i on i.grupo_empresarial_id = e.grupo_empresarial_id and i.entrada_id = e.id
           where ${filtro}`,
    );
    const nomes = await this.nomes(
      grupo,
      linhas.map((l) => String(l.empresa_id)),
      linhas.map((l) => (l.fornecedor_id ? String(l.fornecedor_id) : '')).filter(Boolean),
      linhas.map((l) => String(l.produto_id)),
    );
    return {
      agrupamento: ag,
      dataInicio: c.dataInicio,
      dataFim: c.dataFim,
      linhas: linhas.map((l): LinhaRelatorioCompras => {
        const quantidade = lerEstoque(String(l.quantidade));
        const valor = centavos(l.valor);
        const fornecedor = l.fornecedor_id ? String(l.fornecedor_id) : null;
        return {
          chave: String(l.chave),
          empresa: ag === 'empresa' ? (nomes.empresas.get(String(l.empresa_id)) ?? null) : null,
          fornecedor: comFornecedor && fornecedor ? (nomes.fornecedores.get(fornecedor) ?? null) : null,
          produto: comProduto ? (nomes.produtos.get(String(l.produto_id)) ?? null) : null,
          notas: Number(l.notas),
          quantidade: comProduto ? escreverEstoque(quantidade) : null,
          valor: escreverCentavos(valor),
          // value (cents → 6 places: × 10^4) per stock unit (6 places): × 10^6 / quantidade.
          precoMedio:
            comProduto && quantidade > 0n
              ? escreverEstoque((valor * 10_000n * 1_000_000n + quantidade / 2n) / quantidade)
              : null,
          menorPreco: comProduto ? estoque(l.menor) : null,
          maiorPreco: comProduto ? estoque(l.maior) : null,
        };
      }),
      totais: {
        notas: Number(totais?.notas ?? 0),
        valor: dinheiro(totais?.valor),
        itens: Number(totais?.itens ?? 0),
      },
    };
  }

  private async nomes(grupo: string, empresas: string[], fornecedores: string[], produtos: string[]) {
    const [le, lf, lp] = await Promise.all([
      consultar(
        this.db,
        sql`select id, coalesce(nome_fantasia, descricao) as nome from empresa
             where grupo_empresarial_id = ${grupo} and id = any(${textos([...new Set(empresas)])})`,
      ),
      consultar(
        this.db,
        sql`select id, nome from pessoa where grupo_empresarial_id = ${grupo} and id = any(${textos([...new Set(fornecedores)])})`,
      ),
      consultar(
        this.db,
        sql`select p.id, p.descricao, u.sigla from produto_geral p
              left join unidade_medida u on u.id = p.unidade_id and u.grupo_empresarial_id = p.grupo_empresarial_id
             where p.grupo_empresarial_id = ${grupo} and p.id = any(${textos([...new Set(produtos)])})`,
      ),
    ]);
    return {
      empresas: new Map(
        le.map((l) => [String(l.id), { _id: String(l.id), descricao: String(l.nome ?? '') }]),
      ),
      fornecedores: new Map(lf.map((l) => [String(l.id), { _id: String(l.id), nome: String(l.nome ?? '') }])),
      produtos: new Map(
        lp.map((l) => [
          String(l.id),
          {
            _id: String(l.id),
            descricao: String(l.descricao ?? ''),
            unidade: l.sigla === null ? null : String(l.sigla),
          },
        ]),
      ),
    };
  }

  private async travar(tx: Db, grupo: string, id: string, acao: 'alterar' | 'enviar' | 'cancelar') {
    const lido = await lerPedido(tx, grupo, id, true);
    if (!lido) throw new ErroNegocio(MENSAGENS_COMPRAS.naoEncontrado);
    const recusa = recusaDoStatusPedido(
      acao,
      String(lido.p.status) as StatusPedidoCompra,
      Number(lido.p.numero),
    );
    if (recusa) throw new ErroNegocio(recusa);
    if (acao === 'enviar' && !lido.linhas.length) throw new ErroNegocio('Informe ao menos um produto.');
    return lido.p;
  }

  private async validarFornecedor(tx: Db, grupo: string, fornecedor: string) {
    const f = await consultarUm(
      tx,
      sql`select id from pessoa where grupo_empresarial_id = ${grupo} and id = ${fornecedor} and lixo = false`,
    );
    if (!f) throw new ErroNegocio(MENSAGENS_COMPRAS.fornecedorNaoEncontrado);
  }

  private async validarLinhas(
    tx: Db,
    grupo: string,
    itens: PedidoCompraEntrada['itens'],
  ): Promise<LinhaValidada[]> {
    const produtos = new Set(
      (
        await consultar(
          tx,
          sql`select id from produto_geral where grupo_empresarial_id = ${grupo} and lixo = false
               and id = any(${textos([...new Set(itens.map((i) => i.produto))])})`,
        )
      ).map((l) => String(l.id)),
    );
    const pedidas = [...new Set(itens.map((i) => i.unidade).filter((u): u is string => Boolean(u)))];
    const unidades = new Set(
      pedidas.length
        ? (
            await consultar(
              tx,
              sql`select id from unidade_medida where grupo_empresarial_id = ${grupo} and id = any(${textos(pedidas)})`,
            )
          ).map((l) => String(l.id))
        : [],
    );
    const linhas = itens.map((i, k) => {
      if (!produtos.has(i.produto)) throw new ErroNegocio(MENSAGENS_COMPRAS.produtoNaoEncontrado(k + 1));
      if (i.unidade && !unidades.has(i.unidade))
        throw new ErroNegocio(MENSAGENS_COMPRAS.unidadeNaoEncontrada(k + 1));
      try {
        return {
          produto: i.produto,
          unidade: i.unidade ?? null,
          fator: lerEstoque(i.fatorConversao ?? '1'),
          quantidade: lerEstoque(i.quantidade),
          preco: lerEstoque(i.precoUnitario),
        };
      } catch (erro) {
        // Beyond 9 billion at 6 places the exact arithmetic cannot hold it.
        if (erro instanceof RangeError) throw new ErroNegocio(MENSAGENS_COMPRAS.numeroGrande(k + 1));
        throw erro;
      }
    });
    // valor_total is numeric(18, 2): refused here with a message rather than by the column.
    const total = totalDoPedido(linhas.map((l) => ({ quantidade: l.quantidade, precoUnitario: l.preco })));
    if (total >= 10n ** 14n) throw new ErroNegocio(MENSAGENS_COMPRAS.valorGrande);
    return linhas;
  }

  private async gravarLinhas(tx: Db, grupo: string, pedido: string, linhas: readonly LinhaValidada[]) {
    const col = (f: (l: LinhaValidada, i: number) => string | null) => textos(linhas.map(f));
    await consultar(
      tx,
      sql`insert into estoque_pedido_compra_item (grupo_empresarial_id, pedido_id, ordem, produto_id, unidade_id,
            fator_conversao, quantidade, preco_unitario, valor)
          select ${grupo}, ${pedido}, ordem::int, produto, unidade, fator::numeric, quantidade::numeric, preco::numeric,
                 valor::numeric
            from unnest(${col((_l, i) => String(i + 1))}, ${col((l) => l.produto)}, ${col((l) => l.unidade)},
                        ${col((l) => escreverEstoque(l.fator))}, ${col((l) => escreverEstoque(l.quantidade))},
                        ${col((l) => escreverEstoque(l.preco))},
                        ${col((l) => escreverCentavos(valorDaLinha(l.quantidade, l.preco)))})
              as x(ordem, produto, unidade, fator, quantidade, preco, valor)`,
    );
  }
}

function cabecalho(p: Linha): Omit<PedidoCompra, 'itens' | 'recebimentos' | 'valorRecebido'> {
  return {
    _id: String(p.id),
    empresa: String(p.empresa_id),
    numero: Number(p.numero),
    fornecedor: {
      _id: String(p.fornecedor_id),
      nome: String(p.fornecedor_nome ?? ''),
      cpfCnpj:
        p.fornecedor_documento === null || p.fornecedor_documento === undefined
          ? null
          : String(p.fornecedor_documento),
    },
    dataPedido: instante(p.data_pedido) ?? '',
    dataPrevista: dia(p.prevista),
    status: String(p.status) as StatusPedidoCompra,
    observacao: p.observacao === null ? null : String(p.observacao),
    valorTotal: dinheiro(p.valor_total),
    criadoPor: p.criado_por === null ? null : String(p.criado_por),
    enviadoEm: instante(p.enviado_em),
    canceladoEm: instante(p.cancelado_em),
    motivoCancelamento: p.motivo_cancelamento === null ? null : String(p.motivo_cancelamento),
  };
}
