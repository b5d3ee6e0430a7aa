import {
  type AlterarPedidoTransferencia,
  type CriarPedidoTransferencia,
  escreverEstoque,
  type GerarPedidosReposicao,
  type ItemPedidoTransferencia,
  type ListaReposicao,
  lerEstoque,
  type OrigemPedidoTransferencia,
  type PedidoTransferenciaDetalhe,
  type PedidoTransferenciaResumo,
  type ReservarPedidoTransferencia,
  recusaPedidoTransferencia,
  STATUS_PEDIDO_TRANSFERENCIA,
  STATUS_TRANSFERENCIA,
  type StatusPedidoTransferencia,
  type StatusTransferencia,
  sugestaoReposicao,
  type TransferenciaDetalhe,
  unidadeFracionada,
} from '@retaguarda/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { consultar, type Linha, arrayTexto as textos } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { quantidadeLegivel } from './livro.ts';
import {
  exigirProdutos,
  NOME_LOJA_SQL,
  type Operador,
  proximoNumero,
  type ServicoTransferencias,
  travarDocumento,
} from './transferencias.ts';

// Replenishment orders (estoquePedidoTransferencia and solicitacaoPedidoTransferencia, one screen; spec 1 §4
// "Stock replenishment order: request, reserved, finished, cancelled") and the replenishment list
// (estoqueGerarListaReposicao). A store asks the central kitchen / warehouse for products (solicitado); the
// supplier sets the quantities aside (reservado: refused where its free balance — balance minus what its other
// reserved orders hold — does not cover them and it refuses negative stock); finishing turns the order into a
// transfer from the supplier to the store (finalizado), shipped at once when asked. The list computes what each
// client store must receive to reach its estoqueMaximo and turns it into requests in one call.

const quantidade = (v: unknown) => escreverEstoque(lerEstoque(String(v ?? '0')));
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());
const pessoa = (idUsuario: unknown, nome: unknown) =>
  idUsuario ? { _id: String(idUsuario), nome: String(nome ?? '') } : null;

const CABECALHO_SQL = sql`
  select p.id, p.numero, p.status, p.origem, p.empresa_solicitante_id, p.empresa_fornecedora_id,
         ${NOME_LOJA_SQL('es')} as solicitante_nome, ${NOME_LOJA_SQL('ef')} as fornecedora_nome,
         p.data_necessidade::text as data_necessidade, p.observacao, p.transferencia_id, t.numero as transferencia_numero,
         t.status as transferencia_status, p.criado_por, uc.nome as criado_nome, p.created_at,
         p.reservado_por, ur.nome as reservado_nome, p.reservado_em, p.finalizado_por, uf.nome as finalizado_nome,
         p.finalizado_em, p.cancelado_por, ux.nome as cancelado_nome, p.cancelado_em, p.motivo_cancelamento,
         (select count(*)::int from estoque_pedido_transferencia_item i
           where i.grupo_empresarial_id = p.grupo_empresarial_id and i.pedido_id = p.id) as itens
    from estoque_pedido_transferencia p
    join empresa es on es.id = p.empresa_solicitante_id and es.grupo_empresarial_id = p.grupo_empresarial_id
    join empresa ef on ef.id = p.empresa_fornecedora_id and ef.grupo_empresarial_id = p.grupo_empresarial_id
    left join estoque_transferencia t on t.id = p.transferencia_id and t.grupo_empresarial_id = p.grupo_empresarial_id
    left join usuario uc on uc.id = p.criado_por and uc.grupo_empresarial_id = p.grupo_empresarial_id
    left join usuario ur on ur.id = p.reservado_por and ur.grupo_empresarial_id = p.grupo_empresarial_id
    left join usuario uf on uf.id = p.finalizado_por and uf.grupo_empresarial_id = p.grupo_empresarial_id
    left join usuario ux on ux.id = p.cancelado_por and ux.grupo_empresarial_id = p.grupo_empresarial_id`;

