import type { CatalogoVenda, ConfiguracaoVenda, FormaPagamentoVenda } from '@retaguarda/domain';
import { lerPermissaoNegada, type PermissaoNegada } from '@retaguarda/domain/catalogos/permissao-negada';
import type { CategoriaGrade, ProdutoGrade } from '@retaguarda/domain/frente-loja/grade-produtos';
import { api, ErroApi } from '../../lib/api/cliente.ts';
import { gravarLista, lerLista } from './armazenamento-local.ts';
import type { FuncaoTerminal, VinculoTerminal } from './configuracao-terminal.ts';
import type { ProdutoBusca } from './indice-produtos.ts';

// Reference data of the POS, loaded as spec 2 section 7 "Local reference data loading" says, with the
// messages of section 8. Each list is cached in IndexedDB by list name plus company id; without the
// server the cached copy is used (local mode), so a reload offline still sells. The lists come from the
// POS's own routes (/api/frenteLoja/*, open to whoever may use the POS of the store: acessarFrenteLoja),
// never from the registration routes a cashier may not use.

export const MENSAGENS_CARREGAMENTO = {
  empresaSemConfiguracao: 'Configurações da Empresa Padrão não foram encontrados, reconfigure o sistema!',
  empresaNaoEncontrada: 'Não foram encontrados nenhuma empresa com os dados configurados da Empresa Padrão!',
  terminalSemConfiguracao: 'Configurações do Terminal Padrão não foram encontrados, reconfigure o sistema!',
  terminalNaoEncontrado:
    'Não foram encontrados nenhum terminal com os dados configurados do Terminal Padrão!',
  empresaAntesDoTerminal: 'Carregue a Empresa Padrão antes de carregar o Terminal Padrão!',
  comunicacaoFormaPagamento: 'Falha de comunicação ao tentar obter a lista de Forma Pagamento!',
  comunicacaoOperadoras: 'Falha de comunicação ao tentar obter a lista de Operadoras!',
  comunicacaoProdutos: 'Falha de comunicação ao tentar obter a Lista de Produtos!',
  semVersionamento: 'Empresa sem versionamento',
  versionamento: 'Problemas ao buscar versionamento!',
  comunicacao: 'Falha de comunicação!',
  naoCatalogado: 'Erro Não Catalogado.',
  promocaoSemProduto:
    'Existem produtos na listaPromocaoProduto que não estão mais cadastrados, favor revisar o mesmo',
  falhaObter: (lista: string, mensagem: string) => `Falha ao obter ${lista}! ${mensagem}`.trim(),
  empresaIndefinida: (lista: string) => `Falha ao capturar ${lista}, configuracoes.empresa esta indefinido!`,
} as const;

export class ErroCarregamento extends Error {
  /** The user's profile lacks the POS permission in this store: the screen names it and who grants it. */
  readonly permissaoNegada: PermissaoNegada | null;
  constructor(mensagem: string, permissaoNegada: PermissaoNegada | null = null) {
    super(mensagem);
    this.permissaoNegada = permissaoNegada;
  }
}

export interface ProdutoFrenteLoja extends ProdutoBusca, Partial<ProdutoGrade> {
  maximoFracao: number | null;
}

export interface EmpresaFrenteLoja {
  _id: string;
  descricao: string;
  nomeFantasia?: string;
  cnpj?: string;
  endereco?: { cidade?: string; uf?: string; localizacao?: unknown } | null;
  /** Where the store is (the delivery distance starts here; else endereco.localizacao). */
  localizacao?: unknown;
  configuracoes?: { callCenter?: boolean; chavePix?: string; [k: string]: unknown } | null;
}

export interface TerminalFrenteLoja {
  _id: string;
  descricao: string;
  funcoes: FuncaoTerminal[];
  caixa: string | null;
  /** Ask who is serving (garçom) before launching items (configuracoes.exigirAtendente). */
  exigirAtendente: boolean;
  /** The attendant's identification needs their password (configuracoes.senhaAtendente). */
  senhaAtendente: boolean;
  /** Payment methods this terminal offers (configuracoes.formasPagamento); empty: every active one. */
  formasPagamento: string[];
  /** A product launched again opens a new line instead of adding to its own (configuracoes.produtoRepetidoNovaLinha). */
  produtoRepetidoNovaLinha: boolean;
}

