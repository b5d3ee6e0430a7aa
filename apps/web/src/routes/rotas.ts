import {
  PERMISSAO,
  permissoesDoRecurso,
  recursoTemPermissoes,
} from '@retaguarda/domain/catalogos/permissoes';
import type { ComponentType } from 'react';

// Every back-office route of spec section 2, in ONE place. A later issue that builds a screen
// replaces the `tela` (and `status`) of its entry; menu, router, guard and docs/ROUTES.md follow.

export const AREAS = [
  'Cadastros',
  'Fidelidade',
  'KDS',
  'Outros',
  'Produtos',
  'Impostos',
  'Notas Fiscais',
  'Estoque',
  'Financeiro',
  'Integrações',
  'Relatórios',
  'Dashboards',
] as const;

export type Area = (typeof AREAS)[number];

export type StatusRota = 'Em construção' | 'Pronta';

export type CarregarTela = () => Promise<{ Component: ComponentType }>;

export interface DefinicaoRota {
  /** Path segment and spec route name, e.g. 'formaPagamento'. */
  nome: string;
  area: Area;
  titulo: string;
  /**
   * Access permission ('acessar' of the route in the domain permission catalogue); undefined when the
   * catalogue has none for the route: any logged-in user may open it.
   */
  permissao?: number;
  status: StatusRota;
  tela: CarregarTela;
  /** A screen of ours beyond spec section 2 (the spec test lists these apart). */
  extensao?: true;
}

const emConstrucao: CarregarTela = () =>
  import('../features/paginas/em-construcao-page.tsx').then((m) => ({ Component: m.EmConstrucaoPage }));

/**
 * The generic list/form of the registered resource of the same name (apps/web/src/features/recursos), with
 * the optional override apps/web/src/recursos/<rota>.tsx.
 */
export const RECURSO: CarregarTela = () => Promise.reject(new Error('marcador: substituído em area()'));
const telaRecurso =
  (rota: string): CarregarTela =>
  () =>
    import('../features/recursos/tela-recurso.tsx').then((m) => m.carregarTelaRecurso(rota));

// Event reports of issue 19 (apps/web/src/features/relatorios-eventos).
const telaRelatorioEventos =
  (
    nome:
      | 'RelatorioCancelamentosPage'
      | 'RelatorioDescontosPage'
      | 'RelatorioTransferenciasPage'
      | 'RelatorioQrCodePage',
  ): CarregarTela =>
  () =>
    import('../features/relatorios-eventos/relatorios.tsx').then((m) => ({ Component: m[nome] }));

// Sales reports of issue 19 (apps/web/src/features/relatorios-vendas), one module per screen.
const telaRelatorioVenda: CarregarTela = () =>
  import('../features/relatorios-vendas/relatorio-venda-page.tsx').then((m) => ({
    Component: m.RelatorioVendaPage,
  }));
const telaRelatorioVendaNovo: CarregarTela = () =>
  import('../features/relatorios-vendas/relatorio-venda-novo-page.tsx').then((m) => ({
    Component: m.RelatorioVendaNovoPage,
  }));
const telaRelatorioVendaProdutos: CarregarTela = () =>
  import('../features/relatorios-vendas/relatorio-venda-produtos-page.tsx').then((m) => ({
    Component: m.RelatorioVendaProdutosPage,
  }));
const telaListaProdutosVendidos: CarregarTela = () =>
  import('../features/relatorios-vendas/lista-produtos-vendidos-page.tsx').then((m) => ({
    Component: m.ListaProdutosVendidosPage,
  }));
const telaRelatorioVendaFranquia: CarregarTela = () =>
  import('../features/relatorios-vendas/relatorio-venda-franquia-page.tsx').then((m) => ({
    Component: m.RelatorioVendaFranquiaPage,
  }));

// Scale item files of issue 20 (apps/web/src/features/balanca).
const telaBalanca: CarregarTela = () =>
  import('../features/balanca/balanca-page.tsx').then((m) => ({ Component: m.BalancaPage }));
// Shelf and product labels of issue 20 (apps/web/src/features/etiquetas).
const telaEtiquetas: CarregarTela = () =>
  import('../features/etiquetas/etiquetas-page.tsx').then((m) => ({ Component: m.EtiquetasPage }));

