import {
  type EstadoPedidoOD,
  estadoDoEvento,
  eventoODSchema,
  type IntegracaoEntrada,
  type IntegracaoSaida,
  integracaoEntradaSchema,
  nomeDoApp,
  type PedidoAppSaida,
  pedidoODSchema,
  resumoDoPedido,
} from '@retaguarda/domain/delivery-apps/index';
import { sql } from 'drizzle-orm';
import type { Servicos } from '../../app.ts';
import { arrayTexto, consultar, consultarUm, type Linha } from '../../db/consultar.ts';
import { comoSistema } from '../../db/inquilino.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { padraoContem } from '../../lib/like.ts';
import { FilasPorChave, TrabalhoEmSegundoPlano } from '../../lib/segundo-plano.ts';
import { Cofre } from '../fiscal/cofre.ts';
import type { ServicoVendas } from '../vendas/vendas.service.ts';
import type { AdaptadorDelivery, EventoApp } from './adaptador.ts';
import { criarAdaptador } from './adaptadores.ts';
import { lerCardapio } from './cardapio.ts';
import { eventoApp } from './open-delivery.adaptador.ts';
import { type IntegracaoLida, ServicoPedidosApp } from './pedidos.ts';

// Integrations of a group's stores with delivery apps (issue 20). Events, whichever way they come (polling or
// webhook), are stored once per id before anything else (the poll's acknowledgment goes only after the
// store), then processed from the table in the apps' createdAt order, one integration at a time.

export const MENSAGENS_DELIVERY = {
  integracaoNaoEncontrada: 'Integração não encontrada!',
  segredoObrigatorio: 'Informe o clientSecret da integração.',
  merchantEmUso: 'Este merchantId já está ligado a outra integração deste aplicativo.',
  pedidoNaoEncontrado: 'Pedido não encontrado!',
  produtoNaoEncontrado: 'Produto não encontrado!',
  semCancelamento: 'O aplicativo não pediu o cancelamento deste pedido.',
} as const;

interface Integracao extends IntegracaoLida {
  protocolo: string;
  appIdExterno: string;
  baseUrl: string;
  authUrl: string | null;
  clientId: string;
  segredoCifrado: string;
  ativo: boolean;
  intervaloPollingSegundos: number;
}

function lerIntegracao(l: Linha): Integracao {
  return {
    id: l.id as string,
    grupo: l.grupo_empresarial_id as string,
    empresa: l.empresa_id as string,
    app: l.app as number,
    merchantId: l.merchant_id as string,
    aceiteAutomatico: l.aceite_automatico as boolean,
    protocolo: l.protocolo as string,
    appIdExterno: l.app_id_externo as string,
    baseUrl: l.base_url as string,
    authUrl: (l.auth_url as string | null) ?? null,
    clientId: l.client_id as string,
    segredoCifrado: l.segredo_cifrado as string,
    ativo: l.ativo as boolean,
    intervaloPollingSegundos: l.intervalo_polling_segundos as number,
  };
}

const iso = (v: unknown) => (v ? new Date(String(v)).toISOString() : null);

export class ServicoDeliveryApps {
  readonly pedidos: ServicoPedidosApp;
  private readonly adaptadores = new Map<string, { chave: string; adaptador: AdaptadorDelivery }>();
  /** Processing of one integration's events never runs twice at once (polling and webhook together). */
  private readonly processando = new FilasPorChave();
  /** Per integration, the run queued behind the current one and not started yet. */
  private readonly naFila = new Map<string, Promise<void>>();
  /** Webhook acknowledgments sent behind the answer (waited by `ocioso`). */
  private readonly reconhecendo = new TrabalhoEmSegundoPlano();
  /** Expedition changes of one sale, in the order they were announced. */
  private readonly filasVenda = new FilasPorChave();
  private cofreCache: Cofre | undefined;

  constructor(
    private readonly servicos: Servicos,
    readonly vendas: ServicoVendas,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.pedidos = new ServicoPedidosApp(servicos, vendas);
  }

  private get db() {
    return this.servicos.banco.db;
  }

  /** The fiscal vault's key (CHAVE_CERTIFICADOS) encrypts the client secrets too. */
  private get cofre(): Cofre {
    this.cofreCache ??= Cofre.carregar(this.env);
    return this.cofreCache;
  }

  // ---- integrations --------------------------------------------------------------------------------

