import {
  adicionarItem,
  alterarQuantidadeItem,
  alterarStatusVenda,
  aplicarDescontoGeral,
  aplicarDescontoItem,
  type ClienteConvenio,
  cancelarPagamento,
  confirmarParaCozinha,
  cpfCnpjDaVenda,
  deletarItem,
  deletarVendaCompleta,
  deslocarPosicoes,
  dividirItemEmPosicoes,
  ErroNegocio as ErroDominio,
  enviaCozinhaAoEncerrar,
  enviaCozinhaAoLancar,
  escreverDinheiro,
  lancarPagamento,
  lancarServico,
  lerDinheiro,
  lerQuantidade,
  MENSAGENS,
  type NovoPagamento,
  PERMISSAO,
  type PessoaRef,
  pagarPosicao,
  percentualDoServico,
  quantidadeValida,
  recalcularVenda,
  STATUS_VENDA,
  saldoRestante,
  substituirItens,
  TIPO_PAGAMENTO,
  TIPO_VENDA,
  type TipoVendaId,
  tiposVenda,
  type Venda,
  type VendaEvento,
  type VendaItem,
  type VendaItemEntrada,
  validarConfirmacaoVenda,
  vendaSchema,
} from '@retaguarda/domain';
import { permissaoParaLancar } from '@retaguarda/domain/catalogos/permissao-negada';
import {
  excedeDescontoMaximoDiario,
  MENSAGENS_LIBERACAO,
} from '@retaguarda/domain/validadores/liberacao-vinculo';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Servicos } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import {
  codigoErroPg,
  consultar,
  consultarPreparada,
  consultarUm,
  restricaoErroPg,
} from '../../db/consultar.ts';
import { ErroNegocio } from '../../lib/envelope.ts';
import { novoId } from '../../lib/ids.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { descontoDoDia, vendaDaRota } from '../auth/liberacoes.ts';
import { type PermissoesUsuario, temPermissao } from '../usuarios/permissoes.service.ts';
import { empresaDoContexto } from '../usuarios/usuarios.routes.ts';
import { type CatalogoLoja, type ServicoCatalogo, TIPOS_SERVICO } from './catalogo.service.ts';
import { FilasEmLote } from './filas-em-lote.ts';
import {
  buscarVendas,
  type CriacaoVenda,
  carregarParaCriacoes,
  carregarParaEscrita,
  carregarVenda,
  criarVendasEmLote,
  type EventoGravar,
  gravarEventos,
  gravarSeVersao,
  gravarVenda,
  inserirVenda,
  type LeituraCriacao,
  type LidoCriacao,
  proximoNumero,
  type VendaRegistro,
} from './vendas.repositorio.ts';

// The sale module's rules around the pure engine: every write loads the sale under its row lock, applies
// one engine operation, recomputes with the catalogue of the store (never with totals, prices or discounts
// from the client), saves in the same transaction and then tells the store's terminals (vendaAlterada).

export const M = {
  vendaNaoEncontrada: 'Venda não encontrada!',
  outraEmpresa: 'A venda pertence a outra empresa, selecione a empresa da venda!',
  semEmpresa: 'Usuário sem permissão para acessar essa empresa.',
  semPermissao: 'Usuário sem permissão para realizar esta operação.',
  empresaNaoInformada: 'Empresa não informada!',
  mesaInvalida: 'Numero da mesa inválido',
  comandaInvalida: 'Numero da comanda inválido',
  mesaAberta: (n: number) => `A mesa ${n} já esta aberta!`,
  comandaAberta: (n: number) => `A comanda ${n} já esta aberta!`,
  produtoNaoEncontrado: 'Produto não encontrado!',
  produtoInativo: (descricao: string) => `Produto ${descricao} não esta ativo para a esta Loja.`,
  produtoServico: 'Produto de serviço (Gorjeta/Taxa de Entrega) é lançado pelo fechamento da conta.',
  quantidadeInvalida: MENSAGENS.quantidadeInvalida,
  supervisorNaoInformado: 'Supervisor não informado',
  liberacaoInvalida: 'Liberação de supervisor inválida ou expirada!',
  formaNaoEncontrada: 'Forma de pagamento não encontrada!',
  terminalNaoInformado: 'Terminal não informado, não é permitido receber!',
  terminalNaoEncontrado: 'Terminal não encontrado nesta loja!',
  terminalSemCaixa: 'Terminal sem caixa configurado, não é permitido receber!',
  semPeriodoAberto: 'Não existe período (caixa) aberto para o caixa deste terminal, não é permitido receber!',
  clienteNaoEncontrado: 'Cliente não encontrado!',
  pagamentosAtivos: 'Existem pagamentos na venda, cancele os pagamentos antes de excluir a venda!',
  itemConfirmadoPut: 'Produto confirmado só pode ser excluído com liberação (vendaDeletarProduto)!',
  itemAlteradoPut: 'Produto confirmado ou cancelado não pode ser alterado!',
  gorjetaNaoCadastrada: 'Produto Gorjeta (taxa de serviço) não cadastrado ou inativo nesta loja!',
  transferenciaTipo: 'Transferência permitida somente entre vendas mesa!',
  transferenciaMesma: 'A mesa de destino é a mesma da origem!',
  transferenciaSemItens: 'Nenhum item informado para transferir!',
  transferenciaPosicao: 'Existem pagamentos realizados por posição, transferência não permitida!',
  transferenciaJuntar: (n: number) =>
    `A mesa ${n} está ocupada: confirme se deseja juntar as contas das duas mesas!`,
  itemNaoInformado: 'Item não informado',
  eventoGravado: 'Evento gravado com sucesso!',
  keyOutraOperacao: 'Idempotency-Key já usada em outra operação.',
  keyInvalida: 'Idempotency-Key inválida.',
} as const;

/** Socket event sent to the store's room after every committed write of a sale. */
export const EVENTO_VENDA_ALTERADA = 'vendaAlterada';
export interface VendaAlteradaEvento {
  vendaId: string;
  versao: number;
  status: number;
  tipoVenda: number;
  mesa: number | null;
}

/** The sale as the API answers it: the domain sale plus table/tab number, cash period and versao. */
export type VendaResposta = Venda & {
  mesa: number | null;
  comanda: number | null;
  periodo: string | null;
  versao: number;
};

// ---- hook: a sale was ended ---------------------------------------------------------------------------

/** A sale that reached status 59, after its write committed (`venda` is the answer of the write). */
export interface VendaEncerrada {
  venda: VendaResposta;
  grupo: string;
  usuarioId: string;
}
/**
 * Listener of ended sales (the fiscal module issues the NFC-e). Runs after the commit, so a failure never loses
 * the sale; it may return extra fields for the answer. Called again when the end is retried with the same
 * Idempotency-Key, so a listener must be idempotent itself.
 */
export type OuvinteVendaEncerrada = (e: VendaEncerrada) => Promise<Record<string, unknown> | undefined>;

// Per app (its Servicos object): several apps may share a process (tests).
const ouvintesEncerramento = new WeakMap<Servicos, OuvinteVendaEncerrada[]>();

/** Sales whose end listeners are running; gravarNfceDaVenda marks them so the answer is read again. */
const encerramentosEmCurso = new Map<string, { alterada: boolean }[]>();

export function aoEncerrarVenda(servicos: Servicos, ouvinte: OuvinteVendaEncerrada): void {
  const lista = ouvintesEncerramento.get(servicos) ?? [];
  lista.push(ouvinte);
  ouvintesEncerramento.set(servicos, lista);
}

/**
 * Writes the sale's NFC-e list (`venda.nfce`, spec 1) on behalf of the fiscal module: bumps versao (a terminal
 * holding an older copy reloads instead of writing it back) and tells the store's terminals.
 */
export async function gravarNfceDaVenda(
  servicos: Servicos,
  grupo: string,
  vendaId: string,
  nfce: Record<string, unknown>[],
): Promise<void> {
  for (const marca of encerramentosEmCurso.get(vendaId) ?? []) marca.alterada = true;
  const l = await consultarUm(
    servicos.banco.db,
    sql`update venda set nfce = ${JSON.stringify(nfce)}::jsonb, versao = versao + 1, updated_at = now()
        where id = ${vendaId} and grupo_empresarial_id = ${grupo}
        returning id, empresa_id, versao, status, tipo_venda, mesa`,
  );
  if (!l) return;
  const dados: VendaAlteradaEvento = {
    vendaId: l.id as string,
    versao: Number(l.versao),
    status: Number(l.status),
    tipoVenda: Number(l.tipo_venda),
    mesa: (l.mesa as number | null) ?? null,
  };
  servicos.tempoReal?.emitirParaEmpresa(l.empresa_id as string, EVENTO_VENDA_ALTERADA, dados);
}

/**
 * Announcements of writes that never had a line for the kitchen (nothing confirmed before nor after): the
 * in-process KDS observer skips its sync queries for them (`semCozinha`). Marks the event object itself,
 * so the Socket.IO payload stays as documented.
 */
const avisosSemCozinha = new WeakSet<object>();
export const semCozinha = (dados: unknown): boolean =>
  typeof dados === 'object' && dados !== null && avisosSemCozinha.has(dados);
const temConfirmado = (v: Venda) => v.produtos.some((i) => i.confirmado);

export const resposta = (r: VendaRegistro): VendaResposta => ({
  ...r.venda,
  mesa: r.mesa,
  comanda: r.comanda,
  periodo: r.periodo,
  versao: r.versao,
});

export interface ItemEntrada {
  produto: string;
  quantidade?: string | undefined;
  obs?: string | undefined;
  pizza?: boolean | undefined;
  produtosFilho?: { produto: string; quantidadeParte: number }[] | undefined;
  sugestao?: string | undefined;
  /** Only for a Generico product: its price is typed at launch. */
  precoVenda?: string | undefined;
  numeroItem?: number | undefined;
}

/** Who acts, where, with which permissions: resolved before the transaction opens. */
/** A payment as the POS sends it (pagar, and the payments of a sale sent whole). */
export interface PagamentoEntrada {
  _id: string;
  formaPagamento: string;
  valorPago: string;
  terminal?: string | undefined;
  operadora?: string | undefined;
  observacao?: string | undefined;
  posicao?: number | undefined;
  cliente?: string | undefined;
  liberacao?: string | undefined;
  parcelas?: number | undefined;
  nsu?: string | undefined;
  autorizacao?: string | undefined;
  bandeira?: string | undefined;
}

export interface Contexto {
  grupo: string;
  usuarioId: string;
  permissoes: PermissoesUsuario;
  operador: PessoaRef;
  /** The waiter identified on the POS (identificarAtendente); items and new sales record them. */
  atendente?: PessoaRef;
  empresaCabecalho: string | undefined;
  chaveIdempotencia: string | undefined;
  rota: string;
  agora: string;
  /** The sale in the route (`/api/venda/:id/...`): a supervisor release is spent on it. */
  vendaDaRota?: string | undefined;
}

