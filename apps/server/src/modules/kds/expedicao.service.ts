import {
  escreverDinheiro,
  lerDinheiro,
  PERMISSAO,
  STATUS_EXPEDICAO,
  type StatusExpedicaoId,
  TIPO_VENDA,
  TRANSICOES_EXPEDICAO,
} from '@retaguarda/domain';
import {
  type CobrancaEntrega,
  cobrancaEntrega,
  type PagamentoCombinado,
} from '@retaguarda/domain/kds/cobranca';
import {
  type ExpedicaoAlteradaEvento,
  identificacaoPedido,
  MENSAGENS_KDS,
  NOMES_TIPO_VENDA,
} from '@retaguarda/domain/kds/kds';
import { sql } from 'drizzle-orm';
import type { Servicos } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { proximoNumero } from '../vendas/vendas.repositorio.ts';
import { type Contexto, M, type ServicoVendas } from '../vendas/vendas.service.ts';
import type { ServicoKds } from './kds.service.ts';

// Expedition (spec 1 section 4: waiting 0 ... cancelled 6, in cancellation 7), motoboy dispatch (only users
// with attribution 'Motoboy'), doorman registration and the delivery fee/time/company changes (permissions
// 25, 26, 27). Status changes go through the sale module's pipeline, so the POS, the KDS and the call
// center hear them as vendaAlterada and expedicaoAlterada on the store's room.

const E = STATUS_EXPEDICAO;
/** Delivered and cancelled orders stay on the expedition screen this long by default. */
const MINUTOS_FINALIZADOS = 30;

export interface PedidoExpedicao {
  vendaId: string;
  numero: number;
  identificacao: string;
  tipoVenda: number;
  tipoVendaDescricao: string;
  status: number;
  statusExpedicao: number;
  /** Statuses the expedition screen may offer next (7 is never offered, spec 4). */
  proximos: number[];
  cliente: string | null;
  endereco: string | null;
  total: string;
  taxaEntrega: string;
  entregador: { _id: string; nome: string } | null;
  atribuidoEm: string | null;
  saidaEm: string | null;
  retornoEm: string | null;
  acertoEm: string | null;
  tempoEntregaMinutos: number | null;
  data: string;
  itens: { total: number; prontos: number };
  /**
   * Orders the call center took (call_center_pedido): what the rider collects ('Cobrar R$ X em Dinheiro',
   * the change and the note) or that it is paid; null for the store's own orders.
   */
  cobranca: CobrancaEntrega | null;
  versao: number;
}

const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v instanceof Date ? v : String(v)).toISOString();

function enderecoTexto(cliente: unknown): string | null {
  const c = cliente as { endereco?: unknown } | null;
  const lista = Array.isArray(c?.endereco) ? c.endereco : c?.endereco ? [c.endereco] : [];
  const e = (lista as Record<string, unknown>[]).find((x) => x?.principal) ?? lista[0];
  if (!e) return null;
  const partes = [e.logradouro, e.numero, e.bairro, e.cidade].filter((x) => typeof x === 'string' && x);
  return partes.length ? partes.join(', ') : null;
}

function pedidoDaLinha(l: Linha): PedidoExpedicao {
  const tipoVenda = l.tipo_venda as number;
  const statusExpedicao = l.status_expedicao as StatusExpedicaoId;
  const proximos = (TRANSICOES_EXPEDICAO[statusExpedicao] ?? [])
    .map((t) => t.para as number)
    .filter((s) => s !== E.emCancelamento)
    .filter((s) => tipoVenda === TIPO_VENDA.delivery || (s !== E.emEntrega && s !== E.recusado));
  return {
    vendaId: l.id as string,
    numero: l.numero as number,
    identificacao: identificacaoPedido({
      tipoVenda,
      numero: l.numero as number,
      mesa: (l.mesa as number | null) ?? null,
      comanda: (l.comanda as number | null) ?? null,
      sequencialPeriodo: (l.sequencial_periodo as number | null) ?? null,
    }),
    tipoVenda,
    tipoVendaDescricao: NOMES_TIPO_VENDA[tipoVenda] ?? String(tipoVenda),
    status: l.status as number,
    statusExpedicao,
    proximos,
    cliente: (l.cliente_nome as string | null) ?? null,
    endereco: tipoVenda === TIPO_VENDA.delivery ? enderecoTexto(l.cliente) : null,
    total: String(l.total),
    taxaEntrega: String(l.taxa_entrega ?? '0.00'),
    entregador: l.motoboy_id
      ? { _id: l.motoboy_id as string, nome: ((l.motoboy as { nome?: string } | null)?.nome ?? '') as string }
      : null,
    atribuidoEm: iso(l.atribuido_em),
    saidaEm: iso(l.saida_em),
    retornoEm: iso(l.retorno_em),
    acertoEm: iso(l.acerto_em),
    tempoEntregaMinutos: (l.tempo_entrega_minutos as number | null) ?? null,
    data: iso(l.data) as string,
    itens: { total: Number(l.itens_total ?? 0), prontos: Number(l.itens_prontos ?? 0) },
    cobranca: l.cc_pagamento
      ? cobrancaEntrega(l.cc_pagamento as PagamentoCombinado, String(l.total), String(l.total_pago))
      : null,
    versao: l.versao as number,
  };
}