function resumo(l: Linha): PedidoTransferenciaResumo {
  const status = String(l.status);
  const statusT = l.transferencia_status === null ? null : String(l.transferencia_status);
  return {
    _id: String(l.id),
    numero: Number(l.numero),
    status: (STATUS_PEDIDO_TRANSFERENCIA as readonly string[]).includes(status)
      ? (status as StatusPedidoTransferencia)
      : 'cancelado',
    origem: (String(l.origem) === 'listaReposicao'
      ? 'listaReposicao'
      : 'manual') as OrigemPedidoTransferencia,
    solicitante: { _id: String(l.empresa_solicitante_id), descricao: String(l.solicitante_nome ?? '') },
    fornecedora: { _id: String(l.empresa_fornecedora_id), descricao: String(l.fornecedora_nome ?? '') },
    dataNecessidade: l.data_necessidade === null ? null : String(l.data_necessidade),
    observacao: l.observacao === null ? null : String(l.observacao),
    itens: Number(l.itens ?? 0),
    transferencia:
      l.transferencia_id && statusT && (STATUS_TRANSFERENCIA as readonly string[]).includes(statusT)
        ? {
            _id: String(l.transferencia_id),
            numero: Number(l.transferencia_numero),
            status: statusT as StatusTransferencia,
          }
        : null,
    criadoPor: pessoa(l.criado_por, l.criado_nome),
    createdAt: iso(l.created_at)!,
    reservadoPor: pessoa(l.reservado_por, l.reservado_nome),
    reservadoEm: iso(l.reservado_em),
    finalizadoPor: pessoa(l.finalizado_por, l.finalizado_nome),
    finalizadoEm: iso(l.finalizado_em),
    canceladoPor: pessoa(l.cancelado_por, l.cancelado_nome),
    canceladoEm: iso(l.cancelado_em),
    motivoCancelamento: l.motivo_cancelamento === null ? null : String(l.motivo_cancelamento),
  };
}

interface Cabecalho {
  id: string;
  numero: number;
  status: StatusPedidoTransferencia;
  solicitante: string;
  fornecedora: string;
  transferencia: string | null;
}

async function travar(tx: Db, grupo: string, id: string): Promise<Cabecalho> {
  const [l] = await consultar(
    tx,
    sql`select id, numero, status, empresa_solicitante_id, empresa_fornecedora_id, transferencia_id
          from estoque_pedido_transferencia where grupo_empresarial_id = ${grupo} and id = ${id} for update`,
  );
  if (!l) throw new ErroNegocio('Pedido de transferência não encontrado!');
  const status = String(l.status);
  return {
    id: String(l.id),
    numero: Number(l.numero),
    status: (STATUS_PEDIDO_TRANSFERENCIA as readonly string[]).includes(status)
      ? (status as StatusPedidoTransferencia)
      : 'cancelado',
    solicitante: String(l.empresa_solicitante_id),
    fornecedora: String(l.empresa_fornecedora_id),
    transferencia: l.transferencia_id === null ? null : String(l.transferencia_id),
  };
}

function recusar(acao: Parameters<typeof recusaPedidoTransferencia>[0], status: StatusPedidoTransferencia) {
  const motivo = recusaPedidoTransferencia(acao, status);
  if (motivo) throw new ErroNegocio(motivo, { status });
}

async function exigirLojas(db: Db, grupo: string, ids: readonly string[]): Promise<void> {
  const linhas = await consultar(
    db,
    sql`select id from empresa where grupo_empresarial_id = ${grupo} and id = any(${textos(ids)}) and lixo = false`,
  );
  if (linhas.length !== new Set(ids).size) throw new ErroNegocio('Empresa não encontrada!');
}

async function gravarItens(
  tx: Db,
  grupo: string,
  id: string,
  itens: readonly { produto: string; quantidade: string }[],
): Promise<void> {
  await consultar(
    tx,
    sql`insert into estoque_pedido_transferencia_item (grupo_empresarial_id, pedido_id, produto_id, ordem, quantidade)
        select ${grupo}, ${id}, x.produto, x.ordem::int, x.quantidade::numeric
          from unnest(${textos(itens.map((i) => i.produto))}, ${textos(itens.map((_, n) => String(n + 1)))},
                      ${textos(itens.map((i) => escreverEstoque(lerEstoque(i.quantidade))))}) as x(produto, ordem, quantidade)`,
  );
}

export class ServicoPedidosTransferencia {
  constructor(
    private readonly db: Db,
    private readonly transferencias: ServicoTransferencias,
  ) {}

