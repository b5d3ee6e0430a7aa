import { alterarStatusExpedicao, PERMISSAO, type StatusExpedicaoId } from '@retaguarda/domain';
import {
  type AcaoKds,
  aplicarAcaoKds,
  EVENTO_EXPEDICAO_ALTERADA,
  EVENTO_KDS_PEDIDO,
  type ExpedicaoAlteradaEvento,
  expedicaoPelaProducao,
  identificacaoPedido,
  type KdsItem,
  type KdsPedido,
  type KdsPedidoEvento,
  MENSAGENS_KDS,
  ordenarPedidos,
  type RegraSetorKds,
  STATUS_KDS,
  type StatusKds,
} from '@retaguarda/domain/kds/kds';
import { type SituacaoCozinhaVenda, situacaoCozinhaVenda } from '@retaguarda/domain/kds/situacao-cozinha';
import { sql } from 'drizzle-orm';
import type { Servicos } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { TrabalhoEmSegundoPlano } from '../../lib/segundo-plano.ts';
import { ServicoImpressao } from '../impressao/impressao.service.ts';
import { type Contexto, M, type ServicoVendas } from '../vendas/vendas.service.ts';
import { deveImprimirExpedicao, imprimirExpedicao } from './expedicao-impressao.ts';
import { SincronizacaoKds } from './kds-sincronizacao.ts';

// Kitchen display: confirmed sale items reach the production stations of their KDS sectors (one kds_item
// per item and station), cooks start/finish/bump/recall them, and the kitchen's progress moves the sale's
// expedition status (0 -> 1 -> 2) through the sale module's own write pipeline.

const CONFIG_TTL_MS = 30_000;

export interface EstacaoKds {
  _id: string;
  empresa: string;
  descricao: string;
  tipo: string;
  setores: string[];
  terminal: string | null;
  kdsTeclado: string | null;
  tempoAlerta: number | null;
  tempoAtraso: number | null;
}

export interface ConfigLoja {
  estacoes: EstacaoKds[];
  regras: RegraSetorKds[];
  /** Montagem station -> KDS sectors it joins. */
  montagens: Map<string, string[]>;
}

