// Everything drizzle-kit turns into migrations: the infrastructure tables and one table per registered resource.
import { recursos } from '@retaguarda/domain';
import { tabelaDoRecurso } from './tabela-recurso.ts';

export * from './tabelas-sistema.ts';

export const grupoEmpresarial = tabelaDoRecurso(recursos.grupoEmpresarial);
export const empresa = tabelaDoRecurso(recursos.empresa);
export const acessoSistema = tabelaDoRecurso(recursos.acessoSistema);
export const usuario = tabelaDoRecurso(recursos.usuarios);
export const pessoa = tabelaDoRecurso(recursos.pessoa);
export const unidadeMedida = tabelaDoRecurso(recursos.unidadeMedida);
export const tipoPagamentoBandeira = tabelaDoRecurso(recursos.tipoPagamentoBandeira);
export const formaPagamento = tabelaDoRecurso(recursos.formaPagamento);
export const operadora = tabelaDoRecurso(recursos.operadora);
export const caixa = tabelaDoRecurso(recursos.caixa);
export const impressora = tabelaDoRecurso(recursos.impressora);
export const setorImpressao = tabelaDoRecurso(recursos.setorImpressao);
export const terminal = tabelaDoRecurso(recursos.terminal);
export const agrupador = tabelaDoRecurso(recursos.agrupador);
export const produtoGeral = tabelaDoRecurso(recursos.produtoGeral);
export const produtoGeralEmpresa = tabelaDoRecurso(recursos.produtoGeralEmpresa);
export const descontoMotivo = tabelaDoRecurso(recursos.descontoMotivo);
export const produtoPromocao = tabelaDoRecurso(recursos.produtoPromocao);
export const produtoCombo = tabelaDoRecurso(recursos.produtoCombo);
export const tabelaVenda = tabelaDoRecurso(recursos.tabelaVenda);
export const vendaSugestaoProduto = tabelaDoRecurso(recursos.vendaSugestaoProduto);
export const periodoPorHora = tabelaDoRecurso(recursos.periodoPorHora);
export const pessoaConvenio = tabelaDoRecurso(recursos.pessoaConvenio);
export const voucherECupomDesconto = tabelaDoRecurso(recursos.voucherECupomDesconto);
export const cardapio = tabelaDoRecurso(recursos.cardapio);
export const configuracaoImposto = tabelaDoRecurso(recursos.configuracaoImposto);
export const configuracaoImpostoFederal = tabelaDoRecurso(recursos.configuracaoImpostoFederal);
export const configuracaoImpostoIPI = tabelaDoRecurso(recursos.configuracaoImpostoIPI);