const SELECT_PEDIDO =
  sql.raw(`select v.id, v.numero, v.tipo_venda, v.status, v.status_expedicao, v.mesa, v.comanda,
  v.sequencial_periodo, v.cliente, v.cliente->>'nome' as cliente_nome, v.total::text as total,
  v.taxa_entrega::text as taxa_entrega, v.total_pago::text as total_pago, v.data, v.versao, v.empresa_id,
  c.pagamento as cc_pagamento,
  e.motoboy_id, e.motoboy, e.atribuido_em, e.saida_em, e.retorno_em, e.acerto_em, e.tempo_entrega_minutos,
  (select count(*) from kds_item k where k.grupo_empresarial_id = v.grupo_empresarial_id and k.venda_id = v.id and k.cancelado = 0) as itens_total,
  (select count(*) from kds_item k where k.grupo_empresarial_id = v.grupo_empresarial_id and k.venda_id = v.id and k.cancelado = 0 and k.status >= 2) as itens_prontos
  from venda v left join kds_entrega e on e.venda_id = v.id
    left join call_center_pedido c on c.venda_id = v.id`);

export class ServicoExpedicao {
  constructor(
    private readonly servicos: Servicos,
    private readonly vendas: ServicoVendas,
    private readonly kds: ServicoKds,
  ) {}

  private get db(): Db {
    return this.servicos.banco.db;
  }

  private agora(): string {
    return this.servicos.tempo.agora().toISOString();
  }

  /** Orders of the expedition screen: open work plus what finished in the last minutes. */
  /** The store's kdsExpedicao settings (the first active one), with the defaults. */
  async configuracao(ctx: Contexto, empresa: string) {
    const l = await consultarUm(
      this.db,
      sql`select minutos_finalizados, tempo_entrega_padrao from kds_expedicao
          where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${empresa} and lixo = false
            and ativo is not false order by created_at limit 1`,
    );
    return {
      minutosFinalizados: (l?.minutos_finalizados as number | null) ?? MINUTOS_FINALIZADOS,
      tempoEntregaPadrao: (l?.tempo_entrega_padrao as number | null) ?? null,
    };
  }

  async listar(ctx: Contexto, empresa: string): Promise<PedidoExpedicao[]> {
    this.vendas.exigir(ctx, PERMISSAO.acessarExpedicao, empresa);
    const cfg = await this.configuracao(ctx, empresa);
    const desde = new Date(Date.parse(this.agora()) - cfg.minutosFinalizados * 60_000).toISOString();
    const linhas = await consultar(
      this.db,
      sql`${SELECT_PEDIDO} where v.grupo_empresarial_id = ${ctx.grupo} and v.empresa_id = ${empresa}
            and v.status <> 61
            and (v.status_expedicao in (0, 1, 2, 3, 5, 7) or v.updated_at >= ${desde}::timestamptz)
            and (v.status_expedicao <> 0 or exists (select 1 from venda_item i where i.venda_id = v.id and i.confirmado))
            and v.data >= ${new Date(Date.parse(this.agora()) - 24 * 3600_000).toISOString()}::timestamptz
          order by v.data limit 500`,
    );
    return linhas
      .filter((l) => !(l.status === 60 && l.status_expedicao === 0))
      .map(pedidoDaLinha)
      .map((p) =>
        p.tipoVenda === TIPO_VENDA.delivery && p.tempoEntregaMinutos === null
          ? { ...p, tempoEntregaMinutos: cfg.tempoEntregaPadrao }
          : p,
      );
  }

