import { describe, expect, it } from 'vitest';
import rotasMd from '../../../../docs/ROUTES.md?raw';
import { AREAS, ROTAS, rotaPorNome } from './rotas.ts';
import { rotasMarkdown } from './rotas-markdown.ts';

// Spec section 2, area by area, copied from the table.
const SPEC: Record<(typeof AREAS)[number], string> = {
  Cadastros:
    'pessoa, pessoaConvenio, grupoEmpresarial, empresa, empresaNumeroNota, empresaSimplificado, agrupador, formaPagamento, tipoPagamentoBandeira, unidadeMedida, caixa, terminal, operadora, setorImpressao, setorImpressaoProducao, periodoPorHora, voucherECupomDesconto, impressora, descontoMotivo, usuarios, acessoSistema, tabelaVenda',
  Fidelidade: 'programaFidelidade, programaFidelidadePontos, programaFidelidadeCashBack',
  KDS: 'kdsEstacao, kdsExpedicao, kdsSetor, kdsMontagem, kdsTeclado, kdsSetorCadastroGrupo',
  Outros: 'conversaoTotem, gerenciarEtiquetas, criarCardapio, balanca, qrCode, whatsAppPage',
  Produtos:
    'produtoGeral, produtoGeralEmpresa, produtoPromocao, produtoGeralSetorEmpresa, cardapio, produtoCombo, vendaSugestaoProduto, correcaoProdutos',
  Impostos: 'configuracaoImposto, configuracaoImpostoFederal, configuracaoImpostoIPI',
  'Notas Fiscais': 'entradaNotaFiscal, emissaoNotaFiscal, exportarDados, baixarNotas',
  Estoque:
    'estoqueCadastro, estoqueInventario, estoqueSaidaManual, estoqueTransferencia, estoquePedidoCompra, estoqueSugestaoPedido, estoqueProdutoFornecedor, estoqueProdutoFatorConversao, estoqueGerarListaReposicao, estoquePedidoTransferencia, solicitacaoPedidoTransferencia, estoqueProducaoProdutos, estoqueFichaTecnica',
  Financeiro:
    'financeiroResumo, financeiroAgenda, financeiroConta, financeiroPlanoConta, financeiroMovimentacao, conciliacaoCaixa, calendarioRecebimento, calendarioPagamento',
  Integrações: 'appSistema, appTerceiros, appTerceirosCadastro, appIntegracaoDelivery',
  Relatórios:
    'listaProdutosVendidos, relatorioFinanceiroPlanoDeContas, relatorioFinanceiroPlanoDeContasTeste, relatorioFinanceiroAgenda, relatorioQrCode, relatorioVenda, relatorioVendaNovo, relatorioVendaFranquia, relatorioVendaProdutos, relatorioVendaInsumos, relatorioVendaCancelamentos, relatorioVendaDescontos, relatorioVendaTransferencias, relatorioVendasResumoFiscal, relatorioEstoqueInventario, relatorioEstoqueSaidaManual, relatorioEstoqueCompras, relatorioDFE, relatorioEstoqueProduto, relatorioEstoqueFluxo, relatorioMovimentacaoProdutos, relatorioEstoqueTransferencia, relatoriosDoSistema, relatoriosCriados',
  Dashboards: 'dashboardDefault, dashboardDefault2',
};

describe('route data file', () => {
  it.each(AREAS)('area %s has exactly the routes of spec section 2, in order', (area) => {
    const nomes = ROTAS.filter((r) => r.area === area && !r.extensao).map((r) => r.nome);
    expect(nomes).toEqual(SPEC[area].split(', '));
  });

  it('screens beyond the spec are marked, with their own permission', () => {
    expect(ROTAS.filter((r) => r.extensao).map((r) => [r.nome, r.area, r.permissao, r.status])).toEqual([
      ['layoutsImpressao', 'Cadastros', 816, 'Pronta'],
      ['agentesImpressao', 'Cadastros', 818, 'Pronta'],
    ]);
  });

  it('has each route once, with a title and a loader', () => {
    expect(new Set(ROTAS.map((r) => r.nome)).size).toBe(ROTAS.length);
    expect(ROTAS.filter((r) => !r.extensao)).toHaveLength(103);
    for (const rota of ROTAS) {
      expect(rota.titulo.trim()).not.toBe('');
      expect(typeof rota.tela).toBe('function');
    }
  });

  it('estoquePedidoTransferencia/solicitacaoPedidoTransferencia and the two calendars share a screen', () => {
    expect(rotaPorNome('estoquePedidoTransferencia')?.tela).toBe(
      rotaPorNome('solicitacaoPedidoTransferencia')?.tela,
    );
    expect(rotaPorNome('calendarioRecebimento')?.tela).toBe(rotaPorNome('calendarioPagamento')?.tela);
  });

  it('guards the routes with the access permission of the domain catalogue', () => {
    expect(rotaPorNome('formaPagamento')?.permissao).toBe(808);
    expect(rotaPorNome('calendarioPagamento')?.permissao).toBe(
      rotaPorNome('calendarioRecebimento')?.permissao,
    );
  });

  it('docs/ROUTES.md is up to date (npx tsx apps/web/scripts/gerar-rotas-md.ts)', () => {
    // Cell padding is the formatter's business; the cells themselves must match.
    const normalizar = (md: string) =>
      md
        .trim()
        .split('\n')
        .map((linha) =>
          linha.startsWith('|')
            ? linha
                .split('|')
                .map((celula) => celula.trim().replace(/^-+$/, '-'))
                .join('|')
            : linha,
        );
    expect(normalizar(rotasMd)).toEqual(normalizar(rotasMarkdown()));
  });
});
