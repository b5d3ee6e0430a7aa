import {
  escreverCentavos,
  escreverEstoque,
  type GerarPedidosSugestao,
  gerarPedidosSugestaoSchema,
  type LinhaSugestaoPedido,
  lerEstoque,
  PERMISSAO,
  type PedidoGeradoSugestao,
  precoDaUnidadeCompra,
  type SugestaoPedido,
  type SugestaoPedidoConsulta,
  sugerirCompra,
  sugestaoPedidoConsultaSchema,
  TIPO_MOVIMENTO_ESTOQUE,
  TIPOS_CONSUMO_SUGESTAO,
  valorSugestao,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { ServicoCompras } from './compras.ts';
import type { Operador } from './estoque.service.ts';

// Purchase suggestion (estoqueSugestaoPedido 1220-1221, issue 17; README.md "Purchase suggestion"). Reads, per
// product the store controls: net consumption of the last N weeks from the ledger (the kinds of
// TIPOS_CONSUMO_SUGESTAO and their reversals), the balance, what open orders still bring, minimum, maximum and
// lead time (estoqueCadastro), the supplier link (estoqueProdutoFornecedor) and the last cost; the rule is the
// domain's `sugerirCompra`. Turning it into orders goes through ServicoCompras.criar, one order per supplier,
// each idempotent by its client-made `_id`.

const DIA_MS = 86_400_000;

const texto = (v: unknown) => (v === null || v === undefined ? null : String(v));
const qtd = (v: unknown) => lerEstoque(String(v ?? '0'));

async function vinculaPorEmpresa(db: Db, grupo: string): Promise<boolean> {
  const g = await consultarUm(db, sql`select configuracoes from grupo_empresarial where id = ${grupo}`);
  return (g?.configuracoes as Linha | null)?.vincularEstoqueFornecedorPorEmpresa === true;
}

export class ServicoSugestaoCompra {
  private readonly compras: ServicoCompras;
  constructor(private readonly db: Db) {
    this.compras = new ServicoCompras(db);
  }

  async sugerir(grupo: string, q: SugestaoPedidoConsulta, agora: Date): Promise<SugestaoPedido> {
    const empresa = await consultarUm(
      this.db,
      sql`select id from empresa where grupo_empresarial_id = ${grupo} and id = ${q.empresa} and lixo = false`,
    );
    if (!empresa) throw new ErroNegocio('Empresa não encontrada!');
    if (q.fornecedor) {
      const f = await consultarUm(
        this.db,
        sql`select id from pessoa where grupo_empresarial_id = ${grupo} and id = ${q.fornecedor} and lixo = false`,
      );
      if (!f) throw new ErroNegocio('Fornecedor não encontrado!');
    }
    const dias = q.semanas * 7;
    const desde = new Date(agora.getTime() - dias * DIA_MS);
    const porEmpresa = await vinculaPorEmpresa(this.db, grupo);
    const tipos = sql.join(
      TIPOS_CONSUMO_SUGESTAO.map((t) => sql`${t}`),
      sql`, `,
    );
    // A reversal counts at its original's date, so an exit of the period reversed later still nets to zero.
    const linhas = await consultar(
      this.db,
      sql`with consumo as (
            select m.produto_id, -sum(m.quantidade) as q
              from estoque_movimento m
              left join estoque_movimento o on m.tipo = ${TIPO_MOVIMENTO_ESTOQUE.estorno}
                   and o.grupo_empresarial_id = m.grupo_empresarial_id and o.id = m.estorno_de
             where m.grupo_empresarial_id = ${grupo} and m.empresa_id = ${q.empresa}
               and ((m.tipo in (${tipos}) and m.data > ${desde.toISOString()} and m.data <= ${agora.toISOString()})
                 or (m.tipo = ${TIPO_MOVIMENTO_ESTOQUE.estorno} and o.tipo in (${tipos})
                     and o.data > ${desde.toISOString()} and o.data <= ${agora.toISOString()}))
             group by m.produto_id
          ), abertos as (
            select i.produto_id, sum(greatest(i.quantidade - i.quantidade_recebida, 0) * i.fator_conversao) as q
              from estoque_pedido_compra c
              join estoque_pedido_compra_item i on i.grupo_empresarial_id = c.grupo_empresarial_id and i.pedido_id = c.id
             where c.grupo_empresarial_id = ${grupo} and c.empresa_id = ${q.empresa}
               and c.status in ('rascunho', 'enviado', 'parcial')
             group by i.produto_id
          )
          select c.produto_geral_id as produto_id, p.descricao, p.codigo_interno, un.sigla as unidade,
                 c.estoque_minimo::text as minimo, c.estoque_maximo::text as maximo,
                 coalesce(c.prazo_entrega_dias, 0) as prazo,
                 coalesce(s.quantidade, 0)::text as saldo,
                 coalesce(s.ultimo_custo, nullif(s.custo_medio, 0), p.custo, 0)::numeric(18, 6)::text as custo,
                 coalesce(cs.q, 0)::numeric(18, 6)::text as consumo,
                 coalesce(ab.q, 0)::numeric(18, 6)::text as abertos,
                 f.fornecedor_id, pf.nome as fornecedor_nome, f.codigo_produto_fornecedor as codigo,
                 f.unidade_fornecedor_id, uf.sigla as unidade_fornecedor,
                 coalesce(nullif(f.fator_conversao, 0), 1)::numeric(18, 6)::text as fator
            from estoque_cadastro c
            join produto_geral p on p.id = c.produto_geral_id and p.grupo_empresarial_id = c.grupo_empresarial_id
                 and p.lixo = false
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
            left join estoque_saldo s on s.grupo_empresarial_id = c.grupo_empresarial_id and s.empresa_id = c.empresa_id
                 and s.produto_id = c.produto_geral_id
            left join consumo cs on cs.produto_id = c.produto_geral_id
            left join abertos ab on ab.produto_id = c.produto_geral_id
            left join lateral (
              select x.fornecedor_id, x.codigo_produto_fornecedor, x.unidade_fornecedor_id, x.fator_conversao
                from estoque_produto_fornecedor x
               where x.grupo_empresarial_id = c.grupo_empresarial_id and x.lixo = false
                 and x.produto_geral_id = c.produto_geral_id
                 and (x.empresa_id = c.empresa_id ${porEmpresa ? sql`` : sql`or x.empresa_id is null`})
                 ${q.fornecedor ? sql`and x.fornecedor_id = ${q.fornecedor}` : sql``}
               order by (x.empresa_id is null), x.updated_at desc
               limit 1
            ) f on true
            left join pessoa pf on pf.id = f.fornecedor_id and pf.grupo_empresarial_id = c.grupo_empresarial_id
            left join unidade_medida uf on uf.id = f.unidade_fornecedor_id
                 and uf.grupo_empresarial_id = c.grupo_empresarial_id
           where c.grupo_empresarial_id = ${grupo} and c.empresa_id = ${q.empresa} and c.lixo = false
             and c.controla_estoque is not false
             ${q.fornecedor ? sql`and f.fornecedor_id is not null` : sql``}
           order by pf.nome nulls last, p.descricao`,
    );
    const saida: LinhaSugestaoPedido[] = [];
    const porFornecedor = new Map<
      string,
      { fornecedor: { _id: string; nome: string } | null; itens: number; valor: bigint }
    >();
    let total = 0n;
    for (const l of linhas) {
      const fator = qtd(l.fator);
      const r = sugerirCompra({
        saldo: qtd(l.saldo),
        consumoPeriodo: qtd(l.consumo),
        diasPeriodo: dias,
        pedidosAbertos: qtd(l.abertos),
        minimo: l.minimo === null ? null : qtd(l.minimo),
        maximo: l.maximo === null ? null : qtd(l.maximo),
        prazoEntregaDias: Number(l.prazo),
        diasCobertura: q.diasCobertura,
        fator,
      });
      if (!q.todos && r.quantidadeCompra === 0n) continue;
      const custo = qtd(l.custo);
      const preco = precoDaUnidadeCompra(custo, fator);
      const valor = valorSugestao(r.quantidadeCompra, preco);
      const fornecedor =
        l.fornecedor_id === null
          ? null
          : { _id: String(l.fornecedor_id), nome: String(l.fornecedor_nome ?? '') };
      const chave = fornecedor?._id ?? '';
      const g = porFornecedor.get(chave) ?? { fornecedor, itens: 0, valor: 0n };
      if (r.quantidadeCompra > 0n) g.itens += 1;
      g.valor += valor;
      porFornecedor.set(chave, g);
      total += valor;
      saida.push({
        produto: {
          _id: String(l.produto_id),
          descricao: String(l.descricao ?? ''),
          codigoInterno: l.codigo_interno === null ? null : Number(l.codigo_interno),
          unidade: texto(l.unidade),
        },
        fornecedor,
        codigoFornecedor: texto(l.codigo),
        unidadeCompra:
          l.unidade_fornecedor_id === null || l.unidade_fornecedor === null
            ? null
            : { _id: String(l.unidade_fornecedor_id), sigla: String(l.unidade_fornecedor) },
        fatorConversao: escreverEstoque(fator),
        saldo: escreverEstoque(qtd(l.saldo)),
        consumoPeriodo: escreverEstoque(qtd(l.consumo)),
        consumoDiario: escreverEstoque(r.consumoDiario),
        pedidosAbertos: escreverEstoque(qtd(l.abertos)),
        minimo: l.minimo === null ? null : escreverEstoque(qtd(l.minimo)),
        maximo: l.maximo === null ? null : escreverEstoque(qtd(l.maximo)),
        prazoEntregaDias: Number(l.prazo),
        saldoProjetado: escreverEstoque(r.saldoProjetado),
        alvo: escreverEstoque(r.alvo),
        quantidadeCompra: escreverEstoque(r.quantidadeCompra),
        quantidadeEstoque: escreverEstoque(r.quantidadeEstoque),
        ultimoCusto: escreverEstoque(custo),
        precoUnitario: escreverEstoque(preco),
        valor: escreverCentavos(valor),
        abaixoDoMinimo: r.abaixoDoMinimo,
      });
    }
    return {
      empresa: q.empresa,
      semanas: q.semanas,
      diasCobertura: q.diasCobertura,
      desde: desde.toISOString(),
      ate: agora.toISOString(),
      linhas: saida,
      fornecedores: [...porFornecedor.values()].map((g) => ({
        fornecedor: g.fornecedor,
        itens: g.itens,
        valor: escreverCentavos(g.valor),
      })),
      valorTotal: escreverCentavos(total),
    };
  }

  /** Suppliers linked to products the store controls (the screen's filter). */
  async fornecedores(grupo: string, empresa: string): Promise<{ _id: string; nome: string }[]> {
    const porEmpresa = await vinculaPorEmpresa(this.db, grupo);
    const linhas = await consultar(
      this.db,
      sql`select distinct pf.id, pf.nome
            from estoque_produto_fornecedor x
            join estoque_cadastro c on c.grupo_empresarial_id = x.grupo_empresarial_id and c.empresa_id = ${empresa}
                 and c.produto_geral_id = x.produto_geral_id and c.lixo = false and c.controla_estoque is not false
            join pessoa pf on pf.id = x.fornecedor_id and pf.grupo_empresarial_id = x.grupo_empresarial_id
           where x.grupo_empresarial_id = ${grupo} and x.lixo = false
             and (x.empresa_id = ${empresa} ${porEmpresa ? sql`` : sql`or x.empresa_id is null`})
           order by pf.nome`,
    );
    return linhas.map((l) => ({ _id: String(l.id), nome: String(l.nome ?? '') }));
  }

  /**
   * One draft order per supplier through ServicoCompras.criar: each is its own transaction and idempotent by its
   * `_id`, so a second submit (double click, retry after a cut) answers the orders already created.
   */
  async gerar(op: Operador, e: GerarPedidosSugestao): Promise<PedidoGeradoSugestao[]> {
    const saida: PedidoGeradoSugestao[] = [];
    for (const p of e.pedidos) {
      const pedido = await this.compras.criar(op, {
        _id: p._id,
        empresa: e.empresa,
        fornecedor: p.fornecedor,
        dataPrevista: e.dataPrevista ?? null,
        observacao: 'Gerado pela sugestão de pedido.',
        itens: p.itens,
      });
      if (pedido.empresa !== e.empresa) throw new ErroNegocio('Pedido de compra de outra empresa.');
      saida.push({
        _id: pedido._id,
        numero: pedido.numero,
        fornecedor: { _id: pedido.fornecedor._id, nome: pedido.fornecedor.nome },
        valorTotal: pedido.valorTotal,
        itens: pedido.itens.length,
      });
    }
    return saida;
  }
}

export async function rotasSugestaoCompra(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const servico = new ServicoSugestaoCompra(app.servicos.banco.db);
  const tags = ['estoque'];

  r.get(
    '/api/estoque/sugestaoPedido',
    { schema: { tags, querystring: sugestaoPedidoConsultaSchema } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueSugestaoPedidoAcessar, request.query.empresa);
      const grupo = sessaoDe(request).grupoEmpresarialId;
      return ok(await servico.sugerir(grupo, request.query, app.servicos.tempo.agora()));
    },
  );

  r.get(
    '/api/estoque/sugestaoPedido/fornecedores',
    { schema: { tags, querystring: sugestaoPedidoConsultaSchema.pick({ empresa: true }) } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueSugestaoPedidoAcessar, request.query.empresa);
      return ok(await servico.fornecedores(sessaoDe(request).grupoEmpresarialId, request.query.empresa));
    },
  );

  r.post(
    '/api/estoque/sugestaoPedido/gerar',
    { schema: { tags, body: gerarPedidosSugestaoSchema } },
    async (request) => {
      await exigirPermissaoTela(app, request, PERMISSAO.estoqueSugestaoPedidoManter, request.body.empresa);
      await exigirPermissaoTela(app, request, PERMISSAO.estoquePedidoCompraIncluir, request.body.empresa);
      const s = sessaoDe(request);
      return ok(await servico.gerar({ grupo: s.grupoEmpresarialId, usuario: s.usuarioId }, request.body));
    },
  );
}
