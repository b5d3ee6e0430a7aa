import { definirCatalogo, item } from './catalogo.ts';

// Permission catalogue (spec 1 section 6, spec 2 section 6). The spec fixes the module ranges and the
// number 425; every other number is our design, documented in docs/PERMISSOES.md. Numbers are a contract
// with stored access profiles: never renumber, only add inside the free numbers of a range.

export type ModuloPermissao =
  | 'general'
  | 'financial'
  | 'administrative'
  | 'products'
  | 'configuration'
  | 'report'
  | 'stock'
  | 'loyalty';

export type AcaoPermissao = 'acessar' | 'incluir' | 'alterar' | 'excluir';

export interface Permissao {
  readonly id: number;
  /** pt-BR name shown in the access-profile screen. */
  readonly permissao: string;
  readonly modulo: ModuloPermissao;
  /** Hidden from companies of a franchise-controlled group that are not 'Gestor Franquia'. */
  readonly especial: boolean;
  readonly acao?: AcaoPermissao;
  /** Route / table the permission guards, when it guards one. */
  readonly recurso?: string;
  /** Key of the named constant in PERMISSAO. */
  readonly chave: string;
}

export interface FaixaPermissao {
  readonly modulo: ModuloPermissao;
  readonly descricao: string;
  readonly inicio: number;
  readonly fim: number;
}

// Spec 1 section 6: "Sales 2-99, Finance 200-224, Administrative 400-426, Products 600-637,
// Settings 800-870, Reports 1000-1067, Stock 1200-1243, Loyalty 1500-1515".
export const FAIXAS_PERMISSAO = [
  { modulo: 'general', descricao: 'Vendas', inicio: 2, fim: 99 },
  { modulo: 'financial', descricao: 'Financeiro', inicio: 200, fim: 224 },
  { modulo: 'administrative', descricao: 'Administrativo', inicio: 400, fim: 426 },
  { modulo: 'products', descricao: 'Produtos', inicio: 600, fim: 637 },
  { modulo: 'configuration', descricao: 'Configurações', inicio: 800, fim: 870 },
  { modulo: 'report', descricao: 'Relatórios', inicio: 1000, fim: 1067 },
  { modulo: 'stock', descricao: 'Estoque', inicio: 1200, fim: 1243 },
  { modulo: 'loyalty', descricao: 'Fidelidade', inicio: 1500, fim: 1515 },
] as const satisfies readonly FaixaPermissao[];

type Def<K extends string> = Permissao & { readonly chave: K };

/** A single named permission (no CRUD block). */
function unica<const K extends string>(
  chave: K,
  id: number,
  permissao: string,
  modulo: ModuloPermissao,
  especial = false,
  extra: { acao?: AcaoPermissao; recurso?: string } = {},
): Def<K> {
  return { id, permissao, modulo, especial, chave, ...extra };
}

type Forma = 'completo' | 'compacto' | 'unico';

interface OpcoesBloco {
  /** completo: 4 numbers (acessar, incluir, alterar, excluir); compacto: acessar + one number for
   * incluir/alterar/excluir; unico: one number guards everything. */
  forma?: Forma;
  /** Especial (franchise-hidden) applies to the write actions; acessar is never especial. */
  especial?: boolean;
}

type ChavesBloco<R extends string> =
  | `${R}Acessar`
  | `${R}Incluir`
  | `${R}Alterar`
  | `${R}Excluir`
  | `${R}Manter`;
/** The keys a block really has, so `PERMISSAO.kdsSetorIncluir` (a single-number block) does not type-check. */
type ChavesDaForma<R extends string, F extends Forma> = F extends 'unico'
  ? `${R}Acessar`
  : F extends 'compacto'
    ? `${R}Acessar` | `${R}Manter`
    : `${R}Acessar` | `${R}Incluir` | `${R}Alterar` | `${R}Excluir`;

/** A block of permissions for one screen/table, numbered from `base`. */
function bloco<const R extends string, const F extends Forma = 'completo'>(
  recurso: R,
  base: number,
  nome: string,
  modulo: ModuloPermissao,
  opcoes: OpcoesBloco & { forma?: F } = {},
): Def<ChavesDaForma<R, F>>[] {
  return blocoSemTipo(recurso, base, nome, modulo, opcoes) as Def<ChavesDaForma<R, F>>[];
}

