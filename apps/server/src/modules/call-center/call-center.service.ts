import { createHash } from 'node:crypto';
import {
  adicionarItem,
  calcularTaxaEntrega,
  cpfCnpjDaVenda,
  distanciaMetros,
  ErroNegocio as ErroDominio,
  escreverDinheiro,
  type Localizacao,
  lancarPagamento,
  lerDinheiro,
  MENSAGENS,
  PERMISSAO,
  TIPO_VENDA,
  vendaSchema,
} from '@retaguarda/domain';
import { identificacaoPedido } from '@retaguarda/domain/kds/kds';
import { sql } from 'drizzle-orm';
import type { Servicos } from '../../app.ts';
import { consultar, consultarUm } from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import type { EnderecoEntrada, ServicoGeocodificacao } from '../enderecos/geocodificacao.ts';
import {
  type Contexto,
  type ItemEntrada,
  M,
  type ServicoVendas,
  type VendaResposta,
} from '../vendas/vendas.service.ts';
import { type PagamentoCallCenter, type PagamentoEntrada, validarPagamento } from './pagamento.ts';
import { type LojaRoteamento, lerAreas, lerLocalizacao, lojasQueAtendem } from './roteamento.ts';

// Call-center mode (spec 1 sections 1, 2 and 8): one place serves several stores of the group, counter and
// delivery only. The server decides where an order goes: the customer's address (read from the registry,
// geocoded here) picks the store whose service area covers it, the delivery fee comes from that store's
// settings and the order is created in that store, its lines sent to production, so it shows on that
// store's KDS and expedition. A store the attendant picks instead must cover the address, or needs
// 'Alterar Empresa da Entrega' (27). Every product is checked against the store it goes to
// ('Produto ... não esta ativo para a esta Loja.').

export const MENSAGENS_CALL_CENTER = {
  foraArea: MENSAGENS.foraAreaCobertura,
  semLojas: 'Nenhuma loja do grupo atende pelo Call Center!',
  lojaNaoAtendida: 'Loja não atendida pelo Call Center!',
  tipoVenda: 'No Call Center somente vendas Balcão e Delivery!',
  lojaObrigatoria: 'Informe a loja do pedido!',
  clienteEntrega: 'Informe o cliente da entrega!',
  clienteSemEndereco: 'Cliente sem endereço cadastrado!',
} as const;

export interface LojaCallCenter extends LojaRoteamento {
  nomeFantasia: string | null;
  endereco: string | null;
}

export interface Roteamento {
  loja: { _id: string; descricao: string };
  tipoVenda: number;
  /** Delivery only: where the address is and which stores cover it (best first). */
  localizacao: Localizacao | null;
  enderecoFormatado: string | null;
  lojasQueAtendem: { _id: string; descricao: string; distanciaMetros: number | null }[];
  distanciaMetros: number | null;
  taxaEntrega: string;
}

const arredondar = (m: number) => Math.round(m);

export class ServicoCallCenter {
  constructor(
    private readonly servicos: Servicos,
    private readonly vendas: ServicoVendas,
    private readonly mapas: ServicoGeocodificacao,
  ) {}

  private get db() {
    return this.servicos.banco.db;
  }

  /**
   * Stores of the group that take call-center orders (configuracoes.callCenter) and the user may sell in;
   * when the attendant's own company lists empresasCallCenter, only those.
   */
  async lojas(ctx: Contexto): Promise<LojaCallCenter[]> {
    let restritas: Set<string> | null = null;
    if (ctx.empresaCabecalho) {
      const l = await consultarUm(
        this.db,
        sql`select configuracoes->'empresasCallCenter' as lista from empresa
            where id = ${ctx.empresaCabecalho} and grupo_empresarial_id = ${ctx.grupo} and lixo = false`,
      );
      const lista = Array.isArray(l?.lista) ? (l.lista as unknown[]) : [];
      const ids = lista
        .map((x) => (typeof x === 'string' ? x : (x as { _id?: unknown } | null)?._id))
        .filter((x): x is string => typeof x === 'string');
      if (ids.length > 0) restritas = new Set(ids);
    }
    const linhas = await consultar(
      this.db,
      sql`select id, descricao, nome_fantasia, codigo_interno, endereco, localizacao, configuracoes
          from empresa where grupo_empresarial_id = ${ctx.grupo} and lixo = false
            and coalesce((configuracoes->>'callCenter')::boolean, false)
          order by codigo_interno nulls last, descricao`,
    );
    return linhas
      .filter((l) => ctx.permissoes.porEmpresa.has(l.id as string))
      .filter((l) => !restritas || restritas.has(l.id as string))
      .map((l) => {
        const end = (l.endereco ?? null) as Record<string, unknown> | null;
        const cfg = (l.configuracoes ?? {}) as Record<string, unknown>;
        return {
          _id: l.id as string,
          descricao: l.descricao as string,
          nomeFantasia: (l.nome_fantasia as string | null) ?? null,
          codigoInterno: (l.codigo_interno as number | null) ?? null,
          localizacao: lerLocalizacao(l.localizacao) ?? lerLocalizacao(end?.localizacao),
          areasAtendimento: lerAreas(cfg.areasAtendimento),
          endereco: end
            ? [end.logradouro, end.numero, end.bairro].filter((x) => typeof x === 'string' && x).join(', ')
            : null,
        };
      });
  }

