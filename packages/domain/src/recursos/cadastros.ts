import { permissoesDoRecurso } from '../catalogos/permissoes.ts';
import { icmsSubcampos, ipiSubcampos, pisCofinsSubcampos } from './blocos.ts';
import {
  booleano,
  catalogo,
  data,
  decimal,
  definirRecurso,
  inteiro,
  json,
  ref,
  refs,
  texto,
} from './definir-recurso.ts';

// Registrations of spec 1 section 2 ("Registration", "Products", "Tax") that no engine reads directly:
// plain back-office records served by the generic API and screens.

/** Convênio group (spec 3 `convenioGrupo`): a company agreement whose employees buy on credit. */
export const pessoaConvenio = definirRecurso({
  tabela: 'pessoaConvenio',
  titulo: 'Pessoa Convênio',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    pessoa: ref('Pessoa (empresa conveniada)', 'pessoa'),
    empresas: refs('Lojas onde vale', 'empresa'),
    limitePadrao: decimal('Limite Padrão', 2, { min: 0 }),
    diaFechamento: inteiro('Dia do Fechamento', { min: 1, max: 31 }),
    diaVencimento: inteiro('Dia do Vencimento', { min: 1, max: 31 }),
    bloqueado: booleano('Bloqueado', { padrao: false }),
    observacao: texto('Observação', { max: 500, longo: true }),
  },
  lista: {
    colunas: ['descricao', 'pessoa', 'limitePadrao', 'diaVencimento', 'bloqueado'],
    ordem: 'descricao',
  },
  permissoes: permissoesDoRecurso('pessoaConvenio'),
});

/** Voucher and discount coupon (spec 3 "Voucher/coupon customer scope": all, area, per person, both). */
export const voucherECupomDesconto = definirRecurso({
  tabela: 'voucherECupomDesconto',
  tabelaSql: 'voucher_e_cupom_desconto',
  titulo: 'Voucher e Cupom de Desconto',
  escopo: 'grupo',
  campos: {
    codigo: texto('Código', { obrigatorio: true, min: 3, max: 30, unico: true, busca: true }),
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    tipoDesconto: catalogo('Tipo de Desconto', 'tipoDescontoGeral', { obrigatorio: true }),
    valor: decimal('Valor', 2, { obrigatorio: true, min: 0 }),
    valorMinimoPedido: decimal('Valor Mínimo do Pedido', 2, { min: 0 }),
    abrangencia: catalogo('Clientes', 'abrangenciaVoucher', { obrigatorio: true }),
    pessoas: refs('Pessoas', 'pessoa'),
    empresas: refs('Lojas', 'empresa'),
    dataInicio: data('Data Início', { obrigatorio: true }),
    dataFim: data('Data Fim', { obrigatorio: true }),
    quantidadeMaxima: inteiro('Quantidade Máxima de Usos', { min: 0 }),
    usosPorCliente: inteiro('Usos por Cliente', { min: 0 }),
    habilitado: booleano('Habilitado', { padrao: true }),
  },
  lista: {
    colunas: ['codigo', 'descricao', 'tipoDesconto', 'valor', 'abrangencia', 'dataFim', 'habilitado'],
    ordem: 'codigo',
  },
  permissoes: permissoesDoRecurso('voucherECupomDesconto'),
});

/** Menu of one platform (spec 1: loja, app, garcom, cardapioDigital, totemAutoAtendimento, tablet, callCenter). */
export const cardapio = definirRecurso({
  tabela: 'cardapio',
  titulo: 'Cardápio',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    plataformas: catalogo('Plataformas', 'plataforma', { multiplo: true, obrigatorio: true }),
    empresas: refs('Lojas', 'empresa'),
    /** Sections of the menu, each with its products in display order. */
    secoes: json('Seções', {
      lista: true,
      subcampos: {
        descricao: texto('Seção', { obrigatorio: true, max: 60 }),
        agrupador: ref('Agrupador', 'agrupador'),
        produtos: refs('Produtos', 'produtoGeral'),
        ordem: inteiro('Ordem', { min: 0 }),
      },
    }),
    horaInicio: texto('Hora Início', { max: 5 }),
    horaFim: texto('Hora Fim', { max: 5 }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'plataformas', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('cardapio'),
});

/** ICMS rule per state, applied to products (spec 2 "Tax"; CFOP/CST/CSOSN/origin catalogues of the domain). */
export const configuracaoImposto = definirRecurso({
  tabela: 'configuracaoImposto',
  titulo: 'Configuração de Imposto',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    ...icmsSubcampos,
    uf: texto('UF', { obrigatorio: true, min: 2, max: 2, busca: true }),
    CFOP: texto('CFOP', { obrigatorio: true, min: 4, max: 4, busca: true }),
    NCM: texto('NCM', { max: 8, validador: 'ncm' }),
  },
  lista: { colunas: ['descricao', 'uf', 'CFOP', 'CST', 'CSOSN', 'aliquotaIcms'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('configuracaoImposto'),
});

export const configuracaoImpostoFederal = definirRecurso({
  tabela: 'configuracaoImpostoFederal',
  titulo: 'Configuração de Imposto Federal',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    PIS: json('PIS', { subcampos: pisCofinsSubcampos }),
    COFINS: json('COFINS', { subcampos: pisCofinsSubcampos }),
  },
  lista: { colunas: ['descricao'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('configuracaoImpostoFederal'),
});

export const configuracaoImpostoIPI = definirRecurso({
  tabela: 'configuracaoImpostoIPI',
  tabelaSql: 'configuracao_imposto_ipi',
  titulo: 'Configuração de Imposto IPI',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    ...ipiSubcampos,
  },
  lista: { colunas: ['descricao', 'CST', 'aliquota'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('configuracaoImpostoIPI'),
});

export const CADASTROS = [
  pessoaConvenio,
  voucherECupomDesconto,
  cardapio,
  configuracaoImposto,
  configuracaoImpostoFederal,
  configuracaoImpostoIPI,
] as const;