function blocoSemTipo<R extends string>(
  recurso: R,
  base: number,
  nome: string,
  modulo: ModuloPermissao,
  opcoes: OpcoesBloco,
): Def<ChavesBloco<R>>[] {
  const forma = opcoes.forma ?? 'completo';
  const especial = opcoes.especial ?? false;
  const def = (chave: ChavesBloco<R>, id: number, sufixo: string, acao: AcaoPermissao, esp: boolean) => ({
    id,
    permissao: `${nome} - ${sufixo}`,
    modulo,
    especial: esp,
    acao,
    recurso,
    chave,
  });
  if (forma === 'unico') return [def(`${recurso}Acessar`, base, 'Acessar/Manter', 'acessar', especial)];
  if (forma === 'compacto') {
    return [
      def(`${recurso}Acessar`, base, 'Acessar', 'acessar', false),
      def(`${recurso}Manter`, base + 1, 'Incluir/Alterar/Excluir', 'alterar', especial),
    ];
  }
  return [
    def(`${recurso}Acessar`, base, 'Acessar', 'acessar', false),
    def(`${recurso}Incluir`, base + 1, 'Incluir', 'incluir', especial),
    def(`${recurso}Alterar`, base + 2, 'Alterar', 'alterar', especial),
    def(`${recurso}Excluir`, base + 3, 'Excluir', 'excluir', especial),
  ];
}

const g = 'general' as const;
const VENDAS = [
  unica('abrirCaixa', 2, 'Abrir Caixa', g),
  unica('fecharCaixa', 3, 'Fechar Caixa', g),
  unica('abrirGaveta', 4, 'Abrir Gaveta', g),
  unica('descontoCadastrado', 5, 'Desconto Cadastrado (Motivo de Desconto)', g),
  unica('descontoCliente', 6, 'Desconto do Cliente', g),
  unica('descontoItem', 7, 'Desconto no Item', g),
  unica('descontoGeral', 8, 'Desconto Geral na Conta', g),
  unica('descontoMaximoDiario', 9, 'Desconto Acima do Máximo Diário', g, true),
  unica('cancelarVenda', 10, 'Cancelar Venda (Excluir Venda Confirmada)', g),
  unica('excluirVendaNaoConfirmada', 11, 'Excluir Venda Não Confirmada', g),
  unica('excluirProdutoConfirmado', 12, 'Excluir Produto Confirmado', g),
  unica('excluirProdutoNaoConfirmado', 13, 'Excluir Produto Não Confirmado', g),
  unica('excluirPagamentoConfirmado', 14, 'Excluir Pagamento Confirmado', g),
  unica('excluirPagamentoNaoConfirmado', 15, 'Excluir Pagamento Não Confirmado', g),
  unica('fecharContaComServico', 16, 'Fechar Conta com Serviço', g),
  unica('fecharContaSemServico', 17, 'Fechar Conta sem Serviço', g),
  unica('receberConta', 18, 'Receber Conta', g),
  unica('reabrirVenda', 19, 'Reabrir Venda', g),
  unica('liberarCortesia', 20, 'Liberar Cortesia', g),
  unica('sangria', 21, 'Sangria', g),
  unica('suprimento', 22, 'Suprimento', g),
  unica('transferirItem', 23, 'Transferir Item', g),
  unica('transferirMesa', 24, 'Transferir Mesa', g),
  unica('alterarTaxaEntrega', 25, 'Alterar Taxa de Entrega', g),
  unica('alterarTempoEntrega', 26, 'Alterar Tempo de Entrega', g),
  unica('alterarEmpresaEntrega', 27, 'Alterar Empresa da Entrega', g),
  unica('cancelarNfe', 28, 'Cancelar NF-e', g),
  unica('cancelarNfce', 29, 'Cancelar NFC-e', g),
  unica('desbloquearVendas', 30, 'Desbloquear Vendas', g),
  unica('desbloquearOperacao', 31, 'Desbloquear Operação', g),
  unica('desbloquearMesa', 32, 'Desbloquear Mesa', g),
  unica('gerenciarComandas', 33, 'Gerenciar Comandas', g),
  unica('bloquearComanda', 34, 'Bloquear Comanda', g),
  unica('desbloquearComanda', 35, 'Desbloquear Comanda', g),
  unica('configuracoesKds', 36, 'Configurações do KDS', g),
  unica('fidelidade', 37, 'Fidelidade (Identificar e Pontuar Cliente)', g),
  unica('incluirCashback', 38, 'Incluir Cashback', g),
  unica('removerCashback', 39, 'Remover Cashback', g),
  unica('incluirVoucher', 40, 'Incluir Voucher / Cupom de Desconto', g),
  unica('removerVoucher', 41, 'Remover Voucher / Cupom de Desconto', g),
  unica('fecharCaixaComDiferenca', 42, 'Fechar Caixa com Diferença', g),
  unica('atualizarCertificado', 43, 'Atualizar Certificado Digital', g, true),
  // Terminal functions (spec 1 section 1) as permissions of the operator.
  unica('lancarVendaBalcao', 44, 'Lançar Venda Balcão', g),
  unica('lancarMesa', 45, 'Lançar Mesa', g),
  unica('lancarComanda', 46, 'Lançar Comanda', g),
  unica('lancarDelivery', 47, 'Lançar Delivery', g),
  unica('operarCaixa', 48, 'Operar como Caixa', g),
  unica('acessarExpedicao', 49, 'Acessar Expedição', g),
  unica('acessarSaidaMotoboy', 50, 'Acessar Saída de Motoboy', g),
  unica('cadastroPortaria', 51, 'Cadastro de Portaria', g),
  unica('acessarKds', 52, 'Acessar KDS', g),
  unica('acessarFrenteLoja', 53, 'Acessar Frente Loja', g),
  unica('reimprimirConta', 54, 'Reimprimir Conta', g),
  unica('reimprimirNfce', 55, 'Reimprimir NFC-e', g),
  unica('emitirNfce', 56, 'Emitir NFC-e', g),
  unica('habilitarContingenciaNfce', 57, 'Habilitar/Desabilitar Contingência NFC-e', g),
  unica('receberConvenio', 58, 'Receber Pagamento em Convênio', g),
  unica('alterarPrecoItem', 59, 'Alterar Preço do Item na Venda', g),
  unica('modoCallCenter', 60, 'Operar em Modo Call Center', g),
];