  private async endereco(
    ctx: Contexto,
    cliente: string,
  ): Promise<EnderecoEntrada & { localizacao?: unknown }> {
    const l = await consultarUm(
      this.db,
      sql`select endereco from pessoa where id = ${cliente} and grupo_empresarial_id = ${ctx.grupo} and lixo = false`,
    );
    if (!l) throw new ErroNegocio(M.clienteNaoEncontrado);
    const e = l.endereco as Record<string, string | null> | null;
    if (!e?.logradouro) throw new ErroNegocio(MENSAGENS_CALL_CENTER.clienteSemEndereco);
    return e;
  }

  /** Road distance from the maps service; the straight line when it has no route or cannot be reached. */
  private async distancia(ctx: Contexto, loja: LojaCallCenter, ponto: Localizacao): Promise<number | null> {
    if (!loja.localizacao) return null;
    try {
      const d = await this.mapas.distancia(ctx.grupo, loja._id, loja.localizacao, ponto);
      if (d) return arredondar(d.metros);
    } catch {
      // fall back below
    }
    return arredondar(distanciaMetros(loja.localizacao, ponto));
  }

  /**
   * Where an order of this customer goes and what the delivery costs (no write). `empresa` is the store the
   * attendant chose (counter: required; delivery: must cover the address, or needs permission 27).
   */
  async rotear(
    ctx: Contexto,
    e: {
      tipoVenda: number;
      cliente?: string | undefined;
      empresa?: string | undefined;
      liberacao?: string | undefined;
      produtos?: readonly string[] | undefined;
    },
  ): Promise<Roteamento & { clienteEndereco: Record<string, unknown> | null }> {
    if (e.tipoVenda !== TIPO_VENDA.balcao && e.tipoVenda !== TIPO_VENDA.delivery)
      throw new ErroNegocio(MENSAGENS_CALL_CENTER.tipoVenda);
    const lojas = await this.lojas(ctx);
    if (lojas.length === 0) throw new ErroNegocio(MENSAGENS_CALL_CENTER.semLojas);
    const escolhida = e.empresa ? lojas.find((l) => l._id === e.empresa) : undefined;
    if (e.empresa && !escolhida) throw new ErroNegocio(MENSAGENS_CALL_CENTER.lojaNaoAtendida);

    let r: Roteamento & { clienteEndereco: Record<string, unknown> | null };
    if (e.tipoVenda === TIPO_VENDA.balcao) {
      if (!escolhida) throw new ErroNegocio(MENSAGENS_CALL_CENTER.lojaObrigatoria);
      r = {
        loja: { _id: escolhida._id, descricao: escolhida.descricao },
        tipoVenda: e.tipoVenda,
        localizacao: null,
        enderecoFormatado: null,
        lojasQueAtendem: [],
        distanciaMetros: null,
        taxaEntrega: '0.00',
        clienteEndereco: null,
      };
    } else {
      if (!e.cliente) throw new ErroNegocio(MENSAGENS_CALL_CENTER.clienteEntrega);
      const endereco = await this.endereco(ctx, e.cliente);
      const local = await this.mapas.localizar(ctx.grupo, ctx.empresaCabecalho, endereco);
      const candidatas = lojasQueAtendem(local.localizacao, lojas);
      if (candidatas.length === 0) throw new ErroNegocio(MENSAGENS_CALL_CENTER.foraArea);
      let loja = candidatas[0]!.loja;
      if (escolhida && escolhida._id !== loja._id) {
        // A store that does not cover the address only with 'Alterar Empresa da Entrega'.
        if (!candidatas.some((c) => c.loja._id === escolhida._id))
          await this.vendas.liberar(ctx, e.liberacao, PERMISSAO.alterarEmpresaEntrega, escolhida._id, true);
        loja = escolhida;
      }
      const metros = await this.distancia(ctx, loja, local.localizacao);
      const cat = await this.vendas.catalogo.daLoja(ctx.grupo, loja._id);
      const taxa = calcularTaxaEntrega(
        {
          tipoVenda: TIPO_VENDA.delivery,
          cliente: {
            _id: e.cliente,
            endereco: { cidade: String(endereco.cidade ?? ''), bairro: String(endereco.bairro ?? '') },
          },
          distanciaMetros: metros,
        },
        cat.configuracao,
      );
      r = {
        loja: { _id: loja._id, descricao: loja.descricao },
        tipoVenda: e.tipoVenda,
        localizacao: local.localizacao,
        enderecoFormatado: local.enderecoFormatado,
        lojasQueAtendem: candidatas.map((c) => ({
          _id: c.loja._id,
          descricao: c.loja.descricao,
          distanciaMetros: c.distanciaRetaMetros === null ? null : arredondar(c.distanciaRetaMetros),
        })),
        distanciaMetros: metros,
        taxaEntrega: escreverDinheiro(taxa),
        clienteEndereco: { ...endereco, localizacao: local.localizacao },
      };
    }
    this.vendas.exigir(ctx, PERMISSAO.modoCallCenter, r.loja._id);
    if (e.produtos?.length) await this.verificarProdutos(ctx, r.loja._id, e.produtos);
    return r;
  }

