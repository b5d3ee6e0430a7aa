// Kitchen display (KDS), expedition and delivery dispatch: the pure part shared by server and web.
// No I/O, no clock: instants come in as ISO strings and `agora` is passed in.

export const TIPOS_ESTACAO = ['producao', 'montagem'] as const;
export type TipoEstacao = (typeof TIPOS_ESTACAO)[number];

/**
 * Production state of one sale item at one station: pendente -> producao -> pronto -> despachado (bump);
 * a recall brings a bumped item back to pronto. A cancelled sale item stays on screen struck through
 * until bumped, so the cook sees that it was cancelled.
 */
export const STATUS_KDS = ['pendente', 'producao', 'pronto', 'despachado'] as const;
export type StatusKds = (typeof STATUS_KDS)[number];

export const ACOES_KDS = ['iniciar', 'finalizar', 'despachar', 'recall'] as const;
export type AcaoKds = (typeof ACOES_KDS)[number];

/** Bump-bar actions a key can be mapped to (kdsTeclado). */
export const ACOES_TECLADO = [
  'proximo',
  'anterior',
  'iniciar',
  'finalizar',
  'despachar',
  'recall',
  'telaCheia',
] as const;
export type AcaoTeclado = (typeof ACOES_TECLADO)[number];

/** Default mapping of a plain keyboard or a numeric bump bar. */
export const TECLADO_PADRAO: Readonly<Record<string, AcaoTeclado>> = {
  ArrowRight: 'proximo',
  ArrowDown: 'proximo',
  ArrowLeft: 'anterior',
  ArrowUp: 'anterior',
  i: 'iniciar',
  '1': 'iniciar',
  f: 'finalizar',
  '2': 'finalizar',
  Enter: 'despachar',
  b: 'despachar',
  '3': 'despachar',
  r: 'recall',
  '4': 'recall',
  F11: 'telaCheia',
};

export function mapaTeclado(
  teclas: readonly { tecla: string; acao: string }[] | null | undefined,
): Record<string, AcaoTeclado> {
  const mapa: Record<string, AcaoTeclado> = { ...TECLADO_PADRAO };
  for (const t of teclas ?? []) {
    if ((ACOES_TECLADO as readonly string[]).includes(t.acao)) mapa[t.tecla] = t.acao as AcaoTeclado;
  }
  return mapa;
}

/** Where an action may take an item from. */
const ORIGENS: Readonly<Record<AcaoKds, readonly StatusKds[]>> = {
  iniciar: ['pendente'],
  finalizar: ['pendente', 'producao'],
  despachar: ['pendente', 'producao', 'pronto'],
  recall: ['despachado'],
};
const DESTINO: Readonly<Record<AcaoKds, StatusKds>> = {
  iniciar: 'producao',
  finalizar: 'pronto',
  despachar: 'despachado',
  recall: 'pronto',
};

/** The new status of an item, or null when the action does not apply to it (it is left as is). */
export function aplicarAcaoKds(status: StatusKds, acao: AcaoKds): StatusKds | null {
  return ORIGENS[acao].includes(status) ? DESTINO[acao] : null;
}

export const MENSAGENS_KDS = {
  estacaoNaoEncontrada: 'Estação KDS não encontrada!',
  nadaParaAlterar: 'Nenhum item do pedido pode receber esta ação!',
  naoEhMotoboy: 'Usuário informado não é um Motoboy!',
  somenteDelivery: 'Somente vendas delivery podem ser despachadas por motoboy!',
  naoProduzido: 'O pedido ainda não foi produzido!',
  motoboySemPedidos: 'Motoboy sem pedidos para esta operação!',
  portariaNome: 'Informe o nome!',
  tempoInvalido: 'Tempo de entrega inválido!',
  taxaInvalida: 'Taxa de entrega inválida!',
  empresaInvalida: 'Empresa de destino inválida!',
  empresaMesma: 'A venda já pertence a esta empresa!',
  empresaComPagamento: 'Venda com pagamentos não pode mudar de empresa!',
  empresaEmProducao: 'Não é permitido alterar a empresa de um pedido em produção!',
  jaSaiu: (motoboy: string) => `Pedido já saiu para entrega com ${motoboy}!`,
  portariaNaoEncontrada: 'Registro de portaria não encontrado!',
} as const;

export type CorIdade = 'normal' | 'alerta' | 'atrasado';

/** Colour of an order's timer by its age (minutes since it reached the station). */
export function corPorIdade(
  recebidoEm: string,
  agora: string,
  limites: { tempoAlerta?: number | null; tempoAtraso?: number | null } = {},
): CorIdade {
  const minutos = (Date.parse(agora) - Date.parse(recebidoEm)) / 60_000;
  const alerta = limites.tempoAlerta ?? 10;
  const atraso = Math.max(limites.tempoAtraso ?? 20, alerta);
  if (minutos >= atraso) return 'atrasado';
  if (minutos >= alerta) return 'alerta';
  return 'normal';
}