const f = 'financial' as const;
const FINANCEIRO = [
  ...bloco('financeiroAgenda', 200, 'Agenda Financeira', f),
  ...bloco('financeiroConta', 204, 'Conta Financeira', f),
  ...bloco('financeiroMovimentacao', 208, 'Movimentação Financeira', f),
  unica('financeiroHistoricoConta', 212, 'Histórico da Conta', f),
  ...bloco('financeiroPlanoConta', 213, 'Plano de Contas', f, { especial: true }),
  ...bloco('financeiroConvenio', 217, 'Convênio (Financeiro)', f, { forma: 'compacto' }),
  ...bloco('conciliacaoCaixa', 219, 'Conciliação de Caixa', f, { forma: 'compacto' }),
  ...bloco('calendarioRecebimento', 221, 'Calendário de Recebimento e Pagamento', f, { forma: 'unico' }),
  ...bloco('financeiroResumo', 222, 'Resumo Financeiro', f, { forma: 'unico' }),
  unica('agendaProtegida', 223, 'Agenda Protegida', f),
  unica('financeiroDashboard', 224, 'Dashboard Financeiro', f),
];

const a = 'administrative' as const;
const ADMINISTRATIVO = [
  ...bloco('acessoSistema', 400, 'Perfil de Acesso', a),
  ...bloco('empresa', 404, 'Empresa', a, { especial: true }),
  ...bloco('usuarios', 408, 'Usuário', a),
  ...bloco('pessoa', 412, 'Pessoa', a),
  unica('vincularPessoaEmpresa', 416, 'Vincular Pessoa à Empresa', a),
  ...bloco('pessoaConvenio', 417, 'Convênio da Pessoa', a, { forma: 'compacto' }),
  ...bloco('empresaSimplificado', 419, 'Empresa Simplificado', a, { forma: 'compacto' }),
  ...bloco('grupoEmpresarial', 421, 'Grupo Empresarial', a, { forma: 'compacto', especial: true }),
  ...bloco('empresaNumeroNota', 423, 'Numeração de Notas da Empresa', a, { forma: 'unico', especial: true }),
  unica('acessoRetaguarda', 424, 'Acesso à Retaguarda', a),
  // Spec: "Listing a user's companies requires permission 425".
  unica('listarEmpresasUsuario', 425, 'Listar Empresas do Usuário', a),
  unica('acessoAppGestao', 426, 'Acesso ao App de Gestão', a),
];