interface Alteracao {
  reg: VendaRegistro;
  eventos?: EventoGravar[];
  /** Extra fields of the answer (e.g. itensConfirmados). */
  extra?: Record<string, unknown>;
}

/**
 * One operation on a loaded sale. `emTransacao` is false on the optimistic path: an operation that must read
 * and write under locks (numbering, convênio balance) throws PrecisaTransacao to be run again in a transaction.
 */
type Operacao = (
  reg: VendaRegistro,
  cat: CatalogoLoja,
  db: Db,
  emTransacao: boolean,
  lido: Lido,
) => Promise<Alteracao> | Alteracao;

/** What the optimistic load read with the sale (spares a round trip): the open period of a register. */
interface Lido {
  periodo?: { caixa: string; id: string | null };
}

/** Thrown by an operation that needs the transactional path. */
export class PrecisaTransacao extends Error {}

const evento = (e: VendaEvento, tipo?: string): EventoGravar => ({
  tipo: tipo ?? e.tipo,
  operador: e.operador ?? null,
  terminal: e.terminal ?? null,
  motivo: e.motivo,
  supervisor: e.supervisor ?? null,
  vendaCompleta: e.vendaCompleta,
  produtos: e.produtos,
  valorDesconto: e.valorDesconto,
  dataHora: e.dataHora,
});

const ehServico = (cat: CatalogoLoja, i: VendaItem) =>
  TIPOS_SERVICO.has(cat.produtos.get(i.produto._id)?.tipoProduto ?? '');

/** Runs an engine operation and turns its refusal into the API's envelope refusal. */
function dominio<T>(fn: () => T): T {
  try {
    return fn();
  } catch (erro) {
    if (erro instanceof ErroDominio) throw new ErroNegocio(erro.message);
    throw erro;
  }
}

/** Keys whose clash on a creation means the same sale (client _id or Idempotency-Key) was stored meanwhile. */
const RESTRICOES_MESMA_VENDA = new Set([
  'venda_pkey',
  'idempotencia_pkey',
  'venda_item_venda_id_numero_item_pk',
  'venda_pagamento_venda_id_id_pk',
]);

export class ServicoVendas {
  private readonly pessoas = new Map<string, { ate: number; valor: Promise<PessoaRef | undefined> }>();
  /** What creations read first goes to PostgreSQL in batches per business group (see carregarParaCriacoes). */
  private readonly leiturasCriacao = new FilasEmLote<LeituraCriacao, LidoCriacao>(
    (l) => l.grupo,
    (lote) => carregarParaCriacoes(this.db, lote),
  );
  /** Creations of a store go to PostgreSQL in batches (see FilasEmLote). */
  private readonly criacoes = new FilasEmLote<
    CriacaoVenda,
    { numero: number; sequencialPeriodo: number | null }
  >(
    (c) => `${c.reg.venda.grupoEmpresarial}:${c.reg.venda.empresa}`,
    (lote) => criarVendasEmLote(this.db, lote),
  );

  constructor(
    private readonly servicos: Servicos,
    readonly catalogo: ServicoCatalogo,
  ) {}

  private get db(): Db {
    return this.servicos.banco.db;
  }

  // ---- context, permissions, releases -------------------------------------------------------------

  async contexto(request: FastifyRequest): Promise<Contexto> {
    const s = sessaoDe(request);
    const permissoes = await this.servicos.permissoes.doUsuario(s.grupoEmpresarialId, s.usuarioId);
    const operador = (await this.pessoa(s.grupoEmpresarialId, s.usuarioId)) ?? {
      _id: s.usuarioId,
      nome: 'Operador',
      codigoInterno: null,
    };
    const h = request.headers['idempotency-key'];
    const chave = Array.isArray(h) ? h[0] : h;
    if (chave !== undefined && (chave.length === 0 || chave.length > 200))
      throw new ErroNegocio(M.keyInvalida);
    return {
      grupo: s.grupoEmpresarialId,
      usuarioId: s.usuarioId,
      permissoes,
      operador,
      empresaCabecalho: empresaDoContexto(request),
      chaveIdempotencia: chave,
      rota: `${request.method} ${request.routeOptions.url ?? request.url}`,
      agora: this.servicos.tempo.agora().toISOString(),
      vendaDaRota: vendaDaRota(request),
    };
  }

  /** A user of the group as the sale records people (id, name, codigoInterno); cached a minute. */
  pessoa(grupo: string, id: string): Promise<PessoaRef | undefined> {
    const chave = `${grupo}:${id}`;
    const agora = Date.now();
    const c = this.pessoas.get(chave);
    if (c && c.ate > agora) return c.valor;
    const valor = consultarUm(
      this.db,
      sql`select id, nome, codigo_interno from usuario where id = ${id} and grupo_empresarial_id = ${grupo} and lixo = false`,
    ).then((l) =>
      l
        ? { _id: l.id as string, nome: l.nome as string, codigoInterno: (l.codigo_interno as number) ?? null }
        : undefined,
    );
    this.pessoas.set(chave, { ate: agora + 60_000, valor });
    return valor;
  }

  garantirEmpresa(ctx: Contexto, empresa: string): void {
    if (!ctx.permissoes.porEmpresa.has(empresa)) throw new ErroNegocio(M.semEmpresa);
  }

  tem(ctx: Contexto, permissao: number, empresa: string): boolean {
    return temPermissao(ctx.permissoes, permissao, empresa);
  }

  exigir(ctx: Contexto, permissao: number, empresa: string): void {
    if (!temPermissao(ctx.permissoes, permissao, empresa)) throw new ErroNegocio(M.semPermissao);
  }

  /**
   * The supervisor who released a protected action: proven by the signed release token of
   * /api/liberacaoSupervisor (never a supervisor named in the body). With `operadorBasta`, an operator who
   * holds the permission himself needs no release.
   */
  async liberar(
    ctx: Contexto,
    token: string | undefined,
    permissao: number,
    empresa: string,
    operadorBasta = false,
    vinculo: { alvo?: string; desconto?: { modo: number; valor: string } } = {},
  ): Promise<{ supervisor: PessoaRef; motivo: string | null }> {
    if (token) {
      // Single use, bound to the store, the operator, the sale and the discount (issue 14 point 2).
      const l = await this.servicos.liberacoes.consumir(token, {
        grupoEmpresarialId: ctx.grupo,
        permissao,
        empresaId: empresa,
        operadorId: ctx.usuarioId,
        alvo: vinculo.alvo ?? ctx.vendaDaRota ?? null,
        desconto: vinculo.desconto,
        chaveIdempotencia: ctx.chaveIdempotencia,
      });
      const supervisor = await this.pessoa(ctx.grupo, l.supervisorId);
      if (!supervisor) throw new ErroNegocio(M.liberacaoInvalida);
      return { supervisor, motivo: l.motivo };
    }
    if (operadorBasta && temPermissao(ctx.permissoes, permissao, empresa)) {
      return { supervisor: ctx.operador, motivo: null };
    }
    throw new ErroNegocio(M.supervisorNaoInformado);
  }

  // ---- transactions, idempotency, events -------------------------------------------------------------

  /**
   * One transaction per write. With an Idempotency-Key the stored first answer is returned and nothing runs
   * again; the key is locked for the transaction so concurrent retries wait instead of running twice, and
   * the answer is stored in the same transaction as the write (a crash cannot keep one without the other).
   */
  async transacao<T>(ctx: Contexto, fn: (tx: Db) => Promise<T>): Promise<{ valor: T; repetida: boolean }> {
    return this.db.transaction(async (transacao) => {
      const tx = transacao as unknown as Db;
      const chave = ctx.chaveIdempotencia;
      if (chave) {
        await consultar(
          tx,
          sql`select pg_advisory_xact_lock(hashtextextended(${`${ctx.grupo}:${chave}`}, 0))`,
        );
        const anterior = await consultarUm(
          tx,
          sql`select rota, resposta from idempotencia where grupo_empresarial_id = ${ctx.grupo} and chave = ${chave}`,
        );
        if (anterior) {
          if (anterior.rota !== ctx.rota) throw new ErroNegocio(M.keyOutraOperacao);
          return { valor: anterior.resposta as T, repetida: true };
        }
      }
      const valor = await fn(tx).catch((erro: unknown) => {
        throw erro instanceof ErroDominio ? new ErroNegocio(erro.message) : erro;
      });
      if (chave) {
        await consultar(
          tx,
          sql`insert into idempotencia (chave, grupo_empresarial_id, rota, resposta)
              values (${chave}, ${ctx.grupo}, ${ctx.rota}, ${JSON.stringify(valor)}::jsonb)`,
        );
      }
      return { valor, repetida: false };
    });
  }

  avisar(
    r: {
      _id: string;
      empresa: string;
      versao: number;
      status: { id: number };
      tipoVenda: { id: number };
      mesa: number | null;
      produtos?: readonly { confirmado: boolean }[];
    },
    antes?: Venda | null,
  ) {
    const dados: VendaAlteradaEvento = {
      vendaId: r._id,
      versao: r.versao,
      status: r.status.id,
      tipoVenda: r.tipoVenda.id,
      mesa: r.mesa,
    };
    // `antes` null: a new sale; undefined: unknown (the kitchen checks).
    if (antes !== undefined && !(antes && temConfirmado(antes)) && !r.produtos?.some((i) => i.confirmado))
      avisosSemCozinha.add(dados);
    this.servicos.tempoReal?.emitirParaEmpresa(r.empresa, EVENTO_VENDA_ALTERADA, dados);
  }

  recalcular(venda: Venda, cat: CatalogoLoja, agora: string): Venda {
    return dominio(() => recalcularVenda(venda, cat.catalogo, cat.configuracao, agora));
  }

