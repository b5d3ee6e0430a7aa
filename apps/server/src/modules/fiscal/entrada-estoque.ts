// Inbound NF-e posted to stock (entradaNotaFiscal, issue 17). The note's items are linked to our products with a
// conversion factor — by hand, or found by the supplier's code (estoqueProdutoFornecedor: emitter CNPJ -> pessoa,
// cProd -> codigoProdutoFornecedor; per store when the group's vincularEstoqueFornecedorPorEmpresa is on); a hand
// link is remembered there, so the supplier's next note links itself. Posting writes one stock entry
// (ServicoEstoque.entrada, idempotent by its document id) in the transaction that marks the note 'lancada' under
// the note's row lock: two posts at once give one posting, the second is told it is posted. Each item enters as
// qCom × factor stock units at (vProd + its freight, insurance and other expenses − its discount) / that
// quantity. A posting can receive on an open purchase order of the supplier (never above it unless the user
// accepted the difference shown). The reversal writes reversal moves and gives the order its quantities back.
import {
  type ConferenciaPedido,
  conferirPedidoSchema,
  custosDosItensDaNota,
  entradaDoItem,
  escreverCentavos,
  escreverEstoque,
  estornarNotaEstoqueSchema,
  type ItemNotaEstoque,
  type LancamentoNota,
  type LancarNotaEstoque,
  lancarNotaEstoqueSchema,
  lerEscalado,
  lerEstoque,
  type NotaEstoque,
  PERMISSAO,
  quantidadeCompraLegivel,
  TIPO_MOVIMENTO_ESTOQUE,
  type VinculosNota,
  vinculosNotaSchema,
} from '@retaguarda/domain';
import { type ItemEntrada, lerNfe } from '@retaguarda/fiscal';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  codigoErroPg,
  consultar,
  consultarUm,
  type Linha,
  arrayTexto as textos,
} from '../../db/consultar.ts';
import { ErroNegocio, ok } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import type { Tempo } from '../../lib/tempo.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { conferirNoPedido, pedidosAbertos, receberNoPedido } from '../estoque/compras.ts';
import { type Operador, ORIGEM, ServicoEstoque } from '../estoque/estoque.service.ts';
import { registrarMovimentos } from '../estoque/livro.ts';
import { exigirPermissaoTela } from '../usuarios/permissao-negada.ts';
import { MENSAGENS_ENTRADA } from './entrada.ts';

export const MENSAGENS_ENTRADA_ESTOQUE = {
  jaLancada: (quando: string) => `Esta nota já foi lançada no estoque em ${quando}.`,
  naoLancada: 'Esta nota não está lançada no estoque.',
  vinculosAposLancar: 'Esta nota já foi lançada no estoque: estorne o lançamento para alterar os vínculos.',
  semVinculo: (itens: string) =>
    `Vincule todos os itens a um produto antes de lançar no estoque. Itens sem produto: ${itens}.`,
  produtoExcluido: (nItem: number) =>
    `Item ${nItem}: o produto vinculado não existe mais. Vincule outro produto.`,
  descontoMaior: (nItem: number) => `Item ${nItem}: o desconto é maior que o valor do item.`,
  quantidadeInvalida: (nItem: number) =>
    `Item ${nItem}: a quantidade no estoque (quantidade da nota × fator de conversão) precisa ser maior que zero e menor que 1 trilhão; confira o fator.`,
  dataFutura: 'A data de entrada no estoque não pode ser futura.',
  semFornecedor: 'A nota não tem o CNPJ/CPF do emitente: não é possível identificar o fornecedor.',
  excesso: (numero: number, linhas: string) =>
    `O recebimento passa do pedido nº ${numero}: ${linhas}. Confirme o recebimento acima do pedido para lançar.`,
} as const;

const estoque = (v: unknown) => escreverEstoque(lerEstoque(String(v ?? '0')));
const centavos = (v: unknown) => BigInt(lerEscalado(String(v ?? '0'), 2, 'arredondar'));
const instante = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
const somenteDigitos = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

/** 'dd/mm/aaaa às hh:mm' in São Paulo, as the messages write an instant. */
function quandoLegivel(iso: string): string {
  const f = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(iso));
  const p = (t: string) => f.find((x) => x.type === t)?.value ?? '';
  return `${p('day')}/${p('month')}/${p('year')} às ${p('hour')}:${p('minute')}`;
}

/** Quantities and costs the ledger's columns hold (numeric(20, 6)): below 10^12 at 6 places. */
const LIMITE_ESTOQUE = 10n ** 18n;

/** What an item puts in stock, or null when the quantity is zero or beyond what the ledger holds. */
function entradaSegura(qCom: string, fator: string, valor: bigint) {
  try {
    const e = entradaDoItem(qCom, fator, valor);
    return e.quantidade < LIMITE_ESTOQUE && e.custoUnitario < LIMITE_ESTOQUE ? e : null;
  } catch {
    return null;
  }
}

interface NotaLida {
  n: Linha;
  itens: Linha[];
  /** The XML's item values (vFrete, vSeg, vOutro, vDesc) by nItem. */
  xmlItens: Map<number, ItemEntrada>;
  totais: Record<string, string>;
}

interface Vinculo {
  produto: string;
  fator: string;
  origem: 'nota' | 'fornecedor';
}