export const arr = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
export const arrayIds = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::text[]`;
const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v instanceof Date ? v : String(v)).toISOString();

export function estacaoDaLinha(l: Linha): EstacaoKds {
  return {
    _id: l.id as string,
    empresa: l.empresa_id as string,
    descricao: l.descricao as string,
    tipo: (l.tipo as string | null) ?? 'producao',
    setores: arr(l.setores_ids),
    terminal: (l.terminal_id as string | null) ?? null,
    kdsTeclado: (l.kds_teclado_id as string | null) ?? null,
    tempoAlerta: (l.tempo_alerta as number | null) ?? null,
    tempoAtraso: (l.tempo_atraso as number | null) ?? null,
  };
}

function itemDaLinha(l: Linha): KdsItem {
  return {
    _id: l.id as string,
    vendaItemId: l.venda_item_id as string,
    numeroItem: l.numero_item as number,
    estacao: l.estacao_id as string,
    kdsSetor: (l.kds_setor_id as string | null) ?? null,
    descricao: l.descricao as string,
    quantidade: String(l.quantidade),
    obs: (l.obs as string) ?? '',
    partes: (l.partes as KdsItem['partes']) ?? [],
    adicionais: arr(l.adicionais),
    status: STATUS_KDS[l.status as number] ?? 'pendente',
    cancelado: l.cancelado === 1,
    recebidoEm: iso(l.recebido_em) as string,
    iniciadoEm: iso(l.iniciado_em),
    prontoEm: iso(l.pronto_em),
    despachadoEm: iso(l.despachado_em),
  };
}

/** Sale columns an order header needs (joined as v.*). */
const COLUNAS_VENDA =
  sql.raw(`v.numero as v_numero, v.tipo_venda as v_tipo, v.mesa as v_mesa, v.comanda as v_comanda,
  v.sequencial_periodo as v_seq, v.cliente->>'nome' as v_cliente, v.atendente->>'nome' as v_atendente,
  v.status_expedicao as v_expedicao`);

function pedidosDasLinhas(linhas: readonly Linha[]): KdsPedido[] {
  const porChave = new Map<string, KdsPedido>();
  for (const l of linhas) {
    const item = itemDaLinha(l);
    const chave = `${item.estacao}:${l.venda_id as string}`;
    let p = porChave.get(chave);
    if (!p) {
      const cabecalho = {
        tipoVenda: l.v_tipo as number,
        numero: l.v_numero as number,
        mesa: (l.v_mesa as number | null) ?? null,
        comanda: (l.v_comanda as number | null) ?? null,
        sequencialPeriodo: (l.v_seq as number | null) ?? null,
      };
      p = {
        vendaId: l.venda_id as string,
        estacao: item.estacao,
        numero: cabecalho.numero,
        identificacao: identificacaoPedido(cabecalho),
        tipoVenda: cabecalho.tipoVenda,
        mesa: cabecalho.mesa,
        comanda: cabecalho.comanda,
        cliente: (l.v_cliente as string | null) ?? null,
        atendente: (l.v_atendente as string | null) ?? null,
        statusExpedicao: l.v_expedicao as number,
        recebidoEm: item.recebidoEm,
        itens: [],
        despachado: true,
      };
      porChave.set(chave, p);
    }
    p.itens.push(item);
    if (item.recebidoEm < p.recebidoEm) p.recebidoEm = item.recebidoEm;
    if (item.status !== 'despachado') p.despachado = false;
  }
  for (const p of porChave.values()) p.itens.sort((a, b) => a.numeroItem - b.numeroItem);
  return ordenarPedidos([...porChave.values()]);
}

export class ServicoKds {
  private readonly configs = new Map<string, { ate: number; valor: Promise<ConfigLoja> }>();
  readonly impressao: ServicoImpressao;
  private readonly sincronizacao: SincronizacaoKds;

  constructor(
    private readonly servicos: Servicos,
    private readonly vendas: ServicoVendas,
  ) {
    this.impressao = new ServicoImpressao(servicos.banco.db, servicos.tempo, () => servicos.tempoReal);
    this.sincronizacao = new SincronizacaoKds(servicos, this);
  }

  private get db(): Db {
    return this.servicos.banco.db;
  }

  invalidarConfig(): void {
    this.configs.clear();
  }

  config(grupo: string, empresa: string, db: Db = this.db): Promise<ConfigLoja> {
    const chave = `${grupo}:${empresa}`;
    const agora = Date.now();
    const c = this.configs.get(chave);
    if (c && c.ate > agora) return c.valor;
    const valor = this.carregarConfig(grupo, empresa, db);
    this.configs.set(chave, { ate: agora + CONFIG_TTL_MS, valor });
    valor.catch(() => this.configs.delete(chave));
    return valor;
  }

  private async carregarConfig(grupo: string, empresa: string, db: Db): Promise<ConfigLoja> {
    const onde = sql`grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and lixo = false`;
    const [estacoes, setores, grupos, montagens] = await Promise.all([
      consultar(db, sql`select * from kds_estacao where ${onde} and ativo is not false order by descricao`),
      consultar(
        db,
        sql`select id, produtos_ids, setores_impressao_ids from kds_setor where ${onde} and ativo is not false`,
      ),
      consultar(db, sql`select agrupador_id, kds_setor_id from kds_setor_cadastro_grupo where ${onde}`),
      consultar(
        db,
        sql`select estacao_id, setores_ids from kds_montagem where ${onde} and ativo is not false`,
      ),
    ]);
    const regras: RegraSetorKds[] = setores.map((s) => ({
      _id: s.id as string,
      produtos: arr(s.produtos_ids),
      setoresImpressao: arr(s.setores_impressao_ids),
      agrupadores: grupos.filter((g) => g.kds_setor_id === s.id).map((g) => g.agrupador_id as string),
    }));
    const porMontagem = new Map<string, string[]>();
    for (const m of montagens) {
      const id = m.estacao_id as string;
      porMontagem.set(id, [...(porMontagem.get(id) ?? []), ...arr(m.setores_ids)]);
    }
    return { estacoes: estacoes.map(estacaoDaLinha), regras, montagens: porMontagem };
  }

  // ---- items reach the stations (kds-sincronizacao.ts) ----

  /** Serialised per sale: two writes of one sale never interleave their kitchen sync. */
  sincronizarVenda(vendaId: string): Promise<void> {
    return this.sincronizacao.sincronizarVenda(vendaId);
  }

  invalidarProdutos(): void {
    this.sincronizacao.invalidarProdutos();
  }

  /** On the app's close: no new sync starts, the running ones finish before the database closes. */
  async encerrar(): Promise<void> {
    this.sincronizacao.encerrar();
    await this.ocioso();
  }

  /** Waits for every queued sync and background print (tests and the bench). */
  async ocioso(): Promise<void> {
    while (this.sincronizacao.emAndamento > 0 || this.pendentes.tamanho > 0) {
      await this.sincronizacao.esperar();
      await this.pendentes.esperar();
    }
  }

  // ---- what a station shows ----

  async estacao(grupo: string, estacaoId: string, db: Db = this.db): Promise<EstacaoKds> {
    const l = /^[0-9a-f]{24}$/.test(estacaoId)
      ? await consultarUm(
          db,
          sql`select * from kds_estacao where id = ${estacaoId} and grupo_empresarial_id = ${grupo} and lixo = false`,
        )
      : undefined;
    if (!l) throw new ErroNegocio(MENSAGENS_KDS.estacaoNaoEncontrada);
    return estacaoDaLinha(l);
  }

  async estacoes(ctx: Contexto, empresa: string): Promise<(EstacaoKds & { teclas: unknown })[]> {
    this.vendas.exigir(ctx, PERMISSAO.acessarKds, empresa);
    const linhas = await consultar(
      this.db,
      sql`select e.*, t.teclas from kds_estacao e left join kds_teclado t on t.id = e.kds_teclado_id and t.lixo = false
          where e.grupo_empresarial_id = ${ctx.grupo} and e.empresa_id = ${empresa} and e.lixo = false
            and e.ativo is not false order by e.descricao`,
    );
    return linhas.map((l) => ({ ...estacaoDaLinha(l), teclas: l.teclas ?? [] }));
  }

  /** What the kitchen did with each item of a sale, for the waiter's lines (issue 13 point 3). */
  async situacaoCozinha(ctx: Contexto, vendaId: string): Promise<SituacaoCozinhaVenda> {
    // Same access as reading the sale itself: the sale's store must be one of the user's.
    const venda = await consultarUm(
      this.db,
      sql`select empresa_id from venda where grupo_empresarial_id = ${ctx.grupo} and id = ${vendaId}`,
    );
    if (!venda) throw new ErroNegocio(M.vendaNaoEncontrada);
    this.vendas.garantirEmpresa(ctx, venda.empresa_id as string);
    const linhas = await consultar(
      this.db,
      sql`select venda_item_id, status, cancelado from kds_item
          where grupo_empresarial_id = ${ctx.grupo} and venda_id = ${vendaId}`,
    );
    return situacaoCozinhaVenda(
      linhas.map((l) => ({
        vendaItemId: l.venda_item_id as string,
        status: STATUS_KDS[l.status as number] ?? 'pendente',
        cancelado: l.cancelado === 1,
      })),
    );
  }

  /** Open orders of a production station (not bumped), plus the last bumped ones for recall. */
  async pedidos(
    ctx: Contexto,
    estacaoId: string,
  ): Promise<{ estacao: EstacaoKds; pedidos: KdsPedido[]; despachados: KdsPedido[] }> {
    const estacao = await this.estacao(ctx.grupo, estacaoId);
    this.vendas.exigir(ctx, PERMISSAO.acessarKds, estacao.empresa);
    if (estacao.tipo === 'montagem') {
      return { estacao, pedidos: await this.montagem(ctx.grupo, estacao), despachados: [] };
    }
    const abertos = await consultar(
      this.db,
      sql`select k.*, ${COLUNAS_VENDA} from kds_item k join venda v on v.id = k.venda_id
          where k.grupo_empresarial_id = ${ctx.grupo} and k.estacao_id = ${estacaoId}
            and k.venda_id in (select venda_id from kds_item where grupo_empresarial_id = ${ctx.grupo}
              and estacao_id = ${estacaoId} and status < 3)`,
    );
    const recentes = await consultar(
      this.db,
      sql`select k.*, ${COLUNAS_VENDA} from kds_item k join venda v on v.id = k.venda_id
          where k.grupo_empresarial_id = ${ctx.grupo} and k.estacao_id = ${estacaoId}
            and k.venda_id in (select venda_id from kds_item where grupo_empresarial_id = ${ctx.grupo}
              and estacao_id = ${estacaoId} group by venda_id having min(status) = 3
              order by max(despachado_em) desc limit 10)`,
    );
    const despachados = pedidosDasLinhas(recentes).sort((a, b) =>
      (b.itens[0]?.despachadoEm ?? '').localeCompare(a.itens[0]?.despachadoEm ?? ''),
    );
    return { estacao, pedidos: pedidosDasLinhas(abertos), despachados };
  }

  /**
   * Assembly: every open order that has a part made in one of the montagem's sectors, with ALL its parts
   * (from every production station), so the assembler sees what is still missing.
   */
  async montagem(grupo: string, estacao: EstacaoKds): Promise<KdsPedido[]> {
    const cfg = await this.config(grupo, estacao.empresa);
    const setores = cfg.montagens.get(estacao._id) ?? estacao.setores;
    const linhas = await consultar(
      this.db,
      sql`select k.*, ${COLUNAS_VENDA} from kds_item k join venda v on v.id = k.venda_id
          where k.grupo_empresarial_id = ${grupo} and k.empresa_id = ${estacao.empresa}
            and k.venda_id in (select venda_id from kds_item where grupo_empresarial_id = ${grupo}
              and empresa_id = ${estacao.empresa} and kds_setor_id = any(${arrayIds(setores)}))
            and v.status_expedicao in (0, 1, 2) and v.status not in (60, 61)`,
    );
    // One order per sale: the parts of every station side by side (estacao of the order = the montagem).
    const porVenda = new Map<string, KdsPedido>();
    for (const p of pedidosDasLinhas(linhas)) {
      const atual = porVenda.get(p.vendaId);
      if (!atual) porVenda.set(p.vendaId, { ...p, estacao: estacao._id });
      else {
        atual.itens.push(...p.itens);
        atual.despachado = atual.despachado && p.despachado;
        if (p.recebidoEm < atual.recebidoEm) atual.recebidoEm = p.recebidoEm;
      }
    }
    return ordenarPedidos([...porVenda.values()].filter((p) => p.statusExpedicao < 2 || !p.despachado));
  }

  private async pedidoDaEstacao(
    grupo: string,
    estacaoId: string,
    vendaId: string,
  ): Promise<KdsPedido | null> {
    const linhas = await consultar(
      this.db,
      sql`select k.*, ${COLUNAS_VENDA} from kds_item k join venda v on v.id = k.venda_id
          where k.grupo_empresarial_id = ${grupo} and k.estacao_id = ${estacaoId} and k.venda_id = ${vendaId}`,
    );
    return pedidosDasLinhas(linhas)[0] ?? null;
  }

  /** One read for every changed station of a sale, then one kdsPedido per station on the store room. */
  /** Sends the orders of a sale at these stations to the store's screens. */
  async avisarPedidos(
    grupo: string,
    empresa: string,
    vendaId: string,
    estacoes: string[],
    podeFicarVazio = false,
  ): Promise<void> {
    const linhas = await consultar(
      this.db,
      sql`select k.*, ${COLUNAS_VENDA} from kds_item k join venda v on v.id = k.venda_id
          where k.grupo_empresarial_id = ${grupo} and k.venda_id = ${vendaId}
            and k.estacao_id = any(${arrayIds(estacoes)})`,
    );
    const pedidos = pedidosDasLinhas(linhas);
    for (const pedido of pedidos) {
      const dados: KdsPedidoEvento = { estacao: pedido.estacao, pedido };
      this.servicos.tempoReal?.emitirParaEmpresa(empresa, EVENTO_KDS_PEDIDO, dados);
    }
    if (!podeFicarVazio) return;
    // Every line of the order left this station (moved to another table): an empty, finished order removes
    // the card.
    for (const estacao of estacoes.filter((e) => !pedidos.some((p) => p.estacao === e))) {
      const vazio: KdsPedido = {
        vendaId,
        estacao,
        numero: 0,
        identificacao: '',
        tipoVenda: 0,
        mesa: null,
        comanda: null,
        cliente: null,
        atendente: null,
        statusExpedicao: 0,
        recebidoEm: this.servicos.tempo.agora().toISOString(),
        itens: [],
        despachado: true,
      };
      const dados: KdsPedidoEvento = { estacao, pedido: vazio };
      this.servicos.tempoReal?.emitirParaEmpresa(empresa, EVENTO_KDS_PEDIDO, dados);
    }
  }

  // ---- start / finish / bump / recall ----

  async agir(
    ctx: Contexto,
    estacaoId: string,
    vendaId: string,
    acao: AcaoKds,
    itens: readonly string[] | undefined,
  ): Promise<KdsPedido | null> {
    const estacao = await this.estacao(ctx.grupo, estacaoId);
    this.vendas.exigir(ctx, PERMISSAO.acessarKds, estacao.empresa);
    // A montagem station acts on every part of the order; a production station on its own items.
    const alvo = estacao.tipo === 'montagem' ? sql`true` : sql`estacao_id = ${estacaoId}`;
    const alterou = await this.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const linhas = await consultar(
        tx,
        sql`select id, status, estacao_id from kds_item where grupo_empresarial_id = ${ctx.grupo}
            and venda_id = ${vendaId} and ${alvo} order by id for update`,
      );
      const mudancas: { id: string; para: StatusKds; estacao: string }[] = [];
      for (const l of linhas) {
        if (itens && itens.length > 0 && !itens.includes(l.id as string)) continue;
        const para = aplicarAcaoKds(STATUS_KDS[l.status as number] ?? 'pendente', acao);
        if (para) mudancas.push({ id: l.id as string, para, estacao: l.estacao_id as string });
      }
      if (mudancas.length === 0) throw new ErroNegocio(MENSAGENS_KDS.nadaParaAlterar);
      const agora = ctx.agora;
      for (const m of mudancas) {
        const status = STATUS_KDS.indexOf(m.para);
        const tempos =
          acao === 'iniciar'
            ? sql`iniciado_em = ${agora}::timestamptz`
            : acao === 'finalizar'
              ? sql`iniciado_em = coalesce(iniciado_em, ${agora}::timestamptz), pronto_em = ${agora}::timestamptz`
              : acao === 'despachar'
                ? sql`pronto_em = coalesce(pronto_em, ${agora}::timestamptz), despachado_em = ${agora}::timestamptz`
                : sql`despachado_em = null`;
        await consultar(
          tx,
          sql`update kds_item set status = ${status}, ${tempos}, updated_by = ${ctx.usuarioId} where id = ${m.id}`,
        );
      }
      return new Set(mudancas.map((m) => m.estacao));
    });
    await this.avisarPedidos(ctx.grupo, estacao.empresa, vendaId, [...alterou]);
    await this.expedicaoPelaCozinha(ctx, vendaId);
    return estacao.tipo === 'montagem'
      ? ((await this.montagem(ctx.grupo, estacao)).find((p) => p.vendaId === vendaId) ?? null)
      : this.pedidoDaEstacao(ctx.grupo, estacaoId, vendaId);
  }

  /** The kitchen's progress moves the expedition forward (waiting -> in production -> produced), never back. */
  private async expedicaoPelaCozinha(ctx: Contexto, vendaId: string): Promise<void> {
    const linhas = await consultar(
      this.db,
      sql`select k.status, k.cancelado, v.status_expedicao from kds_item k join venda v on v.id = k.venda_id
          where k.grupo_empresarial_id = ${ctx.grupo} and k.venda_id = ${vendaId}`,
    );
    const atual = linhas[0]?.status_expedicao as number | undefined;
    const alvo = expedicaoPelaProducao(
      linhas.map((l) => ({
        status: STATUS_KDS[l.status as number] ?? 'pendente',
        cancelado: l.cancelado === 1,
      })),
    );
    if (alvo === null || atual === undefined || atual >= alvo) return;
    await this.alterarExpedicao({ ...ctx, chaveIdempotencia: undefined }, vendaId, alvo, false);
  }

  /** Expedition status change through the sale module's pipeline (domain transition rules, vendaAlterada). */
  async alterarExpedicao(
    ctx: Contexto,
    vendaId: string,
    para: StatusExpedicaoId,
    comPermissao: boolean,
    mudar?: (v: Parameters<typeof alterarStatusExpedicao>[0]) => Parameters<typeof alterarStatusExpedicao>[0],
  ) {
    let de: number = para;
    const r = await this.vendas.alterar(ctx, vendaId, (reg) => {
      de = reg.venda.expedicao.status;
      const base = mudar ? mudar(reg.venda) : reg.venda;
      const venda = base.expedicao.status === para ? base : alterarStatusExpedicao(base, para, comPermissao);
      return { reg: { ...reg, venda } };
    });
    this.avisarExpedicao(r);
    if (deveImprimirExpedicao(r.tipoVenda.id, de, r.expedicao.status)) {
      // After the answer: a printer problem must not undo or slow the kitchen's bump.
      this.pendentes.iniciar(
        imprimirExpedicao(
          this.db,
          this.impressao,
          { grupoEmpresarialId: ctx.grupo, usuarioId: ctx.usuarioId, agora: ctx.agora },
          r,
        ).catch((erro: unknown) => console.error('kds: ticket de expedição', vendaId, erro)),
      );
    }
    return r;
  }

  /** Work behind an answer (the expedition ticket), waited by `ocioso`. */
  private readonly pendentes = new TrabalhoEmSegundoPlano();

  /**
   * expedicaoAlterada goes to the group's room: the POS and the KDS of the store and a call center serving
   * several stores of the group all hear it (clients filter by `empresa`).
   */
  avisarExpedicao(r: {
    _id: string;
    empresa: string;
    grupoEmpresarial: string;
    expedicao: { status: number };
    entregador?: { _id: string; nome: string } | null;
    versao: number;
  }): void {
    this.emitirExpedicao(r.grupoEmpresarial, {
      vendaId: r._id,
      empresa: r.empresa,
      statusExpedicao: r.expedicao.status,
      entregador: r.entregador ? { _id: r.entregador._id, nome: r.entregador.nome } : null,
      versao: r.versao,
    });
  }

  emitirExpedicao(grupo: string, dados: ExpedicaoAlteradaEvento): void {
    this.servicos.tempoReal?.emitirParaGrupo(grupo, EVENTO_EXPEDICAO_ALTERADA, dados);
  }
}