// Delivery-app screens of issue 20 (apps/web/src/features/delivery-apps).
const telaAppSistema: CarregarTela = () =>
  import('../features/delivery-apps/app-sistema-page.tsx').then((m) => ({ Component: m.AppSistemaPage }));
const telaAppTerceiros: CarregarTela = () =>
  import('../features/delivery-apps/app-terceiros-page.tsx').then((m) => ({ Component: m.AppTerceirosPage }));
const telaAppTerceirosCadastro: CarregarTela = () =>
  import('../features/delivery-apps/app-terceiros-cadastro-page.tsx').then((m) => ({
    Component: m.AppTerceirosCadastroPage,
  }));
const telaIntegracaoDelivery: CarregarTela = () =>
  import('../features/delivery-apps/integracao-delivery-page.tsx').then((m) => ({
    Component: m.IntegracaoDeliveryPage,
  }));

// Fiscal screens of issue 7 (apps/web/src/features/fiscal).
const telaEmissaoNotaFiscal: CarregarTela = () =>
  import('../features/fiscal/emissao-nota-fiscal-page.tsx').then((m) => ({
    Component: m.EmissaoNotaFiscalPage,
  }));
const telaEmpresaNumeroNota: CarregarTela = () =>
  import('../features/fiscal/empresa-numero-nota-page.tsx').then((m) => ({
    Component: m.EmpresaNumeroNotaPage,
  }));
const telaEntradaNotaFiscal: CarregarTela = () =>
  import('../features/fiscal/entrada-nota-fiscal-page.tsx').then((m) => ({
    Component: m.EntradaNotaFiscalPage,
  }));
const telaBaixarNotas: CarregarTela = () =>
  import('../features/fiscal/download-periodo-page.tsx').then((m) => ({ Component: m.BaixarNotasPage }));
const telaExportarDados: CarregarTela = () =>
  import('../features/fiscal/download-periodo-page.tsx').then((m) => ({ Component: m.ExportarDadosPage }));
const telaResumoFiscal: CarregarTela = () =>
  import('../features/fiscal/relatorio-resumo-fiscal-page.tsx').then((m) => ({
    Component: m.RelatorioVendasResumoFiscalPage,
  }));
const telaRelatorioDfe: CarregarTela = () =>
  import('../features/fiscal/relatorio-dfe-page.tsx').then((m) => ({ Component: m.RelatorioDfePage }));

// Stock ledger screens of issue 17 (apps/web/src/features/estoque-movimentos).
const telaSaidaManual: CarregarTela = () =>
  import('../features/estoque-movimentos/saida-manual-page.tsx').then((m) => ({
    Component: m.SaidaManualPage,
  }));
const telaKardex: CarregarTela = () =>
  import('../features/estoque-movimentos/kardex-page.tsx').then((m) => ({ Component: m.KardexPage }));
const telaPosicaoEstoque: CarregarTela = () =>
  import('../features/estoque-movimentos/posicao-page.tsx').then((m) => ({
    Component: m.PosicaoEstoquePage,
  }));

const telaRelatorioSaidaManual: CarregarTela = () =>
  import('../features/estoque-movimentos/relatorio-saida-manual-page.tsx').then((m) => ({
    Component: m.RelatorioSaidaManualPage,
  }));

// Stock count of issue 17 (apps/web/src/features/estoque-inventario).
const telaInventario: CarregarTela = () =>
  import('../features/estoque-inventario/inventario-page.tsx').then((m) => ({ Component: m.InventarioPage }));
const telaRelatorioInventario: CarregarTela = () =>
  import('../features/estoque-inventario/relatorio-inventario-page.tsx').then((m) => ({
    Component: m.RelatorioInventarioPage,
  }));

// Purchases of issue 17 (apps/web/src/features/estoque-compras).
const telaPedidoCompra: CarregarTela = () =>
  import('../features/estoque-compras/pedido-compra-page.tsx').then((m) => ({
    Component: m.PedidoCompraPage,
  }));