  async pedido(ctx: Contexto, vendaId: string): Promise<PedidoExpedicao> {
    const l = await consultarUm(
      this.db,
      sql`${SELECT_PEDIDO} where v.grupo_empresarial_id = ${ctx.grupo} and v.id = ${vendaId}`,
    );
    if (!l) throw new ErroNegocio(M.vendaNaoEncontrada);
    this.vendas.garantirEmpresa(ctx, l.empresa_id as string);
    return pedidoDaLinha(l);
  }

  /** Manual status change on the expedition screen; pairs marked _permissão_ need a supervisor release. */
  async alterarStatus(
    ctx: Contexto,
    vendaId: string,
    para: StatusExpedicaoId,
    liberacao: string | undefined,
  ): Promise<PedidoExpedicao> {
    const empresa = await this.vendas.empresaDaVenda(ctx, vendaId);
    this.vendas.exigir(ctx, PERMISSAO.acessarExpedicao, empresa);
    const atual = await this.pedido(ctx, vendaId);
    const transicao = TRANSICOES_EXPEDICAO[atual.statusExpedicao as StatusExpedicaoId]?.find(
      (t) => t.para === para,
    );
    const comPermissao = transicao?.exigePermissao === true;
    if (comPermissao) await this.vendas.liberar(ctx, liberacao, PERMISSAO.cancelarVenda, empresa, true);
    await this.kds.alterarExpedicao(ctx, vendaId, para, comPermissao);
    await this.marcarEntrega(vendaId, para);
    return this.pedido(ctx, vendaId);
  }

  /** Delivery times follow the expedition: leaving (3) stamps saida, delivered/refused stamp retorno. */
  private async marcarEntrega(vendaId: string, para: number): Promise<void> {
    const agora = this.agora();
    if (para === E.emEntrega) {
      await consultar(
        this.db,
        sql`update kds_entrega set saida_em = coalesce(saida_em, ${agora}::timestamptz), updated_at = now()
            where venda_id = ${vendaId}`,
      );
    }
  }

  // ---- motoboy dispatch ----

  private async motoboy(
    ctx: Contexto,
    id: string,
  ): Promise<{ _id: string; nome: string; codigoInterno: number | null }> {
    const u = /^[0-9a-f]{24}$/.test(id)
      ? await consultarUm(
          this.db,
          sql`select id, nome, codigo_interno from usuario where id = ${id} and grupo_empresarial_id = ${ctx.grupo}
              and lixo = false and ativo is not false and atribuicoes @> '["Motoboy"]'::jsonb`,
        )
      : undefined;
    if (!u) throw new ErroNegocio(MENSAGENS_KDS.naoEhMotoboy);
    return {
      _id: u.id as string,
      nome: u.nome as string,
      codigoInterno: (u.codigo_interno as number | null) ?? null,
    };
  }

  /** Riders of the group (attribution 'Motoboy') with the deliveries they hold, and the orders to dispatch. */
  async painel(ctx: Contexto, empresa: string) {
    this.vendas.exigir(ctx, PERMISSAO.acessarSaidaMotoboy, empresa);
    const motoboys = await consultar(
      this.db,
      sql`select id, nome, codigo_interno from usuario where grupo_empresarial_id = ${ctx.grupo} and lixo = false
            and ativo is not false and atribuicoes @> '["Motoboy"]'::jsonb order by nome`,
    );
    const emAberto = await consultar(
      this.db,
      sql`${SELECT_PEDIDO} where v.grupo_empresarial_id = ${ctx.grupo} and v.empresa_id = ${empresa}
            and e.motoboy_id is not null and e.acerto_em is null order by e.atribuido_em`,
    );
    const aDespachar = await consultar(
      this.db,
      sql`${SELECT_PEDIDO} where v.grupo_empresarial_id = ${ctx.grupo} and v.empresa_id = ${empresa}
            and v.tipo_venda = ${TIPO_VENDA.delivery} and v.status not in (60, 61)
            and v.status_expedicao in (0, 1, 2, 5) and (e.motoboy_id is null)
            and v.data >= ${new Date(Date.parse(this.agora()) - 24 * 3600_000).toISOString()}::timestamptz
          order by v.data limit 200`,
    );
    const pedidos = emAberto.map(pedidoDaLinha);
    return {
      motoboys: motoboys.map((m) => {
        const seus = pedidos.filter((p) => p.entregador?._id === m.id);
        const situacao = seus.some((p) => p.saidaEm && !p.retornoEm)
          ? 'emRota'
          : seus.some((p) => p.retornoEm)
            ? 'aAcertar'
            : seus.length > 0
              ? 'aguardandoSaida'
              : 'livre';
        return {
          _id: m.id as string,
          nome: m.nome as string,
          codigoInterno: (m.codigo_interno as number | null) ?? null,
          situacao,
          pedidos: seus,
          totalPedidos: escreverDinheiro(seus.reduce((s, p) => s + lerDinheiro(p.total), 0)),
          totalTaxas: escreverDinheiro(seus.reduce((s, p) => s + lerDinheiro(p.taxaEntrega), 0)),
        };
      }),
      aDespachar: aDespachar.map(pedidoDaLinha),
    };
  }