const p = 'products' as const;
const PRODUTOS = [
  ...bloco('produtoGeral', 600, 'Produto', p, { especial: true }),
  ...bloco('produtoGeralEmpresa', 604, 'Produto por Empresa', p),
  ...bloco('produtoPromocao', 608, 'Promoção de Produto', p, { especial: true }),
  ...bloco('produtoGeralSetorEmpresa', 612, 'Setor de Produção do Produto por Empresa', p, {
    forma: 'compacto',
  }),
  ...bloco('cardapio', 614, 'Cardápio', p, { especial: true }),
  ...bloco('produtoCombo', 618, 'Combo', p, { especial: true }),
  ...bloco('vendaSugestaoProduto', 622, 'Sugestão de Venda de Produto', p, { especial: true }),
  ...bloco('correcaoProdutos', 626, 'Correção de Produtos', p, { forma: 'compacto', especial: true }),
  ...bloco('criarCardapio', 628, 'Criar Cardápio', p, { forma: 'compacto', especial: true }),
  ...bloco('conversaoTotem', 630, 'Conversão Totem', p, { forma: 'compacto' }),
  unica('visualizarPrecoCusto', 632, 'Visualizar Preço de Custo', p),
  unica('alterarPrecoVenda', 633, 'Alterar Preço de Venda', p, true),
  ...bloco('gerenciarEtiquetas', 634, 'Gerenciar Etiquetas', p, { forma: 'compacto' }),
  unica('importarProdutos', 636, 'Importar Produtos', p, true),
  unica('exportarProdutos', 637, 'Exportar Produtos', p),
];

const c = 'configuration' as const;
const CONFIGURACOES = [
  ...bloco('agrupador', 800, 'Agrupador', c, { especial: true }),
  ...bloco('caixa', 804, 'Caixa', c),
  ...bloco('formaPagamento', 808, 'Forma de Pagamento', c),
  ...bloco('tipoPagamentoBandeira', 812, 'Bandeira de Pagamento', c),
  ...bloco('impressora', 816, 'Impressora', c),
  ...bloco('operadora', 820, 'Operadora', c),
  ...bloco('setorImpressao', 824, 'Setor de Impressão', c),
  ...bloco('terminal', 828, 'Terminal', c),
  ...bloco('voucherECupomDesconto', 832, 'Voucher e Cupom de Desconto', c),
  ...bloco('configuracaoImposto', 836, 'Configuração de Imposto', c, { especial: true }),
  ...bloco('configuracaoImpostoFederal', 840, 'Configuração de Imposto Federal', c, {
    forma: 'compacto',
    especial: true,
  }),
  ...bloco('configuracaoImpostoIPI', 842, 'Configuração de IPI', c, { forma: 'compacto', especial: true }),
  ...bloco('balanca', 844, 'Balança', c, { forma: 'compacto' }),
  ...bloco('setorImpressaoProducao', 846, 'Setor de Impressão de Produção', c, { forma: 'compacto' }),
  ...bloco('periodoPorHora', 848, 'Período por Hora', c, { forma: 'compacto' }),
  ...bloco('unidadeMedida', 850, 'Unidade de Medida', c, { forma: 'compacto', especial: true }),
  ...bloco('descontoMotivo', 852, 'Motivo de Desconto', c, { forma: 'compacto' }),
  ...bloco('tabelaVenda', 854, 'Tabela de Venda', c, { forma: 'compacto', especial: true }),
  ...bloco('kdsEstacao', 856, 'KDS Estação', c, { forma: 'unico' }),
  ...bloco('kdsExpedicao', 857, 'KDS Expedição', c, { forma: 'unico' }),
  ...bloco('kdsSetor', 858, 'KDS Setor', c, { forma: 'unico' }),
  ...bloco('kdsMontagem', 859, 'KDS Montagem', c, { forma: 'unico' }),
  ...bloco('kdsTeclado', 860, 'KDS Teclado', c, { forma: 'unico' }),
  ...bloco('kdsSetorCadastroGrupo', 861, 'KDS Setor por Grupo', c, { forma: 'unico' }),
  ...bloco('baixarNotas', 862, 'Download de XML (Baixar Notas)', c, { forma: 'unico' }),
  ...bloco('entradaNotaFiscal', 863, 'Entrada de Nota Fiscal', c, { forma: 'compacto' }),
  ...bloco('emissaoNotaFiscal', 865, 'Emissão de Nota Fiscal', c, { forma: 'compacto' }),
  ...bloco('exportarDados', 867, 'Exportar Dados', c, { forma: 'unico' }),
  ...bloco('appIntegracaoDelivery', 868, 'Integrações de Aplicativos', c, { forma: 'unico' }),
  ...bloco('qrCode', 869, 'Configuração do App Garçom (QR Code)', c, { forma: 'unico' }),
  ...bloco('whatsAppPage', 870, 'Bot do WhatsApp', c, { forma: 'unico' }),
];