  async salvar(grupo: string, id: string | undefined, entrada: IntegracaoEntrada): Promise<string> {
    const e = integracaoEntradaSchema.parse(entrada);
    const atual = id
      ? await consultarUm(
          this.db,
          sql`select id, segredo_cifrado from delivery_integracao where id = ${id} and grupo_empresarial_id = ${grupo}`,
        )
      : undefined;
    if (id && !atual) throw new ErroNegocio(MENSAGENS_DELIVERY.integracaoNaoEncontrada);
    if (!atual && !e.clientSecret) throw new ErroNegocio(MENSAGENS_DELIVERY.segredoObrigatorio);
    const novo = id ?? novoId();
    const segredo = e.clientSecret
      ? this.cofre.cifrar(e.clientSecret, `delivery:${novo}`)
      : (atual?.segredo_cifrado as string);
    const outra = await consultarUm(
      this.db,
      sql`select id from delivery_integracao where app_id_externo = ${e.appIdExterno} and merchant_id = ${e.merchantId}
            and id <> ${novo}`,
    );
    if (outra) throw new ErroNegocio(MENSAGENS_DELIVERY.merchantEmUso);
    await consultar(
      this.db,
      sql`insert into delivery_integracao (id, grupo_empresarial_id, empresa_id, app, protocolo, merchant_id,
            app_id_externo, base_url, auth_url, client_id, segredo_cifrado, ativo, aceite_automatico,
            intervalo_polling_segundos)
          values (${novo}, ${grupo}, ${e.empresa}, ${e.app}, ${e.protocolo}, ${e.merchantId}, ${e.appIdExterno},
            ${e.baseUrl}, ${e.authUrl ?? null}, ${e.clientId}, ${segredo}, ${e.ativo}, ${e.aceiteAutomatico},
            ${e.intervaloPollingSegundos})
          on conflict (id) do update set empresa_id = excluded.empresa_id, app = excluded.app,
            protocolo = excluded.protocolo, merchant_id = excluded.merchant_id,
            app_id_externo = excluded.app_id_externo, base_url = excluded.base_url, auth_url = excluded.auth_url,
            client_id = excluded.client_id, segredo_cifrado = excluded.segredo_cifrado, ativo = excluded.ativo,
            aceite_automatico = excluded.aceite_automatico,
            intervalo_polling_segundos = excluded.intervalo_polling_segundos, updated_at = now()`,
    );
    this.adaptadores.delete(novo);
    return novo;
  }

  async integracao(id: string, grupo?: string): Promise<Integracao> {
    const l = await consultarUm(
      this.db,
      grupo
        ? sql`select * from delivery_integracao where id = ${id} and grupo_empresarial_id = ${grupo}`
        : sql`select * from delivery_integracao where id = ${id}`,
    );
    if (!l) throw new ErroNegocio(MENSAGENS_DELIVERY.integracaoNaoEncontrada);
    return lerIntegracao(l);
  }

  /** The integrations the screens list: no secret, with their health. */
  async listar(
    grupo: string,
    empresas: ReadonlySet<string> | null,
    urlBase: string,
  ): Promise<IntegracaoSaida[]> {
    const linhas = await consultar(
      this.db,
      sql`with hoje as (select (date_trunc('day', now() at time zone 'America/Sao_Paulo')
                               at time zone 'America/Sao_Paulo') as t)
          select i.*, e.descricao as empresa_descricao,
            (select count(*) from delivery_pedido p, hoje where p.integracao_id = i.id and p.created_at >= hoje.t
               and p.venda_id is not null)::int as pedidos_hoje,
            (select count(*) from delivery_pedido p where p.integracao_id = i.id and p.situacao = 'atencao')::int
               as pedidos_atencao
          from delivery_integracao i join empresa e on e.id = i.empresa_id
          where i.grupo_empresarial_id = ${grupo} order by e.descricao, i.app`,
    );
    return linhas
      .filter((l) => !empresas || empresas.has(l.empresa_id as string))
      .map((l) => {
        const i = lerIntegracao(l);
        return {
          _id: i.id,
          empresa: { _id: i.empresa, descricao: l.empresa_descricao as string },
          app: i.app,
          appNome: nomeDoApp(i.app),
          protocolo: i.protocolo,
          merchantId: i.merchantId,
          appIdExterno: i.appIdExterno,
          baseUrl: i.baseUrl,
          authUrl: i.authUrl,
          clientId: i.clientId,
          segredoDefinido: i.segredoCifrado.length > 0,
          ativo: i.ativo,
          aceiteAutomatico: i.aceiteAutomatico,
          intervaloPollingSegundos: i.intervaloPollingSegundos,
          urlCardapio: `${urlBase}/api/deliveryApps/od/${i.id}/v1/merchant`,
          saude: {
            ultimoPolling: iso(l.ultimo_polling),
            ultimoErro: (l.ultimo_erro as string | null) ?? null,
            ultimoErroEm: iso(l.ultimo_erro_em),
            pedidosHoje: l.pedidos_hoje as number,
            pedidosAtencao: l.pedidos_atencao as number,
          },
        };
      });
  }