  /** Gives a delivery order to a rider (sale.entregador); he leaves with it later. */
  async atribuir(ctx: Contexto, vendaId: string, motoboyId: string): Promise<PedidoExpedicao> {
    const empresa = await this.vendas.empresaDaVenda(ctx, vendaId);
    this.vendas.exigir(ctx, PERMISSAO.acessarSaidaMotoboy, empresa);
    const motoboy = await this.motoboy(ctx, motoboyId);
    const atual = await this.pedido(ctx, vendaId);
    if (atual.tipoVenda !== TIPO_VENDA.delivery) throw new ErroNegocio(MENSAGENS_KDS.somenteDelivery);
    if (atual.saidaEm && !atual.retornoEm) {
      throw new ErroNegocio(MENSAGENS_KDS.jaSaiu(atual.entregador?.nome ?? 'outro motoboy'));
    }
    const r = await this.vendas.alterar({ ...ctx }, vendaId, (reg) => ({
      reg: { ...reg, venda: { ...reg.venda, entregador: motoboy } },
    }));
    await consultar(
      this.db,
      sql`insert into kds_entrega (venda_id, grupo_empresarial_id, empresa_id, motoboy_id, motoboy, atribuido_em)
          values (${vendaId}, ${ctx.grupo}, ${empresa}, ${motoboy._id}, ${JSON.stringify(motoboy)}::jsonb, ${this.agora()}::timestamptz)
          on conflict (venda_id) do update set motoboy_id = excluded.motoboy_id, motoboy = excluded.motoboy,
            atribuido_em = excluded.atribuido_em, saida_em = null, retorno_em = null, acerto_em = null, updated_at = now()`,
    );
    this.kds.avisarExpedicao(r);
    return this.pedido(ctx, vendaId);
  }

  /** Takes a not-yet-departed order back from its rider. */
  async desatribuir(ctx: Contexto, vendaId: string): Promise<PedidoExpedicao> {
    const empresa = await this.vendas.empresaDaVenda(ctx, vendaId);
    this.vendas.exigir(ctx, PERMISSAO.acessarSaidaMotoboy, empresa);
    const atual = await this.pedido(ctx, vendaId);
    if (atual.saidaEm && !atual.retornoEm) {
      throw new ErroNegocio(MENSAGENS_KDS.jaSaiu(atual.entregador?.nome ?? 'outro motoboy'));
    }
    const r = await this.vendas.alterar(ctx, vendaId, (reg) => ({
      reg: { ...reg, venda: { ...reg.venda, entregador: null } },
    }));
    await consultar(
      this.db,
      sql`delete from kds_entrega where venda_id = ${vendaId} and acerto_em is null and tempo_entrega_minutos is null`,
    );
    await consultar(
      this.db,
      sql`update kds_entrega set motoboy_id = null, motoboy = null, atribuido_em = null where venda_id = ${vendaId}`,
    );
    this.kds.avisarExpedicao(r);
    return this.pedido(ctx, vendaId);
  }