const r = 'report' as const;
// One access permission per report screen (spec 1 section 2); a report has nothing to insert or delete.
const ROTAS_RELATORIO = [
  ['listaProdutosVendidos', 'Lista de Produtos Vendidos'],
  ['relatorioFinanceiroPlanoDeContas', 'Relatório Financeiro por Plano de Contas'],
  ['relatorioFinanceiroPlanoDeContasTeste', 'Relatório Financeiro por Plano de Contas (Teste)'],
  ['relatorioFinanceiroAgenda', 'Relatório da Agenda Financeira'],
  ['relatorioQrCode', 'Relatório de QR Code'],
  ['relatorioVenda', 'Relatório de Vendas'],
  ['relatorioVendaNovo', 'Relatório de Vendas (Novo)'],
  ['relatorioVendaFranquia', 'Relatório de Vendas da Franquia'],
  ['relatorioVendaProdutos', 'Relatório de Vendas por Produto'],
  ['relatorioVendaInsumos', 'Relatório de Vendas por Insumo'],
  ['relatorioVendaCancelamentos', 'Relatório de Cancelamentos'],
  ['relatorioVendaDescontos', 'Relatório de Descontos'],
  ['relatorioVendaTransferencias', 'Relatório de Transferências'],
  ['relatorioVendasResumoFiscal', 'Relatório Resumo Fiscal'],
  ['relatorioEstoqueInventario', 'Relatório de Inventário'],
  ['relatorioEstoqueSaidaManual', 'Relatório de Saída Manual'],
  ['relatorioEstoqueCompras', 'Relatório de Compras'],
  ['relatorioDFE', 'Relatório de DF-e'],
  ['relatorioEstoqueProduto', 'Relatório de Estoque por Produto'],
  ['relatorioEstoqueFluxo', 'Relatório de Fluxo de Estoque'],
  ['relatorioMovimentacaoProdutos', 'Relatório de Movimentação de Produtos'],
  ['relatorioEstoqueTransferencia', 'Relatório de Transferência de Estoque'],
  ['relatoriosDoSistema', 'Relatórios do Sistema'],
] as const;
const RELATORIOS = [
  ...ROTAS_RELATORIO.map(([rota, nome], indice) =>
    unica(
      `${rota}Acessar` as const,
      1000 + indice,
      `${nome} - Acessar`,
      r,
      rota === 'relatorioVendaFranquia',
      {
        acao: 'acessar',
        recurso: rota,
      },
    ),
  ),
  ...bloco('relatoriosCriados', 1023, 'Relatórios Criados', r),
  ...bloco('dashboardDefault', 1027, 'Dashboard', r, { forma: 'unico' }),
  ...bloco('dashboardDefault2', 1028, 'Dashboard 2', r, { forma: 'unico' }),
  // 1029-1067 are free for future reports.
];