async function lerNota(db: Db, grupo: string, id: string, travar = false): Promise<NotaLida> {
  const n = await consultarUm(
    db,
    sql`select * from nota_entrada where grupo_empresarial_id = ${grupo} and id = ${id} ${travar ? sql`for update` : sql``}`,
  );
  if (!n) throw new ErroNegocio(MENSAGENS_ENTRADA.naoEncontrada);
  const itens = await consultar(
    db,
    sql`select id, n_item, c_prod, c_ean, x_prod, u_com, q_com::text as q_com, v_un_com::text as v_un_com,
               v_prod::text as v_prod, produto_geral_id, fator_conversao::text as fator_conversao
          from nota_entrada_item where grupo_empresarial_id = ${grupo} and nota_entrada_id = ${id}
         order by n_item`,
  );
  let xmlItens = new Map<number, ItemEntrada>();
  let totais: Record<string, string> = {};
  try {
    const nfe = lerNfe(String(n.xml ?? ''));
    xmlItens = new Map(nfe.itens.map((i) => [i.nItem, i]));
    totais = nfe.totais;
  } catch {
    // Imported notes were read by lerNfe already; a row without its XML falls back to the goods value only.
    const dados = n.dados as { totais?: Record<string, string> } | null;
    totais = dados?.totais ?? {};
  }
  return { n, itens, xmlItens, totais };
}

/** The supplier (pessoa) of the note's emitter, by CNPJ/CPF digits; null when not registered. */
async function fornecedorDaNota(
  db: Db,
  grupo: string,
  n: Linha,
): Promise<{ _id: string; nome: string } | null> {
  const doc = somenteDigitos(n.emitente_cnpj as string | null);
  if (!doc) return null;
  const l = await consultarUm(
    db,
    sql`select id, nome from pessoa where grupo_empresarial_id = ${grupo} and lixo = false
          and regexp_replace(coalesce(cpf_cnpj, ''), '[^0-9]', '', 'g') = ${doc}
        order by created_at, id limit 1`,
  );
  return l ? { _id: String(l.id), nome: String(l.nome ?? '') } : null;
}

/** The supplier of the note, registered from the note's emitter the first time it is needed. */
async function garantirFornecedor(tx: Db, grupo: string, n: Linha, usuario: string) {
  const existente = await fornecedorDaNota(tx, grupo, n);
  if (existente) return existente;
  const doc = somenteDigitos(n.emitente_cnpj as string | null);
  if (!doc) throw new ErroNegocio(MENSAGENS_ENTRADA_ESTOQUE.semFornecedor);
  // One registration per document even when two notes of a new supplier are linked at once.
  await consultar(
    tx,
    sql`select pg_advisory_xact_lock(hashtextextended(${`pessoa-doc:${grupo}:${doc}`}, 0))`,
  );
  const outra = await fornecedorDaNota(tx, grupo, n);
  if (outra) return outra;
  const id = novoId();
  const nome = String(n.emitente_nome ?? '').trim() || `Fornecedor ${doc}`;
  await consultar(
    tx,
    sql`insert into pessoa (id, grupo_empresarial_id, nome, tipos_pessoa, cpf_cnpj, cliente_padrao, created_by, updated_by)
        values (${id}, ${grupo}, ${nome}, ${JSON.stringify(['Fornecedor'])}::jsonb, ${doc}, false, ${usuario}, ${usuario})`,
  );
  return { _id: id, nome };
}

async function vinculaPorEmpresa(db: Db, grupo: string): Promise<boolean> {
  const g = await consultarUm(db, sql`select configuracoes from grupo_empresarial where id = ${grupo}`);
  return (g?.configuracoes as Linha | null)?.vincularEstoqueFornecedorPorEmpresa === true;
}

/** Supplier links of the note's codes: the store's own first, then the group's (unless links are per store). */
async function vinculosDoFornecedor(
  db: Db,
  grupo: string,
  empresa: string,
  fornecedor: string,
  codigos: readonly string[],
): Promise<Map<string, { produto: string; fator: string }>> {
  if (!codigos.length) return new Map();
  const porEmpresa = await vinculaPorEmpresa(db, grupo);
  const linhas = await consultar(
    db,
    sql`select distinct on (f.codigo_produto_fornecedor) f.codigo_produto_fornecedor as codigo, f.produto_geral_id,
               coalesce(f.fator_conversao, 1)::numeric(18, 6)::text as fator
          from estoque_produto_fornecedor f
          join produto_geral p on p.id = f.produto_geral_id and p.grupo_empresarial_id = f.grupo_empresarial_id
                              and p.lixo = false
         where f.grupo_empresarial_id = ${grupo} and f.lixo = false and f.fornecedor_id = ${fornecedor}
           and f.codigo_produto_fornecedor = any(${textos([...new Set(codigos)])})
           and (f.empresa_id = ${empresa} ${porEmpresa ? sql`` : sql`or f.empresa_id is null`})
         order by f.codigo_produto_fornecedor, (f.empresa_id is null), f.updated_at desc`,
  );
  return new Map(
    linhas.map((l) => [
      String(l.codigo),
      { produto: String(l.produto_geral_id), fator: Number(l.fator) > 0 ? String(l.fator) : '1.000000' },
    ]),
  );
}