/** A product suggestion (vendaSugestaoProduto) with the products whose launch offers it. */
export interface SugestaoFrenteLoja {
  _id: string;
  descricao: string;
  produto: string;
  produtosOrigem: string[];
  tipo: string;
  modo: string;
  valor: string;
}

export interface FormaPagamentoFrenteLoja extends FormaPagamentoVenda {}

export interface EstadoPeriodo {
  periodoId: string | null;
  periodoAberto: boolean;
  dataAbertura: string | null;
  existePeriodoAberto: boolean;
}

export interface DadosFrenteLoja {
  empresa: EmpresaFrenteLoja;
  terminal: TerminalFrenteLoja;
  formasPagamento: FormaPagamentoFrenteLoja[];
  operadoras: { _id: string; descricao: string }[];
  setoresImpressao: { _id: string; descricao: string }[];
  produtos: ProdutoFrenteLoja[];
  catalogo: CatalogoVenda;
  configuracao: ConfiguracaoVenda;
  sugestoes: SugestaoFrenteLoja[];
  /** Categories of the product grid (phones and tablets). */
  categorias: CategoriaGrade[];
  periodo: EstadoPeriodo;
  /** IBPT approximate tax rates of the store's state (spec 2 section 7, limit 20000). */
  olhoNoImposto: LinhaOlhoNoImposto[];
  /** The store's version record when the lists were loaded: a newer one on the server means reload. */
  versao: number;
  /** Some list came from the local cache (server unreachable). */
  modoLocal: boolean;
  /** The user's permissions in this store (the modes offered); null when unknown (offline): no filter. */
  permissoes: ReadonlySet<number> | null;
}

interface ListaProdutosResposta {
  produtos: ProdutoFrenteLoja[];
  catalogo: CatalogoVenda;
  configuracao: ConfiguracaoVenda;
  formasPagamento: FormaPagamentoVenda[];
  sugestoes?: SugestaoFrenteLoja[];
  categorias?: CategoriaGrade[];
}

type Registro = Record<string, unknown> & { _id: string };

export interface LinhaOlhoNoImposto {
  _id: string;
  uf: string;
  codigo: string;
  ex: string | null;
  tipo: number;
  nacionalfederal: string;
  importadosfederal: string | null;
  estadual: string | null;
  municipal: string | null;
}

export type Aviso = (tipo: 'warning' | 'info', mensagem: string) => void;

export type Progresso = (etapa: string) => void;

/** Spec 2 section 7: the open period whose register is the terminal's is current. */
export function periodoDoTerminal(
  abertos: readonly { _id: string; caixa: string | null; dataAbertura: string | null }[],
  caixaDoTerminal: string | null,
): EstadoPeriodo {
  const atual = caixaDoTerminal ? abertos.find((p) => p.caixa === caixaDoTerminal) : undefined;
  return {
    periodoId: atual?._id ?? null,
    periodoAberto: atual !== undefined,
    dataAbertura: atual?.dataAbertura ?? null,
    existePeriodoAberto: abertos.length > 0,
  };
}

/** Drops promotions whose product is gone (spec 2 section 8) and tells so once. */
export function descartarPromocoesSemProduto(catalogo: CatalogoVenda, aviso: Aviso): CatalogoVenda {
  const ids = new Set(catalogo.produtos.map((p) => p._id));
  const validas = catalogo.promocoes.filter((p) => ids.has(p.produto));
  if (validas.length === catalogo.promocoes.length) return catalogo;
  aviso('warning', MENSAGENS_CARREGAMENTO.promocaoSemProduto);
  return { ...catalogo, promocoes: validas };
}

async function carregarLista<T>(
  nome: string,
  rotulo: string,
  mensagemComunicacao: string,
  empresaId: string | undefined,
  buscar: () => Promise<T>,
): Promise<{ valor: T; doCache: boolean }> {
  if (!empresaId) throw new ErroCarregamento(MENSAGENS_CARREGAMENTO.empresaIndefinida(rotulo));
  try {
    const valor = await buscar();
    await gravarLista(nome, empresaId, valor).catch(() => undefined);
    return { valor, doCache: false };
  } catch (erro) {
    if (!(erro instanceof ErroApi)) throw new ErroCarregamento(MENSAGENS_CARREGAMENTO.naoCatalogado);
    if (erro.tipo === 'envelope')
      throw new ErroCarregamento(
        MENSAGENS_CARREGAMENTO.falhaObter(rotulo, erro.message),
        lerPermissaoNegada(erro.dados),
      );
    const cache = await lerLista<T>(nome, empresaId).catch(() => undefined);
    if (cache !== undefined) return { valor: cache, doCache: true };
    throw new ErroCarregamento(
      erro.tipo === 'http' && erro.message !== MENSAGENS_CARREGAMENTO.comunicacao
        ? `${mensagemComunicacao} ${erro.message}`
        : mensagemComunicacao,
    );
  }
}