const e = 'stock' as const;
const ESTOQUE = [
  ...bloco('estoqueCadastro', 1200, 'Cadastro de Estoque', e),
  ...bloco('estoqueInventario', 1204, 'Inventário', e),
  ...bloco('estoqueSaidaManual', 1208, 'Saída Manual', e),
  ...bloco('estoqueTransferencia', 1212, 'Transferência de Estoque', e),
  ...bloco('estoquePedidoCompra', 1216, 'Pedido de Compra', e),
  ...bloco('estoqueSugestaoPedido', 1220, 'Sugestão de Pedido', e, { forma: 'compacto' }),
  ...bloco('estoqueProdutoFornecedor', 1222, 'Produto por Fornecedor', e),
  ...bloco('estoqueProdutoFatorConversao', 1226, 'Fator de Conversão', e),
  ...bloco('estoqueGerarListaReposicao', 1230, 'Gerar Lista de Reposição', e, { forma: 'compacto' }),
  ...bloco('estoquePedidoTransferencia', 1232, 'Pedido de Transferência', e),
  ...bloco('estoqueProducaoProdutos', 1236, 'Produção de Produtos', e),
  ...bloco('estoqueFichaTecnica', 1240, 'Ficha Técnica', e, { especial: true }),
];

const l = 'loyalty' as const;
const FIDELIDADE = [
  ...bloco('programaFidelidade', 1500, 'Programa de Fidelidade', l, { especial: true }),
  ...bloco('programaFidelidadePontos', 1504, 'Programa de Fidelidade - Pontos', l, { especial: true }),
  ...bloco('programaFidelidadeCashBack', 1508, 'Programa de Fidelidade - CashBack', l, { especial: true }),
  unica('ajustarSaldoPontos', 1512, 'Ajustar Saldo de Pontos', l),
  unica('ajustarSaldoCashback', 1513, 'Ajustar Saldo de CashBack', l),
  unica('resgatarPontos', 1514, 'Resgatar Pontos', l),
  unica('extratoFidelidade', 1515, 'Extrato de Fidelidade do Cliente', l),
];

const TODAS = [
  ...VENDAS,
  ...FINANCEIRO,
  ...ADMINISTRATIVO,
  ...PRODUTOS,
  ...CONFIGURACOES,
  ...RELATORIOS,
  ...ESTOQUE,
  ...FIDELIDADE,
];

export type ChavePermissao = (typeof TODAS)[number]['chave'];

/** Every permission, sorted by id. */
export const PERMISSOES: readonly Permissao[] = [...TODAS].sort((x, y) => x.id - y.id);

/** Named constants: `PERMISSAO.listarEmpresasUsuario === 425`, `PERMISSAO.formaPagamentoIncluir`, ... */
export const PERMISSAO = Object.freeze(
  Object.fromEntries(TODAS.map((def) => [def.chave, def.id])) as Record<ChavePermissao, number>,
);

const porId = new Map<number, Permissao>(PERMISSOES.map((def) => [def.id, def]));

export function permissaoPorId(id: number): Permissao | undefined {
  return porId.get(id);
}

export function permissoesDoModulo(modulo: ModuloPermissao): Permissao[] {
  return PERMISSOES.filter((def) => def.modulo === modulo);
}

export function moduloDaPermissao(id: number): ModuloPermissao | undefined {
  return FAIXAS_PERMISSAO.find((faixa) => id >= faixa.inicio && id <= faixa.fim)?.modulo;
}

export interface PermissoesRecurso {
  readonly acessar: number;
  readonly incluir: number;
  readonly alterar: number;
  readonly excluir: number;
}

// Routes that share the screen (and so the permissions) of another route (spec 1 section 2).
const APELIDOS_RECURSO = {
  solicitacaoPedidoTransferencia: 'estoquePedidoTransferencia',
  calendarioPagamento: 'calendarioRecebimento',
  // The IBPT table is tax configuration (the settings range 800-870 has no free number left).
  olhoNoImposto: 'configuracaoImposto',
} as const;

type RecursoDeBloco = ChavePermissao extends infer K ? (K extends `${infer R}Acessar` ? R : never) : never;
export type RecursoPermissao = RecursoDeBloco | keyof typeof APELIDOS_RECURSO;