/** Each item's link: its own (saved on the note) or the supplier's code. */
async function vinculosDosItens(
  db: Db,
  grupo: string,
  lida: NotaLida,
  fornecedor: string | null,
): Promise<Map<string, Vinculo>> {
  const doFornecedor = fornecedor
    ? await vinculosDoFornecedor(
        db,
        grupo,
        String(lida.n.empresa_id),
        fornecedor,
        lida.itens.filter((i) => !i.produto_geral_id).map((i) => String(i.c_prod)),
      )
    : new Map<string, { produto: string; fator: string }>();
  const mapa = new Map<string, Vinculo>();
  for (const i of lida.itens) {
    if (i.produto_geral_id) {
      // The column's text (numeric(18, 6)): a factor set elsewhere may be beyond the ledger's arithmetic, and
      // the posting refuses it with its message.
      mapa.set(String(i.id), {
        produto: String(i.produto_geral_id),
        fator: String(i.fator_conversao ?? '1.000000'),
        origem: 'nota',
      });
      continue;
    }
    const f = doFornecedor.get(String(i.c_prod));
    if (f) mapa.set(String(i.id), { ...f, origem: 'fornecedor' });
  }
  return mapa;
}

/**
 * Remembers hand links as the supplier's codes (estoqueProdutoFornecedor): created the first time, and the
 * latest hand link of a code wins (a link corrected on a note is what the next note should find).
 */
async function lembrarVinculos(
  tx: Db,
  grupo: string,
  usuario: string,
  empresa: string,
  fornecedor: string,
  itens: readonly { cProd: string; uCom: string | null; produto: string; fator: string }[],
): Promise<void> {
  const unicos = [...new Map(itens.map((i) => [i.cProd, i])).values()];
  if (!unicos.length) return;
  const porEmpresa = await vinculaPorEmpresa(tx, grupo);
  const siglas = [...new Set(unicos.map((i) => (i.uCom ?? '').trim().toUpperCase()).filter(Boolean))];
  const unidades = new Map(
    siglas.length
      ? (
          await consultar(
            tx,
            sql`select id, upper(sigla) as sigla from unidade_medida where grupo_empresarial_id = ${grupo}
                 and upper(sigla) = any(${textos(siglas)})`,
          )
        ).map((l) => [String(l.sigla), String(l.id)])
      : [],
  );
  const col = (f: (i: (typeof unicos)[number]) => string | null) => textos(unicos.map(f));
  await consultar(
    tx,
    sql`insert into estoque_produto_fornecedor (id, grupo_empresarial_id, produto_geral_id, fornecedor_id,
          codigo_produto_fornecedor, unidade_fornecedor_id, fator_conversao, empresa_id, created_by, updated_by)
        select id, ${grupo}, produto, ${fornecedor}, codigo, unidade, fator::numeric, ${porEmpresa ? empresa : null},
               ${usuario}, ${usuario}
          from unnest(${col(() => novoId())}, ${col((i) => i.produto)}, ${col((i) => i.cProd)},
                      ${col((i) => unidades.get((i.uCom ?? '').trim().toUpperCase()) ?? null)}, ${col((i) => i.fator)})
            as x(id, produto, codigo, unidade, fator)
        on conflict (grupo_empresarial_id, fornecedor_id, codigo_produto_fornecedor, coalesce(empresa_id, ''))
          where lixo = false
        do update set produto_geral_id = excluded.produto_geral_id, fator_conversao = excluded.fator_conversao,
          unidade_fornecedor_id = coalesce(excluded.unidade_fornecedor_id, estoque_produto_fornecedor.unidade_fornecedor_id),
          updated_at = now(), updated_by = excluded.updated_by`,
  );
}

/** The cost of each item by nItem (goods + freight + insurance + other − discount, as the XML gives them). */
function custosPorItem(lida: NotaLida) {
  const valores = lida.itens.map((i) => {
    const x = lida.xmlItens.get(Number(i.n_item));
    return { vProd: String(i.v_prod), vFrete: x?.vFrete, vSeg: x?.vSeg, vOutro: x?.vOutro, vDesc: x?.vDesc };
  });
  const custos = custosDosItensDaNota(valores, lida.totais);
  return new Map(lida.itens.map((i, k) => [String(i.id), custos[k]!]));
}