  /** The write pipeline of an existing sale (load locked -> operate -> recompute -> save -> answer). */
  /**
   * The write pipeline of an existing sale: load -> operate -> recompute -> save -> answer. By default it is
   * optimistic (two round trips: read, then venda_gravar_se_versao saves only if versao did not move, with the
   * events and the idempotency answer in the same statement); a conflict reloads and runs the operation
   * again, and after a few conflicts, or when the operation needs it (`transacional`, or it throws
   * PrecisaTransacao), the sale is written under its row lock in a transaction.
   */
  async alterar(
    ctx: Contexto,
    vendaId: string,
    operar: Operacao,
    opcoes: {
      recalcularAntes?: boolean;
      transacional?: boolean;
      /** Read this register's open period with the sale (payments). */
      caixa?: { empresa: string; caixa: string } | undefined;
    } = {},
  ): Promise<VendaResposta & Record<string, unknown>> {
    if (!opcoes.transacional) {
      for (let tentativa = 0; tentativa < 4; tentativa++) {
        const r = await this.tentarOtimista(ctx, vendaId, operar, opcoes);
        if (r === 'transacao') break;
        if (r === 'conflito') continue;
        if (!r.repetida) this.avisar(r.valor, r.antes);
        return r.valor;
      }
    }
    const { valor, repetida } = await this.transacao(ctx, async (tx) => {
      const reg = await carregarVenda(tx, ctx.grupo, vendaId, true);
      if (!reg) throw new ErroNegocio(M.vendaNaoEncontrada);
      this.garantirEmpresa(ctx, reg.venda.empresa);
      const cat = await this.catalogo.daLoja(ctx.grupo, reg.venda.empresa, tx);
      const base = opcoes.recalcularAntes
        ? { ...reg, venda: this.recalcular(reg.venda, cat, ctx.agora) }
        : reg;
      const alt = await dominio(() => operar(base, cat, tx, true, {}));
      const venda = this.recalcular(alt.reg.venda, cat, ctx.agora);
      const final: VendaRegistro = { ...alt.reg, venda };
      final.versao = await gravarVenda(tx, final);
      if (alt.eventos?.length) await gravarEventos(tx, ctx.grupo, venda.empresa, venda._id, alt.eventos);
      return { ...resposta(final), ...alt.extra };
    });
    if (!repetida) this.avisar(valor);
    return valor;
  }

  private async tentarOtimista(
    ctx: Contexto,
    vendaId: string,
    operar: Operacao,
    opcoes: { recalcularAntes?: boolean; caixa?: { empresa: string; caixa: string } | undefined },
  ): Promise<
    | { valor: VendaResposta & Record<string, unknown>; repetida: boolean; antes?: Venda }
    | 'conflito'
    | 'transacao'
  > {
    const { reg, anterior, periodoAberto } = await carregarParaEscrita(
      this.db,
      ctx.grupo,
      vendaId,
      ctx.chaveIdempotencia,
      opcoes.caixa,
    );
    const lido: Lido =
      opcoes.caixa && periodoAberto !== undefined
        ? { periodo: { caixa: opcoes.caixa.caixa, id: periodoAberto } }
        : {};
    if (anterior) {
      if (anterior.rota !== ctx.rota) throw new ErroNegocio(M.keyOutraOperacao);
      return { valor: anterior.resposta as VendaResposta & Record<string, unknown>, repetida: true };
    }
    if (!reg) throw new ErroNegocio(M.vendaNaoEncontrada);
    this.garantirEmpresa(ctx, reg.venda.empresa);
    const cat = await this.catalogo.daLoja(ctx.grupo, reg.venda.empresa);
    const base = opcoes.recalcularAntes ? { ...reg, venda: this.recalcular(reg.venda, cat, ctx.agora) } : reg;
    let alt: Alteracao;
    try {
      alt = await dominio(() => operar(base, cat, this.db, false, lido));
    } catch (erro) {
      if (erro instanceof PrecisaTransacao) return 'transacao';
      if (erro instanceof ErroDominio) throw new ErroNegocio(erro.message);
      throw erro;
    }
    const venda = this.recalcular(alt.reg.venda, cat, ctx.agora);
    const final: VendaRegistro = { ...alt.reg, venda, versao: reg.versao + 1 };
    const valor = { ...resposta(final), ...alt.extra };
    const chave = ctx.chaveIdempotencia;
    try {
      const versao = await gravarSeVersao(
        this.db,
        final,
        reg,
        alt.eventos ?? [],
        chave ? { chave, grupo: ctx.grupo, rota: ctx.rota, resposta: valor } : null,
      );
      return versao === null ? 'conflito' : { valor, repetida: false, antes: reg.venda };
    } catch (erro) {
      // The same key saved by a concurrent retry: the next round reads its answer.
      if (codigoErroPg(erro) === '23505' && restricaoErroPg(erro) === 'idempotencia_pkey') return 'conflito';
      throw erro;
    }
  }

  async obter(ctx: Contexto, vendaId: string): Promise<VendaResposta> {
    const reg = await carregarVenda(this.db, ctx.grupo, vendaId, false);
    if (!reg) throw new ErroNegocio(M.vendaNaoEncontrada);
    this.garantirEmpresa(ctx, reg.venda.empresa);
    return resposta(reg);
  }

  // ---- items ---------------------------------------------------------------------------------------

  /** Builds an item from what the client may choose (product, quantity, notes, pizza parts, suggestion). */
  novoItem(
    ctx: Contexto,
    cat: CatalogoLoja,
    e: ItemEntrada,
    terminal: string | null,
  ): Omit<VendaItemEntrada, 'numeroItem'> {
    const produto = cat.produtos.get(e.produto);
    if (!produto) throw new ErroNegocio(M.produtoNaoEncontrado);
    if (!produto.ativo) throw new ErroNegocio(M.produtoInativo(produto.descricao));
    if (TIPOS_SERVICO.has(produto.tipoProduto)) throw new ErroNegocio(M.produtoServico);
    const quantidade = e.quantidade ?? '1';
    if (!quantidadeValida(quantidade)) throw new ErroNegocio(M.quantidadeInvalida);
    const filhos = (e.produtosFilho ?? []).map((f) => {
      const p = cat.produtos.get(f.produto);
      if (!p) throw new ErroNegocio(M.produtoNaoEncontrado);
      if (!p.ativo) throw new ErroNegocio(M.produtoInativo(p.descricao));
      return {
        produto: { _id: p._id, descricao: p.descricao, codigoInterno: p.codigoInterno },
        quantidadeParte: f.quantidadeParte,
      };
    });
    const generico = produto.tipoProduto === 'Generico';
    return {
      produto: { _id: produto._id, descricao: produto.descricao, codigoInterno: produto.codigoInterno },
      produtosFilho: filhos,
      quantidade,
      obs: e.obs ?? '',
      pizza: e.pizza === true || filhos.length > 0,
      sugestao: e.sugestao ?? null,
      terminal,
      atendente: ctx.atendente ?? ctx.operador,
      data: ctx.agora,
      // Only a generic product keeps a typed price; every other price comes from the catalogue.
      precoVenda: generico && e.precoVenda ? e.precoVenda : '0.00',
    };
  }

  /** More items on a closing table go back to open, and the unpaid service line must be asked again. */
  reabrirParaItens(venda: Venda, cat: CatalogoLoja): Venda {
    if (venda.status.id !== STATUS_VENDA.fechamento) return venda;
    const aberta = alterarStatusVenda(venda, STATUS_VENDA.aberta);
    return { ...aberta, produtos: aberta.produtos.filter((i) => !ehServico(cat, i) || i.existePosicaoPago) };
  }

  adicionarItens(ctx: Contexto, vendaId: string, itens: ItemEntrada[], terminal: string | null) {
    return this.alterar(ctx, vendaId, (reg, cat) => {
      let venda = this.reabrirParaItens(reg.venda, cat);
      for (const e of itens)
        venda = adicionarItem(venda, this.novoItem(ctx, cat, e, terminal ?? venda.terminal ?? null));
      return { reg: { ...reg, venda: this.cozinhaAoLancar(venda, cat) } };
    });
  }

  alterarQuantidade(ctx: Contexto, vendaId: string, numeroItem: number, quantidade: string, obs?: string) {
    return this.alterar(ctx, vendaId, (reg, cat) => {
      const item = reg.venda.produtos.find((i) => i.numeroItem === numeroItem && !i.cancelado);
      if (!item) throw new ErroNegocio(M.itemNaoInformado);
      if (item.confirmado || item.existePosicaoPago) throw new ErroNegocio(M.itemAlteradoPut);
      if (!quantidadeValida(quantidade)) throw new ErroNegocio(M.quantidadeInvalida);
      let venda = alterarQuantidadeItem(this.reabrirParaItens(reg.venda, cat), numeroItem, quantidade);
      if (obs !== undefined) {
        venda = {
          ...venda,
          produtos: venda.produtos.map((i) => (i.numeroItem === numeroItem ? { ...i, obs } : i)),
        };
      }
      return { reg: { ...reg, venda } };
    });
  }

  /**
   * PUT venda/{id} {produtos}: the item list as the client sees it. Known lines keep everything the server
   * owns (prices, discounts, confirmation); unconfirmed lines may change quantity and notes or disappear;
   * new lines are built as additions. The general discount is cleared (spec 7).
   */
  substituir(ctx: Contexto, vendaId: string, produtos: ItemEntrada[], terminal: string | null) {
    return this.alterar(ctx, vendaId, (reg, cat) => {
      const venda = this.reabrirParaItens(reg.venda, cat);
      const atuais = new Map(venda.produtos.map((i) => [i.numeroItem, i]));
      const mantidos = new Set<number>();
      const lista: VendaItem[] = [];
      let novos: ItemEntrada[] = [];
      for (const e of produtos) {
        const atual = e.numeroItem === undefined ? undefined : atuais.get(e.numeroItem);
        if (!atual) {
          novos = [...novos, e];
          continue;
        }
        mantidos.add(atual.numeroItem);
        const quantidade = e.quantidade ?? atual.quantidade;
        const mudou =
          lerQuantidade(quantidade) !== lerQuantidade(atual.quantidade) || e.produto !== atual.produto._id;
        if (mudou && (atual.confirmado || atual.cancelado || atual.existePosicaoPago))
          throw new ErroNegocio(M.itemAlteradoPut);
        if (mudou && !quantidadeValida(quantidade)) throw new ErroNegocio(M.quantidadeInvalida);
        lista.push(
          e.produto !== atual.produto._id
            ? { ...atual, ...this.itemTrocado(ctx, cat, e, atual) }
            : { ...atual, quantidade, obs: e.obs ?? atual.obs },
        );
      }
      for (const i of venda.produtos) {
        if (mantidos.has(i.numeroItem)) continue;
        // Cancelled lines and service lines stay; a confirmed line only leaves through vendaDeletarProduto.
        if (i.cancelado || ehServico(cat, i)) lista.push(i);
        else if (i.confirmado || i._id || i.existePosicaoPago) throw new ErroNegocio(M.itemConfirmadoPut);
      }
      lista.sort((a, b) => a.numeroItem - b.numeroItem);
      let nova = substituirItens(venda, lista);
      for (const e of novos)
        nova = adicionarItem(nova, this.novoItem(ctx, cat, e, terminal ?? nova.terminal ?? null));
      return { reg: { ...reg, venda: this.cozinhaAoLancar(nova, cat) } };
    });
  }