function montarRecursos(): Map<string, PermissoesRecurso> {
  const mapa = new Map<string, Partial<Record<AcaoPermissao, number>>>();
  for (const def of PERMISSOES) {
    if (def.recurso === undefined || def.acao === undefined) continue;
    const atual = mapa.get(def.recurso) ?? {};
    atual[def.acao] = def.id;
    mapa.set(def.recurso, atual);
  }
  const resultado = new Map<string, PermissoesRecurso>();
  for (const [recurso, acoes] of mapa) {
    const acessar = acoes.acessar;
    if (acessar === undefined) continue;
    // compacto: the one write number guards insert, edit and delete; unico: acessar guards everything.
    const escrita = acoes.alterar ?? acessar;
    resultado.set(recurso, {
      acessar,
      incluir: acoes.incluir ?? escrita,
      alterar: escrita,
      excluir: acoes.excluir ?? escrita,
    });
  }
  for (const [apelido, recurso] of Object.entries(APELIDOS_RECURSO)) {
    const alvo = resultado.get(recurso);
    if (alvo) resultado.set(apelido, alvo);
  }
  return resultado;
}
const RECURSOS = montarRecursos();

/** Recursos (routes/tables) that have access/insert/edit/delete permissions. */
export const RECURSOS_COM_PERMISSAO: readonly string[] = [...RECURSOS.keys()];

export function recursoTemPermissoes(recurso: string): recurso is RecursoPermissao {
  return RECURSOS.has(recurso);
}

/** `permissoesDoRecurso('formaPagamento')` -> `{ acessar: 808, incluir: 809, alterar: 810, excluir: 811 }`. */
export function permissoesDoRecurso(recurso: RecursoPermissao): PermissoesRecurso {
  const encontrado = RECURSOS.get(recurso);
  if (!encontrado) throw new Error(`Recurso sem permissões: ${recurso}`);
  return encontrado;
}

export const TIPO_EMPRESA_GESTOR_FRANQUIA = 'Gestor Franquia';

/**
 * Spec 1 section 6: "When the group has franchise control and the current company is not a 'Gestor
 * Franquia', permissions flagged especial are hidden."
 */
export function permissoesVisiveis<T extends { readonly especial: boolean }>(
  lista: readonly T[],
  contexto: { controleDeFranquia?: boolean | null; tipoEmpresa?: string | null },
): T[] {
  if (contexto.controleDeFranquia === true && contexto.tipoEmpresa !== TIPO_EMPRESA_GESTOR_FRANQUIA) {
    return lista.filter((def) => !def.especial);
  }
  return [...lista];
}

// System attributions (spec 1 section 3; spec 2 section 6 spells 'Garçon', spec 1 and the brief 'Garcon').
// Only 'Motoboy' is used to list delivery people.
export const ATRIBUICOES = ['Motoboy', 'Financeiro', 'Garcon', 'Caixa', 'Supervisor Caixa'] as const;
export type Atribuicao = (typeof ATRIBUICOES)[number];
export const ATRIBUICAO = {
  motoboy: 'Motoboy',
  financeiro: 'Financeiro',
  garcon: 'Garcon',
  caixa: 'Caixa',
  supervisorCaixa: 'Supervisor Caixa',
} as const satisfies Record<string, Atribuicao>;
export const atribuicoes = definirCatalogo(
  'atribuicao',
  ATRIBUICOES.map((descricao, indice) => item('atribuicao', indice + 1, descricao)),
);

/** Markdown table of the catalogue; docs/PERMISSOES.md is this text (checked by a test). */
export function tabelaPermissoesMarkdown(): string {
  const linhas = [
    '| id | permissão | módulo | ação | recurso | especial | chave |',
    '|---:|---|---|---|---|---|---|',
  ];
  for (const def of PERMISSOES) {
    linhas.push(
      `| ${def.id} | ${def.permissao} | ${def.modulo} | ${def.acao ?? ''} | ${def.recurso ?? ''} | ${
        def.especial ? 'sim' : ''
      } | ${def.chave} |`,
    );
  }
  return linhas.join('\n');
}