  /** The two stores of a request (routes check the user's permission in them). */
  async lojasDoPedido(grupo: string, id: string): Promise<{ solicitante: string; fornecedora: string }> {
    const [l] = await consultar(
      this.db,
      sql`select empresa_solicitante_id, empresa_fornecedora_id from estoque_pedido_transferencia
           where grupo_empresarial_id = ${grupo} and id = ${id}`,
    );
    if (!l) throw new ErroNegocio('Pedido de transferência não encontrado!');
    return { solicitante: String(l.empresa_solicitante_id), fornecedora: String(l.empresa_fornecedora_id) };
  }

  async obter(grupo: string, id: string, db: Db = this.db): Promise<PedidoTransferenciaDetalhe> {
    const [l] = await consultar(
      db,
      sql`${CABECALHO_SQL} where p.grupo_empresarial_id = ${grupo} and p.id = ${id}`,
    );
    if (!l) throw new ErroNegocio('Pedido de transferência não encontrado!');
    const pedido = resumo(l);
    const itens = await consultar(
      db,
      sql`select i.produto_id, pg.descricao, pg.codigo_interno, un.sigla as unidade, i.quantidade::text as quantidade,
                 i.quantidade_reservada::text as quantidade_reservada,
                 coalesce(sf.quantidade, 0)::text as saldo_fornecedora, coalesce(ss.quantidade, 0)::text as saldo_solicitante
            from estoque_pedido_transferencia_item i
            join produto_geral pg on pg.id = i.produto_id and pg.grupo_empresarial_id = i.grupo_empresarial_id
            left join unidade_medida un on un.id = pg.unidade_id and un.grupo_empresarial_id = pg.grupo_empresarial_id
            left join estoque_saldo sf on sf.grupo_empresarial_id = i.grupo_empresarial_id
                 and sf.empresa_id = ${pedido.fornecedora._id} and sf.produto_id = i.produto_id
            left join estoque_saldo ss on ss.grupo_empresarial_id = i.grupo_empresarial_id
                 and ss.empresa_id = ${pedido.solicitante._id} and ss.produto_id = i.produto_id
           where i.grupo_empresarial_id = ${grupo} and i.pedido_id = ${id}
           order by i.ordem`,
    );
    return {
      pedido,
      itens: itens.map(
        (x): ItemPedidoTransferencia => ({
          produto: {
            _id: String(x.produto_id),
            descricao: String(x.descricao ?? ''),
            codigoInterno: x.codigo_interno === null ? null : Number(x.codigo_interno),
            unidade: x.unidade === null ? null : String(x.unidade),
          },
          quantidade: quantidade(x.quantidade),
          quantidadeReservada: x.quantidade_reservada === null ? null : quantidade(x.quantidade_reservada),
          saldoFornecedora: quantidade(x.saldo_fornecedora),
          saldoSolicitante: quantidade(x.saldo_solicitante),
        }),
      ),
    };
  }

  async listar(
    grupo: string,
    lojas: readonly string[],
    filtro: {
      papel?: 'solicitados' | 'aAtender';
      status?: StatusPedidoTransferencia;
      pagina: number;
      limite: number;
    },
  ): Promise<{ itens: PedidoTransferenciaResumo[]; total: number }> {
    const l = textos(lojas);
    const papel =
      filtro.papel === 'solicitados'
        ? sql`p.empresa_solicitante_id = any(${l})`
        : filtro.papel === 'aAtender'
          ? sql`p.empresa_fornecedora_id = any(${l})`
          : sql`(p.empresa_solicitante_id = any(${l}) or p.empresa_fornecedora_id = any(${l}))`;
    const onde = sql`p.grupo_empresarial_id = ${grupo} and ${papel}
      ${filtro.status ? sql`and p.status = ${filtro.status}` : sql``}`;
    const [total] = await consultar(
      this.db,
      sql`select count(*)::int as n from estoque_pedido_transferencia p where ${onde}`,
    );
    const linhas = await consultar(
      this.db,
      sql`${CABECALHO_SQL} where ${onde} order by p.created_at desc, p.numero desc
           limit ${filtro.limite} offset ${(filtro.pagina - 1) * filtro.limite}`,
    );
    return { itens: linhas.map(resumo), total: Number(total?.n ?? 0) };
  }

  /** A store asks; idempotent by the client's `_id`. */
  async criar(
    op: Operador,
    e: CriarPedidoTransferencia,
    origem: OrigemPedidoTransferencia = 'manual',
  ): Promise<PedidoTransferenciaDetalhe> {
    return this.db.transaction(async (tx) => {
      const criado = await this.criarNaTransacao(tx, op, e, origem);
      return { ...(await this.obter(op.grupo, e._id, tx)), ...(criado ? {} : { repetido: true }) };
    });
  }