  private itemTrocado(
    ctx: Contexto,
    cat: CatalogoLoja,
    e: ItemEntrada,
    atual: VendaItem,
  ): Partial<VendaItem> {
    const n = this.novoItem(ctx, cat, e, atual.terminal ?? null);
    return {
      produto: n.produto,
      produtosFilho: n.produtosFilho as VendaItem['produtosFilho'],
      quantidade: n.quantidade ?? '1',
      obs: n.obs ?? '',
      pizza: n.pizza ?? false,
      precoVenda: n.precoVenda ?? '0.00',
      descontoPersonalizado: '0.00',
    };
  }

  /** Sends the new lines to production: they get their id and are confirmed (spec 4). */
  confirmarItens(ctx: Contexto, vendaId: string) {
    return this.alterar(ctx, vendaId, (reg, cat) => {
      const { venda, confirmados } = confirmarParaCozinha(reg.venda, (i) => ehServico(cat, i), novoId);
      return { reg: { ...reg, venda }, extra: { itensConfirmados: confirmados } };
    });
  }

  /** A counter sale of a store that sends each line at once (enviarBalcaoCozinhaAoLancar) confirms it here. */
  private cozinhaAoLancar(venda: Venda, cat: CatalogoLoja): Venda {
    if (!enviaCozinhaAoLancar(venda.tipoVenda.id, cat.configuracao)) return venda;
    return confirmarParaCozinha(venda, (i) => ehServico(cat, i), novoId).venda;
  }

  /** A finished counter sale or an ended delivery sends what the kitchen has not got, in the same write. */
  private cozinhaAoEncerrar(venda: Venda, cat: CatalogoLoja): Venda {
    if (!enviaCozinhaAoEncerrar(venda.tipoVenda.id)) return venda;
    return confirmarParaCozinha(venda, (i) => ehServico(cat, i), novoId).venda;
  }

  // ---- creation --------------------------------------------------------------------------------------

  async criar(
    ctx: Contexto,
    e: {
      _id?: string | undefined;
      empresa?: string | undefined;
      tipoVenda: number;
      terminal?: string | undefined;
      mesa?: number | undefined;
      comanda?: number | undefined;
      cliente?: string | undefined;
      vendaDescricao?: string | undefined;
      cpfCnpj?: string | undefined;
      localPedido?: number | undefined;
      posicaoVenda?: number | undefined;
      distanciaEntregaMetros?: number | undefined;
      produtos?: ItemEntrada[] | undefined;
      /** A sale sent whole (counter, offline queue): its payments, recorded with it... */
      pagamentos?: PagamentoEntrada[] | undefined;
      /** ...and ended in the same write (status 59). */
      encerrar?: boolean | undefined;
    },
  ): Promise<VendaResposta & Record<string, unknown>> {
    const empresa = e.empresa ?? ctx.empresaCabecalho;
    if (!empresa) throw new ErroNegocio(M.empresaNaoInformada);
    this.garantirEmpresa(ctx, empresa);
    // CPF na nota (issue 15): a wrong document is refused with the sale, not at the note after its end.
    const documento = cpfCnpjDaVenda(e.cpfCnpj);
    if (!documento.ok) throw new ErroNegocio(documento.mensagem);
    this.exigir(ctx, permissaoParaLancar(e.tipoVenda), empresa);
    const mesa = e.tipoVenda === TIPO_VENDA.mesa ? (e.mesa ?? null) : null;
    if (e.tipoVenda === TIPO_VENDA.mesa && (mesa === null || !Number.isInteger(mesa) || mesa <= 0))
      throw new ErroNegocio(M.mesaInvalida);
    const comanda = e.tipoVenda === TIPO_VENDA.comanda ? (e.comanda ?? null) : null;
    if (
      e.tipoVenda === TIPO_VENDA.comanda &&
      (comanda === null || !Number.isInteger(comanda) || comanda <= 0)
    )
      throw new ErroNegocio(M.comandaInvalida);
    const id = e._id ?? novoId();

    // Read first (no transaction): the stored answer of the Idempotency-Key, a sale already stored under the
    // client's _id, the store's catalogue, customer and cash period. Then one statement (venda_criar) numbers,
    // inserts and stores the answer, so the store's number counter is locked only until that statement commits.
    const cat = await this.catalogo.daLoja(ctx.grupo, empresa);
    const terminal = e.terminal ?? null;
    const caixa = terminal ? cat.terminais.get(terminal)?.caixa : undefined;
    const { existe, anterior, periodoAberto } = await this.leiturasCriacao.executar({
      grupo: ctx.grupo,
      id,
      chave: ctx.chaveIdempotencia,
      ...(caixa ? { caixa: { empresa, caixa } } : {}),
    });
    if (anterior) {
      if (anterior.rota !== ctx.rota) throw new ErroNegocio(M.keyOutraOperacao);
      // A creation keeps only the sale's id under its key (see below): a retry answers the stored sale.
      const ref = (anterior.resposta as { _ref?: unknown })._ref;
      if (typeof ref !== 'string') return anterior.resposta as VendaResposta;
      const guardada = await carregarVenda(this.db, ctx.grupo, ref, false);
      if (!guardada) throw new ErroNegocio(M.vendaNaoEncontrada);
      this.garantirEmpresa(ctx, guardada.venda.empresa);
      return this.repetida(ctx, resposta(guardada));
    }
    // A sale already stored under the client's _id (a retry without the key): answer it.
    const existente = existe ? await carregarVenda(this.db, ctx.grupo, id, false) : undefined;
    if (existente) {
      this.garantirEmpresa(ctx, existente.venda.empresa);
      return this.repetida(ctx, resposta(existente));
    }
    if (terminal && !cat.terminais.has(terminal)) throw new ErroNegocio(M.terminalNaoEncontrado);
    const pagamentos = e.pagamentos ?? [];
    if (pagamentos.length || e.encerrar) {
      this.exigir(ctx, PERMISSAO.receberConta, empresa);
      // Convênio (balance under a lock), courtesy (supervisor release) and per-seat payments keep their own
      // path: the sale is created, then paid and ended step by step, each step idempotent.
      if (pagamentos.some((p) => !this.pagamentoSimples(cat, p)))
        return this.criarEmPassos(ctx, { ...e, _id: id }, pagamentos);
    }
    const cliente = e.cliente ? await this.cliente(this.db, ctx.grupo, e.cliente) : null;
    // The terminal's register's open period came with the first read (periodoDoTerminal's rule).
    const periodo = caixa ? (periodoAberto ?? null) : null;
    let venda = dominio(() =>
      vendaSchema.parse({
        _id: id,
        empresa,
        grupoEmpresarial: ctx.grupo,
        // Numbers are allocated by venda_criar_lote with the insert (see FilasCriacao).
        numero: 0,
        tipoVenda: {
          id: e.tipoVenda,
          descricao: tiposVenda.porId(e.tipoVenda as TipoVendaId)?.descricao,
        },
        status: { id: STATUS_VENDA.aberta, descricao: 'Aberta' },
        terminal,
        operador: ctx.operador,
        atendente: ctx.atendente ?? ctx.operador,
        cliente,
        vendaDescricao: e.vendaDescricao ?? cliente?.nome ?? 'Consumidor',
        cpfCnpj: documento.valor,
        localPedido: e.localPedido ? { id: e.localPedido } : { id: 68 },
        posicaoVenda: e.posicaoVenda ?? 0,
        distanciaEntregaMetros: e.distanciaEntregaMetros ?? null,
        sequencialPeriodo: null,
        data: ctx.agora,
      }),
    );
    venda = dominio(() => {
      let v = venda;
      for (const item of e.produtos ?? []) v = adicionarItem(v, this.novoItem(ctx, cat, item, terminal));
      return this.cozinhaAoLancar(v, cat);
    });
    venda = this.recalcular(venda, cat, ctx.agora);
    const reg: VendaRegistro = { venda, mesa, comanda, periodo, versao: 1, encerradaEm: null };
    const lido: Lido = caixa && periodoAberto !== undefined ? { periodo: { caixa, id: periodoAberto } } : {};
    for (const p of pagamentos) {
      if (!cat.formasPagamento.has(p.formaPagamento)) throw new ErroNegocio(M.formaNaoEncontrada);
      const recebe = await this.caixaQueRecebe(this.db, ctx, cat, p.terminal ?? terminal ?? undefined, lido);
      const operadora = p.operadora ? await this.operadora(this.db, ctx.grupo, empresa, p.operadora) : null;
      const novo = this.novoPagamento(ctx, cat, p, recebe, operadora);
      reg.venda = this.recalcular(
        dominio(() => lancarPagamento(reg.venda, novo)),
        cat,
        ctx.agora,
      );
      reg.periodo ??= recebe.periodo;
    }
    if (e.encerrar) {
      // The same rules as /encerrar; the period's sequence is allocated by the insert (venda_criar_lote).
      dominio(() => validarConfirmacaoVenda(reg.venda));
      // The kitchen gets the sale after the commit (the KDS module's vendaAlterada observer): a retry with
      // the same Idempotency-Key or _id answers the stored sale and writes nothing, so nothing goes twice.
      reg.venda = this.recalcular(
        dominio(() => alterarStatusVenda(this.cozinhaAoEncerrar(reg.venda, cat), STATUS_VENDA.encerrada)),
        cat,
        ctx.agora,
      );
      reg.encerradaEm = ctx.agora;
    }
    const chave = ctx.chaveIdempotencia;
    try {
      const n = await this.criacoes.executar({
        reg,
        usuarioId: ctx.usuarioId,
        // The sale itself is the answer to keep: storing its id instead of a copy halves what a creation
        // sends to the database (the sale sent whole is ~10 KB of JSON; the bench measured the socket
        // writes to PostgreSQL at a quarter of the server's CPU).
        idempotencia: chave
          ? { chave, grupo: ctx.grupo, rota: ctx.rota, resposta: { _ref: reg.venda._id } }
          : null,
      });
      reg.venda = { ...reg.venda, numero: n.numero, sequencialPeriodo: n.sequencialPeriodo };
      const r = resposta(reg);
      this.avisar(r, null);
      return e.encerrar ? this.depoisDeEncerrar(ctx, r) : r;
    } catch (erro) {
      if (codigoErroPg(erro) === '23505') {
        const restricao = restricaoErroPg(erro);
        if (restricao === 'venda_mesa_aberta_uq' && mesa !== null) throw new ErroNegocio(M.mesaAberta(mesa));
        if (restricao === 'venda_comanda_aberta_uq' && comanda !== null)
          throw new ErroNegocio(M.comandaAberta(comanda));
        // The same client _id or Idempotency-Key created concurrently (its lines and payments go in first, so
        // their keys may be the ones that clash): answer what the other request stored.
        if (restricao && RESTRICOES_MESMA_VENDA.has(restricao)) return this.criar(ctx, e);
      }
      throw erro;
    }
  }

