import { createHash } from 'node:crypto';
import {
  escreverDinheiro,
  lancarPagamento,
  lerDinheiro,
  PERMISSOES,
  TIPO_PAGAMENTO,
  TIPO_VENDA,
} from '@retaguarda/domain';
import {
  type AcaoOD,
  aplicarAcao,
  type EstadoPedidoOD,
  EVENTO_PEDIDO_APP,
  type EventoPedidoApp,
  MOTIVOS_ATENCAO,
  mapearPedido,
  nomeDoApp,
  type PedidoMapeado,
  type PedidoOD,
  pedidoODSchema,
} from '@retaguarda/domain/delivery-apps/index';
import { type SQL, sql } from 'drizzle-orm';
import type { Servicos } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { FilasPorChave } from '../../lib/segundo-plano.ts';
import type { Contexto, ServicoVendas, VendaResposta } from '../vendas/vendas.service.ts';
import type { AdaptadorDelivery } from './adaptador.ts';

// An app order -> a delivery sale (type 55, origin 72), through the sale service like any other sale, so the
// KDS, expedition, printing and the fiscal note see it as theirs. Its id derives from the app and the order
// id, so a retry (after a crash between the sale and the order's row) answers the sale already made: one sale
// per order, whatever happens. The lines reach the kitchen only when the order is accepted (by an operator or
// automatically); a refused order's sale, never sent to the kitchen, is deleted.

/** A stable 24-hex id for one of ours derived from the app's (sale, payment). */
export function idDerivado(tipo: string, ...partes: string[]): string {
  return createHash('sha256')
    .update([tipo, ...partes].join(':'))
    .digest('hex')
    .slice(0, 24);
}

export interface IntegracaoLida {
  id: string;
  grupo: string;
  empresa: string;
  app: number;
  merchantId: string;
  aceiteAutomatico: boolean;
}

export interface PedidoLido {
  id: string;
  grupo: string;
  integracaoId: string;
  empresa: string;
  app: number;
  pedidoExterno: string;
  situacao: string;
  estadoApp: EstadoPedidoOD;
  estadoAnterior: EstadoPedidoOD | null;
  vendaId: string | null;
  mapeado: PedidoMapeado | null;
  pedido: unknown;
}

const TODAS_PERMISSOES = new Set(PERMISSOES.map((p) => p.id));

/** Who acts on the sale: the integration itself, with every permission in its own store only. */
export function contextoIntegracao(servicos: Servicos, i: IntegracaoLida): Contexto {
  return {
    grupo: i.grupo,
    usuarioId: i.id,
    permissoes: {
      porEmpresa: new Map([[i.empresa, TODAS_PERMISSOES]]),
      empresas: [],
      franquia: { controleDeFranquia: false, franqueadora: null },
      retidasPorEmpresa: new Map(),
    },
    operador: { _id: i.id, nome: `Integração ${nomeDoApp(i.app)}`, codigoInterno: null },
    empresaCabecalho: i.empresa,
    chaveIdempotencia: undefined,
    rota: 'delivery-apps',
    agora: servicos.tempo.agora().toISOString(),
  };
}

export function lerPedido(l: Record<string, unknown>): PedidoLido {
  return {
    id: l.id as string,
    grupo: l.grupo_empresarial_id as string,
    integracaoId: l.integracao_id as string,
    empresa: l.empresa_id as string,
    app: l.app as number,
    pedidoExterno: l.pedido_externo as string,
    situacao: l.situacao as string,
    estadoApp: l.estado_app as EstadoPedidoOD,
    estadoAnterior: (l.estado_anterior as EstadoPedidoOD | null) ?? null,
    vendaId: (l.venda_id as string | null) ?? null,
    mapeado: (l.mapeado as PedidoMapeado | null) ?? null,
    pedido: l.pedido,
  };
}

export class ServicoPedidosApp {
  /** Actions of one order go out one after the other, in the order they were asked. */
  private readonly filas = new FilasPorChave();

  constructor(
    private readonly servicos: Servicos,
    private readonly vendas: ServicoVendas,
  ) {}

  private get db() {
    return this.servicos.banco.db;
  }