  /** Store switch (spec 8): every product of the order must be active in the new store. */
  async verificarProdutos(ctx: Contexto, loja: string, produtos: readonly string[]): Promise<void> {
    const cat = await this.vendas.catalogo.daLoja(ctx.grupo, loja);
    for (const id of produtos) {
      const p = cat.produtos.get(id);
      if (!p) throw new ErroNegocio(M.produtoNaoEncontrado);
      if (!p.ativo) throw new ErroNegocio(M.produtoInativo(p.descricao));
    }
  }

  /**
   * The order as the store will compute it (same engine, catalogue and customer as `criar` of the sale
   * module), without writing: the payment is checked against this total before anything is created.
   */
  private async previa(
    ctx: Contexto,
    loja: string,
    e: {
      tipoVenda: number;
      cliente?: string | undefined;
      distanciaMetros: number | null;
      produtos: ItemEntrada[];
    },
  ) {
    const cat = await this.vendas.catalogo.daLoja(ctx.grupo, loja);
    const cliente = e.cliente ? await this.vendas.cliente(this.db, ctx.grupo, e.cliente) : null;
    try {
      return { venda: this.montar(ctx, cat, loja, cliente, e), cat };
    } catch (erro) {
      // The engine's refusals (pizza parts, quantities) read as the sale module would answer them.
      throw erro instanceof ErroDominio ? new ErroNegocio(erro.message) : erro;
    }
  }

  private montar(
    ctx: Contexto,
    cat: Awaited<ReturnType<ServicoVendas['catalogo']['daLoja']>>,
    loja: string,
    cliente: Awaited<ReturnType<ServicoVendas['cliente']>>,
    e: { tipoVenda: number; distanciaMetros: number | null; produtos: ItemEntrada[] },
  ) {
    let venda = vendaSchema.parse({
      _id: novoId(),
      empresa: loja,
      grupoEmpresarial: ctx.grupo,
      tipoVenda: { id: e.tipoVenda },
      operador: ctx.operador,
      cliente,
      localPedido: { id: 69 },
      distanciaEntregaMetros: e.distanciaMetros,
      data: ctx.agora,
    });
    for (const item of e.produtos) venda = adicionarItem(venda, this.vendas.novoItem(ctx, cat, item, null));
    return this.vendas.recalcular(venda, cat, ctx.agora);
  }