  /**
   * A retried creation of an ended sale: the end listeners run again (idempotent), so the answer reports the
   * NFC-e's real state (issued now if the first attempt died before it, or still in doubt with a warning).
   */
  private repetida(ctx: Contexto, r: VendaResposta & Record<string, unknown>) {
    return r.status.id === STATUS_VENDA.encerrada ? this.depoisDeEncerrar(ctx, r) : r;
  }

  /** A payment the one-write sale can record: no balance lock, no release, no seat. */
  private pagamentoSimples(cat: CatalogoLoja, p: PagamentoEntrada): boolean {
    const tipo = cat.formasPagamento.get(p.formaPagamento)?.tipo;
    return tipo !== TIPO_PAGAMENTO.convenio && tipo !== TIPO_PAGAMENTO.cortesia && !p.posicao && !p.liberacao;
  }

  /**
   * A whole sale whose payments need their own path: create, pay and end as the POS would, step by step.
   * A retry repeats what is missing only (sale _id, payment _id; an ended sale is not ended again).
   */
  private async criarEmPassos(
    ctx: Contexto,
    e: Parameters<ServicoVendas['criar']>[1] & { _id: string },
    pagamentos: PagamentoEntrada[],
  ): Promise<VendaResposta & Record<string, unknown>> {
    // The Idempotency-Key guards the creation only: every later step is idempotent by its own ids.
    const passo: Contexto = { ...ctx, chaveIdempotencia: undefined };
    let venda: VendaResposta = await this.criar(ctx, { ...e, pagamentos: undefined, encerrar: undefined });
    if (venda.status.id === STATUS_VENDA.encerrada) return venda;
    for (const p of pagamentos) {
      if (venda.pagamentos.some((x) => x._id === p._id)) continue;
      venda = await this.pagar(passo, venda._id, { ...p, terminal: p.terminal ?? e.terminal });
    }
    return e.encerrar ? this.encerrar(passo, venda._id) : venda;
  }

  /** The payment record the engine launches (pagar and the one-write sale). */
  private novoPagamento(
    ctx: Contexto,
    cat: CatalogoLoja,
    e: PagamentoEntrada,
    recebe: { terminal: string; caixa: string; periodo: string },
    operadora: NovoPagamento['operadora'],
    extra: Pick<NovoPagamento, 'cliente' | 'supervisorLiberacao' | 'convenio'> = {
      cliente: null,
      supervisorLiberacao: null,
    },
  ): NovoPagamento {
    const forma = cat.formasPagamento.get(e.formaPagamento);
    if (!forma) throw new ErroNegocio(M.formaNaoEncontrada);
    return {
      _id: e._id,
      formaPagamento: forma,
      valorPago: e.valorPago,
      operador: ctx.operador,
      data: ctx.agora,
      operadora,
      terminal: recebe.terminal,
      caixa: recebe.caixa,
      periodo: recebe.periodo,
      observacao: e.observacao ?? '',
      posicao: e.posicao ?? null,
      parcelas: e.parcelas ?? null,
      nsu: e.nsu ?? null,
      autorizacao: e.autorizacao ?? null,
      bandeira: e.bandeira ?? null,
      ...extra,
    };
  }

  async cliente(db: Db, grupo: string, id: string): Promise<Venda['cliente']> {
    const l = await consultarUm(
      db,
      sql`select id, nome, cliente_padrao, endereco from pessoa where id = ${id} and grupo_empresarial_id = ${grupo} and lixo = false`,
    );
    if (!l) throw new ErroNegocio(M.clienteNaoEncontrado);
    const end = l.endereco as Record<string, unknown> | null;
    return {
      _id: l.id as string,
      nome: l.nome as string,
      clientePadrao: l.cliente_padrao === true,
      endereco: end
        ? {
            logradouro: String(end.logradouro ?? ''),
            numero: String(end.numero ?? ''),
            cidade: String(end.cidade ?? ''),
            uf: String(end.uf ?? 'PR'),
            bairro: String(end.bairro ?? ''),
            complemento: String(end.complemento ?? ''),
            cep: String(end.cep ?? ''),
            localizacao: (end.localizacao as { lat: number; lng: number } | undefined) ?? null,
          }
        : null,
    };
  }

  /** The open period of the terminal's register (spec 2 section 7), or null. */
  async periodoDoTerminal(
    db: Db,
    grupo: string,
    empresa: string,
    cat: CatalogoLoja,
    terminal: string,
  ): Promise<string | null> {
    const caixa = cat.terminais.get(terminal)?.caixa;
    if (!caixa) return null;
    const [l] = await consultarPreparada(
      db,
      'periodo_do_terminal',
      sql`select id from periodo where grupo_empresarial_id = ${grupo} and empresa_id = ${empresa}
          and caixa_id = ${caixa} and periodo_aberto`,
    );
    return (l?.id as string | undefined) ?? null;
  }

  // ---- discounts -------------------------------------------------------------------------------------

  async descontoItem(
    ctx: Contexto,
    vendaId: string,
    e: {
      numeroItem: number;
      modo: 0 | 1 | 2 | 3 | 4;
      valor: string;
      justificativa?: string | undefined;
      liberacao?: string | undefined;
      terminal?: string | undefined;
    },
  ) {
    const empresa = await this.empresaDaVenda(ctx, vendaId);
    const { supervisor, motivo } = await this.liberar(
      ctx,
      e.liberacao,
      PERMISSAO.descontoItem,
      empresa,
      false,
      {
        desconto: { modo: e.modo, valor: e.valor },
      },
    );
    const maximoDiario = await this.maximoDiario(ctx, empresa, supervisor);
    return this.alterar(
      ctx,
      vendaId,
      (reg, cat) => {
        const r = aplicarDescontoItem(reg.venda, e.numeroItem, e.modo, e.valor, {
          produtoServico: cat.configuracao.produtoServico,
          supervisor,
          justificativa: e.justificativa ?? motivo,
          operador: ctx.operador,
          terminal: e.terminal ?? null,
          dataHora: ctx.agora,
        });
        maximoDiario(r.evento.valorDesconto);
        return { reg: { ...reg, venda: r.venda }, eventos: [evento(r.evento)] };
      },
      { recalcularAntes: true },
    );
  }

  async descontoGeral(
    ctx: Contexto,
    vendaId: string,
    e: {
      modo: 0 | 1;
      valor: string;
      justificativa?: string | undefined;
      liberacao?: string | undefined;
      terminal?: string | undefined;
    },
  ) {
    const empresa = await this.empresaDaVenda(ctx, vendaId);
    const { supervisor, motivo } = await this.liberar(
      ctx,
      e.liberacao,
      PERMISSAO.descontoGeral,
      empresa,
      false,
      {
        desconto: { modo: e.modo, valor: e.valor },
      },
    );
    const maximoDiario = await this.maximoDiario(ctx, empresa, supervisor);
    return this.alterar(
      ctx,
      vendaId,
      (reg, cat) => {
        const r = aplicarDescontoGeral(reg.venda, e.modo, e.valor, {
          produtoServico: cat.configuracao.produtoServico,
          supervisor,
          justificativa: e.justificativa ?? motivo,
          operador: ctx.operador,
          terminal: e.terminal ?? null,
          dataHora: ctx.agora,
        });
        maximoDiario(r.evento.valorDesconto);
        // vendaCompleta marks the discount on the whole bill (the item discount's event is false): with one
        // item both list the same lines, and the discounts report tells them apart by this flag.
        return { reg: { ...reg, venda: r.venda }, eventos: [{ ...evento(r.evento), vendaCompleta: true }] };
      },
      { recalcularAntes: true },
    );
  }

  /**
   * Permission 9: a check of one discount against the store's daily maximum; past it the supervisor of the
   * release (or the operator) must hold Desconto Acima do Máximo Diário.
   */
  private async maximoDiario(ctx: Contexto, empresa: string, supervisor: PessoaRef) {
    const { jaConcedido, maximo } = await descontoDoDia(this.db, ctx.grupo, empresa, ctx.agora);
    if (maximo === null) return (_valor: string) => undefined;
    const isento =
      temPermissao(ctx.permissoes, PERMISSAO.descontoMaximoDiario, empresa) ||
      temPermissao(
        await this.servicos.permissoes.doUsuario(ctx.grupo, supervisor._id),
        PERMISSAO.descontoMaximoDiario,
        empresa,
      );
    return (valor: string) => {
      if (!isento && excedeDescontoMaximoDiario(jaConcedido, valor, maximo)) {
        throw new ErroNegocio(MENSAGENS_LIBERACAO.acimaMaximoDiario);
      }
    };
  }

  /** Store of a sale (read without lock) so permissions and releases are checked before the transaction. */
  async empresaDaVenda(ctx: Contexto, vendaId: string): Promise<string> {
    const l = await consultarUm(
      this.db,
      sql`select empresa_id from venda where id = ${vendaId} and grupo_empresarial_id = ${ctx.grupo}`,
    );
    if (!l) throw new ErroNegocio(M.vendaNaoEncontrada);
    const empresa = l.empresa_id as string;
    this.garantirEmpresa(ctx, empresa);
    return empresa;
  }

  // ---- payments --------------------------------------------------------------------------------------

  /** Terminal, register and open period that receive a payment (missing ones block receiving, spec 8). */
  async caixaQueRecebe(
    tx: Db,
    ctx: Contexto,
    cat: CatalogoLoja,
    terminal: string | undefined,
    lido: Lido = {},
  ) {
    if (!terminal) throw new ErroNegocio(M.terminalNaoInformado);
    const t = cat.terminais.get(terminal);
    if (!t) throw new ErroNegocio(M.terminalNaoEncontrado);
    if (!t.caixa) throw new ErroNegocio(M.terminalSemCaixa);
    const periodo =
      lido.periodo?.caixa === t.caixa
        ? lido.periodo.id
        : await this.periodoDoTerminal(tx, ctx.grupo, cat.empresaId, cat, terminal);
    if (!periodo) throw new ErroNegocio(M.semPeriodoAberto);
    return { terminal, caixa: t.caixa, periodo };
  }