  adaptador(i: Integracao): AdaptadorDelivery {
    const chave = `${i.baseUrl}|${i.authUrl}|${i.clientId}|${i.segredoCifrado}|${i.appIdExterno}|${i.merchantId}`;
    const pronto = this.adaptadores.get(i.id);
    if (pronto?.chave === chave) return pronto.adaptador;
    const adaptador = criarAdaptador(
      i.protocolo,
      {
        baseUrl: i.baseUrl,
        authUrl: i.authUrl,
        clientId: i.clientId,
        clientSecret: this.cofre.decifrar(i.segredoCifrado, `delivery:${i.id}`).toString('utf8'),
        appId: i.appIdExterno,
        merchantId: i.merchantId,
      },
      () => this.servicos.tempo.agora().getTime(),
    );
    this.adaptadores.set(i.id, { chave, adaptador });
    return adaptador;
  }

  private async registrarErro(i: Integracao, erro: unknown): Promise<void> {
    const msg = (erro as Error).message?.slice(0, 500) ?? String(erro);
    await consultar(
      this.db,
      sql`update delivery_integracao set ultimo_erro = ${msg}, ultimo_erro_em = now() where id = ${i.id}`,
    );
  }

  // ---- events ----------------------------------------------------------------------------------------

  /** Stores events not seen before; answers how many were new. */
  private async guardar(i: Integracao, eventos: readonly EventoApp[], origem: string): Promise<number> {
    let novos = 0;
    for (const e of eventos) {
      const r = await consultar(
        this.db,
        sql`insert into delivery_evento (integracao_id, evento_id, grupo_empresarial_id, pedido_externo, tipo,
              criado_em, origem, corpo)
            values (${i.id}, ${e.id}, ${i.grupo}, ${e.pedidoExterno}, ${e.tipo}, ${e.criadoEm}::timestamptz,
              ${origem}, ${JSON.stringify(e.corpo)}::jsonb)
            on conflict (integracao_id, evento_id) do nothing returning evento_id`,
      );
      novos += r.length;
    }
    return novos;
  }

  /**
   * One poll: events stored, then acknowledged (all of them, the unused too), then processed. A failed
   * acknowledgment leaves them with the app: they come back and are recognised by id.
   */
  async pollar(integracaoId: string): Promise<{ recebidos: number; novos: number }> {
    return comoSistema(async () => {
      const i = await this.integracao(integracaoId);
      const adaptador = this.adaptador(i);
      let eventos: EventoApp[];
      try {
        eventos = await adaptador.buscarEventos();
      } catch (erro) {
        await this.registrarErro(i, erro);
        throw erro;
      }
      const novos = await this.guardar(i, eventos, 'polling');
      await consultar(this.db, sql`update delivery_integracao set ultimo_polling = now() where id = ${i.id}`);
      await this.reconhecer(i, adaptador, eventos);
      await this.processar(i);
      return { recebidos: eventos.length, novos };
    });
  }

  /**
   * Acknowledges stored events (all of them, the unused too) and marks them so. A failure is the integration's
   * `ultimoErro`: the events come back by polling and are recognised by id.
   */
  private async reconhecer(i: Integracao, adaptador: AdaptadorDelivery, eventos: readonly EventoApp[]) {
    if (eventos.length === 0) return;
    try {
      await adaptador.reconhecer(eventos);
      await consultar(
        this.db,
        sql`update delivery_evento set reconhecido_em = now()
            where integracao_id = ${i.id} and evento_id = any(${arrayTexto(eventos.map((e) => e.id))})`,
      );
    } catch (erro) {
      await this.registrarErro(i, erro);
    }
  }

