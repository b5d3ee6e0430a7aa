import { permissoesDoRecurso, recursoTemPermissoes } from '@retaguarda/domain/catalogos/permissoes';
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
}

const emConstrucao: CarregarTela = () =>
  import('../features/paginas/em-construcao-page.tsx').then((m) => ({ Component: m.EmConstrucaoPage }));

// Spec section 2: these pairs are one screen each.
const telaPedidoTransferencia = emConstrucao;
const telaCalendarioFinanceiro = emConstrucao;

type Entrada = [nome: string, titulo: string, tela?: CarregarTela];

function area(nome: Area, entradas: Entrada[]): DefinicaoRota[] {
  return entradas.map(([rota, titulo, tela]) => ({
    nome: rota,
    area: nome,
    titulo,
    permissao: recursoTemPermissoes(rota) ? permissoesDoRecurso(rota).acessar : undefined,
    status: 'Em construção',
    tela: tela ?? emConstrucao,
  }));
}

export const ROTAS: readonly DefinicaoRota[] = [
  ...area('Cadastros', [
    ['pessoa', 'Pessoas'],
    ['pessoaConvenio', 'Pessoa Convênio'],
    ['grupoEmpresarial', 'Grupo Empresarial'],
    ['empresa', 'Empresas'],
    ['empresaNumeroNota', 'Empresa Número Nota'],
    ['empresaSimplificado', 'Empresa Simplificado'],
    ['agrupador', 'Agrupadores'],
    ['formaPagamento', 'Formas de Pagamento'],
    ['tipoPagamentoBandeira', 'Tipo Pagamento Bandeira'],
    ['unidadeMedida', 'Unidades de Medida'],
    ['caixa', 'Caixas'],
    ['terminal', 'Terminais'],
    ['operadora', 'Operadoras'],
    ['setorImpressao', 'Setores de Impressão'],
    ['setorImpressaoProducao', 'Setores de Impressão Produção'],
    ['periodoPorHora', 'Período por Hora'],
    ['voucherECupomDesconto', 'Voucher e Cupom de Desconto'],
    ['impressora', 'Impressoras'],
    ['descontoMotivo', 'Motivos de Desconto'],
    ['usuarios', 'Usuários'],
    ['acessoSistema', 'Acesso ao Sistema'],
    ['tabelaVenda', 'Tabela de Venda'],
  ]),
  ...area('Fidelidade', [
    ['programaFidelidade', 'Programa Fidelidade'],
    ['programaFidelidadePontos', 'Programa Fidelidade Pontos'],
    ['programaFidelidadeCashBack', 'Programa Fidelidade CashBack'],
  ]),
  ...area('KDS', [
    ['kdsEstacao', 'KDS Estação'],
    ['kdsExpedicao', 'KDS Expedição'],
    ['kdsSetor', 'KDS Setor'],
    ['kdsMontagem', 'KDS Montagem'],
    ['kdsTeclado', 'KDS Teclado'],
    ['kdsSetorCadastroGrupo', 'KDS Setor Cadastro Grupo'],
  ]),
  ...area('Outros', [
    ['conversaoTotem', 'Conversão Totem'],
    ['gerenciarEtiquetas', 'Gerenciar Etiquetas'],
    ['criarCardapio', 'Criar Cardápio'],
    ['balanca', 'Balança'],
    ['qrCode', 'QR Code (App Garçom)'],
    ['whatsAppPage', 'WhatsApp (Robô)'],
  ]),
  ...area('Produtos', [
    ['produtoGeral', 'Produto Geral'],
    ['produtoGeralEmpresa', 'Produto Geral Empresa'],
    ['produtoPromocao', 'Promoções'],
    ['produtoGeralSetorEmpresa', 'Produto Setor Empresa'],
    ['cardapio', 'Cardápio'],
    ['produtoCombo', 'Combos'],
    ['vendaSugestaoProduto', 'Sugestão de Produto'],
    ['correcaoProdutos', 'Correção de Produtos'],
  ]),
  ...area('Impostos', [
    ['configuracaoImposto', 'Configuração de Imposto'],
    ['configuracaoImpostoFederal', 'Configuração de Imposto Federal'],
    ['configuracaoImpostoIPI', 'Configuração de Imposto IPI'],
  ]),
  ...area('Notas Fiscais', [
    ['entradaNotaFiscal', 'Entrada de Nota Fiscal'],
    ['emissaoNotaFiscal', 'Emissão de Nota Fiscal'],
    ['exportarDados', 'Exportar Dados'],
    ['baixarNotas', 'Baixar Notas'],
  ]),
  ...area('Estoque', [
    ['estoqueCadastro', 'Estoque Cadastro'],
    ['estoqueInventario', 'Inventário'],
    ['estoqueSaidaManual', 'Saída Manual'],
    ['estoqueTransferencia', 'Transferência'],
    ['estoquePedidoCompra', 'Pedido de Compra'],
    ['estoqueSugestaoPedido', 'Sugestão de Pedido'],
    ['estoqueProdutoFornecedor', 'Produto Fornecedor'],
    ['estoqueProdutoFatorConversao', 'Fator de Conversão'],
    ['estoqueGerarListaReposicao', 'Gerar Lista de Reposição'],
    ['estoquePedidoTransferencia', 'Pedido de Transferência', telaPedidoTransferencia],
    ['solicitacaoPedidoTransferencia', 'Solicitação de Pedido de Transferência', telaPedidoTransferencia],
    ['estoqueProducaoProdutos', 'Produção de Produtos'],
    ['estoqueFichaTecnica', 'Ficha Técnica'],
  ]),
  ...area('Financeiro', [
    ['financeiroResumo', 'Resumo Financeiro'],
    ['financeiroAgenda', 'Agenda Financeira'],
    ['financeiroConta', 'Contas'],
    ['financeiroPlanoConta', 'Plano de Contas'],
    ['financeiroMovimentacao', 'Movimentação Financeira'],
    ['conciliacaoCaixa', 'Conciliação de Caixa'],
    ['calendarioRecebimento', 'Calendário de Recebimento', telaCalendarioFinanceiro],
    ['calendarioPagamento', 'Calendário de Pagamento', telaCalendarioFinanceiro],
  ]),
  ...area('Integrações', [
    ['appSistema', 'App Sistema'],
    ['appTerceiros', 'App Terceiros'],
    ['appTerceirosCadastro', 'App Terceiros Cadastro'],
    ['appIntegracaoDelivery', 'Integração Delivery'],
  ]),
  ...area('Relatórios', [
    ['listaProdutosVendidos', 'Lista de Produtos Vendidos'],
    ['relatorioFinanceiroPlanoDeContas', 'Relatório Financeiro Plano de Contas'],
    ['relatorioFinanceiroPlanoDeContasTeste', 'Relatório Financeiro Plano de Contas (Teste)'],
    ['relatorioFinanceiroAgenda', 'Relatório Financeiro Agenda'],
    ['relatorioQrCode', 'Relatório QR Code'],
    ['relatorioVenda', 'Relatório de Vendas'],
    ['relatorioVendaNovo', 'Relatório de Vendas (Novo)'],
    ['relatorioVendaFranquia', 'Relatório de Vendas Franquia'],
    ['relatorioVendaProdutos', 'Relatório de Vendas por Produto'],
    ['relatorioVendaInsumos', 'Relatório de Vendas Insumos'],
    ['relatorioVendaCancelamentos', 'Relatório de Cancelamentos'],
    ['relatorioVendaDescontos', 'Relatório de Descontos'],
    ['relatorioVendaTransferencias', 'Relatório de Transferências'],
    ['relatorioVendasResumoFiscal', 'Resumo Fiscal de Vendas'],
    ['relatorioEstoqueInventario', 'Relatório de Inventário'],
    ['relatorioEstoqueSaidaManual', 'Relatório de Saída Manual'],
    ['relatorioEstoqueCompras', 'Relatório de Compras'],
    ['relatorioDFE', 'Relatório DF-e'],
    ['relatorioEstoqueProduto', 'Relatório de Estoque por Produto'],
    ['relatorioEstoqueFluxo', 'Relatório de Fluxo de Estoque'],
    ['relatorioMovimentacaoProdutos', 'Relatório de Movimentação de Produtos'],
    ['relatorioEstoqueTransferencia', 'Relatório de Transferência de Estoque'],
    ['relatoriosDoSistema', 'Relatórios do Sistema'],
    ['relatoriosCriados', 'Relatórios Criados'],
  ]),
  ...area('Dashboards', [
    ['dashboardDefault', 'Dashboard'],
    ['dashboardDefault2', 'Dashboard 2'],
  ]),
];

export function rotaPorNome(nome: string): DefinicaoRota | undefined {
  return ROTAS.find((rota) => rota.nome === nome);
}

export function podeAcessar(rota: DefinicaoRota, permissoes: ReadonlySet<number> | undefined): boolean {
  return rota.permissao === undefined || (permissoes?.has(rota.permissao) ?? false);
}