  /** Our product for an app item code: the remembered mapping, else a product of ours with that id. */
  private async produtos(i: IntegracaoLida): Promise<(codigo: string) => string | null> {
    const mapas = await consultar(
      this.db,
      sql`select codigo_externo, produto_id from delivery_item_mapa where integracao_id = ${i.id}`,
    );
    const mapa = new Map(mapas.map((m) => [m.codigo_externo as string, m.produto_id as string]));
    const cat = await this.vendas.catalogo.daLoja(i.grupo, i.empresa);
    return (codigo) => mapa.get(codigo) ?? (cat.produtos.has(codigo) ? codigo : null);
  }

  /**
   * A CREATED event: fetches (already done: `texto`), validates and maps the order; the sale is created and
   * the order's row written, or the row says why it needs attention. Never both, never neither.
   */
  async receber(
    i: IntegracaoLida,
    pedidoExterno: string,
    texto: string,
    adaptador: AdaptadorDelivery,
    eventoId?: string,
  ): Promise<void> {
    const ja = await consultarUm(
      this.db,
      sql`select id from delivery_pedido where integracao_id = ${i.id} and pedido_externo = ${pedidoExterno}`,
    );
    if (ja) return;
    let json: unknown;
    try {
      json = JSON.parse(texto);
    } catch (erro) {
      await this.atencao(
        i,
        pedidoExterno,
        MOTIVOS_ATENCAO.jsonInvalido((erro as Error).message.slice(0, 120)),
        { bruto: texto.slice(0, 20_000) },
        [],
        eventoId,
      );
      return;
    }
    const lido = pedidoODSchema.safeParse(json);
    if (!lido.success) {
      const p = lido.error.issues[0];
      await this.atencao(
        i,
        pedidoExterno,
        MOTIVOS_ATENCAO.formatoInvalido(`${p?.path.join('.') || 'pedido'}: ${p?.message ?? ''}`),
        json,
        [],
        eventoId,
      );
      return;
    }
    const pedido = lido.data;
    if (pedido.merchant.id !== i.merchantId) {
      await this.atencao(
        i,
        pedidoExterno,
        MOTIVOS_ATENCAO.lojaNaoMapeada(pedido.merchant.id),
        json,
        [],
        eventoId,
      );
      return;
    }
    await this.criarDoPedido(i, pedidoExterno, pedido, json, adaptador, null, eventoId);
  }

  /** Maps and creates; `pedidoId` is the row of an order that needed attention and is being retried. */
  async criarDoPedido(
    i: IntegracaoLida,
    pedidoExterno: string,
    pedido: PedidoOD,
    json: unknown,
    adaptador: AdaptadorDelivery,
    pedidoId: string | null,
    eventoId?: string,
  ): Promise<void> {
    const m = mapearPedido(pedido, await this.produtos(i));
    if (!m.ok) {
      await this.atencao(i, pedidoExterno, m.motivo, json, m.itensSemProduto, eventoId);
      return;
    }
    let venda: VendaResposta;
    try {
      venda = await this.criarVenda(i, pedidoExterno, m.pedido);
    } catch (erro) {
      if (!(erro instanceof ErroNegocio)) throw erro;
      await this.atencao(i, pedidoExterno, MOTIVOS_ATENCAO.vendaRecusada(erro.message), json, [], eventoId);
      return;
    }
    const id = pedidoId ?? idDerivado('pedido', i.id, pedidoExterno);
    await this.gravarComEvento(
      i,
      eventoId,
      sql`insert into delivery_pedido (id, grupo_empresarial_id, integracao_id, empresa_id, app, pedido_externo,
            identificacao, situacao, estado_app, pedido, mapeado, venda_id, total, itens_sem_produto)
          values (${id}, ${i.grupo}, ${i.id}, ${i.empresa}, ${i.app}, ${pedidoExterno}, ${m.pedido.identificacao},
            'aguardando', 'CREATED', ${JSON.stringify(json)}::jsonb, ${JSON.stringify(m.pedido)}::jsonb,
            ${venda._id}, ${m.pedido.total}, '[]'::jsonb)
          on conflict (integracao_id, pedido_externo) do update set situacao = 'aguardando', motivo = null,
            identificacao = excluded.identificacao,
            itens_sem_produto = '[]'::jsonb, mapeado = excluded.mapeado, venda_id = excluded.venda_id,
            total = excluded.total, updated_at = now()
          where delivery_pedido.situacao = 'atencao'`,
    );
    this.anunciar(i.empresa, id, 'aguardando', 'CREATED');
    if (i.aceiteAutomatico) await this.aceitar(i, id, adaptador);
  }