  /**
   * The app's webhook (POST .../newEvent): the integration by X-App-Id and X-App-MerchantId, the signature
   * checked over the raw body; answers the HTTP status for the app.
   */
  async webhook(
    appId: string | undefined,
    merchantId: string | undefined,
    assinatura: string | undefined,
    corpoBruto: string,
  ): Promise<{ status: number; titulo?: string }> {
    return comoSistema(async () => {
      if (!appId || !merchantId)
        return { status: 400, titulo: 'X-App-Id e X-App-MerchantId são obrigatórios.' };
      const l = await consultarUm(
        this.db,
        sql`select * from delivery_integracao where app_id_externo = ${appId} and merchant_id = ${merchantId}
              and ativo`,
      );
      if (!l) return { status: 404, titulo: 'Loja não integrada.' };
      const i = lerIntegracao(l);
      if (!this.adaptador(i).webhookAutentico(corpoBruto, assinatura))
        return { status: 403, titulo: 'Assinatura X-App-Signature inválida.' };
      let json: unknown;
      try {
        json = JSON.parse(corpoBruto);
      } catch {
        return { status: 400, titulo: 'Corpo não é JSON.' };
      }
      const e = eventoODSchema.safeParse(json);
      if (!e.success) return { status: 400, titulo: 'Evento fora do padrão Open Delivery.' };
      const evento = eventoApp(e.data);
      await this.guardar(i, [evento], 'webhook');
      // Answered once stored: the app must not wait behind the store's queue of orders (it would time out and
      // send again). The acknowledgment (else the next poll brings the event back) and the processing run
      // behind the answer; a failure leaves the event pending for the next run.
      this.reconhecendo.iniciar(this.reconhecer(i, this.adaptador(i), [evento]).catch(() => undefined));
      void this.processar(i).catch(() => undefined);
      return { status: 204 };
    });
  }

  /**
   * Processes the stored events not yet processed, oldest createdAt first (one run per integration at a time).
   * A run already queued and not started reads every event stored before it starts: a burst of webhooks
   * shares it instead of queueing a run each.
   */
  processar(i: Integracao): Promise<void> {
    const naFila = this.naFila.get(i.id);
    if (naFila) return naFila;
    const proxima = this.processando.enfileirar(i.id, () => {
      this.naFila.delete(i.id);
      return this.processarPendentes(i);
    });
    this.naFila.set(i.id, proxima);
    return proxima;
  }

  private async processarPendentes(i: Integracao): Promise<void> {
    const pendentes = await consultar(
      this.db,
      sql`select evento_id, pedido_externo, tipo, corpo from delivery_evento
          where integracao_id = ${i.id} and processado_em is null order by criado_em, recebido_em, evento_id`,
    );
    const adaptador = this.adaptador(i);
    for (const ev of pendentes) {
      try {
        await this.processarEvento(
          i,
          adaptador,
          ev.evento_id as string,
          ev.pedido_externo as string,
          ev.tipo as string,
          ev.corpo,
        );
      } catch (erro) {
        // The app or the database failed: the event stays pending and is tried again on the next run.
        await this.registrarErro(i, erro);
        return;
      }
      await consultar(
        this.db,
        sql`update delivery_evento set processado_em = now()
            where integracao_id = ${i.id} and evento_id = ${ev.evento_id as string}`,
      );
    }
  }

  private async processarEvento(
    i: Integracao,
    adaptador: AdaptadorDelivery,
    eventoId: string,
    pedidoExterno: string,
    tipo: string,
    corpo: unknown,
  ): Promise<void> {
    if (tipo === 'CREATED') {
      const texto = await adaptador.buscarPedido(pedidoExterno);
      await this.pedidos.receber(i, pedidoExterno, texto, adaptador, eventoId);
      return;
    }
    const l = await consultarUm(
      this.db,
      sql`select id, estado_app, situacao from delivery_pedido where integracao_id = ${i.id}
            and pedido_externo = ${pedidoExterno}`,
    );
    if (!l) return;
    const atual = l.estado_app as EstadoPedidoOD;
    const novo = estadoDoEvento(tipo, atual);
    if (novo === 'CANCELLED') {
      if (l.situacao === 'cancelado') return;
      const motivo = (corpo as { metadata?: { reason?: unknown } } | null)?.metadata?.reason;
      await this.pedidos.canceladoPeloApp(i, l.id as string, typeof motivo === 'string' ? motivo : '');
      return;
    }
    if (!novo || novo === atual) return;
    const situacao = l.situacao as string;
    await consultar(
      this.db,
      sql`update delivery_pedido set estado_app = ${novo}, situacao = ${situacao},
            estado_anterior = ${novo === 'ORDER_CANCELLATION_REQUEST' ? atual : null}, updated_at = now()
          where id = ${l.id as string}`,
    );
    this.pedidos.anunciar(i.empresa, l.id as string, situacao as PedidoAppSaida['situacao'], novo);
  }