  private async criarNaTransacao(
    tx: Db,
    op: Operador,
    e: CriarPedidoTransferencia,
    origem: OrigemPedidoTransferencia,
  ): Promise<boolean> {
    await travarDocumento(tx, e._id);
    const [existe] = await consultar(
      tx,
      sql`select id from estoque_pedido_transferencia where grupo_empresarial_id = ${op.grupo} and id = ${e._id}`,
    );
    if (existe) return false;
    if (e.empresaSolicitante === e.empresaFornecedora) {
      throw new ErroNegocio('A loja fornecedora deve ser diferente da loja que pede.');
    }
    await exigirLojas(tx, op.grupo, [e.empresaSolicitante, e.empresaFornecedora]);
    await exigirProdutos(
      tx,
      op.grupo,
      e.itens.map((i) => i.produto),
    );
    const numero = await proximoNumero(tx, op.grupo, 'estoque_pedido_transferencia');
    await consultar(
      tx,
      sql`insert into estoque_pedido_transferencia (id, grupo_empresarial_id, numero, empresa_solicitante_id,
            empresa_fornecedora_id, status, origem, data_necessidade, observacao, criado_por)
          values (${e._id}, ${op.grupo}, ${numero}, ${e.empresaSolicitante}, ${e.empresaFornecedora}, 'solicitado',
                  ${origem}, ${e.dataNecessidade ?? null}::date, ${e.observacao?.trim() || null}, ${op.usuario})`,
    );
    await gravarItens(tx, op.grupo, e._id, e.itens);
    return true;
  }