  /** The rider leaves: his produced orders go to 'Em entrega' (3). */
  async saida(ctx: Contexto, empresa: string, motoboyId: string) {
    this.vendas.exigir(ctx, PERMISSAO.acessarSaidaMotoboy, empresa);
    await this.motoboy(ctx, motoboyId);
    const pedidos = await this.pedidosDoMotoboy(ctx, empresa, motoboyId, sql`e.saida_em is null`);
    if (pedidos.length === 0) throw new ErroNegocio(MENSAGENS_KDS.motoboySemPedidos);
    const naoProduzido = pedidos.find(
      (p) => p.statusExpedicao !== E.produzido && p.statusExpedicao !== E.recusado,
    );
    if (naoProduzido) throw new ErroNegocio(`${MENSAGENS_KDS.naoProduzido} (${naoProduzido.identificacao})`);
    for (const p of pedidos) {
      await this.kds.alterarExpedicao(ctx, p.vendaId, E.emEntrega, false);
      await consultar(
        this.db,
        sql`update kds_entrega set saida_em = ${this.agora()}::timestamptz, retorno_em = null, updated_at = now()
            where venda_id = ${p.vendaId}`,
      );
    }
    return this.pedidosDoMotoboy(ctx, empresa, motoboyId, sql`true`);
  }

  /** The rider is back: his orders on the road are delivered (4), or refused (5) when listed. */
  async retorno(ctx: Contexto, empresa: string, motoboyId: string, recusados: readonly string[]) {
    this.vendas.exigir(ctx, PERMISSAO.acessarSaidaMotoboy, empresa);
    await this.motoboy(ctx, motoboyId);
    const pedidos = await this.pedidosDoMotoboy(
      ctx,
      empresa,
      motoboyId,
      sql`e.saida_em is not null and e.retorno_em is null`,
    );
    if (pedidos.length === 0) throw new ErroNegocio(MENSAGENS_KDS.motoboySemPedidos);
    for (const p of pedidos) {
      if (p.statusExpedicao === E.emEntrega) {
        const para = recusados.includes(p.vendaId) ? E.recusado : E.entregue;
        await this.kds.alterarExpedicao(ctx, p.vendaId, para, false);
      }
      await consultar(
        this.db,
        sql`update kds_entrega set retorno_em = ${this.agora()}::timestamptz, updated_at = now() where venda_id = ${p.vendaId}`,
      );
    }
    return this.pedidosDoMotoboy(ctx, empresa, motoboyId, sql`true`);
  }

  /** Settles the rider's returned orders (cash and fees handed over); they leave his list. */
  async acertar(ctx: Contexto, empresa: string, motoboyId: string) {
    this.vendas.exigir(ctx, PERMISSAO.acessarSaidaMotoboy, empresa);
    const motoboy = await this.motoboy(ctx, motoboyId);
    const pedidos = await this.pedidosDoMotoboy(
      ctx,
      empresa,
      motoboyId,
      sql`e.retorno_em is not null and e.acerto_em is null`,
    );
    if (pedidos.length === 0) throw new ErroNegocio(MENSAGENS_KDS.motoboySemPedidos);
    await consultar(
      this.db,
      sql`update kds_entrega set acerto_em = ${this.agora()}::timestamptz, acerto_por = ${ctx.usuarioId}, updated_at = now()
          where grupo_empresarial_id = ${ctx.grupo} and venda_id = any(${`{${pedidos.map((p) => p.vendaId).join(',')}}`}::text[])`,
    );
    for (const p of pedidos)
      this.kds.emitirExpedicao(ctx.grupo, { ...this.evento(p, empresa), entregador: null });
    const entregues = pedidos.filter((p) => p.statusExpedicao === E.entregue);
    return {
      motoboy,
      pedidos: pedidos.length,
      entregues: entregues.length,
      recusados: pedidos.filter((p) => p.statusExpedicao === E.recusado).length,
      totalPedidos: escreverDinheiro(entregues.reduce((s, p) => s + lerDinheiro(p.total), 0)),
      totalTaxas: escreverDinheiro(entregues.reduce((s, p) => s + lerDinheiro(p.taxaEntrega), 0)),
    };
  }

  private async pedidosDoMotoboy(
    ctx: Contexto,
    empresa: string,
    motoboyId: string,
    onde: ReturnType<typeof sql>,
  ) {
    const linhas = await consultar(
      this.db,
      sql`${SELECT_PEDIDO} where v.grupo_empresarial_id = ${ctx.grupo} and v.empresa_id = ${empresa}
            and e.motoboy_id = ${motoboyId} and e.acerto_em is null and ${onde} order by e.atribuido_em`,
    );
    return linhas.map(pedidoDaLinha);
  }

  // ---- delivery fee, time, company (permissions 25, 26, 27) ----