  // ---- orders ----------------------------------------------------------------------------------------

  async listarPedidos(
    grupo: string,
    empresas: ReadonlySet<string> | null,
    situacao: string | undefined,
  ): Promise<PedidoAppSaida[]> {
    const linhas = await consultar(
      this.db,
      // The customer's reason is the metadata of their latest cancellation request event.
      sql`select p.*,
            case when p.estado_app in ('ORDER_CANCELLATION_REQUEST', 'CANCELLED') then
              (select e.corpo->'metadata'->>'reason' from delivery_evento e
                where e.integracao_id = p.integracao_id and e.pedido_externo = p.pedido_externo
                  and e.tipo = 'ORDER_CANCELLATION_REQUEST'
                order by e.criado_em desc limit 1) end as motivo_cancelamento_cliente
          from delivery_pedido p where p.grupo_empresarial_id = ${grupo}
            ${situacao ? sql`and p.situacao = ${situacao}` : sql``}
          order by p.created_at desc limit 500`,
    );
    return linhas
      .filter((l) => !empresas || empresas.has(l.empresa_id as string))
      .map((l) => ({
        _id: l.id as string,
        integracao: l.integracao_id as string,
        empresa: l.empresa_id as string,
        app: l.app as number,
        pedidoExterno: l.pedido_externo as string,
        identificacao: (l.identificacao as string | null) ?? null,
        situacao: l.situacao as PedidoAppSaida['situacao'],
        estadoApp: l.estado_app as string,
        motivo: (l.motivo as string | null) ?? null,
        itensSemProduto: (l.itens_sem_produto as PedidoAppSaida['itensSemProduto']) ?? [],
        venda: (l.venda_id as string | null) ?? null,
        total: (l.total as string | null) ?? null,
        recebidoEm: new Date(String(l.created_at)).toISOString(),
        ...resumoDoPedido(l.pedido),
        motivoCancelamentoCliente: (l.motivo_cancelamento_cliente as string | null) ?? null,
      }));
  }

  /** An order that needed attention, tried again from the order kept (after its items were mapped). */
  async reprocessar(grupo: string, pedidoId: string): Promise<void> {
    const p = await this.pedidos.pedido(pedidoId);
    if (!p || p.grupo !== grupo) throw new ErroNegocio(MENSAGENS_DELIVERY.pedidoNaoEncontrado);
    if (p.situacao !== 'atencao') return;
    const i = await this.integracao(p.integracaoId, grupo);
    const lido = pedidoODSchema.safeParse(p.pedido);
    if (!lido.success || lido.data.merchant.id !== i.merchantId) return;
    await this.pedidos.criarDoPedido(i, p.pedidoExterno, lido.data, p.pedido, this.adaptador(i), p.id);
  }

  async decidir(grupo: string, pedidoId: string, aceitar: boolean, motivo?: string): Promise<void> {
    const p = await this.pedidos.pedido(pedidoId);
    if (!p || p.grupo !== grupo) throw new ErroNegocio(MENSAGENS_DELIVERY.pedidoNaoEncontrado);
    const i = await this.integracao(p.integracaoId, grupo);
    if (aceitar) await this.pedidos.aceitar(i, p.id, this.adaptador(i));
    else await this.pedidos.recusar(i, p.id, motivo ?? 'Recusado pela loja', this.adaptador(i));
  }

  async decidirCancelamento(
    grupo: string,
    pedidoId: string,
    aceitar: boolean,
    negar?: { codigo: string; motivo: string },
  ): Promise<void> {
    const p = await this.pedidos.pedido(pedidoId);
    if (!p || p.grupo !== grupo) throw new ErroNegocio(MENSAGENS_DELIVERY.pedidoNaoEncontrado);
    if (p.estadoApp !== 'ORDER_CANCELLATION_REQUEST')
      throw new ErroNegocio(MENSAGENS_DELIVERY.semCancelamento);
    const i = await this.integracao(p.integracaoId, grupo);
    const ok = aceitar
      ? await this.pedidos.acao(p.id, this.adaptador(i), 'acceptCancellation')
      : await this.pedidos.acao(p.id, this.adaptador(i), 'denyCancellation', {
          reason: negar?.motivo,
          code: negar?.codigo,
        });
    if (!ok) throw new ErroNegocio('O aplicativo não aceitou a resposta ao cancelamento.');
  }