/** mm:ss (or h:mm:ss) since an instant, for the order timer. */
export function tempoDecorrido(desde: string, agora: string): string {
  const s = Math.max(0, Math.floor((Date.parse(agora) - Date.parse(desde)) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${String(m).padStart(2, '0')}:${ss}`;
}

// ---- routing: which KDS sectors produce an item ----

export interface RegraSetorKds {
  _id: string;
  produtos: readonly string[];
  setoresImpressao: readonly string[];
  /** Agrupadores mapped to the sector by kdsSetorCadastroGrupo. */
  agrupadores: readonly string[];
}

/**
 * The KDS sectors of a product: those naming the product itself win; otherwise the ones mapped to one of its
 * agrupadores (categories and families) or to one of its print sectors.
 */
export function setoresKdsDoProduto(
  produto: { _id: string; agrupadores: readonly string[]; setoresImpressao: readonly string[] },
  regras: readonly RegraSetorKds[],
): string[] {
  const proprios = regras.filter((r) => r.produtos.includes(produto._id)).map((r) => r._id);
  if (proprios.length > 0) return proprios;
  return regras
    .filter(
      (r) =>
        r.agrupadores.some((a) => produto.agrupadores.includes(a)) ||
        r.setoresImpressao.some((s) => produto.setoresImpressao.includes(s)),
    )
    .map((r) => r._id);
}

// ---- what a station shows ----

export interface KdsParte {
  descricao: string;
  quantidadeParte: number;
}

export interface KdsItem {
  _id: string;
  vendaItemId: string;
  numeroItem: number;
  estacao: string;
  kdsSetor: string | null;
  descricao: string;
  quantidade: string;
  obs: string;
  /** Pizza parts (produtosFilho) with their fraction. */
  partes: KdsParte[];
  /** Additions launched with the item (product type Adicional / Complemento Consumo). */
  adicionais: string[];
  status: StatusKds;
  cancelado: boolean;
  recebidoEm: string;
  iniciadoEm: string | null;
  prontoEm: string | null;
  despachadoEm: string | null;
}

export interface KdsPedido {
  vendaId: string;
  estacao: string;
  numero: number;
  /** Number shown to people: period sequence for counter and delivery (spec 9), table/tab otherwise. */
  identificacao: string;
  tipoVenda: number;
  mesa: number | null;
  comanda: number | null;
  cliente: string | null;
  atendente: string | null;
  statusExpedicao: number;
  recebidoEm: string;
  itens: KdsItem[];
  /** Every item bumped: the order left the screen (recall brings it back). */
  despachado: boolean;
}

export const NOMES_TIPO_VENDA: Readonly<Record<number, string>> = {
  53: 'Balcão',
  54: 'Mesa',
  55: 'Delivery',
  56: 'Comanda',
};

export function identificacaoPedido(v: {
  tipoVenda: number;
  numero: number;
  mesa: number | null;
  comanda: number | null;
  sequencialPeriodo: number | null;
}): string {
  if (v.tipoVenda === 54 && v.mesa !== null) return `Mesa ${v.mesa}`;
  if (v.tipoVenda === 56 && v.comanda !== null) return `Comanda ${v.comanda}`;
  // spec 9: sale types 53 and 55 show the period sequence instead of the number.
  const n =
    (v.tipoVenda === 53 || v.tipoVenda === 55) && v.sequencialPeriodo ? v.sequencialPeriodo : v.numero;
  return `${NOMES_TIPO_VENDA[v.tipoVenda] ?? 'Pedido'} ${n}`;
}

/** Oldest first; an order's age is its oldest pending item. */
export function ordenarPedidos<T extends { recebidoEm: string; numero: number }>(pedidos: readonly T[]): T[] {
  return [...pedidos].sort((a, b) => a.recebidoEm.localeCompare(b.recebidoEm) || a.numero - b.numero);
}

/**
 * Expedition status the kitchen implies for a sale: every non-cancelled item ready or bumped -> produced (2);
 * some item started or ready -> in production (1); null when the kitchen has nothing to say.
 */
export function expedicaoPelaProducao(itens: readonly Pick<KdsItem, 'status' | 'cancelado'>[]): 1 | 2 | null {
  const ativos = itens.filter((i) => !i.cancelado);
  if (ativos.length === 0) return null;
  if (ativos.every((i) => i.status === 'pronto' || i.status === 'despachado')) return 2;
  if (ativos.some((i) => i.status !== 'pendente')) return 1;
  return null;
}

// ---- socket events (declared once; server emits to the store room `empresa:<id>`) ----

/** A station's order changed (new items, an action, a cancellation): the whole order as the station shows it. */
export const EVENTO_KDS_PEDIDO = 'kdsPedido';
export interface KdsPedidoEvento {
  estacao: string;
  pedido: KdsPedido;
}

/** A sale's expedition or dispatch changed (status, rider, fee, time, company). */
export const EVENTO_EXPEDICAO_ALTERADA = 'expedicaoAlterada';
export interface ExpedicaoAlteradaEvento {
  vendaId: string;
  empresa: string;
  statusExpedicao: number;
  entregador: { _id: string; nome: string } | null;
  versao: number;
}