  private evento(p: PedidoExpedicao, empresa: string): ExpedicaoAlteradaEvento {
    return {
      vendaId: p.vendaId,
      empresa,
      statusExpedicao: p.statusExpedicao,
      entregador: p.entregador,
      versao: p.versao,
    };
  }

  private async entregaDe(ctx: Contexto, vendaId: string, permissao: number, liberacao: string | undefined) {
    const empresa = await this.vendas.empresaDaVenda(ctx, vendaId);
    const atual = await this.pedido(ctx, vendaId);
    if (atual.tipoVenda !== TIPO_VENDA.delivery) throw new ErroNegocio(MENSAGENS_KDS.somenteDelivery);
    await this.vendas.liberar(ctx, liberacao, permissao, empresa, true);
    return { empresa, atual };
  }

  async alterarTaxa(ctx: Contexto, vendaId: string, taxa: string, liberacao: string | undefined) {
    if (!/^\d+(\.\d{1,2})?$/.test(taxa)) throw new ErroNegocio(MENSAGENS_KDS.taxaInvalida);
    await this.entregaDe(ctx, vendaId, PERMISSAO.alterarTaxaEntrega, liberacao);
    const r = await this.vendas.alterar(ctx, vendaId, (reg) => ({
      reg: {
        ...reg,
        venda: { ...reg.venda, taxaEntrega: escreverDinheiro(lerDinheiro(taxa)), taxaEntregaManual: true },
      },
    }));
    this.kds.avisarExpedicao(r);
    return r;
  }

  async alterarTempo(ctx: Contexto, vendaId: string, minutos: number, liberacao: string | undefined) {
    if (!Number.isInteger(minutos) || minutos < 1 || minutos > 600)
      throw new ErroNegocio(MENSAGENS_KDS.tempoInvalido);
    const { empresa } = await this.entregaDe(ctx, vendaId, PERMISSAO.alterarTempoEntrega, liberacao);
    await consultar(
      this.db,
      sql`insert into kds_entrega (venda_id, grupo_empresarial_id, empresa_id, tempo_entrega_minutos)
          values (${vendaId}, ${ctx.grupo}, ${empresa}, ${minutos})
          on conflict (venda_id) do update set tempo_entrega_minutos = excluded.tempo_entrega_minutos, updated_at = now()`,
    );
    const p = await this.pedido(ctx, vendaId);
    this.kds.emitirExpedicao(ctx.grupo, this.evento(p, empresa));
    return p;
  }