  /**
   * Creates the order in the store the routing chose and sends its lines to production (KDS, expedition).
   * The payment agreed with the customer is checked first (nothing is created when it is refused); a
   * prepaid order gets its payment, one to collect keeps the amount and the change with the order.
   * A retry with the same `_id` answers the order already created (and pays it once).
   */
  async criarPedido(
    ctx: Contexto,
    e: {
      _id?: string | undefined;
      tipoVenda: number;
      cliente?: string | undefined;
      empresa?: string | undefined;
      liberacao?: string | undefined;
      vendaDescricao?: string | undefined;
      cpfCnpj?: string | undefined;
      produtos: ItemEntrada[];
      pagamento?: PagamentoEntrada | undefined;
    },
  ): Promise<VendaResposta & { roteamento: Roteamento; pagamentoCallCenter: PagamentoCallCenter | null }> {
    if (e.produtos.length === 0) throw new ErroNegocio(M.itemNaoInformado);
    // CPF na nota: a wrong document is refused before the routing writes the customer's location.
    const documento = cpfCnpjDaVenda(e.cpfCnpj);
    if (!documento.ok) throw new ErroNegocio(documento.mensagem);
    const { clienteEndereco, ...roteamento } = await this.rotear(ctx, {
      ...e,
      produtos: e.produtos.flatMap((p) => [p.produto, ...(p.produtosFilho ?? []).map((f) => f.produto)]),
    });
    const id = e._id ?? novoId();
    const ja = await consultarUm(
      this.db,
      sql`select pagamento from call_center_pedido where venda_id = ${id} and grupo_empresarial_id = ${ctx.grupo}`,
    );
    let pagamento: PagamentoCallCenter | null = (ja?.pagamento as PagamentoCallCenter | null) ?? null;
    if (!ja && e.pagamento) {
      const { venda, cat } = await this.previa(ctx, roteamento.loja._id, {
        tipoVenda: e.tipoVenda,
        cliente: e.cliente,
        distanciaMetros: roteamento.distanciaMetros,
        produtos: e.produtos,
      });
      const forma = cat.formasPagamento.get(e.pagamento.formaPagamento);
      if (!forma) throw new ErroNegocio(M.formaNaoEncontrada);
      pagamento = validarPagamento(e.pagamento, forma, venda.total);
      if (pagamento.modo === 'prepago') this.vendas.exigir(ctx, PERMISSAO.receberConta, roteamento.loja._id);
    }
    // The geocoded location goes with the customer's address, so the sale's copy of it carries it too.
    if (e.cliente && clienteEndereco) {
      await consultar(
        this.db,
        sql`update pessoa set endereco = ${JSON.stringify(clienteEndereco)}::jsonb, updated_at = now()
            where id = ${e.cliente} and grupo_empresarial_id = ${ctx.grupo}`,
      );
    }
    // The sale id makes the retry safe; the Idempotency-Key of this call must not answer the inner writes.
    const semChave: Contexto = { ...ctx, chaveIdempotencia: undefined };
    const venda = await this.vendas.criar(semChave, {
      _id: id,
      empresa: roteamento.loja._id,
      tipoVenda: e.tipoVenda,
      cliente: e.cliente,
      vendaDescricao: e.vendaDescricao,
      cpfCnpj: documento.valor ?? undefined,
      localPedido: 69,
      distanciaEntregaMetros: roteamento.distanciaMetros ?? undefined,
      produtos: e.produtos,
    });
    let enviada: VendaResposta = await this.vendas.confirmarItens(semChave, venda._id);
    if (pagamento?.modo === 'prepago') enviada = await this.pagarAntecipado(semChave, enviada, pagamento);
    await consultar(
      this.db,
      sql`insert into call_center_pedido (venda_id, grupo_empresarial_id, operador_id, pagamento)
          values (${venda._id}, ${ctx.grupo}, ${ctx.usuarioId}, ${pagamento ? JSON.stringify(pagamento) : null}::jsonb)
          on conflict (venda_id) do nothing`,
    );
    return { ...enviada, roteamento, pagamentoCallCenter: pagamento };
  }

  /**
   * The prepaid payment: the whole balance with the agreed form, no terminal/register/period (spec: the
   * call center does not check cash periods). Its id derives from the sale's, so a retry never pays twice.
   */
  private async pagarAntecipado(
    ctx: Contexto,
    venda: VendaResposta,
    p: PagamentoCallCenter,
  ): Promise<VendaResposta> {
    const pagamentoId = createHash('sha256').update(`callCenter:${venda._id}`).digest('hex').slice(0, 24);
    if (venda.pagamentos.some((x) => x._id === pagamentoId)) return venda;
    return this.vendas.alterar(
      ctx,
      venda._id,
      (reg, cat) => {
        const forma = cat.formasPagamento.get(p.formaPagamento._id);
        if (!forma) throw new ErroNegocio(M.formaNaoEncontrada);
        const saldo = lerDinheiro(reg.venda.total) - lerDinheiro(reg.venda.totalPago);
        if (saldo <= 0 || reg.venda.pagamentos.some((x) => x._id === pagamentoId)) return { reg };
        const paga = lancarPagamento(reg.venda, {
          _id: pagamentoId,
          formaPagamento: forma,
          valorPago: escreverDinheiro(saldo),
          operador: ctx.operador,
          data: ctx.agora,
          terminal: null,
          caixa: null,
          periodo: null,
          observacao: ['Pré-pago no Call Center', p.observacao].filter(Boolean).join(': '),
        });
        return { reg: { ...reg, venda: paga } };
      },
      { recalcularAntes: true },
    );
  }