async function lancamentos(db: Db, grupo: string, notaId: string): Promise<LancamentoNota[]> {
  const cab = await consultar(
    db,
    sql`select e.*, c.numero as pedido_numero, u.nome as lancado_nome, ue.nome as estornado_nome
          from estoque_entrada_nota e
          left join estoque_pedido_compra c on c.id = e.pedido_compra_id and c.grupo_empresarial_id = e.grupo_empresarial_id
          left join usuario u on u.id = e.lancado_por and u.grupo_empresarial_id = e.grupo_empresarial_id
          left join usuario ue on ue.id = e.estornado_por and ue.grupo_empresarial_id = e.grupo_empresarial_id
         where e.grupo_empresarial_id = ${grupo} and e.nota_entrada_id = ${notaId}
         order by e.lancado_em desc`,
  );
  if (!cab.length) return [];
  const itens = await consultar(
    db,
    sql`select i.entrada_id, i.n_item, i.produto_id, p.descricao, i.movimento_id, i.quantidade::text as quantidade,
               i.custo_unitario::text as custo, i.valor::text as valor
          from estoque_entrada_nota_item i
          left join produto_geral p on p.id = i.produto_id and p.grupo_empresarial_id = i.grupo_empresarial_id
         where i.grupo_empresarial_id = ${grupo} and i.entrada_id = any(${textos(cab.map((c) => String(c.id)))})
         order by i.n_item`,
  );
  return cab.map((c) => ({
    _id: String(c.id),
    data: instante(c.data),
    lancadoEm: instante(c.lancado_em),
    lancadoPor: c.lancado_nome === null ? null : String(c.lancado_nome),
    valorTotal: escreverCentavos(centavos(c.valor_total)),
    pedidoCompra: c.pedido_compra_id
      ? { _id: String(c.pedido_compra_id), numero: Number(c.pedido_numero ?? 0) }
      : null,
    estornadoEm: c.estornado_em ? instante(c.estornado_em) : null,
    estornadoPor:
      c.estornado_nome === null || c.estornado_nome === undefined ? null : String(c.estornado_nome),
    motivoEstorno: c.motivo_estorno === null ? null : String(c.motivo_estorno),
    movimentos: itens
      .filter((i) => i.entrada_id === c.id)
      .map((i) => ({
        _id: String(i.movimento_id),
        nItem: Number(i.n_item),
        produto: String(i.produto_id),
        descricao: String(i.descricao ?? ''),
        quantidade: estoque(i.quantidade),
        custoUnitario: estoque(i.custo),
        valor: escreverCentavos(centavos(i.valor)),
      })),
  }));
}

export class ServicoEntradaEstoque {
  private readonly estoque: ServicoEstoque;

  constructor(
    private readonly db: Db,
    private readonly tempo: Tempo,
  ) {
    this.estoque = new ServicoEstoque(db);
  }

  async empresaDa(grupo: string, notaId: string): Promise<string> {
    const l = await consultarUm(
      this.db,
      sql`select empresa_id from nota_entrada where grupo_empresarial_id = ${grupo} and id = ${notaId}`,
    );
    if (!l) throw new ErroNegocio(MENSAGENS_ENTRADA.naoEncontrada);
    return String(l.empresa_id);
  }

  /** The note as the stock sees it: links (own or by supplier code), stock quantities and costs, postings. */
  async situacao(grupo: string, notaId: string, db: Db = this.db): Promise<NotaEstoque> {
    const lida = await lerNota(db, grupo, notaId);
    const { n } = lida;
    const fornecedor = await fornecedorDaNota(db, grupo, n);
    const vinculos = await vinculosDosItens(db, grupo, lida, fornecedor?._id ?? null);
    const custos = custosPorItem(lida);
    const ids = [...new Set([...vinculos.values()].map((v) => v.produto))];
    const produtos = new Map(
      ids.length
        ? (
            await consultar(
              db,
              sql`select p.id, p.descricao, u.sigla from produto_geral p
                    left join unidade_medida u on u.id = p.unidade_id and u.grupo_empresarial_id = p.grupo_empresarial_id
                   where p.grupo_empresarial_id = ${grupo} and p.id = any(${textos(ids)})`,
            )
          ).map((l) => [
            String(l.id),
            {
              _id: String(l.id),
              descricao: String(l.descricao ?? ''),
              unidade: l.sigla === null ? null : String(l.sigla),
            },
          ])
        : [],
    );
    const itens = lida.itens.map((i): ItemNotaEstoque => {
      const v = vinculos.get(String(i.id));
      const c = custos.get(String(i.id))!;
      let quantidadeEstoque: string | null = null;
      let custoUnitarioEstoque: string | null = null;
      if (v && c.valor >= 0n) {
        // A quantity the ledger cannot hold is shown without stock figures; posting refuses it with its message.
        const e = entradaSegura(String(i.q_com), v.fator, c.valor);
        if (e) {
          quantidadeEstoque = escreverEstoque(e.quantidade);
          custoUnitarioEstoque = escreverEstoque(e.custoUnitario);
        }
      }
      return {
        _id: String(i.id),
        nItem: Number(i.n_item),
        cProd: String(i.c_prod),
        cEAN: i.c_ean === null ? null : String(i.c_ean),
        xProd: String(i.x_prod),
        uCom: i.u_com === null ? null : String(i.u_com),
        qCom: String(i.q_com),
        vUnCom: String(i.v_un_com),
        vProd: escreverCentavos(c.vProd),
        vFrete: escreverCentavos(c.vFrete),
        vSeg: escreverCentavos(c.vSeg),
        vOutro: escreverCentavos(c.vOutro),
        vDesc: escreverCentavos(c.vDesc),
        valorCusto: escreverCentavos(c.valor),
        produto: v ? (produtos.get(v.produto) ?? { _id: v.produto, descricao: '', unidade: null }) : null,
        fatorConversao: v ? v.fator : null,
        origemVinculo: v ? v.origem : null,
        quantidadeEstoque,
        custoUnitarioEstoque,
      };
    });
    const historico = await lancamentos(db, grupo, notaId);
    const t = lida.totais;
    const total = (k: string) => escreverCentavos(centavos(t[k] ?? '0'));
    const status = String(n.status);
    return {
      _id: String(n.id),
      empresa: String(n.empresa_id),
      chave: String(n.chave),
      numero: String(n.numero),
      serie: String(n.serie),
      dhEmi: String(n.dh_emi),
      emitente: {
        CNPJ: n.emitente_cnpj === null ? null : String(n.emitente_cnpj),
        xNome: n.emitente_nome === null ? null : String(n.emitente_nome),
      },
      status: status === 'lancada' || status === 'estornada' ? status : 'pendente',
      fornecedor,
      totais: {
        vProd: total('vProd'),
        vFrete: total('vFrete'),
        vSeg: total('vSeg'),
        vOutro: total('vOutro'),
        vDesc: total('vDesc'),
        vNF: escreverCentavos(centavos(n.valor_total)),
      },
      itens,
      naoVinculados: itens.filter((i) => !i.produto).map((i) => ({ nItem: i.nItem, xProd: i.xProd })),
      lancamento: historico.find((h) => h.estornadoEm === null) ?? null,
      historico,
      pedidosAbertos: fornecedor ? await pedidosAbertos(db, grupo, String(n.empresa_id), fornecedor._id) : [],
    };
  }