  /**
   * Moves a delivery order to another store of the group (the call center picked the wrong one): only
   * before production and payment; the order gets the next number of its new store.
   */
  async alterarEmpresa(ctx: Contexto, vendaId: string, destino: string, liberacao: string | undefined) {
    const { empresa, atual } = await this.entregaDe(ctx, vendaId, PERMISSAO.alterarEmpresaEntrega, liberacao);
    if (destino === empresa) throw new ErroNegocio(MENSAGENS_KDS.empresaMesma);
    const loja = await consultarUm(
      this.db,
      sql`select id from empresa where id = ${destino} and grupo_empresarial_id = ${ctx.grupo} and lixo = false`,
    );
    if (!loja || !ctx.permissoes.porEmpresa.has(destino))
      throw new ErroNegocio(MENSAGENS_KDS.empresaInvalida);
    if (atual.statusExpedicao !== E.aguardando || atual.itens.prontos > 0) {
      throw new ErroNegocio(MENSAGENS_KDS.empresaEmProducao);
    }
    const r = await this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const v = await consultarUm(
        tx,
        sql`select status, (select count(*) from venda_pagamento p where p.venda_id = v.id and p.lixo is not true) as pagos
            from venda v where id = ${vendaId} for update`,
      );
      if (Number(v?.pagos ?? 0) > 0) throw new ErroNegocio(MENSAGENS_KDS.empresaComPagamento);
      const numero = await proximoNumero(tx, ctx.grupo, destino, 'venda');
      const l = await consultarUm(
        tx,
        sql`update venda set empresa_id = ${destino}, numero = ${numero}, periodo_id = null, sequencial_periodo = null,
              terminal_id = null, versao = versao + 1, updated_at = now()
            where id = ${vendaId} returning id, versao, status, tipo_venda, mesa`,
      );
      await consultar(tx, sql`update venda_item set empresa_id = ${destino} where venda_id = ${vendaId}`);
      await consultar(tx, sql`update kds_entrega set empresa_id = ${destino} where venda_id = ${vendaId}`);
      await consultar(tx, sql`delete from kds_item where venda_id = ${vendaId} and status = 0`);
      return l;
    });
    if (!r) throw new ErroNegocio(M.vendaNaoEncontrada);
    for (const loja of [empresa, destino]) {
      this.vendas.avisar({
        _id: vendaId,
        empresa: loja,
        versao: r.versao as number,
        status: { id: r.status as number },
        tipoVenda: { id: r.tipo_venda as number },
        mesa: null,
      });
    }
    await this.kds.sincronizarVenda(vendaId);
    return this.pedido(ctx, vendaId);
  }

  // ---- doorman registration ----

  async portariaRegistrar(
    ctx: Contexto,
    empresa: string,
    e: {
      nome: string;
      documento?: string | undefined;
      telefone?: string | undefined;
      comanda?: number | undefined;
      pessoas?: number | undefined;
      observacao?: string | undefined;
    },
  ) {
    this.vendas.exigir(ctx, PERMISSAO.cadastroPortaria, empresa);
    const nome = e.nome.trim();
    if (!nome) throw new ErroNegocio(MENSAGENS_KDS.portariaNome);
    if (e.comanda !== undefined) {
      const aberta = await consultarUm(
        this.db,
        sql`select id from portaria where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${empresa}
            and comanda = ${e.comanda} and saida_em is null`,
      );
      if (aberta) throw new ErroNegocio(M.comandaAberta(e.comanda));
    }
    const id = novoId();
    await consultar(
      this.db,
      sql`insert into portaria (id, grupo_empresarial_id, empresa_id, nome, documento, telefone, comanda, pessoas, observacao,
            entrada_em, created_by)
          values (${id}, ${ctx.grupo}, ${empresa}, ${nome}, ${e.documento ?? null}, ${e.telefone ?? null},
            ${e.comanda ?? null}, ${e.pessoas ?? 1}, ${e.observacao ?? ''}, ${this.agora()}::timestamptz, ${ctx.usuarioId})`,
    );
    this.servicos.tempoReal?.emitirParaEmpresa(empresa, 'portariaAlterada', { _id: id });
    return this.portariaItem(ctx, id);
  }

  async portariaSaida(ctx: Contexto, id: string) {
    const atual = await this.portariaItem(ctx, id);
    this.vendas.exigir(ctx, PERMISSAO.cadastroPortaria, atual.empresa);
    await consultar(
      this.db,
      sql`update portaria set saida_em = coalesce(saida_em, ${this.agora()}::timestamptz) where id = ${id}`,
    );
    this.servicos.tempoReal?.emitirParaEmpresa(atual.empresa, 'portariaAlterada', { _id: id });
    return this.portariaItem(ctx, id);
  }

  async portariaListar(ctx: Contexto, empresa: string) {
    this.vendas.exigir(ctx, PERMISSAO.cadastroPortaria, empresa);
    const desde = new Date(Date.parse(this.agora()) - 24 * 3600_000).toISOString();
    const linhas = await consultar(
      this.db,
      sql`select * from portaria where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${empresa}
            and (saida_em is null or entrada_em >= ${desde}::timestamptz) order by entrada_em desc limit 500`,
    );
    return linhas.map(portariaDaLinha);
  }

  private async portariaItem(ctx: Contexto, id: string) {
    const l = /^[0-9a-f]{24}$/.test(id)
      ? await consultarUm(
          this.db,
          sql`select * from portaria where id = ${id} and grupo_empresarial_id = ${ctx.grupo}`,
        )
      : undefined;
    if (!l) throw new ErroNegocio(MENSAGENS_KDS.portariaNaoEncontrada);
    return portariaDaLinha(l);
  }
}

function portariaDaLinha(l: Linha) {
  return {
    _id: l.id as string,
    empresa: l.empresa_id as string,
    nome: l.nome as string,
    documento: (l.documento as string | null) ?? null,
    telefone: (l.telefone as string | null) ?? null,
    comanda: (l.comanda as number | null) ?? null,
    pessoas: l.pessoas as number,
    observacao: l.observacao as string,
    entradaEm: iso(l.entrada_em) as string,
    saidaEm: iso(l.saida_em),
  };
}