  /**
   * Our expedition moved a sale of an app order: the app is told (preparing, ready, dispatched, delivered).
   * Changes of one sale are queued in the order they were announced, before any lookup.
   */
  expedicaoAlterada(vendaId: string, acao: Parameters<ServicoPedidosApp['acao']>[2]): Promise<void> {
    return this.filasVenda.enfileirar(vendaId, () =>
      comoSistema(async () => {
        const l = await consultarUm(
          this.db,
          sql`select id, integracao_id from delivery_pedido where venda_id = ${vendaId}`,
        );
        if (!l) return;
        const i = await this.integracao(l.integracao_id as string);
        await this.pedidos.acao(l.id as string, this.adaptador(i), acao);
      }),
    );
  }

  /** Every stored event processed and every status change announced so far sent to the app (tests, shutdown). */
  async ocioso(): Promise<void> {
    // the webhooks' acknowledgments, the events' runs (a webhook's runs behind its answer), then what they announced
    await this.reconhecendo.esperar();
    await this.processando.esperar();
    await this.filasVenda.esperar();
    await this.pedidos.ocioso();
  }

  // ---- menu ------------------------------------------------------------------------------------------

  async cardapio(integracaoId: string): Promise<unknown> {
    return comoSistema(async () => {
      const i = await this.integracao(integracaoId);
      if (!i.ativo) throw new ErroNegocio(MENSAGENS_DELIVERY.integracaoNaoEncontrada);
      const c = await lerCardapio(
        this.db,
        this.vendas.catalogo,
        i.grupo,
        i.empresa,
        i.merchantId,
        this.servicos.tempo.agora(),
      );
      return this.adaptador(i).cardapio(c);
    });
  }

  // ---- item mapping ----------------------------------------------------------------------------------

  async salvarMapeamento(
    grupo: string,
    e: { integracao: string; codigoExterno: string; nomeExterno?: string | undefined; produto: string },
  ): Promise<string> {
    const i = await this.integracao(e.integracao, grupo);
    const cat = await this.vendas.catalogo.daLoja(grupo, i.empresa);
    if (!cat.produtos.has(e.produto)) throw new ErroNegocio(MENSAGENS_DELIVERY.produtoNaoEncontrado);
    const id = novoId();
    const r = await consultar(
      this.db,
      sql`insert into delivery_item_mapa (id, grupo_empresarial_id, integracao_id, codigo_externo, nome_externo, produto_id)
          values (${id}, ${grupo}, ${i.id}, ${e.codigoExterno}, ${e.nomeExterno ?? null}, ${e.produto})
          on conflict (integracao_id, codigo_externo) do update set produto_id = excluded.produto_id,
            nome_externo = coalesce(excluded.nome_externo, delivery_item_mapa.nome_externo), updated_at = now()
          returning id`,
    );
    return r[0]?.id as string;
  }

  /** The integration's store's active products whose description has the text typed (30 at most). */
  async produtosDaLoja(grupo: string, empresa: string, busca: string | undefined) {
    const termo = busca?.trim() ? padraoContem(busca.trim()) : null;
    const linhas = await consultar(
      this.db,
      sql`select p.id, p.codigo_interno, p.descricao
          from produto_geral p
          join produto_geral_empresa pe on pe.grupo_empresarial_id = ${grupo} and pe.empresa_id = ${empresa}
               and pe.produto_geral_id = p.id and pe.lixo = false and pe.ativo is not false
          where p.grupo_empresarial_id = ${grupo} and p.lixo = false and p.ativo is not false
            ${termo ? sql`and p.descricao ilike ${termo}` : sql``}
          order by p.descricao
          limit 30`,
    );
    return linhas.map((l) => ({
      _id: String(l.id),
      descricao: String(l.descricao),
      codigoInterno: l.codigo_interno === null ? null : Number(l.codigo_interno),
    }));
  }

  async mapeamentos(grupo: string, integracao: string) {
    const linhas = await consultar(
      this.db,
      sql`select m.id, m.integracao_id, m.codigo_externo, m.nome_externo, m.produto_id, p.descricao
          from delivery_item_mapa m left join produto_geral p on p.id = m.produto_id
          where m.grupo_empresarial_id = ${grupo} and m.integracao_id = ${integracao}
          order by m.codigo_externo`,
    );
    return linhas.map((l) => ({
      _id: l.id as string,
      integracao: l.integracao_id as string,
      codigoExterno: l.codigo_externo as string,
      nomeExterno: (l.nome_externo as string | null) ?? null,
      produto: l.descricao ? { _id: l.produto_id as string, descricao: l.descricao as string } : null,
    }));
  }
}