  /** Tells the store's screens (the order desk) that this order arrived or changed. */
  anunciar(empresa: string, pedido: string, situacao: EventoPedidoApp['situacao'], estadoApp: string): void {
    const dados: EventoPedidoApp = { pedido, empresa, situacao, estadoApp };
    this.servicos.tempoReal?.emitirParaEmpresa(empresa, EVENTO_PEDIDO_APP, dados);
  }

  private async atencao(
    i: IntegracaoLida,
    pedidoExterno: string,
    motivo: string,
    pedido: unknown,
    itensSemProduto: { codigo: string; nome: string }[] = [],
    eventoId?: string,
  ): Promise<void> {
    await this.gravarComEvento(
      i,
      eventoId,
      sql`insert into delivery_pedido (id, grupo_empresarial_id, integracao_id, empresa_id, app, pedido_externo,
            situacao, estado_app, motivo, itens_sem_produto, pedido)
          values (${idDerivado('pedido', i.id, pedidoExterno)}, ${i.grupo}, ${i.id}, ${i.empresa}, ${i.app},
            ${pedidoExterno}, 'atencao', 'CREATED', ${motivo}, ${JSON.stringify(itensSemProduto)}::jsonb,
            ${JSON.stringify(pedido ?? null)}::jsonb)
          on conflict (integracao_id, pedido_externo) do update set motivo = excluded.motivo,
            itens_sem_produto = excluded.itens_sem_produto, updated_at = now()
          where delivery_pedido.situacao = 'atencao'`,
    );
    this.anunciar(i.empresa, idDerivado('pedido', i.id, pedidoExterno), 'atencao', 'CREATED');
  }

  /** The order's row and, when it came from an event, that event marked processed: one transaction. */
  private async gravarComEvento(
    i: IntegracaoLida,
    eventoId: string | undefined,
    consulta: SQL,
  ): Promise<void> {
    if (!eventoId) {
      await consultar(this.db, consulta);
      return;
    }
    await this.db.transaction(async (transacao) => {
      const tx = transacao as unknown as Db;
      await consultar(tx, consulta);
      await consultar(
        tx,
        sql`update delivery_evento set processado_em = now()
            where integracao_id = ${i.id} and evento_id = ${eventoId}`,
      );
    });
  }

  /**
   * The sale of the order: created (id from the order), then the app's delivery fee and discounts applied
   * through the sale's write pipeline. Both steps are idempotent, so a retry completes what a crash left.
   */
  private async criarVenda(
    i: IntegracaoLida,
    pedidoExterno: string,
    m: PedidoMapeado,
  ): Promise<VendaResposta> {
    const ctx = contextoIntegracao(this.servicos, i);
    const vendaId = idDerivado('venda', i.id, pedidoExterno);
    const descricao = [`${nomeDoApp(i.app)} #${m.identificacao}`, m.cliente?.nome]
      .filter(Boolean)
      .join(' - ');
    await this.vendas.criar(ctx, {
      _id: vendaId,
      empresa: i.empresa,
      tipoVenda: TIPO_VENDA.delivery,
      localPedido: 72,
      vendaDescricao: descricao.slice(0, 100),
      produtos: m.linhas.map((l) => ({ produto: l.produto, quantidade: l.quantidade, obs: l.obs })),
    });
    return this.vendas.alterar(
      ctx,
      vendaId,
      (reg) => {
        const v = reg.venda;
        // The app's item total after its discounts is what the customer pays for the items: the difference
        // to our prices is the sale's general discount (an app dearer than us is kept as it is: no surcharge).
        const alvoItens = lerDinheiro(m.totalItens) - lerDinheiro(m.descontoItens);
        const nossos = lerDinheiro(v.subTotal) + lerDinheiro(v.totalAcrescimo);
        const desconto = Math.max(0, nossos - alvoItens);
        return {
          reg: {
            ...reg,
            venda: {
              ...v,
              taxaEntregaManual: true,
              taxaEntrega: m.taxaEntrega,
              descontoGeral:
                desconto > 0
                  ? { modo: 0, valor: escreverDinheiro(desconto), totalDesconto: escreverDinheiro(desconto) }
                  : null,
            },
          },
        };
      },
      { recalcularAntes: true },
    );
  }