  async pagar(ctx: Contexto, vendaId: string, e: PagamentoEntrada) {
    // The store header spares a query on the hot path; the loaded sale must then belong to it.
    const empresa = ctx.empresaCabecalho ?? (await this.empresaDaVenda(ctx, vendaId));
    this.garantirEmpresa(ctx, empresa);
    this.exigir(ctx, PERMISSAO.receberConta, empresa);
    const cat0 = await this.catalogo.daLoja(ctx.grupo, empresa);
    const forma0 = cat0.formasPagamento.get(e.formaPagamento);
    // The register's open period is read with the sale (checked against the catalogue the write uses).
    const caixa = e.terminal ? cat0.terminais.get(e.terminal)?.caixa : undefined;
    // Courtesy needs the supervisor's release (permission 20).
    const cortesia =
      forma0?.tipo === TIPO_PAGAMENTO.cortesia
        ? await this.liberar(ctx, e.liberacao, PERMISSAO.liberarCortesia, empresa)
        : undefined;
    return this.alterar(
      ctx,
      vendaId,
      async (reg, cat, tx, emTransacao, lido) => {
        if (reg.venda.empresa !== empresa) throw new ErroNegocio(M.outraEmpresa);
        const forma = cat.formasPagamento.get(e.formaPagamento);
        if (!forma) throw new ErroNegocio(M.formaNaoEncontrada);
        const recebe = await this.caixaQueRecebe(tx, ctx, cat, e.terminal, lido);
        let convenio: NovoPagamento['convenio'];
        let cliente: { _id: string; nome: string } | null = null;
        if (forma.tipo === TIPO_PAGAMENTO.convenio) {
          // The customer's balance is checked and used under a lock: only inside the transaction.
          if (!emTransacao) throw new PrecisaTransacao();
          const clienteId = e.cliente ?? reg.venda.cliente?._id;
          const c = clienteId ? await this.clienteConvenio(tx, ctx.grupo, clienteId) : null;
          if (c) {
            // One convênio payment of a customer at a time: the balance check and the write are atomic.
            await consultar(
              tx,
              sql`select pg_advisory_xact_lock(hashtextextended(${`convenio:${c._id}`}, 0))`,
            );
            cliente = { _id: c._id, nome: c.nome };
          }
          convenio = {
            cliente: c,
            saldoUtilizado: c ? await this.utilizadoConvenio(tx, ctx.grupo, empresa, c._id) : '0.00',
          };
        }
        const operadora = e.operadora ? await this.operadora(tx, ctx.grupo, empresa, e.operadora) : null;
        const novo = this.novoPagamento(ctx, cat, e, recebe, operadora, {
          cliente,
          supervisorLiberacao: cortesia?.supervisor ?? null,
          ...(convenio ? { convenio } : {}),
        });
        const venda = e.posicao ? pagarPosicao(reg.venda, e.posicao, novo) : lancarPagamento(reg.venda, novo);
        const eventos: EventoGravar[] = cortesia
          ? [
              {
                tipo: 'Cortesia',
                operador: ctx.operador,
                terminal: recebe.terminal,
                motivo: cortesia.motivo ?? e.observacao ?? '',
                supervisor: cortesia.supervisor,
                vendaCompleta: false,
                produtos: [],
                valorDesconto: escreverDinheiro(lerDinheiro(e.valorPago)),
                dataHora: ctx.agora,
              },
            ]
          : [];
        return { reg: { ...reg, venda }, eventos };
      },
      { recalcularAntes: true, caixa: caixa ? { empresa, caixa } : undefined },
    );
  }

  async operadora(db: Db, grupo: string, empresa: string, id: string) {
    const l = await consultarUm(
      db,
      sql`select id, descricao from operadora where id = ${id} and grupo_empresarial_id = ${grupo} and empresa_id = ${empresa} and lixo = false`,
    );
    if (!l) throw new ErroNegocio('Operadora não encontrada!');
    return { _id: l.id as string, descricao: l.descricao as string };
  }

  async clienteConvenio(db: Db, grupo: string, id: string): Promise<ClienteConvenio | null> {
    const l = await consultarUm(
      db,
      sql`select id, nome, convenio from pessoa where id = ${id} and grupo_empresarial_id = ${grupo} and lixo = false`,
    );
    if (!l) return null;
    const lista = Array.isArray(l.convenio) ? (l.convenio as Record<string, unknown>[]) : [];
    return {
      _id: l.id as string,
      nome: l.nome as string,
      convenio: lista
        .filter((c) => typeof c.empresa === 'string')
        .map((c) => ({
          empresa: c.empresa as string,
          bloqueado: c.bloqueado === true,
          limite: String(c.limite ?? '0'),
        })),
    };
  }

  /** Convênio balance used by a customer in a store: active convênio payments of sales not cancelled. */
  async utilizadoConvenio(db: Db, grupo: string, empresa: string, cliente: string): Promise<string> {
    const l = await consultarUm(
      db,
      sql`select coalesce(sum(p.valor), 0)::text as total from venda_pagamento p join venda v on v.id = p.venda_id
          where p.grupo_empresarial_id = ${grupo} and p.empresa_id = ${empresa} and p.tipo_pagamento = ${TIPO_PAGAMENTO.convenio}
            and p.lixo = false and p.cliente->>'_id' = ${cliente} and v.status not in (60, 61)`,
    );
    return String(l?.total ?? '0');
  }

  async saldoConvenio(ctx: Contexto, clienteId: string, empresa: string | undefined) {
    const c = await this.clienteConvenio(this.db, ctx.grupo, clienteId);
    if (!c) throw new ErroNegocio(M.clienteNaoEncontrado);
    const lista = c.convenio.filter(
      (x) => (!empresa || x.empresa === empresa) && ctx.permissoes.porEmpresa.has(x.empresa),
    );
    return Promise.all(
      lista.map(async (x) => {
        const utilizado = lerDinheiro(await this.utilizadoConvenio(this.db, ctx.grupo, x.empresa, c._id));
        const limite = lerDinheiro(x.limite);
        return {
          cliente: c._id,
          empresa: x.empresa,
          bloqueado: x.bloqueado,
          limite: escreverDinheiro(limite),
          utilizado: escreverDinheiro(utilizado),
          saldo: escreverDinheiro(Math.max(0, limite - utilizado)),
        };
      }),
    );
  }

  async cancelarPagamento(
    ctx: Contexto,
    vendaId: string,
    e: { pagamento: string; liberacao?: string | undefined; terminal?: string | undefined },
  ) {
    const empresa = await this.empresaDaVenda(ctx, vendaId);
    const { supervisor } = await this.liberar(
      ctx,
      e.liberacao,
      PERMISSAO.excluirPagamentoConfirmado,
      empresa,
    );
    return this.alterar(
      ctx,
      vendaId,
      async (reg, cat, tx) => {
        const abertos = await consultar(
          tx,
          sql`select id from periodo where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${empresa} and periodo_aberto`,
        );
        const caixaAtual = e.terminal ? (cat.terminais.get(e.terminal)?.caixa ?? null) : null;
        const venda = cancelarPagamento(reg.venda, e.pagamento, {
          supervisor,
          caixaAtual,
          periodosAbertos: abertos.map((l) => l.id as string),
        });
        return { reg: { ...reg, venda } };
      },
      { recalcularAntes: true },
    );
  }

  // ---- deleting ----------------------------------------------------------------------------------------

  async deletarProdutos(
    ctx: Contexto,
    vendaId: string,
    e: {
      numeros: number[];
      motivo?: string | undefined;
      terminal?: string | undefined;
      liberacao?: string | undefined;
    },
  ) {
    if (e.numeros.length === 0) throw new ErroNegocio(M.itemNaoInformado);
    const atual = await this.obter(ctx, vendaId);
    const algumConfirmado = atual.produtos.some(
      (i) => e.numeros.includes(i.numeroItem) && (i.confirmado || i._id),
    );
    const { supervisor, motivo } = algumConfirmado
      ? await this.liberar(ctx, e.liberacao, PERMISSAO.excluirProdutoConfirmado, atual.empresa)
      : await this.liberar(ctx, e.liberacao, PERMISSAO.excluirProdutoNaoConfirmado, atual.empresa, true);
    return this.alterar(ctx, vendaId, (reg, cat) => {
      let venda = reg.venda;
      const eventos: EventoGravar[] = [];
      for (const numero of e.numeros) {
        // The engine checks 'sale editable' first, so deleting again the last item of a sale it emptied (61)
        // would not read the spec's 'Útimo item já esta deletado!'.
        const item = venda.produtos.find((i) => i.numeroItem === numero);
        if (item?.cancelado && venda.status.id === STATUS_VENDA.abertaCancelada)
          throw new ErroNegocio(MENSAGENS.ultimoItemDeletado);
        const r = deletarItem(venda, numero, {
          operador: ctx.operador,
          supervisor,
          terminal: e.terminal ?? null,
          motivo: e.motivo ?? motivo ?? '',
          dataHora: ctx.agora,
          gravarEventoNaoConfirmado: cat.configuracao.gravarVendaEventosCancelamentoNaoConfirmado,
        });
        venda = r.venda;
        if (r.evento) eventos.push(evento(r.evento));
      }
      return { reg: { ...reg, venda }, eventos };
    });
  }

  async deletarVenda(
    ctx: Contexto,
    vendaId: string,
    e: { motivo?: string | undefined; terminal?: string | undefined; liberacao?: string | undefined },
  ) {
    const atual = await this.obter(ctx, vendaId);
    const confirmada =
      atual.status.id === STATUS_VENDA.encerrada || atual.produtos.some((i) => i.confirmado || i._id);
    const { supervisor, motivo } = confirmada
      ? await this.liberar(ctx, e.liberacao, PERMISSAO.cancelarVenda, atual.empresa)
      : await this.liberar(ctx, e.liberacao, PERMISSAO.excluirVendaNaoConfirmada, atual.empresa, true);
    return this.alterar(ctx, vendaId, (reg) => {
      if (reg.venda.pagamentos.some((p) => !p.lixo)) throw new ErroNegocio(M.pagamentosAtivos);
      const r = deletarVendaCompleta(reg.venda, {
        operador: ctx.operador,
        supervisor,
        terminal: e.terminal ?? null,
        motivo: e.motivo ?? motivo ?? '',
        dataHora: ctx.agora,
        comPermissao: true,
      });
      return { reg: { ...reg, venda: { ...r.venda, supervisor } }, eventos: [evento(r.evento)] };
    });
  }

  // ---- status ------------------------------------------------------------------------------------------

  /**
   * Ends the sale (status 59): delivery with an unpaid balance and an ended sale are refused (spec 4). After the
   * commit the listeners of `aoEncerrarVenda` run (NFC-e) and the answer is the sale as they left it.
   */
  async encerrar(ctx: Contexto, vendaId: string) {
    return this.depoisDeEncerrar(ctx, await this.encerrarVenda(ctx, vendaId));
  }