  /** The asking store changes its request while the supplier has not reserved it. */
  async alterar(
    op: Operador,
    id: string,
    e: AlterarPedidoTransferencia,
  ): Promise<PedidoTransferenciaDetalhe> {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      recusar('alterar', cab.status);
      if (e.empresaFornecedora === cab.solicitante) {
        throw new ErroNegocio('A loja fornecedora deve ser diferente da loja que pede.');
      }
      await exigirLojas(tx, op.grupo, [e.empresaFornecedora]);
      await exigirProdutos(
        tx,
        op.grupo,
        e.itens.map((i) => i.produto),
      );
      await consultar(
        tx,
        sql`update estoque_pedido_transferencia set empresa_fornecedora_id = ${e.empresaFornecedora},
                   data_necessidade = ${e.dataNecessidade ?? null}::date, observacao = ${e.observacao?.trim() || null},
                   updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      await consultar(
        tx,
        sql`delete from estoque_pedido_transferencia_item where grupo_empresarial_id = ${op.grupo} and pedido_id = ${id}`,
      );
      await gravarItens(tx, op.grupo, id, e.itens);
      return this.obter(op.grupo, id, tx);
    });
  }

  /**
   * The supplier sets the quantities aside (a line not listed: the asked quantity; zero: not sent). Where the
   * supplier refuses negative stock, each quantity must fit its free balance: balance − what its other
   * reserved orders hold. Reserving again adjusts the quantities.
   */
  async reservar(op: Operador, id: string, e: ReservarPedidoTransferencia, agora: Date) {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      recusar('reservar', cab.status);
      // Reservations of one supplier queue here, so two at once cannot both take the same free balance.
      await consultar(
        tx,
        sql`select pg_advisory_xact_lock(hashtextextended(${`estoque-reserva:${cab.fornecedora}`}, 0))`,
      );
      const linhas = await consultar(
        tx,
        sql`select i.produto_id, pg.descricao, i.quantidade::text as quantidade,
                   coalesce(s.quantidade, 0)::text as saldo,
                   coalesce((select sum(oi.quantidade_reservada) from estoque_pedido_transferencia o
                              join estoque_pedido_transferencia_item oi on oi.grupo_empresarial_id = o.grupo_empresarial_id
                                   and oi.pedido_id = o.id
                             where o.grupo_empresarial_id = i.grupo_empresarial_id and o.status = 'reservado'
                               and o.empresa_fornecedora_id = ${cab.fornecedora} and o.id <> ${id}
                               and oi.produto_id = i.produto_id), 0)::text as reservado
              from estoque_pedido_transferencia_item i
              join produto_geral pg on pg.id = i.produto_id and pg.grupo_empresarial_id = i.grupo_empresarial_id
              left join estoque_saldo s on s.grupo_empresarial_id = i.grupo_empresarial_id
                   and s.empresa_id = ${cab.fornecedora} and s.produto_id = i.produto_id
             where i.grupo_empresarial_id = ${op.grupo} and i.pedido_id = ${id}
             order by i.ordem`,
      );
      const pedidas = new Map((e.itens ?? []).map((i) => [i.produto, lerEstoque(i.quantidade)]));
      for (const p of pedidas.keys()) {
        if (!linhas.some((l) => String(l.produto_id) === p)) {
          throw new ErroNegocio('Um dos produtos reservados não está neste pedido.');
        }
      }
      const [negativo] = await consultar(
        tx,
        sql`select ${NOME_LOJA_SQL('e')} as nome,
                   coalesce((e.configuracoes_estoque ->> 'permitirEstoqueNegativo')::boolean, false) as permite
              from empresa e where e.grupo_empresarial_id = ${op.grupo} and e.id = ${cab.fornecedora}`,
      );
      const reservas = linhas.map((l) => {
        const produto = String(l.produto_id);
        const q = pedidas.get(produto) ?? lerEstoque(String(l.quantidade));
        const saldo = lerEstoque(String(l.saldo));
        const reservado = lerEstoque(String(l.reservado));
        const livre = saldo - reservado;
        if (!negativo?.permite && q > 0n && q > livre) {
          throw new ErroNegocio(
            `Estoque insuficiente para reservar: ${String(l.descricao)} na loja ${String(negativo?.nome ?? '')} tem ${quantidadeLegivel(livre > 0n ? livre : 0n)} livre (saldo ${quantidadeLegivel(saldo)}, ${quantidadeLegivel(reservado)} reservado para outros pedidos) e a reserva é de ${quantidadeLegivel(q)}.`,
            { produto },
          );
        }
        return { produto, q };
      });
      if (reservas.every((r) => r.q === 0n)) {
        throw new ErroNegocio('Reserve ao menos um produto, ou cancele o pedido.');
      }
      await consultar(
        tx,
        sql`update estoque_pedido_transferencia_item i set quantidade_reservada = x.q::numeric
              from unnest(${textos(reservas.map((r) => r.produto))}, ${textos(reservas.map((r) => escreverEstoque(r.q)))}) as x(produto, q)
             where i.grupo_empresarial_id = ${op.grupo} and i.pedido_id = ${id} and i.produto_id = x.produto`,
      );
      await consultar(
        tx,
        sql`update estoque_pedido_transferencia set status = 'reservado', reservado_por = ${op.usuario},
                   reservado_em = ${agora.toISOString()}::timestamptz, updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }

  /**
   * The reserved order becomes a transfer from the supplier to the asking store (its reserved quantities), in
   * one transaction; with `enviar` it is shipped too (a refusal to ship — stock, plan accounts — finishes
   * nothing). The transfer's id is the client's: a retry answers the same transfer.
   */
  async finalizar(
    op: Operador,
    id: string,
    e: { transferencia: string; enviar: boolean },
    agora: Date,
  ): Promise<{
    pedido: PedidoTransferenciaDetalhe;
    transferencia: TransferenciaDetalhe;
    repetido?: boolean;
  }> {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      if (cab.status === 'finalizado' && cab.transferencia) {
        return {
          pedido: await this.obter(op.grupo, id, tx),
          transferencia: await this.transferencias.obter(op.grupo, cab.transferencia, tx),
          repetido: true,
        };
      }
      recusar('finalizar', cab.status);
      const itens = await consultar(
        tx,
        sql`select produto_id, quantidade_reservada::text as q from estoque_pedido_transferencia_item
             where grupo_empresarial_id = ${op.grupo} and pedido_id = ${id} and quantidade_reservada > 0
             order by ordem`,
      );
      if (!itens.length) throw new ErroNegocio('Reserve ao menos um produto, ou cancele o pedido.');
      const criada = await this.transferencias.criarNaTransacao(tx, op, {
        _id: e.transferencia,
        empresaOrigem: cab.fornecedora,
        empresaDestino: cab.solicitante,
        observacao: `Pedido de transferência nº ${cab.numero}`,
        pedido: id,
        itens: itens.map((i) => ({ produto: String(i.produto_id), quantidade: String(i.q) })),
      });
      if (criada === 'existente') throw new ErroNegocio('Esta transferência já existe: recarregue a tela.');
      const transferencia = e.enviar
        ? await this.transferencias.enviarNaTransacao(tx, op, e.transferencia, undefined, agora)
        : await this.transferencias.obter(op.grupo, e.transferencia, tx);
      await consultar(
        tx,
        sql`update estoque_pedido_transferencia set status = 'finalizado', transferencia_id = ${e.transferencia},
                   finalizado_por = ${op.usuario}, finalizado_em = ${agora.toISOString()}::timestamptz, updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return { pedido: await this.obter(op.grupo, id, tx), transferencia };
    });
  }

  async cancelar(op: Operador, id: string, motivo: string, agora: Date): Promise<PedidoTransferenciaDetalhe> {
    return this.db.transaction(async (tx) => {
      const cab = await travar(tx, op.grupo, id);
      if (cab.status === 'cancelado') return { ...(await this.obter(op.grupo, id, tx)), repetido: true };
      recusar('cancelar', cab.status);
      await consultar(
        tx,
        sql`update estoque_pedido_transferencia set status = 'cancelado', cancelado_por = ${op.usuario},
                   cancelado_em = ${agora.toISOString()}::timestamptz, motivo_cancelamento = ${motivo.trim()},
                   updated_at = now()
             where grupo_empresarial_id = ${op.grupo} and id = ${id}`,
      );
      return this.obter(op.grupo, id, tx);
    });
  }

  /**
   * estoqueGerarListaReposicao: per client store, each product it controls with a maximum, what it must receive
   * to reach it — maximum − (balance + in transit to it + drafts to it + its open requests) — and, per product,
   * what the supplier holds and has reserved.
   */
  async listaReposicao(
    grupo: string,
    fornecedora: string,
    clientes: readonly string[] | undefined,
    somenteAbaixoDoMinimo: boolean,
  ): Promise<ListaReposicao> {
    const [f] = await consultar(
      this.db,
      sql`select e.id, ${NOME_LOJA_SQL('e')} as nome from empresa e
           where e.grupo_empresarial_id = ${grupo} and e.id = ${fornecedora} and e.lixo = false`,
    );
    if (!f) throw new ErroNegocio('Empresa não encontrada!');
    const lojas = clientes?.filter((c) => c !== fornecedora);
    const linhas = await consultar(
      this.db,
      sql`select c.empresa_id, ${NOME_LOJA_SQL('e')} as loja, c.produto_geral_id as produto_id, p.descricao,
                 p.codigo_interno, un.sigla as unidade, coalesce(c.estoque_minimo, 0)::text as minimo,
                 c.estoque_maximo::text as maximo, coalesce(s.quantidade, 0)::text as saldo,
                 coalesce((select sum(i.quantidade) from estoque_transferencia t
                            join estoque_transferencia_item i on i.grupo_empresarial_id = t.grupo_empresarial_id
                                 and i.transferencia_id = t.id
                           where t.grupo_empresarial_id = c.grupo_empresarial_id and t.status = 'enviada'
                             and t.empresa_destino_id = c.empresa_id and i.produto_id = c.produto_geral_id), 0)::text
                   as em_transito,
                 (coalesce((select sum(i.quantidade) from estoque_transferencia t
                             join estoque_transferencia_item i on i.grupo_empresarial_id = t.grupo_empresarial_id
                                  and i.transferencia_id = t.id
                            where t.grupo_empresarial_id = c.grupo_empresarial_id and t.status = 'rascunho'
                              and t.empresa_destino_id = c.empresa_id and i.produto_id = c.produto_geral_id), 0)
                  + coalesce((select sum(coalesce(i.quantidade_reservada, i.quantidade)) from estoque_pedido_transferencia o
                               join estoque_pedido_transferencia_item i on i.grupo_empresarial_id = o.grupo_empresarial_id
                                    and i.pedido_id = o.id
                              where o.grupo_empresarial_id = c.grupo_empresarial_id
                                and o.status in ('solicitado', 'reservado')
                                and o.empresa_solicitante_id = c.empresa_id and i.produto_id = c.produto_geral_id), 0)
                 )::text as pendente
            from estoque_cadastro c
            join empresa e on e.id = c.empresa_id and e.grupo_empresarial_id = c.grupo_empresarial_id and e.lixo = false
            join produto_geral p on p.id = c.produto_geral_id and p.grupo_empresarial_id = c.grupo_empresarial_id
                 and p.lixo = false
            left join unidade_medida un on un.id = p.unidade_id and un.grupo_empresarial_id = p.grupo_empresarial_id
            left join estoque_saldo s on s.grupo_empresarial_id = c.grupo_empresarial_id and s.empresa_id = c.empresa_id
                 and s.produto_id = c.produto_geral_id
           where c.grupo_empresarial_id = ${grupo} and c.lixo = false and c.controla_estoque is not false
             and c.estoque_maximo > 0 and c.empresa_id <> ${fornecedora}
             ${lojas ? sql`and c.empresa_id = any(${textos(lojas)})` : sql``}
           order by e.codigo_interno, loja, p.descricao`,
    );
    const saida: ListaReposicao['linhas'] = [];
    const necessario = new Map<string, bigint>();
    for (const l of linhas) {
      const r = sugestaoReposicao({
        saldo: lerEstoque(String(l.saldo)),
        minimo: lerEstoque(String(l.minimo)),
        maximo: lerEstoque(String(l.maximo)),
        emTransito: lerEstoque(String(l.em_transito)),
        pendente: lerEstoque(String(l.pendente)),
        fracionada: unidadeFracionada(l.unidade === null ? null : String(l.unidade)),
      });
      if (r.sugerido === 0n || (somenteAbaixoDoMinimo && !r.abaixoDoMinimo)) continue;
      const produto = String(l.produto_id);
      necessario.set(produto, (necessario.get(produto) ?? 0n) + r.sugerido);
      saida.push({
        empresa: { _id: String(l.empresa_id), descricao: String(l.loja ?? '') },
        produto: {
          _id: produto,
          descricao: String(l.descricao ?? ''),
          codigoInterno: l.codigo_interno === null ? null : Number(l.codigo_interno),
          unidade: l.unidade === null ? null : String(l.unidade),
        },
        saldo: quantidade(l.saldo),
        minimo: quantidade(l.minimo),
        maximo: quantidade(l.maximo),
        emTransito: quantidade(l.em_transito),
        pendente: quantidade(l.pendente),
        sugerido: escreverEstoque(r.sugerido),
        abaixoDoMinimo: r.abaixoDoMinimo,
      });
    }
    const produtos = [...necessario.keys()];
    const disponiveis = produtos.length
      ? await consultar(
          this.db,
          sql`select x.p as produto_id, coalesce(s.quantidade, 0)::text as saldo,
                     coalesce((select sum(i.quantidade_reservada) from estoque_pedido_transferencia o
                                join estoque_pedido_transferencia_item i on i.grupo_empresarial_id = o.grupo_empresarial_id
                                     and i.pedido_id = o.id
                               where o.grupo_empresarial_id = ${grupo} and o.status = 'reservado'
                                 and o.empresa_fornecedora_id = ${fornecedora} and i.produto_id = x.p), 0)::text as reservado
                from unnest(${textos(produtos)}) as x(p)
                left join estoque_saldo s on s.grupo_empresarial_id = ${grupo} and s.empresa_id = ${fornecedora}
                     and s.produto_id = x.p`,
        )
      : [];
    return {
      fornecedora: { _id: String(f.id), descricao: String(f.nome ?? '') },
      linhas: saida,
      disponivel: disponiveis.map((d) => ({
        produto: String(d.produto_id),
        saldo: quantidade(d.saldo),
        reservado: quantidade(d.reservado),
        necessario: escreverEstoque(necessario.get(String(d.produto_id)) ?? 0n),
      })),
    };
  }

  /** The list turned into one request per client store, in one transaction (each idempotent by its `_id`). */
  async gerarPedidosReposicao(op: Operador, e: GerarPedidosReposicao): Promise<PedidoTransferenciaResumo[]> {
    return this.db.transaction(async (tx) => {
      const saida: PedidoTransferenciaResumo[] = [];
      for (const p of e.pedidos) {
        await this.criarNaTransacao(
          tx,
          op,
          {
            _id: p._id,
            empresaSolicitante: p.empresa,
            empresaFornecedora: e.empresaFornecedora,
            observacao: e.observacao ?? 'Gerado pela lista de reposição',
            itens: p.itens,
          },
          'listaReposicao',
        );
        saida.push((await this.obter(op.grupo, p._id, tx)).pedido);
      }
      return saida;
    });
  }
}
