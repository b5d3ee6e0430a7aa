import type { RelatorioDoSistema } from '@retaguarda/domain/relatorios-salvos/relatorio-salvo';

/** One line under each report of the catalogue (relatoriosDoSistema): what it answers. */
export const DESCRICOES_RELATORIOS: Record<RelatorioDoSistema, string> = {
  listaProdutosVendidos: 'Produtos vendidos no período com quantidade e valores.',
  relatorioVenda: 'Vendas com todos os totais, por dia, loja, terminal, operador, atendente, tipo e origem.',
  relatorioVendaNovo: 'As vendas em tabela dinâmica: linhas, colunas e medidas escolhidas na tela.',
  relatorioVendaFranquia: 'Vendas por loja franqueada com os percentuais de royalty e taxas do grupo.',
  relatorioVendaProdutos:
    'Quantidade, bruto, descontos, líquido, custo e margem por produto, grupo e família.',
  relatorioVendaCancelamentos: 'Cancelamentos: quem cancelou, o supervisor que liberou, motivo e valor.',
  relatorioVendaDescontos: 'Descontos concedidos: operador, supervisor, motivo, valor, venda ou item.',
  relatorioVendaTransferencias: 'Transferências de mesa e de itens entre mesas e comandas.',
  relatorioQrCode: 'Pedidos feitos por QR Code, cardápio digital e app do garçom, por origem.',
  relatorioVendaInsumos: 'Consumo de insumos pelas vendas: faturamento contra custo (food cost).',
  relatorioEstoqueInventario: 'Contagens de inventário com as diferenças e seus valores.',
  relatorioEstoqueSaidaManual: 'Saídas manuais de estoque por motivo, com custo e totais.',
  relatorioEstoqueCompras: 'Compras por fornecedor e produto, com quantidades e custos.',
  relatorioEstoqueProduto: 'Posição de estoque por produto e loja, com custo médio e valor.',
  relatorioEstoqueFluxo: 'Entradas, saídas e saldo do estoque no período.',
  relatorioMovimentacaoProdutos: 'Kardex: cada movimento de um produto com o saldo após ele.',
  relatorioEstoqueTransferencia: 'Transferências de estoque entre lojas, enviadas e recebidas.',
  relatorioFinanceiroPlanoDeContas:
    'DRE pelo plano de contas, por competência ou caixa, contra o período anterior.',
  relatorioFinanceiroPlanoDeContasTeste: 'O DRE pelo plano de contas com uma coluna por mês.',
  relatorioFinanceiroAgenda: 'Contas a pagar e a receber da agenda financeira por vencimento.',
  relatorioVendasResumoFiscal: 'Resumo fiscal das vendas: notas emitidas, canceladas, CFOP e tributos.',
  relatorioDFE: 'Documentos fiscais eletrônicos recebidos e emitidos, com a situação de cada um.',
};