  /** The end listeners (the NFC-e issued at the end); the answer carries what they wrote. */
  private async depoisDeEncerrar(ctx: Contexto, r: VendaResposta & Record<string, unknown>) {
    const vendaId = r._id;
    const ouvintes = ouvintesEncerramento.get(this.servicos) ?? [];
    if (ouvintes.length === 0 || r.status.id !== STATUS_VENDA.encerrada) return r;
    const extra: Record<string, unknown> = {};
    const marca = { alterada: false };
    encerramentosEmCurso.set(vendaId, [...(encerramentosEmCurso.get(vendaId) ?? []), marca]);
    try {
      for (const ouvinte of ouvintes) {
        // Listeners report their own failures; the ended sale stands whatever they do.
        Object.assign(
          extra,
          await ouvinte({ venda: r, grupo: ctx.grupo, usuarioId: ctx.usuarioId }).catch(() => undefined),
        );
      }
    } finally {
      const resto = (encerramentosEmCurso.get(vendaId) ?? []).filter((m) => m !== marca);
      if (resto.length) encerramentosEmCurso.set(vendaId, resto);
      else encerramentosEmCurso.delete(vendaId);
    }
    // Read again only when a listener wrote the sale (the NFC-e issued at the end).
    const atual = marca.alterada ? await carregarVenda(this.db, ctx.grupo, vendaId, false) : undefined;
    return { ...r, ...(atual ? resposta(atual) : {}), ...extra };
  }

  private encerrarVenda(ctx: Contexto, vendaId: string) {
    return this.alterar(
      ctx,
      vendaId,
      async (reg, cat, tx, emTransacao) => {
        // The engine checks the transition table before the confirmation rules, so ending an ended sale
        // would read 'Não é permitido alterar o status de Encerrada para Encerrada!': check the spec's
        // rule (spec 4, 'Venda encerrada não pode ser confirmada!') first.
        validarConfirmacaoVenda(reg.venda);
        const venda = alterarStatusVenda(this.cozinhaAoEncerrar(reg.venda, cat), STATUS_VENDA.encerrada);
        let sequencial = venda.sequencialPeriodo ?? null;
        let periodo = reg.periodo;
        const ultimo = [...venda.pagamentos].reverse().find((p) => !p.lixo && p.periodo);
        if (!periodo && ultimo?.periodo) periodo = ultimo.periodo;
        if (sequencial === null && periodo) {
          // A number is allocated under the counter's lock: only inside the transaction (no gap).
          if (!emTransacao) throw new PrecisaTransacao();
          sequencial = await proximoNumero(tx, ctx.grupo, venda.empresa, `periodo:${periodo}`);
        }
        return {
          reg: {
            ...reg,
            periodo,
            encerradaEm: ctx.agora,
            venda: { ...venda, sequencialPeriodo: sequencial },
          },
        };
      },
      { recalcularAntes: true },
    );
  }

  async reabrir(ctx: Contexto, vendaId: string, liberacao: string | undefined) {
    const empresa = await this.empresaDaVenda(ctx, vendaId);
    const { supervisor } = await this.liberar(ctx, liberacao, PERMISSAO.reabrirVenda, empresa);
    return this.alterar(ctx, vendaId, (reg) => {
      const venda = alterarStatusVenda(reg.venda, STATUS_VENDA.aberta, true);
      return {
        reg: { ...reg, encerradaEm: null, venda: { ...venda, supervisor } },
        eventos: [
          {
            tipo: 'Reabertura',
            operador: ctx.operador,
            terminal: null,
            motivo: '',
            supervisor,
            vendaCompleta: true,
            produtos: [],
            valorDesconto: '0.00',
            dataHora: ctx.agora,
          },
        ],
      };
    });
  }

  /**
   * Closes the bill (status 58) with or without the service charge (permissions 16 / 17): with service, a
   * Gorjeta line worth `percentual` of the consumption is (re)computed by the server.
   */
  async fecharConta(
    ctx: Contexto,
    vendaId: string,
    e: { comServico: boolean; percentual: string; liberacao?: string | undefined },
  ) {
    const empresa = await this.empresaDaVenda(ctx, vendaId);
    await this.liberar(
      ctx,
      e.liberacao,
      e.comServico ? PERMISSAO.fecharContaComServico : PERMISSAO.fecharContaSemServico,
      empresa,
      true,
    );
    return this.alterar(
      ctx,
      vendaId,
      (reg, cat) => {
        let venda = reg.venda;
        if (venda.status.id === STATUS_VENDA.aberta)
          venda = alterarStatusVenda(venda, STATUS_VENDA.fechamento);
        else if (venda.status.id !== STATUS_VENDA.fechamento)
          venda = alterarStatusVenda(venda, STATUS_VENDA.fechamento);
        const semServico = venda.produtos.filter(
          (i) => !ehServico(cat, i) || i.existePosicaoPago || i.cancelado,
        );
        venda = { ...venda, produtos: semServico };
        if (e.comServico) {
          if (!cat.gorjeta) throw new ErroNegocio(M.gorjetaNaoCadastrada);
          // The engine checks the percentage the store allows and computes the line (servico.ts).
          const g = cat.gorjeta;
          venda = lancarServico(
            venda,
            { _id: g._id, descricao: g.descricao, codigoInterno: g.codigoInterno },
            e.percentual,
            {
              data: ctx.agora,
              terminal: venda.terminal ?? null,
              atendente: ctx.operador,
              percentualServicoMaximo: cat.configuracao.percentualServicoMaximo,
            },
          );
        }
        return { reg: { ...reg, venda } };
      },
      { recalcularAntes: true },
    );
  }

  posicoes(
    ctx: Contexto,
    vendaId: string,
    e: {
      numeroItem?: number | undefined;
      posicoes?: number[] | undefined;
      posicaoVenda?: number | undefined;
    },
  ) {
    return this.alterar(ctx, vendaId, (reg) => {
      let venda = reg.venda;
      if (e.posicaoVenda !== undefined) venda = { ...venda, posicaoVenda: e.posicaoVenda };
      if (e.numeroItem !== undefined) venda = dividirItemEmPosicoes(venda, e.numeroItem, e.posicoes ?? []);
      return { reg: { ...reg, venda } };
    });
  }

  async registrarEvento(
    ctx: Contexto,
    e: {
      vendaId: string;
      tipo: string;
      motivo?: string | undefined;
      produtos?: unknown[] | undefined;
      valorDesconto?: string | undefined;
      vendaCompleta?: boolean | undefined;
      terminal?: string | undefined;
      liberacao?: string | undefined;
    },
  ) {
    const empresa = await this.empresaDaVenda(ctx, e.vendaId);
    const permissao = e.tipo === 'Desconto' ? PERMISSAO.descontoItem : PERMISSAO.excluirProdutoConfirmado;
    const supervisor = e.liberacao
      ? (await this.liberar(ctx, e.liberacao, permissao, empresa)).supervisor
      : null;
    await gravarEventos(this.db, ctx.grupo, empresa, e.vendaId, [
      {
        tipo: e.tipo,
        operador: ctx.operador,
        terminal: e.terminal ?? null,
        motivo: e.motivo ?? '',
        supervisor,
        vendaCompleta: e.vendaCompleta === true,
        produtos: e.produtos ?? [],
        valorDesconto: e.valorDesconto ?? '0.00',
        dataHora: ctx.agora,
      },
    ]);
    return { message: M.eventoGravado };
  }

  // ---- transfers ---------------------------------------------------------------------------------------