  /** Links items to products (null unlinks) and remembers the hand links as the supplier's codes. */
  async vincular(op: Operador, notaId: string, itens: VinculosNota['itens']): Promise<NotaEstoque> {
    return this.db.transaction(async (tx) => {
      const lida = await lerNota(tx, op.grupo, notaId, true);
      if (String(lida.n.status) === 'lancada')
        throw new ErroNegocio(MENSAGENS_ENTRADA_ESTOQUE.vinculosAposLancar);
      const porId = new Map(lida.itens.map((i) => [String(i.id), i]));
      const pedidos = [...new Set(itens.map((i) => i.produtoGeral).filter((p): p is string => Boolean(p)))];
      const existentes = new Set(
        pedidos.length
          ? (
              await consultar(
                tx,
                sql`select id from produto_geral where grupo_empresarial_id = ${op.grupo} and lixo = false
                     and id = any(${textos(pedidos)})`,
              )
            ).map((l) => String(l.id))
          : [],
      );
      const lembrar: { cProd: string; uCom: string | null; produto: string; fator: string }[] = [];
      for (const i of itens) {
        const item = porId.get(i._id);
        if (!item) throw new ErroNegocio(MENSAGENS_ENTRADA.itemNaoEncontrado(i._id));
        if (i.produtoGeral && !existentes.has(i.produtoGeral)) {
          throw new ErroNegocio(MENSAGENS_ENTRADA.produtoNaoEncontrado(i.produtoGeral));
        }
        const fator = i.produtoGeral ? estoque(i.fatorConversao ?? '1') : null;
        await consultar(
          tx,
          sql`update nota_entrada_item set produto_geral_id = ${i.produtoGeral}, fator_conversao = ${fator}
               where grupo_empresarial_id = ${op.grupo} and id = ${i._id} and nota_entrada_id = ${notaId}`,
        );
        if (i.produtoGeral && fator) {
          lembrar.push({
            cProd: String(item.c_prod),
            uCom: item.u_com === null ? null : String(item.u_com),
            produto: i.produtoGeral,
            fator,
          });
        }
      }
      if (lembrar.length) {
        const fornecedor = await garantirFornecedor(tx, op.grupo, lida.n, op.usuario);
        await lembrarVinculos(tx, op.grupo, op.usuario, String(lida.n.empresa_id), fornecedor._id, lembrar);
      }
      return this.situacao(op.grupo, notaId, tx);
    });
  }

  /** How the note's linked items would be received on an order (what is left, what goes above it). */
  async conferirPedido(grupo: string, notaId: string, pedidoId: string): Promise<ConferenciaPedido> {
    const s = await this.situacao(grupo, notaId);
    const { pedido, conferencia } = await conferirNoPedido(
      this.db,
      grupo,
      pedidoId,
      { empresa: s.empresa, fornecedor: s.fornecedor?._id ?? null },
      s.itens.map((i) => ({
        nItem: i.nItem,
        produto: i.produto?._id ?? null,
        quantidadeEstoque: i.quantidadeEstoque ? lerEstoque(i.quantidadeEstoque) : 0n,
      })),
    );
    const nomes = new Map(
      (
        await consultar(
          this.db,
          sql`select i.ordem, p.id, p.descricao, u.sigla from estoque_pedido_compra_item i
                left join produto_geral p on p.id = i.produto_id and p.grupo_empresarial_id = i.grupo_empresarial_id
                left join unidade_medida u on u.id = coalesce(i.unidade_id, p.unidade_id)
                                          and u.grupo_empresarial_id = i.grupo_empresarial_id
               where i.grupo_empresarial_id = ${grupo} and i.pedido_id = ${pedidoId}`,
        )
      ).map((l) => [Number(l.ordem), l]),
    );
    return {
      pedido,
      linhas: conferencia.linhas.map((l) => {
        const nome = nomes.get(l.ordem);
        return {
          ordem: l.ordem,
          produto: { _id: l.produto, descricao: String(nome?.descricao ?? '') },
          unidade: nome?.sigla ? String(nome.sigla) : null,
          quantidade: escreverEstoque(l.quantidade),
          recebidaAntes: escreverEstoque(l.recebidaAntes),
          nestaNota: escreverEstoque(l.nestaNota),
          recebidaDepois: escreverEstoque(l.recebidaDepois),
          pendente: escreverEstoque(l.pendente),
          excesso: escreverEstoque(l.excesso),
        };
      }),
      itensForaDoPedido: conferencia.itensForaDoPedido.map((nItem) => ({
        nItem,
        xProd: s.itens.find((i) => i.nItem === nItem)?.xProd ?? '',
      })),
      temExcesso: conferencia.temExcesso,
    };
  }