const telaRelatorioCompras: CarregarTela = () =>
  import('../features/estoque-compras/relatorio-compras-page.tsx').then((m) => ({
    Component: m.RelatorioComprasPage,
  }));

// Production orders and the stock flow / food-cost reports (issue 17).
const telaProducao: CarregarTela = () =>
  import('../features/estoque-producao/producao-page.tsx').then((m) => ({ Component: m.ProducaoPage }));
const telaRelatorioFluxoEstoque: CarregarTela = () =>
  import('../features/estoque-relatorios/fluxo-page.tsx').then((m) => ({
    Component: m.RelatorioFluxoEstoquePage,
  }));
const telaRelatorioVendaInsumos: CarregarTela = () =>
  import('../features/estoque-relatorios/venda-insumos-page.tsx').then((m) => ({
    Component: m.RelatorioVendaInsumosPage,
  }));

// Finance DRE reports and summary of issue 18 (apps/web/src/features/financeiro-relatorios, financeiro-resumo).
const telaDre: CarregarTela = () =>
  import('../features/financeiro-relatorios/dre-page.tsx').then((m) => ({
    Component: m.RelatorioPlanoDeContasPage,
  }));
const telaDreMeses: CarregarTela = () =>
  import('../features/financeiro-relatorios/dre-page.tsx').then((m) => ({
    Component: m.RelatorioPlanoDeContasTestePage,
  }));
const telaResumoFinanceiro: CarregarTela = () =>
  import('../features/financeiro-resumo/resumo-page.tsx').then((m) => ({
    Component: m.ResumoFinanceiroPage,
  }));

/** A screen beyond spec section 2: its own access permission, always built. */
function extensao(
  nomeArea: Area,
  nome: string,
  titulo: string,
  permissao: number,
  tela: CarregarTela,
): DefinicaoRota {
  return { nome, area: nomeArea, titulo, permissao, status: 'Pronta', tela, extensao: true };
}

// Stock transfers of issue 17 (apps/web/src/features/estoque-transferencias).
const telaTransferencia: CarregarTela = () =>
  import('../features/estoque-transferencias/transferencias-page.tsx').then((m) => ({
    Component: m.TransferenciasPage,
  }));
const telaListaReposicao: CarregarTela = () =>
  import('../features/estoque-transferencias/lista-reposicao-page.tsx').then((m) => ({
    Component: m.ListaReposicaoPage,
  }));
const telaRelatorioTransferencia: CarregarTela = () =>
  import('../features/estoque-transferencias/relatorio-transferencia-page.tsx').then((m) => ({
    Component: m.RelatorioTransferenciaPage,
  }));

// Spec section 2: these pairs are one screen each.
const telaPedidoTransferencia: CarregarTela = () =>
  import('../features/estoque-transferencias/pedidos-page.tsx').then((m) => ({
    Component: m.PedidosTransferenciaPage,
  }));
const telaAgendaFinanceira: CarregarTela = () =>
  import('../features/financeiro-agenda/agenda-page.tsx').then((m) => ({ Component: m.AgendaPage }));
const telaRelatorioAgendaFinanceira: CarregarTela = () =>
  import('../features/financeiro-agenda/relatorio-agenda-page.tsx').then((m) => ({
    Component: m.RelatorioAgendaPage,
  }));
const telaCalendarioFinanceiro: CarregarTela = () =>
  import('../features/financeiro-calendario/calendario-page.tsx').then((m) => ({
    Component: m.CalendarioFinanceiroPage,
  }));

// Chart of accounts and account statement of issue 18 (apps/web/src/features/financeiro-contas, -movimentacao).
const telaPlanoContas: CarregarTela = () =>
  import('../features/financeiro-contas/plano-contas-page.tsx').then((m) => ({
    Component: m.PlanoContasPage,
  }));
const telaMovimentacaoFinanceira: CarregarTela = () =>
  import('../features/financeiro-movimentacao/movimentacao-page.tsx').then((m) => ({
    Component: m.MovimentacaoPage,
  }));

// Sales dashboards of issue 19 (apps/web/src/features/dashboard).
const telaDashboard: CarregarTela = () =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage }));
const telaDashboard2: CarregarTela = () =>
  import('../features/dashboard/dashboard2-page.tsx').then((m) => ({ Component: m.Dashboard2Page }));