  async pedido(id: string): Promise<PedidoLido | undefined> {
    const l = await consultarUm(this.db, sql`select * from delivery_pedido where id = ${id}`);
    return l ? lerPedido(l) : undefined;
  }

  /**
   * Accepts: the prepaid part is paid (payment type 92, id from the order), the lines go to the kitchen
   * and the app is told `confirm`.
   */
  async aceitar(i: IntegracaoLida, pedidoId: string, adaptador: AdaptadorDelivery): Promise<void> {
    const p = await this.pedido(pedidoId);
    if (!p?.vendaId || !p.mapeado)
      throw new ErroNegocio('Pedido sem venda: resolva a pendência antes de aceitar.');
    if (p.situacao !== 'aguardando') throw new ErroNegocio('Este pedido já foi aceito ou recusado.');
    const ctx = contextoIntegracao(this.servicos, i);
    const prepago = p.mapeado.pagamentos.filter((x) => x.modo === 'prepago');
    const total = prepago.reduce((s, x) => s + lerDinheiro(x.valor), 0);
    let venda = await this.vendas.obter(ctx, p.vendaId);
    if (total > 0) {
      const pagamentoId = idDerivado('pagamento', p.id);
      if (!venda.pagamentos.some((x) => x._id === pagamentoId)) {
        venda = await this.vendas.alterar(ctx, p.vendaId, (reg, cat) => {
          const forma = [...cat.formasPagamento.values()].find((f) => f.tipo === TIPO_PAGAMENTO.appTerceiros);
          if (!forma) throw new ErroNegocio('A loja não tem forma de pagamento "App de Terceiros" (92).');
          if (reg.venda.pagamentos.some((x) => x._id === pagamentoId)) return { reg };
          // Never more than the sale's balance: an app dearer than our prices (no surcharge on our side)
          // would otherwise leave change on a payment type that gives none.
          const saldo = lerDinheiro(reg.venda.total) - lerDinheiro(reg.venda.totalPago);
          if (saldo <= 0) return { reg };
          return {
            reg: {
              ...reg,
              venda: lancarPagamento(reg.venda, {
                _id: pagamentoId,
                formaPagamento: forma,
                valorPago: escreverDinheiro(Math.min(total, saldo)),
                operador: ctx.operador,
                data: ctx.agora,
                terminal: null,
                caixa: null,
                periodo: null,
                observacao: `Pré-pago no ${nomeDoApp(i.app)}`,
              }),
            },
          };
        });
      }
    }
    await this.vendas.confirmarItens(ctx, p.vendaId);
    await consultar(
      this.db,
      sql`update delivery_pedido set situacao = 'aceito', updated_at = now() where id = ${p.id}`,
    );
    this.anunciar(p.empresa, p.id, 'aceito', p.estadoApp);
    await this.acao(p.id, adaptador, 'confirm', {
      createdAt: this.servicos.tempo.agora().toISOString(),
      orderExternalCode: String(venda.numero || venda._id),
      reason: 'Aceito',
    });
  }

  /** Refuses: the app is asked to cancel, and our sale (never sent to the kitchen, unpaid) is deleted. */
  async recusar(
    i: IntegracaoLida,
    pedidoId: string,
    motivo: string,
    adaptador: AdaptadorDelivery,
  ): Promise<void> {
    const p = await this.pedido(pedidoId);
    if (!p) throw new ErroNegocio('Pedido não encontrado.');
    // Marked refused before the app is asked: the app's CANCELLED answer may come back (webhook) while this
    // request is still running, and must then find the order refused (its reason kept, the sale ours to
    // delete), not waiting (it would delete the sale too). The condition also stops a second answer.
    const marcado = await consultar(
      this.db,
      sql`update delivery_pedido set situacao = 'recusado', motivo = ${motivo}, updated_at = now()
          where id = ${p.id} and situacao in ('aguardando', 'atencao') returning id`,
    );
    if (marcado.length === 0) throw new ErroNegocio('Este pedido já foi aceito ou recusado.');
    this.anunciar(p.empresa, p.id, 'recusado', p.estadoApp);
    await this.acao(p.id, adaptador, 'requestCancellation', {
      reason: motivo,
      code: 'INTERNAL_DIFFICULTIES_OF_THE_RESTAURANT',
      mode: 'MANUAL',
    });
    if (p.vendaId) {
      const ctx = contextoIntegracao(this.servicos, i);
      await this.vendas.deletarVenda(ctx, p.vendaId, { motivo: `Recusado: ${motivo}`.slice(0, 200) });
    }
  }