  /** Posts the note to stock, once: every item linked, dated at dhEmi or the receipt date chosen. */
  async lancar(op: Operador, notaId: string, e: LancarNotaEstoque): Promise<NotaEstoque> {
    try {
      return await this.db.transaction(async (tx) => {
        // Two posts at once: the second waits here and then finds the note posted.
        const lida = await lerNota(tx, op.grupo, notaId, true);
        const { n } = lida;
        if (String(n.status) === 'lancada') throw await this.jaLancada(tx, op.grupo, notaId);
        const empresa = String(n.empresa_id);
        const fornecedor = await garantirFornecedor(tx, op.grupo, n, op.usuario);
        const vinculos = await vinculosDosItens(tx, op.grupo, lida, fornecedor._id);
        const faltando = lida.itens.filter((i) => !vinculos.has(String(i.id)));
        if (faltando.length) {
          throw new ErroNegocio(
            MENSAGENS_ENTRADA_ESTOQUE.semVinculo(
              faltando.map((i) => `${i.n_item} - ${String(i.x_prod)}`).join('; '),
            ),
            { naoVinculados: faltando.map((i) => ({ nItem: Number(i.n_item), xProd: String(i.x_prod) })) },
          );
        }
        const ids = [...new Set([...vinculos.values()].map((v) => v.produto))];
        const vivos = new Set(
          (
            await consultar(
              tx,
              sql`select id from produto_geral where grupo_empresarial_id = ${op.grupo} and lixo = false
                   and id = any(${textos(ids)})`,
            )
          ).map((l) => String(l.id)),
        );
        const custos = custosPorItem(lida);
        const linhas = lida.itens.map((i) => {
          const v = vinculos.get(String(i.id))!;
          const nItem = Number(i.n_item);
          if (!vivos.has(v.produto)) throw new ErroNegocio(MENSAGENS_ENTRADA_ESTOQUE.produtoExcluido(nItem));
          const c = custos.get(String(i.id))!;
          if (c.valor < 0n) throw new ErroNegocio(MENSAGENS_ENTRADA_ESTOQUE.descontoMaior(nItem));
          const entrada = entradaSegura(String(i.q_com), v.fator, c.valor);
          if (!entrada) throw new ErroNegocio(MENSAGENS_ENTRADA_ESTOQUE.quantidadeInvalida(nItem));
          return { i, v, nItem, c, entrada };
        });
        const agora = this.tempo.agora();
        const data = e.data ?? new Date(String(n.dh_emi)).toISOString();
        if (new Date(data).getTime() > agora.getTime() + 5 * 60_000) {
          throw new ErroNegocio(MENSAGENS_ENTRADA_ESTOQUE.dataFutura);
        }

        // The order first: refused before any move when it is not open or would be passed silently.
        let recebimentos: { nItem: number; ordem: number; quantidade: bigint }[] = [];
        if (e.pedidoCompra) {
          const { pedido, conferencia } = await conferirNoPedido(
            tx,
            op.grupo,
            e.pedidoCompra,
            { empresa, fornecedor: fornecedor._id },
            linhas.map((l) => ({
              nItem: l.nItem,
              produto: l.v.produto,
              quantidadeEstoque: l.entrada.quantidade,
            })),
            true,
          );
          if (conferencia.temExcesso && !e.aceitarExcesso) {
            const descricoes = new Map(
              (
                await consultar(
                  tx,
                  sql`select id, descricao from produto_geral where grupo_empresarial_id = ${op.grupo}
                       and id = any(${textos(conferencia.linhas.map((l) => l.produto))})`,
                )
              ).map((l) => [String(l.id), String(l.descricao ?? '')]),
            );
            const acima = conferencia.linhas
              .filter((l) => l.nestaNota > 0n && l.excesso > 0n)
              .map(
                (l) =>
                  `${descricoes.get(l.produto) ?? l.produto} (pedido ${quantidadeCompraLegivel(l.quantidade)}, recebido ${quantidadeCompraLegivel(l.recebidaDepois)})`,
              )
              .join('; ');
            throw new ErroNegocio(MENSAGENS_ENTRADA_ESTOQUE.excesso(pedido.numero, acima), {
              excesso: conferencia.linhas
                .filter((l) => l.nestaNota > 0n && l.excesso > 0n)
                .map((l) => ({ ordem: l.ordem, excesso: escreverEstoque(l.excesso) })),
            });
          }
          recebimentos = conferencia.recebimentos;
        }

        // Links found by the supplier's code are written on the note; hand links are remembered.
        const porFornecedor = linhas.filter((l) => l.v.origem === 'fornecedor');
        for (const l of porFornecedor) {
          await consultar(
            tx,
            sql`update nota_entrada_item set produto_geral_id = ${l.v.produto}, fator_conversao = ${l.v.fator}
                 where grupo_empresarial_id = ${op.grupo} and id = ${String(l.i.id)}`,
          );
        }
        await lembrarVinculos(
          tx,
          op.grupo,
          op.usuario,
          empresa,
          fornecedor._id,
          linhas
            .filter((l) => l.v.origem === 'nota')
            .map((l) => ({
              cProd: String(l.i.c_prod),
              uCom: l.i.u_com === null ? null : String(l.i.u_com),
              produto: l.v.produto,
              fator: l.v.fator,
            })),
        );

        const documento = novoId();
        const { movimentos } = await this.estoque.entrada(
          op,
          {
            _id: documento,
            empresa,
            data,
            documento: `NF-e ${String(n.numero)}/${String(n.serie)}`,
            observacao: `Entrada da NF-e ${String(n.numero)} de ${fornecedor.nome}`,
            itens: linhas.map((l) => ({
              produto: l.v.produto,
              quantidade: escreverEstoque(l.entrada.quantidade),
              custoUnitario: escreverEstoque(l.entrada.custoUnitario),
            })),
          },
          tx,
        );
        // The ledger answers the moves per product in the items' order (one date for all).
        const filas = new Map<string, string[]>();
        for (const m of movimentos) filas.set(m.produto, [...(filas.get(m.produto) ?? []), m._id]);
        const valorTotal = linhas.reduce((t, l) => t + l.c.valor, 0n);
        await consultar(
          tx,
          sql`insert into estoque_entrada_nota (id, grupo_empresarial_id, empresa_id, nota_entrada_id, fornecedor_id,
                pedido_compra_id, data, valor_total, lancado_por)
              values (${documento}, ${op.grupo}, ${empresa}, ${notaId}, ${fornecedor._id}, ${e.pedidoCompra ?? null},
                ${data}::timestamptz, ${escreverCentavos(valorTotal)}, ${op.usuario})`,
        );
        const col = (f: (l: (typeof linhas)[number]) => string | null) => textos(linhas.map(f));
        const movimentoDe = new Map(linhas.map((l) => [l.nItem, filas.get(l.v.produto)?.shift() ?? '']));
        await consultar(
          tx,
          sql`insert into estoque_entrada_nota_item (grupo_empresarial_id, entrada_id, nota_item_id, n_item, produto_id,
                fator_conversao, quantidade, custo_unitario, valor, movimento_id, recebimentos)
              select ${op.grupo}, ${documento}, item, n_item::int, produto, fator::numeric, quantidade::numeric,
                     custo::numeric, valor::numeric, movimento, recebimentos::jsonb
                from unnest(${col((l) => String(l.i.id))}, ${col((l) => String(l.nItem))}, ${col((l) => l.v.produto)},
                            ${col((l) => l.v.fator)}, ${col((l) => escreverEstoque(l.entrada.quantidade))},
                            ${col((l) => escreverEstoque(l.entrada.custoUnitario))},
                            ${col((l) => escreverCentavos(l.c.valor))}, ${col((l) => movimentoDe.get(l.nItem) ?? '')},
                            ${col((l) => {
                              const r = recebimentos.filter((x) => x.nItem === l.nItem);
                              return r.length
                                ? JSON.stringify(
                                    r.map((x) => ({
                                      ordem: x.ordem,
                                      quantidade: escreverEstoque(x.quantidade),
                                    })),
                                  )
                                : null;
                            })})
                  as x(item, n_item, produto, fator, quantidade, custo, valor, movimento, recebimentos)`,
        );
        if (e.pedidoCompra) await receberNoPedido(tx, op.grupo, e.pedidoCompra, recebimentos);
        await consultar(
          tx,
          sql`update nota_entrada set status = 'lancada' where grupo_empresarial_id = ${op.grupo} and id = ${notaId}`,
        );
        return this.situacao(op.grupo, notaId, tx);
      });
    } catch (erro) {
      // The partial unique index answers a post that slipped past the row lock (it cannot, but say it well).
      if (codigoErroPg(erro) === '23505') throw await this.jaLancada(this.db, op.grupo, notaId);
      throw erro;
    }
  }

