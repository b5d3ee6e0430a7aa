/// <reference types="node" />
// biome-ignore lint/style/noRestrictedImports: the test compares docs/PERMISSOES.md with the catalogue.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ATRIBUICAO,
  ATRIBUICOES,
  atribuicoes,
  FAIXAS_PERMISSAO,
  moduloDaPermissao,
  PERMISSAO,
  PERMISSOES,
  permissaoPorId,
  permissoesDoModulo,
  permissoesDoRecurso,
  permissoesVisiveis,
  RECURSOS_COM_PERMISSAO,
  type RecursoPermissao,
  recursoTemPermissoes,
  tabelaPermissoesMarkdown,
} from './permissoes.ts';

describe('permission catalogue', () => {
  it('has unique ids and unique keys', () => {
    expect(new Set(PERMISSOES.map((p) => p.id)).size).toBe(PERMISSOES.length);
    expect(new Set(PERMISSOES.map((p) => p.chave)).size).toBe(PERMISSOES.length);
  });

  it('puts every permission inside the range of its module', () => {
    for (const p of PERMISSOES) {
      const faixa = FAIXAS_PERMISSAO.find((f) => f.modulo === p.modulo);
      expect(faixa, p.chave).toBeDefined();
      expect(p.id, p.chave).toBeGreaterThanOrEqual(faixa?.inicio ?? Number.NaN);
      expect(p.id, p.chave).toBeLessThanOrEqual(faixa?.fim ?? Number.NaN);
      expect(moduloDaPermissao(p.id)).toBe(p.modulo);
    }
  });

  it('keeps the ranges of the spec', () => {
    expect(FAIXAS_PERMISSAO.map((f) => [f.modulo, f.inicio, f.fim])).toEqual([
      ['general', 2, 99],
      ['financial', 200, 224],
      ['administrative', 400, 426],
      ['products', 600, 637],
      ['configuration', 800, 870],
      ['report', 1000, 1067],
      ['stock', 1200, 1243],
      ['loyalty', 1500, 1515],
    ]);
    expect(moduloDaPermissao(100)).toBeUndefined();
    expect(moduloDaPermissao(1)).toBeUndefined();
  });

  it('fills the finance, administrative, products, settings, stock and loyalty ranges', () => {
    const cheios = ['financial', 'administrative', 'products', 'configuration', 'stock', 'loyalty'] as const;
    for (const modulo of cheios) {
      const faixa = FAIXAS_PERMISSAO.find((f) => f.modulo === modulo);
      expect(permissoesDoModulo(modulo).length, modulo).toBe((faixa?.fim ?? 0) - (faixa?.inicio ?? 0) + 1);
    }
  });

  it('fixes 425 as listing the user companies and names the sales permissions', () => {
    expect(PERMISSAO.listarEmpresasUsuario).toBe(425);
    expect(permissaoPorId(425)?.permissao).toBe('Listar Empresas do Usuário');
    expect(PERMISSAO.descontoItem).toBe(7);
    expect(PERMISSAO.cancelarVenda).toBe(10);
    expect(PERMISSAO.fecharCaixaComDiferenca).toBe(42);
    expect(permissaoPorId(9999)).toBeUndefined();
    // a single-number block has no insert key, a compact one a 'Manter' key
    // @ts-expect-error kdsSetor is guarded by one number
    expect(PERMISSAO.kdsSetorIncluir).toBeUndefined();
    expect(PERMISSAO.unidadeMedidaManter).toBe(851);
    expect(Object.values(PERMISSAO).every((id) => permissaoPorId(id) !== undefined)).toBe(true);
    const vendas = permissoesDoModulo('general').map((p) => p.chave);
    for (const chave of [
      'abrirCaixa',
      'fecharCaixa',
      'abrirGaveta',
      'descontoCadastrado',
      'descontoCliente',
      'descontoGeral',
      'descontoMaximoDiario',
      'excluirProdutoConfirmado',
      'excluirProdutoNaoConfirmado',
      'excluirPagamentoConfirmado',
      'excluirPagamentoNaoConfirmado',
      'fecharContaComServico',
      'fecharContaSemServico',
      'receberConta',
      'reabrirVenda',
      'liberarCortesia',
      'sangria',
      'suprimento',
      'transferirItem',
      'transferirMesa',
      'alterarTaxaEntrega',
      'alterarTempoEntrega',
      'alterarEmpresaEntrega',
      'cancelarNfe',
      'cancelarNfce',
      'desbloquearVendas',
      'desbloquearOperacao',
      'desbloquearMesa',
      'gerenciarComandas',
      'bloquearComanda',
      'desbloquearComanda',
      'configuracoesKds',
      'fidelidade',
      'incluirCashback',
      'removerCashback',
      'incluirVoucher',
      'removerVoucher',
      'atualizarCertificado',
    ]) {
      expect(vendas).toContain(chave);
    }
  });

  it('gives every registration route a full access/insert/edit/delete set', () => {
    const rotas: RecursoPermissao[] = [
      'pessoa',
      'pessoaConvenio',
      'grupoEmpresarial',
      'empresa',
      'empresaNumeroNota',
      'empresaSimplificado',
      'agrupador',
      'formaPagamento',
      'tipoPagamentoBandeira',
      'unidadeMedida',
      'caixa',
      'terminal',
      'operadora',
      'setorImpressao',
      'setorImpressaoProducao',
      'periodoPorHora',
      'voucherECupomDesconto',
      'impressora',
      'descontoMotivo',
      'usuarios',
      'acessoSistema',
      'tabelaVenda',
      'produtoGeral',
      'produtoGeralEmpresa',
      'produtoPromocao',
      'produtoGeralSetorEmpresa',
      'cardapio',
      'produtoCombo',
      'vendaSugestaoProduto',
      'configuracaoImposto',
      'configuracaoImpostoFederal',
      'configuracaoImpostoIPI',
      'kdsEstacao',
      'kdsExpedicao',
      'kdsSetor',
      'kdsMontagem',
      'kdsTeclado',
      'kdsSetorCadastroGrupo',
      'programaFidelidade',
      'programaFidelidadePontos',
      'programaFidelidadeCashBack',
      'estoqueCadastro',
      'estoqueInventario',
      'estoqueSaidaManual',
      'estoqueTransferencia',
      'estoquePedidoCompra',
      'estoqueSugestaoPedido',
      'estoqueProdutoFornecedor',
      'estoqueProdutoFatorConversao',
      'estoqueGerarListaReposicao',
      'estoquePedidoTransferencia',
      'solicitacaoPedidoTransferencia',
      'estoqueProducaoProdutos',
      'estoqueFichaTecnica',
      'financeiroResumo',
      'financeiroAgenda',
      'financeiroConta',
      'financeiroPlanoConta',
      'financeiroMovimentacao',
      'conciliacaoCaixa',
      'calendarioRecebimento',
      'calendarioPagamento',
      'relatorioVenda',
    ];
    for (const rota of rotas) {
      expect(recursoTemPermissoes(rota), rota).toBe(true);
      const { acessar, incluir, alterar, excluir } = permissoesDoRecurso(rota);
      for (const id of [acessar, incluir, alterar, excluir]) expect(permissaoPorId(id), rota).toBeDefined();
    }
    expect(permissoesDoRecurso('formaPagamento')).toEqual({
      acessar: PERMISSAO.formaPagamentoAcessar,
      incluir: PERMISSAO.formaPagamentoIncluir,
      alterar: PERMISSAO.formaPagamentoAlterar,
      excluir: PERMISSAO.formaPagamentoExcluir,
    });
    expect(permissoesDoRecurso('formaPagamento')).toEqual({
      acessar: 808,
      incluir: 809,
      alterar: 810,
      excluir: 811,
    });
    // compacto: one number for the three writes
    expect(permissoesDoRecurso('unidadeMedida')).toEqual({
      acessar: 850,
      incluir: 851,
      alterar: 851,
      excluir: 851,
    });
    // unico: access guards everything
    expect(permissoesDoRecurso('kdsSetor')).toEqual({
      acessar: 858,
      incluir: 858,
      alterar: 858,
      excluir: 858,
    });
    expect(permissoesDoRecurso('solicitacaoPedidoTransferencia')).toEqual(
      permissoesDoRecurso('estoquePedidoTransferencia'),
    );
    expect(recursoTemPermissoes('naoExiste')).toBe(false);
    expect(() => permissoesDoRecurso('naoExiste' as RecursoPermissao)).toThrow('Recurso sem permissões');
    expect(RECURSOS_COM_PERMISSAO).toContain('relatoriosCriados');
  });

  it('hides especial permissions only under franchise control outside the franchise manager', () => {
    const especiais = PERMISSOES.filter((p) => p.especial);
    expect(especiais.length).toBeGreaterThan(0);
    const filial = permissoesVisiveis(PERMISSOES, { controleDeFranquia: true, tipoEmpresa: 'Franquia' });
    expect(filial.some((p) => p.especial)).toBe(false);
    expect(filial.length).toBe(PERMISSOES.length - especiais.length);
    const gestor = permissoesVisiveis(PERMISSOES, {
      controleDeFranquia: true,
      tipoEmpresa: 'Gestor Franquia',
    });
    expect(gestor.length).toBe(PERMISSOES.length);
    const semControle = permissoesVisiveis(PERMISSOES, {
      controleDeFranquia: false,
      tipoEmpresa: 'Franquia',
    });
    expect(semControle.length).toBe(PERMISSOES.length);
    expect(permissoesVisiveis(PERMISSOES, { controleDeFranquia: true, tipoEmpresa: undefined }).length).toBe(
      filial.length,
    );
    // access to a screen is never especial; only writing is.
    expect(PERMISSOES.filter((p) => p.acao === 'acessar' && p.especial).map((p) => p.chave)).toEqual([
      'empresaNumeroNotaAcessar',
      'relatorioVendaFranquiaAcessar',
    ]);
  });

  it('lists the system attributions', () => {
    expect(ATRIBUICOES).toEqual(['Motoboy', 'Financeiro', 'Garcon', 'Caixa', 'Supervisor Caixa']);
    expect(ATRIBUICAO.motoboy).toBe('Motoboy');
    expect(atribuicoes.porId(5)?.descricao).toBe('Supervisor Caixa');
  });

  it('is documented in docs/PERMISSOES.md', () => {
    const caminho = new URL('../../../../docs/PERMISSOES.md', import.meta.url);
    // ATUALIZAR_DOCS=1 rewrites the table between the markers.
    if (process.env.ATUALIZAR_DOCS === '1') {
      const [antes, resto] = readFileSync(caminho, 'utf8').split('<!-- tabela:inicio -->');
      const [, depois] = (resto ?? '').split('<!-- tabela:fim -->');
      const tabela = tabelaPermissoesMarkdown();
      writeFileSync(
        caminho,
        `${antes}<!-- tabela:inicio -->\n${tabela}\n<!-- tabela:fim -->${depois ?? '\n'}`,
      );
    }
    // Compare cells, not spacing: the formatter pads markdown tables.
    const celulas = (texto: string) =>
      texto
        .split('\n')
        .filter((linha) => linha.startsWith('|') && !/^\|[\s:|-]+\|$/.test(linha))
        .map((linha) => linha.split('|').map((celula) => celula.trim()));
    const documento = readFileSync(caminho, 'utf8');
    expect(celulas(documento)).toEqual(celulas(tabelaPermissoesMarkdown()));
  });
});