const silencioso = { silencioso: true } as const;
const idsDoTerminal = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(comoId).filter((x): x is string => x !== null) : [];

const comoId = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && '_id' in v
      ? String((v as { _id: unknown })._id)
      : null;

export async function carregarDadosReferencia(
  vinculo: VinculoTerminal,
  aviso: Aviso,
  progresso: Progresso = () => undefined,
): Promise<DadosFrenteLoja> {
  if (!vinculo.empresaPadrao?._id) throw new ErroCarregamento(MENSAGENS_CARREGAMENTO.empresaSemConfiguracao);
  const empresaId = vinculo.empresaPadrao._id;
  let modoLocal = false;
  const marcar = <T>(r: { valor: T; doCache: boolean }) => {
    if (r.doCache) modoLocal = true;
    return r.valor;
  };

  progresso('Empresa');
  const empresas = marcar(
    await carregarLista('empresa', 'Empresa', MENSAGENS_CARREGAMENTO.comunicacao, empresaId, () =>
      // Kept as a one-row list: the cache of earlier versions holds the list.
      api.post<Registro>('frenteLoja/empresa', { empresa: empresaId }, silencioso).then((e) => [e]),
    ),
  );
  const empresa = empresas[0] as EmpresaFrenteLoja | undefined;
  if (!empresa) throw new ErroCarregamento(MENSAGENS_CARREGAMENTO.empresaNaoEncontrada);

  progresso('Terminal');
  if (!vinculo.terminalPadrao?._id)
    throw new ErroCarregamento(MENSAGENS_CARREGAMENTO.terminalSemConfiguracao);
  const terminalId = vinculo.terminalPadrao._id;
  const terminais = marcar(
    await carregarLista('terminal', 'Terminal', MENSAGENS_CARREGAMENTO.comunicacao, empresa._id, () =>
      api.post<Registro[]>('frenteLoja/terminais', { empresa: empresa._id }, silencioso),
    ),
  );
  const t = terminais.find((x) => x._id === terminalId);
  if (!t) throw new ErroCarregamento(MENSAGENS_CARREGAMENTO.terminalNaoEncontrado);
  const terminal: TerminalFrenteLoja = {
    _id: t._id,
    descricao: String(t.descricao ?? ''),
    funcoes: (Array.isArray(t.funcoes) ? t.funcoes : []) as FuncaoTerminal[],
    caixa: comoId((t.configuracoes as { caixa?: unknown } | undefined)?.caixa),
    exigirAtendente: (t.configuracoes as { exigirAtendente?: unknown } | undefined)?.exigirAtendente === true,
    senhaAtendente: (t.configuracoes as { senhaAtendente?: unknown } | undefined)?.senhaAtendente === true,
    formasPagamento: idsDoTerminal(
      (t.configuracoes as { formasPagamento?: unknown } | undefined)?.formasPagamento,
    ),
    produtoRepetidoNovaLinha:
      (t.configuracoes as { produtoRepetidoNovaLinha?: unknown } | undefined)?.produtoRepetidoNovaLinha ===
      true,
  };

  progresso('Formas de Pagamento');
  const formasRegistro = marcar(
    await carregarLista(
      'formaPagamento',
      'Forma Pagamento',
      MENSAGENS_CARREGAMENTO.comunicacaoFormaPagamento,
      empresa._id,
      () => api.post<Registro[]>('frenteLoja/formasPagamento', { empresa: empresa._id }, silencioso),
    ),
  );
  progresso('Operadoras');
  const operadoras = marcar(
    await carregarLista(
      'operadora',
      'Operadoras',
      MENSAGENS_CARREGAMENTO.comunicacaoOperadoras,
      empresa._id,
      () => api.post<Registro[]>('frenteLoja/operadoras', { empresa: empresa._id }, silencioso),
    ),
  );
  progresso('Setores de Impressão');
  const setores = marcar(
    await carregarLista(
      'setorImpressao',
      'Setor Impressão',
      MENSAGENS_CARREGAMENTO.comunicacao,
      empresa._id,
      () => api.post<Registro[]>('frenteLoja/setoresImpressao', { empresa: empresa._id }, silencioso),
    ),
  );
  progresso('Lista de Produtos');
  const lista = marcar(
    await carregarLista(
      'listaProdutoGeralEmpresa',
      'Lista de Produtos',
      MENSAGENS_CARREGAMENTO.comunicacaoProdutos,
      empresa._id,
      () =>
        api.post<ListaProdutosResposta>(
          'getListaProdutoGeralEmpresa',
          {
            empresa: empresa._id,
            populateProdutoGeral: ['unidade'],
            populateProdutoGeralEmpresa: ['configuracaoImposto', 'impostoFederal'],
            retornoModoVenda: true,
          },
          silencioso,
        ),
    ),
  );
  progresso('Períodos');
  const periodos = marcar(
    await carregarLista('periodo', 'Período', MENSAGENS_CARREGAMENTO.comunicacao, empresa._id, () =>
      api.post<{ _id: string; caixa: string | null; dataAbertura: string | null }[]>(
        'periodo/getPopulate',
        { filtro: { empresa: empresa._id, periodoAberto: true } },
        silencioso,
      ),
    ),
  );

  progresso('Olho no Imposto');
  const olhoNoImposto = marcar(
    await carregarLista(
      'olhoNoImposto',
      'Olho no Imposto',
      MENSAGENS_CARREGAMENTO.comunicacao,
      empresa._id,
      () =>
        // The server picks the store's state (limit 20000).
        api.post<LinhaOlhoNoImposto[]>('frenteLoja/olhoNoImposto', { empresa: empresa._id }, silencioso),
    ),
  );
  progresso('Versionamento');
  let versoes: { versao: number }[];
  try {
    versoes = marcar(
      await carregarLista(
        'versionamento',
        'Versionamento',
        MENSAGENS_CARREGAMENTO.comunicacao,
        empresa._id,
        () =>
          api.post<{ versao: number }[]>('frenteLoja/versionamento', { empresa: empresa._id }, silencioso),
      ),
    );
  } catch {
    throw new ErroCarregamento(MENSAGENS_CARREGAMENTO.versionamento);
  }
  const versao = versoes[0]?.versao;
  if (versao === undefined) throw new ErroCarregamento(MENSAGENS_CARREGAMENTO.semVersionamento);

  // Payment types as the engine and the server see them (tipo / tipoTroco ids); the registration list
  // decides which are offered (lixo false, active).
  const ativas = new Set(formasRegistro.filter((f) => f.ativo !== false).map((f) => f._id));
  const formasPagamento = lista.formasPagamento.filter((f) => ativas.has(f._id));
  return {
    empresa,
    terminal,
    formasPagamento,
    operadoras: operadoras.map((o) => ({ _id: o._id, descricao: String(o.descricao ?? '') })),
    setoresImpressao: setores.map((s) => ({ _id: s._id, descricao: String(s.descricao ?? '') })),
    produtos: lista.produtos,
    catalogo: descartarPromocoesSemProduto(lista.catalogo, aviso),
    configuracao: lista.configuracao,
    sugestoes: lista.sugestoes ?? [],
    categorias: lista.categorias ?? [],
    periodo: periodoDoTerminal(periodos, terminal.caixa),
    olhoNoImposto,
    versao,
    modoLocal,
    permissoes: await permissoesNaLoja(empresa._id),
  };
}

/** The user's permissions in the store, or null when they cannot be read now (never cached: the user's). */
async function permissoesNaLoja(empresaId: string): Promise<ReadonlySet<number> | null> {
  try {
    const r = await api.post<{ permissoes: number[] }>('getPermissoesUsuario', { empresaId }, silencioso);
    return new Set(r.permissoes);
  } catch {
    return null;
  }
}

/**
 * The terminal's period after opening or closing the cash: read again and kept in the local cache, so a
 * reload without the server shows the register as it was left.
 */
export async function atualizarPeriodo(
  empresaId: string,
  caixaDoTerminal: string | null,
): Promise<EstadoPeriodo> {
  const periodos = await api.post<{ _id: string; caixa: string | null; dataAbertura: string | null }[]>(
    'periodo/getPopulate',
    { filtro: { empresa: empresaId, periodoAberto: true } },
    { acao: 'ao buscar o período' },
  );
  await gravarLista('periodo', empresaId, periodos).catch(() => undefined);
  return periodoDoTerminal(periodos, caixaDoTerminal);
}