  /** Reverses the note's posting: reversal moves at each entry's own cost, the order's quantities given back. */
  async estornar(op: Operador, notaId: string, motivo: string): Promise<NotaEstoque> {
    return this.db.transaction(async (tx) => {
      const { n } = await lerNota(tx, op.grupo, notaId, true);
      const ativa = await consultarUm(
        tx,
        sql`select * from estoque_entrada_nota where grupo_empresarial_id = ${op.grupo} and nota_entrada_id = ${notaId}
              and estornado_em is null`,
      );
      if (!ativa || String(n.status) !== 'lancada')
        throw new ErroNegocio(MENSAGENS_ENTRADA_ESTOQUE.naoLancada);
      const documento = String(ativa.id);
      // A move someone reversed alone from the kardex stays reversed once.
      const movimentos = await consultar(
        tx,
        sql`select m.id, m.empresa_id, m.produto_id, m.quantidade::text as quantidade, m.custo_unitario::text as custo
              from estoque_movimento m
             where m.grupo_empresarial_id = ${op.grupo} and m.origem_tipo = ${ORIGEM.entrada} and m.origem_id = ${documento}
               and not exists (select 1 from estoque_movimento e
                                where e.grupo_empresarial_id = m.grupo_empresarial_id and e.estorno_de = m.id)
             order by m.seq`,
      );
      await registrarMovimentos(
        tx,
        op.grupo,
        movimentos.map((m) => ({
          empresa: String(m.empresa_id),
          produto: String(m.produto_id),
          tipo: TIPO_MOVIMENTO_ESTOQUE.estorno,
          quantidade: -lerEstoque(String(m.quantidade)),
          custoUnitario: lerEstoque(String(m.custo)),
          origemTipo: ORIGEM.estorno,
          origemId: documento,
          estornoDe: String(m.id),
          motivo,
          documento: `NF-e ${String(n.numero)}/${String(n.serie)}`,
          usuario: op.usuario,
        })),
      );
      if (ativa.pedido_compra_id) {
        const itens = await consultar(
          tx,
          sql`select recebimentos from estoque_entrada_nota_item
               where grupo_empresarial_id = ${op.grupo} and entrada_id = ${documento} and recebimentos is not null`,
        );
        const devolver = itens.flatMap((i) =>
          (Array.isArray(i.recebimentos) ? (i.recebimentos as Linha[]) : []).map((r) => ({
            ordem: Number(r.ordem),
            quantidade: lerEstoque(String(r.quantidade)),
          })),
        );
        await receberNoPedido(tx, op.grupo, String(ativa.pedido_compra_id), devolver, -1);
      }
      await consultar(
        tx,
        sql`update estoque_entrada_nota set estornado_em = now(), estornado_por = ${op.usuario}, motivo_estorno = ${motivo}
             where grupo_empresarial_id = ${op.grupo} and id = ${documento}`,
      );
      await consultar(
        tx,
        sql`update nota_entrada set status = 'estornada' where grupo_empresarial_id = ${op.grupo} and id = ${notaId}`,
      );
      return this.situacao(op.grupo, notaId, tx);
    });
  }