  /**
   * vendaTransferencia: items (permission 23) or the whole table (24) go to another table. The destination
   * table's open sale receives them (created when the table is free); both rows are locked in id order.
   */
  async transferir(
    ctx: Contexto,
    e: {
      vendaOrigem: string;
      mesaDestino: number;
      itens?: number[] | undefined;
      juntar?: boolean | undefined;
      liberacao?: string | undefined;
      terminal?: string | undefined;
    },
  ) {
    if (!Number.isInteger(e.mesaDestino) || e.mesaDestino <= 0) throw new ErroNegocio(M.mesaInvalida);
    const empresa = await this.empresaDaVenda(ctx, e.vendaOrigem);
    const mesaInteira = !e.itens;
    if (e.itens && e.itens.length === 0) throw new ErroNegocio(M.transferenciaSemItens);
    const { supervisor } = await this.liberar(
      ctx,
      e.liberacao,
      mesaInteira ? PERMISSAO.transferirMesa : PERMISSAO.transferirItem,
      empresa,
    );
    const { valor, repetida } = await this.transacao(ctx, async (tx) => {
      const destinoLinha = await consultarUm(
        tx,
        sql`select id from venda where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${empresa}
            and tipo_venda = 54 and status in (57, 58) and mesa = ${e.mesaDestino}`,
      );
      const destinoId = destinoLinha?.id as string | undefined;
      // Lock in id order so two opposite transfers cannot deadlock.
      const ids = [e.vendaOrigem, ...(destinoId ? [destinoId] : [])].sort();
      const regs = new Map<string, VendaRegistro>();
      for (const id of ids) {
        const r = await carregarVenda(tx, ctx.grupo, id, true);
        if (r) regs.set(id, r);
      }
      const origem = regs.get(e.vendaOrigem);
      if (!origem) throw new ErroNegocio(M.vendaNaoEncontrada);
      if (origem.venda.tipoVenda.id !== TIPO_VENDA.mesa) throw new ErroNegocio(M.transferenciaTipo);
      if (origem.mesa === e.mesaDestino) throw new ErroNegocio(M.transferenciaMesma);
      if (
        origem.venda.status.id !== STATUS_VENDA.aberta &&
        origem.venda.status.id !== STATUS_VENDA.fechamento
      )
        throw new ErroNegocio('Venda encerrada ou cancelada não pode ser alterada, reabra a venda!');
      const cat = await this.catalogo.daLoja(ctx.grupo, empresa, tx);
      // 'Transferencia' on the sale the lines (or the table) left, 'TransferenciaRecebida' on the one that took
      // them: both carry the same text, and the transfers report counts each transfer once, by its origin.
      const ev = (
        vendaCompleta: boolean,
        itens: VendaItem[],
        destino: string,
        tipo: 'Transferencia' | 'TransferenciaRecebida' = 'Transferencia',
      ): EventoGravar => ({
        tipo,
        operador: ctx.operador,
        terminal: e.terminal ?? null,
        motivo: `Mesa ${origem.mesa} -> Mesa ${e.mesaDestino} (${destino})`,
        supervisor,
        vendaCompleta,
        produtos: itens.map((i) => ({
          numeroItem: i.numeroItem,
          produto: i.produto,
          quantidade: i.quantidade,
          valor: i.valorLiquido,
        })),
        valorDesconto: '0.00',
        dataHora: ctx.agora,
      });
      const destino = destinoId ? regs.get(destinoId) : undefined;
      if (mesaInteira && !destino) {
        // Free destination table: the sale simply changes table.
        const final: VendaRegistro = { ...origem, mesa: e.mesaDestino };
        final.versao = await gravarVenda(tx, final);
        await gravarEventos(tx, ctx.grupo, empresa, origem.venda._id, [
          ev(true, origem.venda.produtos, origem.venda._id),
        ]);
        return [resposta(final)];
      }
      // Merging two bills is the operator's choice: without it an occupied table changes nothing.
      if (mesaInteira && destino && e.juntar !== true)
        throw new ErroNegocio(M.transferenciaJuntar(e.mesaDestino));
      const ativos = origem.venda.produtos.filter((i) => !i.cancelado);
      // A merged table's service line is computed again on the merged bill below (not carried over).
      const servicoSolto = (i: VendaItem) => ehServico(cat, i) && !i.existePosicaoPago;
      const movidos = mesaInteira
        ? ativos.filter((i) => !servicoSolto(i))
        : ativos.filter((i) => e.itens?.includes(i.numeroItem));
      if (movidos.length === 0) throw new ErroNegocio(M.transferenciaSemItens);
      if (!mesaInteira && movidos.length !== new Set(e.itens).size) throw new ErroNegocio(M.itemNaoInformado);
      if (movidos.some((i) => i.existePosicaoPago || i.posicao.some((p) => p.pago)))
        throw new ErroNegocio(M.transferenciaPosicao);
      let alvo: VendaRegistro;
      if (destino) alvo = destino;
      else {
        const venda = vendaSchema.parse({
          ...origem.venda,
          _id: novoId(),
          numero: 0,
          produtos: [],
          pagamentos: [],
          combosRealizados: [],
          descontoGeral: null,
          status: { id: STATUS_VENDA.aberta, descricao: 'Aberta' },
          sequencialPeriodo: null,
          data: ctx.agora,
        });
        alvo = {
          venda,
          mesa: e.mesaDestino,
          comanda: null,
          periodo: origem.periodo,
          versao: 1,
          encerradaEm: null,
        };
        const n = await inserirVenda(tx, alvo, ctx.usuarioId, false);
        alvo.venda = { ...alvo.venda, numero: n.numero };
      }
      // The service line (Gorjeta) of either bill is kept: same percentage, on the merged consumption, and a
      // bill that was closing stays closing.
      const linhaServico = (v: Venda) => v.produtos.find((i) => !i.cancelado && servicoSolto(i));
      const servicoAntes = [destino?.venda, mesaInteira ? origem.venda : undefined]
        .map((v) => (v ? linhaServico(v) : undefined))
        .find((i) => i !== undefined);
      const percentualServico = servicoAntes ? percentualDoServico(servicoAntes.obs) : null;
      const fechando =
        destino?.venda.status.id === STATUS_VENDA.fechamento ||
        (mesaInteira && origem.venda.status.id === STATUS_VENDA.fechamento);
      let vendaDestino = dominio(() => this.reabrirParaItens(alvo.venda, cat));
      // The seats of the table that moved come after the destination's (seat 1 becomes n+1).
      const deslocamento = mesaInteira && destino ? destino.venda.posicaoVenda : 0;
      for (const i of movidos) {
        const { numeroItem: _n, ...resto } = deslocarPosicoes(i, deslocamento);
        vendaDestino = dominio(() => adicionarItem(vendaDestino, resto));
      }
      if (mesaInteira && destino)
        vendaDestino = { ...vendaDestino, posicaoVenda: deslocamento + origem.venda.posicaoVenda };
      const numerosMovidos = new Set(movidos.map((i) => i.numeroItem));
      let vendaOrigem: Venda = {
        ...origem.venda,
        produtos: origem.venda.produtos.filter(
          (i) => !numerosMovidos.has(i.numeroItem) && !(mesaInteira && servicoSolto(i)),
        ),
      };
      if (mesaInteira) {
        vendaDestino = {
          ...vendaDestino,
          pagamentos: [...vendaDestino.pagamentos, ...vendaOrigem.pagamentos],
        };
        vendaOrigem = { ...vendaOrigem, pagamentos: [] };
      }
      if (destino && (percentualServico !== null || fechando)) {
        if (fechando && vendaDestino.status.id === STATUS_VENDA.aberta)
          vendaDestino = dominio(() => alterarStatusVenda(vendaDestino, STATUS_VENDA.fechamento));
        // One service line at that percentage; recalcularVenda computes it on the merged consumption.
        const g = cat.gorjeta;
        if (percentualServico !== null && g)
          vendaDestino = dominio(() =>
            lancarServico(
              vendaDestino,
              { _id: g._id, descricao: g.descricao, codigoInterno: g.codigoInterno },
              percentualServico,
              {
                data: ctx.agora,
                terminal: vendaDestino.terminal ?? null,
                atendente: ctx.operador,
                percentualServicoMaximo: cat.configuracao.percentualServicoMaximo,
              },
            ),
          );
      }
      const restam =
        vendaOrigem.produtos.some((i) => !i.cancelado) || vendaOrigem.pagamentos.some((p) => !p.lixo);
      if (!restam) vendaOrigem = dominio(() => alterarStatusVenda(vendaOrigem, STATUS_VENDA.cancelada, true));
      const finalOrigem: VendaRegistro = { ...origem, venda: this.recalcular(vendaOrigem, cat, ctx.agora) };
      const finalDestino: VendaRegistro = { ...alvo, venda: this.recalcular(vendaDestino, cat, ctx.agora) };
      // Origin first: its payments leave before the destination takes them.
      finalOrigem.versao = await gravarVenda(tx, finalOrigem);
      finalDestino.versao = await gravarVenda(tx, finalDestino);
      await gravarEventos(tx, ctx.grupo, empresa, origem.venda._id, [
        ev(!restam, movidos, finalDestino.venda._id),
      ]);
      await gravarEventos(tx, ctx.grupo, empresa, finalDestino.venda._id, [
        ev(false, movidos, origem.venda._id, 'TransferenciaRecebida'),
      ]);
      return [resposta(finalOrigem), resposta(finalDestino)];
    });
    if (!repetida) for (const r of valor) this.avisar(r);
    return { origem: valor[0], destino: valor[1] ?? valor[0] };
  }

  // ---- lists ---------------------------------------------------------------------------------------------

  async mapaMesas(ctx: Contexto, empresa: string | undefined) {
    if (!empresa) throw new ErroNegocio(M.empresaNaoInformada);
    this.garantirEmpresa(ctx, empresa);
    const [linhas, config] = await Promise.all([
      consultar(
        this.db,
        sql`select id, numero, mesa, status, total::text as total, total_pago::text as total_pago, posicao_venda, data, versao,
                   (select count(*)::int from venda_item i where i.venda_id = v.id and not i.cancelado) as itens
            from venda v where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${empresa}
              and tipo_venda = 54 and status in (57, 58) order by mesa`,
      ),
      consultarUm(
        this.db,
        sql`select configuracoes->'quantidadeMesas' as q from empresa where id = ${empresa}`,
      ),
    ]);
    return {
      quantidadeMesas: typeof config?.q === 'number' ? config.q : null,
      mesas: linhas.map((l) => ({
        mesa: l.mesa as number,
        vendaId: l.id as string,
        numero: l.numero as number,
        status: l.status as number,
        estado: l.status === STATUS_VENDA.fechamento ? 'emFechamento' : 'ocupada',
        total: l.total as string,
        totalPago: l.total_pago as string,
        saldo: escreverDinheiro(
          Math.max(0, lerDinheiro(l.total as string) - lerDinheiro(l.total_pago as string)),
        ),
        itens: l.itens as number,
        posicaoVenda: l.posicao_venda as number,
        abertaEm: l.data instanceof Date ? l.data.toISOString() : String(l.data),
        versao: l.versao as number,
      })),
    };
  }

  /** venda/getPopulate: whitelisted filter (empresa, status.id, tipoVenda.id, numero, mesa, comanda, cliente). */
  async buscar(ctx: Contexto, filtro: Record<string, unknown>, limit: number | undefined) {
    const permitidas = [...ctx.permissoes.porEmpresa.keys()];
    const condicoes: SQL[] = [sql`v.grupo_empresarial_id = ${ctx.grupo}`];
    const campos: Record<string, string> = {
      empresa: 'v.empresa_id',
      'status.id': 'v.status',
      status: 'v.status',
      'tipoVenda.id': 'v.tipo_venda',
      tipoVenda: 'v.tipo_venda',
      numero: 'v.numero',
      mesa: 'v.mesa',
      comanda: 'v.comanda',
      cliente: 'v.cliente_id',
      'cliente._id': 'v.cliente_id',
      terminal: 'v.terminal_id',
      periodo: 'v.periodo_id',
      sequencialPeriodo: 'v.sequencial_periodo',
      _id: 'v.id',
    };
    const escalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
    for (const [campo, valor] of Object.entries(filtro)) {
      const coluna = campos[campo];
      if (!coluna) throw new ErroNegocio(`Filtro não permitido: ${campo}`);
      const col = sql.raw(coluna);
      if (escalar(valor)) condicoes.push(sql`${col} = ${valor}`);
      else if (typeof valor === 'object' && valor !== null) {
        for (const [op, arg] of Object.entries(valor)) {
          if (
            (op === '$in' || op === '$nin') &&
            Array.isArray(arg) &&
            arg.every(escalar) &&
            arg.length <= 500
          ) {
            const lista = arg.length
              ? sql.join(
                  arg.map((a) => sql`${a}`),
                  sql`, `,
                )
              : sql`null`;
            condicoes.push(op === '$in' ? sql`${col} in (${lista})` : sql`${col} not in (${lista})`);
          } else if (['$eq', '$ne', '$gt', '$gte', '$lt', '$lte'].includes(op) && escalar(arg)) {
            const ops: Record<string, string> = {
              $eq: '=',
              $ne: '<>',
              $gt: '>',
              $gte: '>=',
              $lt: '<',
              $lte: '<=',
            };
            condicoes.push(sql`${col} ${sql.raw(ops[op] ?? '=')} ${arg}`);
          } else throw new ErroNegocio(`Operador não permitido: ${op}`);
        }
      } else throw new ErroNegocio(`Filtro inválido: ${campo}`);
    }
    if (permitidas.length === 0) return [];
    condicoes.push(
      sql`v.empresa_id in (${sql.join(
        permitidas.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
    const limite = Math.min(Math.max(1, Number.isInteger(limit) ? (limit as number) : 100), 500);
    const regs = await buscarVendas(this.db, sql.join(condicoes, sql` and `), limite);
    return regs.map(resposta);
  }

  async sequencial(ctx: Contexto, empresa: string | undefined) {
    if (!empresa) throw new ErroNegocio(M.empresaNaoInformada);
    this.garantirEmpresa(ctx, empresa);
    const l = await consultarUm(
      this.db,
      sql`select valor from venda_numeracao where grupo_empresarial_id = ${ctx.grupo} and empresa_id = ${empresa} and chave = 'venda'`,
    );
    const ultimo = Number(l?.valor ?? 0);
    return { empresa, ultimoNumero: ultimo, proximoNumero: ultimo + 1 };
  }

  saldo(venda: Venda): string {
    return escreverDinheiro(saldoRestante(venda));
  }
}