  /**
   * The orders this attendant sent on a day (default: today in Brasília time), newest first, with their
   * store, expedition status, rider and the payment agreed. The client groups them per store.
   */
  async pedidos(ctx: Contexto, dia: string | undefined): Promise<PedidoAcompanhamento[]> {
    const base = dia ? `${dia}T12:00:00-03:00` : ctx.agora;
    const linhas = await consultar(
      this.db,
      sql`with inicio as (
            select (date_trunc('day', ${base}::timestamptz at time zone 'America/Sao_Paulo')
                    at time zone 'America/Sao_Paulo') as t)
          select v.id, v.empresa_id, e.descricao as empresa, v.numero, v.sequencial_periodo, v.tipo_venda,
            v.status, v.status_expedicao, v.cliente->>'nome' as cliente_nome, v.total::text as total,
            v.total_pago::text as total_pago, v.taxa_entrega::text as taxa_entrega, v.entregador, v.data,
            v.versao, p.pagamento, p.created_at,
            (select count(*) from venda_item i where i.venda_id = v.id and not i.cancelado) as itens
          from call_center_pedido p
            join venda v on v.id = p.venda_id
            join empresa e on e.id = v.empresa_id, inicio
          where p.grupo_empresarial_id = ${ctx.grupo} and p.operador_id = ${ctx.usuarioId}
            and p.created_at >= inicio.t and p.created_at < inicio.t + interval '1 day'
          order by p.created_at desc limit 500`,
    );
    return linhas
      .filter((l) => ctx.permissoes.porEmpresa.has(l.empresa_id as string))
      .map((l) => {
        const tipoVenda = l.tipo_venda as number;
        const entregador = l.entregador as { _id?: string; nome?: string } | null;
        return {
          vendaId: l.id as string,
          empresa: { _id: l.empresa_id as string, descricao: l.empresa as string },
          numero: l.numero as number,
          identificacao: identificacaoPedido({
            tipoVenda,
            numero: l.numero as number,
            mesa: null,
            comanda: null,
            sequencialPeriodo: (l.sequencial_periodo as number | null) ?? null,
          }),
          tipoVenda,
          status: l.status as number,
          statusExpedicao: l.status_expedicao as number,
          cliente: (l.cliente_nome as string | null) ?? null,
          total: String(l.total),
          totalPago: String(l.total_pago),
          taxaEntrega: String(l.taxa_entrega),
          entregador: entregador?._id ? { _id: entregador._id, nome: entregador.nome ?? '' } : null,
          itens: Number(l.itens),
          pagamento: (l.pagamento as PagamentoCallCenter | null) ?? null,
          data: new Date(String(l.data)).toISOString(),
          enviadoEm: new Date(String(l.created_at)).toISOString(),
          versao: l.versao as number,
        };
      });
  }

  /** One order sent by the call center: the sale with its lines, plus the payment agreed. */
  async pedido(
    ctx: Contexto,
    vendaId: string,
  ): Promise<VendaResposta & { pagamentoCallCenter: PagamentoCallCenter | null }> {
    const l = await consultarUm(
      this.db,
      sql`select pagamento from call_center_pedido where venda_id = ${vendaId} and grupo_empresarial_id = ${ctx.grupo}`,
    );
    if (!l) throw new ErroNegocio(M.vendaNaoEncontrada);
    const venda = await this.vendas.obter(ctx, vendaId);
    return { ...venda, pagamentoCallCenter: (l.pagamento as PagamentoCallCenter | null) ?? null };
  }
}

export interface PedidoAcompanhamento {
  vendaId: string;
  empresa: { _id: string; descricao: string };
  numero: number;
  /** 'Delivery 12' / 'Balcão 3': the number the store's people use (period sequence when there is one). */
  identificacao: string;
  tipoVenda: number;
  status: number;
  statusExpedicao: number;
  cliente: string | null;
  total: string;
  totalPago: string;
  taxaEntrega: string;
  entregador: { _id: string; nome: string } | null;
  itens: number;
  pagamento: PagamentoCallCenter | null;
  data: string;
  enviadoEm: string;
  versao: number;
}