  private async jaLancada(db: Db, grupo: string, notaId: string): Promise<ErroNegocio> {
    const l = await consultarUm(
      db,
      sql`select lancado_em from estoque_entrada_nota where grupo_empresarial_id = ${grupo}
            and nota_entrada_id = ${notaId} and estornado_em is null`,
    );
    return new ErroNegocio(
      MENSAGENS_ENTRADA_ESTOQUE.jaLancada(l ? quandoLegivel(instante(l.lancado_em)) : '—'),
    );
  }
}

const id = z.string().regex(/^[0-9a-f]{24}$/, 'Id inválido');

/** Routes of the NF-e's stock actions (fiscal/README.md "Inbound NF-e"); registered by fiscal.routes.ts. */
export async function rotasEntradaEstoque(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const servico = new ServicoEntradaEstoque(app.servicos.banco.db, app.servicos.tempo);
  const tags = ['fiscal'];
  const params = z.object({ id });
  /** The note's store, where the user must hold `permissao` (a note of another group is not found). */
  const exigir = async (request: FastifyRequest, notaId: string, permissao: number): Promise<Operador> => {
    const s = sessaoDe(request);
    const empresa = await servico.empresaDa(s.grupoEmpresarialId, notaId);
    await exigirPermissaoTela(app, request, permissao, empresa);
    return { grupo: s.grupoEmpresarialId, usuario: s.usuarioId };
  };

  r.get('/api/notaEntrada/:id/estoque', { schema: { tags, params } }, async (request) => {
    const op = await exigir(request, request.params.id, PERMISSAO.entradaNotaFiscalAcessar);
    return ok(await servico.situacao(op.grupo, request.params.id));
  });

  r.put(
    '/api/notaEntrada/:id/vinculos',
    { schema: { tags, params, body: vinculosNotaSchema } },
    async (request) => {
      const op = await exigir(request, request.params.id, PERMISSAO.entradaNotaFiscalManter);
      return ok(await servico.vincular(op, request.params.id, request.body.itens));
    },
  );

  r.post(
    '/api/notaEntrada/:id/conferirPedido',
    { schema: { tags, params, body: conferirPedidoSchema } },
    async (request) => {
      const op = await exigir(request, request.params.id, PERMISSAO.entradaNotaFiscalAcessar);
      return ok(await servico.conferirPedido(op.grupo, request.params.id, request.body.pedidoCompra));
    },
  );

  r.post(
    '/api/notaEntrada/:id/lancarEstoque',
    { schema: { tags, params, body: lancarNotaEstoqueSchema } },
    async (request) => {
      const op = await exigir(request, request.params.id, PERMISSAO.entradaNotaFiscalManter);
      return ok(await servico.lancar(op, request.params.id, request.body));
    },
  );

  r.post(
    '/api/notaEntrada/:id/estornarEstoque',
    { schema: { tags, params, body: estornarNotaEstoqueSchema } },
    async (request) => {
      const op = await exigir(request, request.params.id, PERMISSAO.entradaNotaFiscalManter);
      return ok(await servico.estornar(op, request.params.id, request.body.motivo.trim()));
    },
  );
}