  /**
   * The app cancelled the order. Not yet accepted: our sale (never sent to the kitchen, unpaid) is deleted.
   * Accepted: the sale is the kitchen's and maybe paid, so cancelling it is the store's decision (a supervisor
   * on the POS); the order says so.
   */
  async canceladoPeloApp(i: IntegracaoLida, pedidoId: string, razao: string): Promise<void> {
    const p = await this.pedido(pedidoId);
    if (!p) return;
    let motivo = `Cancelado pelo aplicativo${razao ? `: ${razao}` : ''}.`;
    if (p.vendaId && p.situacao === 'aguardando') {
      const ctx = contextoIntegracao(this.servicos, i);
      await this.vendas.deletarVenda(ctx, p.vendaId, { motivo: motivo.slice(0, 200) });
    } else if (p.vendaId && p.situacao === 'aceito') {
      motivo += ' A venda já foi para a cozinha: cancele-a no PDV.';
    }
    await consultar(
      this.db,
      sql`update delivery_pedido set estado_app = 'CANCELLED', situacao = 'cancelado',
            motivo = coalesce(${p.situacao === 'recusado' ? null : motivo.slice(0, 500)}::text, motivo), updated_at = now()
          where id = ${p.id}`,
    );
    this.anunciar(p.empresa, p.id, 'cancelado', 'CANCELLED');
  }

  /**
   * Sends one action, after the ones already asked for this order, if the app would take it in the order's
   * state (a skipped step is not an error: our expedition may jump). Each sent action is recorded.
   */
  acao(pedidoId: string, adaptador: AdaptadorDelivery, acao: AcaoOD, corpo?: unknown): Promise<boolean> {
    return this.filas.enfileirar(pedidoId, () => this.enviar(pedidoId, adaptador, acao, corpo));
  }

  /** Every action queued so far has been sent (tests, shutdown). */
  async ocioso(): Promise<void> {
    await this.filas.esperar();
  }

  private async enviar(
    pedidoId: string,
    adaptador: AdaptadorDelivery,
    acao: AcaoOD,
    corpo?: unknown,
  ): Promise<boolean> {
    const p = await this.pedido(pedidoId);
    if (!p) return false;
    const t = aplicarAcao(p.estadoApp, acao, p.estadoAnterior ?? 'CONFIRMED');
    if (!t.ok) return false;
    let status = 202;
    let erro: string | null = null;
    try {
      // No such call in the app's protocol: nothing sent, and our copy of the app's state stays as the app has it.
      if (!(await adaptador.enviarAcao(p.pedidoExterno, acao, corpo))) return false;
    } catch (e) {
      status = (e as { status?: number }).status ?? 0;
      erro = (e as Error).message.slice(0, 500);
    }
    await consultar(
      this.db,
      sql`insert into delivery_acao (id, grupo_empresarial_id, pedido_id, acao, corpo, status_http, erro)
          values (${idDerivado('acao', p.id, acao, String(Date.now()), String(Math.random()))}, ${p.grupo}, ${p.id},
            ${acao}, ${corpo === undefined ? null : JSON.stringify(corpo)}::jsonb, ${status}, ${erro})`,
    );
    if (erro) return false;
    // Only from the state read: the app's own event (its echo, or CANCELLED after our requestCancellation) may
    // have been processed while the call was out, and the app's word is the later one.
    await consultar(
      this.db,
      sql`update delivery_pedido set estado_app = ${t.estado},
            estado_anterior = ${acao === 'denyCancellation' ? null : p.estadoAnterior}, updated_at = now()
          where id = ${p.id} and estado_app = ${p.estadoApp}`,
    );
    this.anunciar(p.empresa, p.id, p.situacao as EventoPedidoApp['situacao'], t.estado);
    return true;
  }
}