type Entrada = [nome: string, titulo: string, tela?: CarregarTela];

function area(nome: Area, entradas: Entrada[]): DefinicaoRota[] {
  return entradas.map(([rota, titulo, tela]) => ({
    nome: rota,
    area: nome,
    titulo,
    permissao: recursoTemPermissoes(rota) ? permissoesDoRecurso(rota).acessar : undefined,
    status: tela === undefined || tela === emConstrucao ? 'Em construção' : 'Pronta',
    tela: tela === RECURSO ? telaRecurso(rota) : (tela ?? emConstrucao),
  }));
}

export const ROTAS: readonly DefinicaoRota[] = [
  ...area('Cadastros', [
    ['pessoa', 'Pessoas', RECURSO],
    ['pessoaConvenio', 'Pessoa Convênio', RECURSO],
    ['grupoEmpresarial', 'Grupo Empresarial', RECURSO],
    ['empresa', 'Empresas', RECURSO],
    ['empresaNumeroNota', 'Empresa Número Nota', telaEmpresaNumeroNota],
    ['empresaSimplificado', 'Empresa Simplificado', RECURSO],
    ['agrupador', 'Agrupadores', RECURSO],
    ['formaPagamento', 'Formas de Pagamento', RECURSO],
    ['tipoPagamentoBandeira', 'Tipo Pagamento Bandeira', RECURSO],
    ['unidadeMedida', 'Unidades de Medida', RECURSO],
    ['caixa', 'Caixas', RECURSO],
    ['terminal', 'Terminais', RECURSO],
    ['operadora', 'Operadoras', RECURSO],
    ['setorImpressao', 'Setores de Impressão', RECURSO],
    ['setorImpressaoProducao', 'Setores de Impressão Produção', RECURSO],
    ['periodoPorHora', 'Período por Hora', RECURSO],
    ['voucherECupomDesconto', 'Voucher e Cupom de Desconto', RECURSO],
    ['impressora', 'Impressoras', RECURSO],
    ['descontoMotivo', 'Motivos de Desconto', RECURSO],
    ['usuarios', 'Usuários', RECURSO],
    ['acessoSistema', 'Acesso ao Sistema', RECURSO],
    ['tabelaVenda', 'Tabela de Venda', RECURSO],
  ]),
  // Preview of every receipt layout per printer model, and a test print (issue 6); who may see the printers
  // may see their layouts.
  extensao('Cadastros', 'layoutsImpressao', 'Layouts de Impressão', PERMISSAO.impressoraAcessar, () =>
    import('../features/impressao/layouts-impressao-page.tsx').then((m) => ({
      Component: m.LayoutsImpressaoPage,
    })),
  ),
  // The print agents of the store (issue 14 point 5): their own tokens, listed and revoked here.
  extensao('Cadastros', 'agentesImpressao', 'Agentes de Impressão', PERMISSAO.impressoraAlterar, () =>
    import('../features/impressao/agentes-impressao-page.tsx').then((m) => ({
      Component: m.AgentesImpressaoPage,
    })),
  ),
  ...area('Fidelidade', [
    ['programaFidelidade', 'Programa Fidelidade'],
    ['programaFidelidadePontos', 'Programa Fidelidade Pontos'],
    ['programaFidelidadeCashBack', 'Programa Fidelidade CashBack'],
  ]),
  ...area('KDS', [
    ['kdsEstacao', 'KDS Estação', RECURSO],
    ['kdsExpedicao', 'KDS Expedição', RECURSO],
    ['kdsSetor', 'KDS Setor', RECURSO],
    ['kdsMontagem', 'KDS Montagem', RECURSO],
    ['kdsTeclado', 'KDS Teclado', RECURSO],
    ['kdsSetorCadastroGrupo', 'KDS Setor Cadastro Grupo', RECURSO],
  ]),
  ...area('Outros', [
    ['conversaoTotem', 'Conversão Totem'],
    ['gerenciarEtiquetas', 'Gerenciar Etiquetas', telaEtiquetas],
    ['criarCardapio', 'Criar Cardápio', RECURSO],
    ['balanca', 'Balança', telaBalanca],
    ['qrCode', 'QR Code (App Garçom)'],
    ['whatsAppPage', 'WhatsApp (Robô)'],
  ]),
  ...area('Produtos', [
    ['produtoGeral', 'Produto Geral', RECURSO],
    ['produtoGeralEmpresa', 'Produto Geral Empresa', RECURSO],
    ['produtoPromocao', 'Promoções', RECURSO],
    ['produtoGeralSetorEmpresa', 'Produto Setor Empresa', RECURSO],
    ['cardapio', 'Cardápio', RECURSO],
    ['produtoCombo', 'Combos', RECURSO],
    ['vendaSugestaoProduto', 'Sugestão de Produto', RECURSO],
    [
      'correcaoProdutos',
      'Correção de Produtos',
      () =>
        import('../features/correcao-produtos/correcao-produtos-page.tsx').then((m) => ({
          Component: m.CorrecaoProdutosPage,
        })),
    ],
  ]),
  ...area('Impostos', [
    ['configuracaoImposto', 'Configuração de Imposto', RECURSO],
    ['configuracaoImpostoFederal', 'Configuração de Imposto Federal', RECURSO],
    ['configuracaoImpostoIPI', 'Configuração de Imposto IPI', RECURSO],
  ]),
  ...area('Notas Fiscais', [
    ['entradaNotaFiscal', 'Entrada de Nota Fiscal', telaEntradaNotaFiscal],
    ['emissaoNotaFiscal', 'Emissão de Nota Fiscal', telaEmissaoNotaFiscal],
    ['exportarDados', 'Exportar Dados', telaExportarDados],
    ['baixarNotas', 'Baixar Notas', telaBaixarNotas],
  ]),
  ...area('Estoque', [
    ['estoqueCadastro', 'Estoque Cadastro', RECURSO],
    ['estoqueInventario', 'Inventário', telaInventario],
    ['estoqueSaidaManual', 'Saída Manual', telaSaidaManual],
    ['estoqueTransferencia', 'Transferência', telaTransferencia],
    ['estoquePedidoCompra', 'Pedido de Compra', telaPedidoCompra],
    [
      'estoqueSugestaoPedido',
      'Sugestão de Pedido',
      () =>
        import('../features/estoque-sugestao/sugestao-pedido-page.tsx').then((m) => ({
          Component: m.SugestaoPedidoPage,
        })),
    ],
    ['estoqueProdutoFornecedor', 'Produto Fornecedor', RECURSO],
    ['estoqueProdutoFatorConversao', 'Fator de Conversão', RECURSO],
    ['estoqueGerarListaReposicao', 'Gerar Lista de Reposição', telaListaReposicao],
    ['estoquePedidoTransferencia', 'Pedido de Transferência', telaPedidoTransferencia],
    ['solicitacaoPedidoTransferencia', 'Solicitação de Pedido de Transferência', telaPedidoTransferencia],
    ['estoqueProducaoProdutos', 'Produção de Produtos', telaProducao],
    ['estoqueFichaTecnica', 'Ficha Técnica', RECURSO],
  ]),
  ...area('Financeiro', [
    ['financeiroResumo', 'Resumo Financeiro', telaResumoFinanceiro],
    ['financeiroAgenda', 'Agenda Financeira', telaAgendaFinanceira],
    ['financeiroConta', 'Contas', RECURSO],
    ['financeiroPlanoConta', 'Plano de Contas', telaPlanoContas],
    ['financeiroMovimentacao', 'Movimentação Financeira', telaMovimentacaoFinanceira],
    [
      'conciliacaoCaixa',
      'Conciliação de Caixa',
      () =>
        import('../features/conciliacao-caixa/conciliacao-caixa-page.tsx').then((m) => ({
          Component: m.ConciliacaoCaixaPage,
        })),
    ],
    ['calendarioRecebimento', 'Calendário de Recebimento', telaCalendarioFinanceiro],
    ['calendarioPagamento', 'Calendário de Pagamento', telaCalendarioFinanceiro],
  ]),
  ...area('Integrações', [
    ['appSistema', 'App Sistema', telaAppSistema],
    ['appTerceiros', 'App Terceiros', telaAppTerceiros],
    ['appTerceirosCadastro', 'App Terceiros Cadastro', telaAppTerceirosCadastro],
    ['appIntegracaoDelivery', 'Integração Delivery', telaIntegracaoDelivery],
  ]),
  ...area('Relatórios', [
    ['listaProdutosVendidos', 'Lista de Produtos Vendidos', telaListaProdutosVendidos],
    ['relatorioFinanceiroPlanoDeContas', 'Relatório Financeiro Plano de Contas', telaDre],
    ['relatorioFinanceiroPlanoDeContasTeste', 'Relatório Financeiro Plano de Contas (Teste)', telaDreMeses],
    ['relatorioFinanceiroAgenda', 'Relatório Financeiro Agenda', telaRelatorioAgendaFinanceira],
    ['relatorioQrCode', 'Relatório QR Code', telaRelatorioEventos('RelatorioQrCodePage')],
    ['relatorioVenda', 'Relatório de Vendas', telaRelatorioVenda],
    ['relatorioVendaNovo', 'Relatório de Vendas (Novo)', telaRelatorioVendaNovo],
    ['relatorioVendaFranquia', 'Relatório de Vendas Franquia', telaRelatorioVendaFranquia],
    ['relatorioVendaProdutos', 'Relatório de Vendas por Produto', telaRelatorioVendaProdutos],
    ['relatorioVendaInsumos', 'Relatório de Vendas Insumos', telaRelatorioVendaInsumos],
    [
      'relatorioVendaCancelamentos',
      'Relatório de Cancelamentos',
      telaRelatorioEventos('RelatorioCancelamentosPage'),
    ],
    ['relatorioVendaDescontos', 'Relatório de Descontos', telaRelatorioEventos('RelatorioDescontosPage')],
    [
      'relatorioVendaTransferencias',
      'Relatório de Transferências',
      telaRelatorioEventos('RelatorioTransferenciasPage'),
    ],
    ['relatorioVendasResumoFiscal', 'Resumo Fiscal de Vendas', telaResumoFiscal],
    ['relatorioEstoqueInventario', 'Relatório de Inventário', telaRelatorioInventario],
    ['relatorioEstoqueSaidaManual', 'Relatório de Saída Manual', telaRelatorioSaidaManual],
    ['relatorioEstoqueCompras', 'Relatório de Compras', telaRelatorioCompras],
    ['relatorioDFE', 'Relatório DF-e', telaRelatorioDfe],
    ['relatorioEstoqueProduto', 'Relatório de Estoque por Produto', telaPosicaoEstoque],
    ['relatorioEstoqueFluxo', 'Relatório de Fluxo de Estoque', telaRelatorioFluxoEstoque],
    ['relatorioMovimentacaoProdutos', 'Relatório de Movimentação de Produtos', telaKardex],
    ['relatorioEstoqueTransferencia', 'Relatório de Transferência de Estoque', telaRelatorioTransferencia],
    [
      'relatoriosDoSistema',
      'Relatórios do Sistema',
      () =>
        import('../features/relatorios-catalogo/relatorios-do-sistema-page.tsx').then((m) => ({
          Component: m.RelatoriosDoSistemaPage,
        })),
    ],
    [
      'relatoriosCriados',
      'Relatórios Criados',
      () =>
        import('../features/relatorios-catalogo/relatorios-criados-page.tsx').then((m) => ({
          Component: m.RelatoriosCriadosPage,
        })),
    ],
  ]),
  ...area('Dashboards', [
    ['dashboardDefault', 'Dashboard', telaDashboard],
    ['dashboardDefault2', 'Dashboard 2', telaDashboard2],
  ]),
];

export function rotaPorNome(nome: string): DefinicaoRota | undefined {
  return ROTAS.find((rota) => rota.nome === nome);
}

export function podeAcessar(rota: DefinicaoRota, permissoes: ReadonlySet<number> | undefined): boolean {
  return rota.permissao === undefined || (permissoes?.has(rota.permissao) ?? false);
}
