import { permissoesDoRecurso } from '../catalogos/permissoes.ts';
import {
  convenioSubcampos,
  enderecoSubcampos,
  historicoSubcampos,
  icmsSubcampos,
  ipiSubcampos,
  localizacao,
  pisCofinsSubcampos,
  tabelaNutricionalSubcampos,
  telefoneSubcampos,
} from './blocos.ts';
import { CADASTROS } from './cadastros.ts';
import {
  booleano,
  catalogo,
  type DefinicaoRecurso,
  data,
  decimal,
  definirRecurso,
  inteiro,
  json,
  ref,
  refs,
  texto,
} from './definir-recurso.ts';
import { RECURSOS_ESTOQUE } from './estoque.ts';
import { RECURSOS_FINANCEIRO } from './financeiro.ts';
import { operadoraRegraRecebimento } from './financeiro-recebimento.ts';
import { RECURSOS_IMPRESSAO } from './impressao.ts';
import { RECURSOS_KDS } from './kds.ts';
import { RECURSOS_REFERENCIA } from './referencia.ts';
import { validarJanelaVenda } from './regras-janela.ts';

export {
  estoqueCadastro,
  estoqueFichaTecnica,
  estoqueProdutoFatorConversao,
  estoqueProdutoFornecedor,
} from './estoque.ts';
export { financeiroConta, financeiroPlanoConta } from './financeiro.ts';
export { operadoraRegraRecebimento } from './financeiro-recebimento.ts';
export { produtoGeralSetorEmpresa, setorImpressaoProducao } from './impressao.ts';
export { olhoNoImposto } from './referencia.ts';

// The registered back-office resources (spec 1, section 2 "Registration" and "Products").
// A definition here yields the table, the generic API routes and the generic screens.

export {
  cardapio,
  configuracaoImposto,
  configuracaoImpostoFederal,
  configuracaoImpostoIPI,
  pessoaConvenio,
  voucherECupomDesconto,
} from './cadastros.ts';

export const grupoEmpresarial = definirRecurso({
  tabela: 'grupoEmpresarial',
  titulo: 'Grupo Empresarial',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    // What staff type at login and password reset when the deployment hides the group list
    // (LISTA_GRUPOS_PUBLICA=false, issue 14 point 11): 6 digits given by the server, the demo group 100001.
    codigo: inteiro('Código do Grupo Empresarial', { somenteLeitura: true, numeracao: { inicio: 100001 } }),
    // controleDeFranquia, vincularEstoqueFornecedorPorEmpresa; configuracoesEmail holds the SMTP settings.
    configuracoes: json('Configurações', {
      caminhosFiltro: ['controleDeFranquia'],
      subcampos: {
        controleDeFranquia: booleano('Controle de Franquia'),
        vincularEstoqueFornecedorPorEmpresa: booleano('Vincular Estoque/Fornecedor por Empresa'),
        permitirEnderecoCentroRua: booleano('Aceitar localização no centro da rua'),
        configuracoesEmail: json('Envio de E-mail (SMTP)', {
          subcampos: {
            emailHostSmtp: texto('Servidor SMTP', { max: 200 }),
            emailPort: inteiro('Porta', { min: 1, max: 65535 }),
            emailSecure: booleano('Conexão Segura (TLS)'),
            emailUser: texto('Usuário', { max: 200 }),
            emailPass: texto('Senha', { max: 200, segredo: true }),
            emailFrom: texto('Remetente', { validador: 'email', max: 200 }),
          },
        }),
      },
    }),
  },
  lista: { colunas: ['descricao', 'codigo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('grupoEmpresarial'),
});

export const empresa = definirRecurso({
  tabela: 'empresa',
  titulo: 'Empresa',
  escopo: 'grupo',
  campos: {
    codigoInterno: inteiro('Código Interno', { unico: true, min: 1 }),
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    nomeFantasia: texto('Nome Fantasia', { max: 100, busca: true }),
    cnpj: texto('CNPJ', { validador: 'cnpj', busca: true }),
    tipoEmpresa: texto('Tipo de Empresa', {
      max: 40,
      opcoes: ['Matriz', 'Filial', 'Franquia', 'Gestor Franquia'],
    }),
    inscricaoEstadual: texto('Inscrição Estadual', { max: 20 }),
    telefone: texto('Telefone', { max: 20 }),
    email: texto('E-mail', { validador: 'email', max: 200 }),
    endereco: json('Endereço', { subcampos: enderecoSubcampos }),
    localizacao,
    configuracoes: json('Configurações', {
      caminhosFiltro: ['callCenter'],
      refs: { 'expedicao.setorImpressaoExpedicao': 'setorImpressao' },
      subcampos: {
        callCenter: booleano('Call Center'),
        empresasCallCenter: refs('Empresas atendidas pelo Call Center', 'empresa'),
        comboOrdemDesconto: texto('Ordem de Desconto dos Combos', {
          opcoes: ['valorDesconto', 'quantidadeAgrupador'],
        }),
        pizzaPrecoMaiorFracao: booleano('Pizza pelo preço da maior fração'),
        /** Receipt at the end of a sale (impressao/comprovante.ts): DANFE NFC-e, non-fiscal, or ask each time. */
        comprovanteVenda: texto('Comprovante ao encerrar a venda', {
          opcoes: ['danfe', 'naoFiscal', 'perguntar'],
        }),
        gravarVendaEventosCancelamentoNaoConfirmado: booleano(
          'Registrar cancelamento de item não confirmado',
        ),
        enviarBalcaoCozinhaAoLancar: booleano(
          'Venda balcão: enviar cada item para a cozinha ao lançar (desligado: ao finalizar a venda)',
        ),
        taxaEntregaPadrao: decimal('Taxa de Entrega Padrão', 2, { min: 0 }),
        taxaKm: json('Taxa de Entrega por Km', {
          lista: true,
          subcampos: {
            km: decimal('Até (km)', 3, { obrigatorio: true, min: 0 }),
            taxaEntrega: decimal('Taxa', 2, { obrigatorio: true, min: 0 }),
          },
        }),
        taxaBairro: json('Taxa de Entrega por Bairro', {
          lista: true,
          subcampos: {
            cidade: texto('Cidade', { obrigatorio: true, max: 100 }),
            bairros: json('Bairros', {
              lista: true,
              subcampos: {
                bairro: texto('Bairro', { obrigatorio: true, max: 100 }),
                taxaEntrega: decimal('Taxa', 2, { obrigatorio: true, min: 0 }),
              },
            }),
          },
        }),
        /** Drawn on the empresa screen (polygon, circle, rectangle), shape of `areaAtendimentoSchema`. */
        areasAtendimento: json('Áreas de Atendimento', { editor: 'areasAtendimento' }),
        keyGoogleMapsApi: texto('Chave Google Maps API', { max: 100, segredo: true }),
        expedicao: json('Expedição', {
          subcampos: { setorImpressaoExpedicao: ref('Setor de Impressão da Expedição', 'setorImpressao') },
        }),
        /** The scale's in-store barcodes (EAN-13 starting with 2) read by the POS (balanca/codigo-balanca.ts). */
        balanca: json('Código de Barras da Balança', {
          subcampos: {
            habilitado: booleano('Ler etiquetas da balança no PDV'),
            tamanhoCodigo: inteiro('Dígitos do código do produto', { min: 4, max: 6 }),
            tipoValor: texto('Valor na etiqueta', { opcoes: ['peso', 'preco'] }),
            tamanhoValor: inteiro('Dígitos do valor', { min: 4, max: 6 }),
            casasDecimais: inteiro('Casas decimais do valor', { min: 0, max: 3 }),
          },
        }),
      },
    }),
    configuracoesEstoque: json('Configurações de Estoque', {
      subcampos: {
        gerarFinanceiroTransferencia: booleano('Gerar financeiro nas transferências'),
        gerarFinancerioPropriaLoja: booleano('Gerar financeiro para a própria loja'),
        diasFaturamentoPadrao: inteiro('Dias de Faturamento Padrão', { min: 0, max: 365 }),
        planoDeContaTransferenciaCreditoPadrao: texto('Plano de Conta Crédito (transferência)', { max: 24 }),
        planoDeContaTransferenciaDebitoPadrao: texto('Plano de Conta Débito (transferência)', { max: 24 }),
        addPercentualTransferencia: decimal('Percentual adicional na transferência', 4, {
          min: 0,
          max: 1000,
        }),
        atualizarPrecoCustoTransferencia: booleano('Atualizar preço de custo na transferência'),
        tipoCusto: texto('Tipo de Custo', { opcoes: ['custoMedio', 'ultimoCusto', 'custoReposicao'] }),
        /** Manual exits, transfers and production may leave the balance below zero (sales always may). */
        permitirEstoqueNegativo: booleano('Permitir estoque negativo'),
      },
    }),
    fiscal: json('Fiscal', {
      subcampos: {
        CRT: inteiro('Regime Tributário (CRT)', { catalogoId: 'crt' }),
        nfe: json('NF-e', { subcampos: { ambiente: inteiro('Ambiente', { catalogoId: 'ambiente' }) } }),
      },
    }),
    nfce: json('NFC-e', {
      subcampos: {
        serie: inteiro('Série', { min: 0, max: 899 }),
        tipoEmissao: inteiro('Tipo de Emissão', { catalogoId: 'tipoEmissao' }),
        formatoDANFE: inteiro('Formato do DANFE', { catalogoId: 'formatoDanfe' }),
        consumidorFinal: inteiro('Consumidor Final', { catalogoId: 'consumidorFinal' }),
        // The CSC (id and token) lives only in the fiscal setup, encrypted (fiscal.routes: configuracaoFiscal).
        contingenciaNfce: json('Contingência', {
          subcampos: {
            habilitado: booleano('Habilitada'),
            dataHora: data('Data/Hora'),
            numeroNota: inteiro('Número da Nota', { min: 1 }),
            xJust: texto('Justificativa', { min: 15, max: 256 }),
          },
        }),
      },
    }),
  },
  lista: {
    colunas: ['codigoInterno', 'descricao', 'nomeFantasia', 'cnpj', 'tipoEmpresa'],
    ordem: 'codigoInterno',
  },
  permissoes: permissoesDoRecurso('empresa'),
});

export const acessoSistema = definirRecurso({
  tabela: 'acessoSistema',
  titulo: 'Perfil de Acesso',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    /** Permission numbers granted by this profile (edited as a matrix by module on the screen). */
    permissoes: json('Permissões', { editor: 'permissoes' }),
  },
  lista: { colunas: ['descricao'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('acessoSistema'),
});

export const usuarios = definirRecurso({
  tabela: 'usuarios',
  tabelaSql: 'usuario',
  titulo: 'Usuário',
  escopo: 'grupo',
  campos: {
    nome: texto('Nome', { obrigatorio: true, max: 100, busca: true }),
    email: texto('E-mail', { obrigatorio: true, validador: 'email', max: 200, unico: true, busca: true }),
    codigoInterno: inteiro('Código Interno', { obrigatorio: true, unico: true, min: 1 }),
    ativo: booleano('Ativo', { padrao: true }),
    pessoa: ref('Pessoa', 'pessoa'),
    /** System attributions: Motoboy, Financeiro, Garcon, Caixa, Supervisor Caixa. */
    atribuicoes: json('Atribuições', {
      opcoes: ['Motoboy', 'Financeiro', 'Garcon', 'Caixa', 'Supervisor Caixa'],
    }),
    /** Per company: `[{ empresa, acessoSistema }]`; the profile's permissions apply in that company. */
    acessos: json('Acessos por Empresa', {
      lista: true,
      subcampos: {
        empresa: ref('Empresa', 'empresa', { obrigatorio: true }),
        acessoSistema: ref('Perfil de Acesso', 'acessoSistema', { obrigatorio: true }),
      },
    }),
    permissoesExtras: json('Permissões Extras', { editor: 'permissoes' }),
    senhaHash: texto('Senha', { privado: true }),
    senhaOperacionalHash: texto('Senha Operacional', { privado: true }),
  },
  lista: { colunas: ['codigoInterno', 'nome', 'email', 'ativo'], ordem: 'codigoInterno' },
  permissoes: permissoesDoRecurso('usuarios'),
});

export const pessoa = definirRecurso({
  tabela: 'pessoa',
  titulo: 'Pessoa',
  escopo: 'grupo',
  campos: {
    nome: texto('Nome', { obrigatorio: true, max: 150, busca: true }),
    /** Cliente, Fornecedor, Funcionario, Pagamento no Caixa. */
    tiposPessoa: json('Tipos de Pessoa', {
      opcoes: ['Cliente', 'Fornecedor', 'Funcionario', 'Pagamento no Caixa'],
    }),
    natureza: catalogo('Natureza', 'naturezaPessoa'),
    cpfCnpj: texto('CPF/CNPJ', { validador: 'cpfCnpj', busca: true }),
    rg: texto('RG', { max: 20 }),
    email: texto('E-mail', { validador: 'email', max: 200 }),
    dataNascimento: data('Data de Nascimento'),
    sexo: texto('Sexo', { max: 20, opcoes: ['Masculino', 'Feminino', 'Outro'] }),
    telefone: json('Telefone', { subcampos: telefoneSubcampos }),
    endereco: json('Endereço', { subcampos: enderecoSubcampos }),
    outrosEnderecos: json('Outros Endereços', { lista: true, subcampos: enderecoSubcampos }),
    outrosTelefones: json('Outros Telefones', { lista: true, subcampos: telefoneSubcampos }),
    /** One convênio per store: limit and block (spec 5 "Credit account"). */
    convenio: json('Convênio', { lista: true, subcampos: convenioSubcampos, refs: { empresa: 'empresa' } }),
    convenioGrupo: ref('Grupo de Convênio', 'pessoaConvenio'),
    historico: json('Histórico', { lista: true, subcampos: historicoSubcampos }),
    clientePadrao: booleano('Cliente Padrão', { padrao: false }),
  },
  lista: { colunas: ['nome', 'cpfCnpj', 'email', 'tiposPessoa'], ordem: 'nome' },
  permissoes: permissoesDoRecurso('pessoa'),
});

export const unidadeMedida = definirRecurso({
  tabela: 'unidadeMedida',
  titulo: 'Unidade de Medida',
  escopo: 'grupo',
  campos: {
    sigla: texto('Sigla', { obrigatorio: true, max: 6, unico: true, busca: true }),
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
  },
  lista: { colunas: ['sigla', 'descricao'], ordem: 'sigla' },
  permissoes: permissoesDoRecurso('unidadeMedida'),
});

export const tipoPagamentoBandeira = definirRecurso({
  tabela: 'tipoPagamentoBandeira',
  titulo: 'Bandeira',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    tipo: catalogo('Tipo', 'tipoBandeiraPagamento'),
    codigoFiscal: texto('Código Fiscal', { max: 5 }),
  },
  lista: { colunas: ['descricao', 'tipo', 'codigoFiscal'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('tipoPagamentoBandeira'),
});

export const formaPagamento = definirRecurso({
  tabela: 'formaPagamento',
  titulo: 'Forma de Pagamento',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    tipo: catalogo('Tipo', 'tipoPagamento', { obrigatorio: true }),
    tipoTroco: catalogo('Tipo de Troco', 'tipoTroco', { obrigatorio: true }),
    bandeiras: refs('Bandeiras', 'tipoPagamentoBandeira'),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'tipo', 'tipoTroco', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('formaPagamento'),
});

export const operadora = definirRecurso({
  tabela: 'operadora',
  titulo: 'Operadora',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    cnpj: texto('CNPJ', { validador: 'cnpj' }),
  },
  lista: { colunas: ['descricao', 'cnpj'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('operadora'),
});

export const caixa = definirRecurso({
  tabela: 'caixa',
  titulo: 'Caixa',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('caixa'),
});

export const impressora = definirRecurso({
  tabela: 'impressora',
  titulo: 'Impressora',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    modelo: catalogo('Modelo', 'modeloImpressora'),
    porta: texto('Porta', { max: 60 }),
    ip: texto('Endereço IP', { max: 60 }),
    formatoEtiqueta: catalogo('Formato de Etiqueta', 'formatoEtiqueta'),
    colunas: inteiro('Colunas', { min: 24, max: 64 }),
    configuracaoSerial: json('Configuração Serial', {
      subcampos: {
        porta: catalogo('Porta Serial', 'portaSerial'),
        velocidade: inteiro('Velocidade', { catalogoId: 'velocidadeSerial' }),
        bitsDados: inteiro('Bits de Dados', { catalogoId: 'bitsDadosSerial' }),
        bitsParada: catalogo('Bits de Parada', 'bitsParadaSerial'),
        paridade: catalogo('Paridade', 'paridadeSerial'),
        controleFluxo: catalogo('Controle de Fluxo', 'controleFluxoSerial'),
      },
    }),
  },
  lista: { colunas: ['descricao', 'modelo', 'porta', 'ip'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('impressora'),
});

export const setorImpressao = definirRecurso({
  tabela: 'setorImpressao',
  titulo: 'Setor de Impressão',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    impressora: ref('Impressora', 'impressora'),
    numeroVias: inteiro('Número de Vias', { min: 1, max: 10 }),
  },
  lista: { colunas: ['descricao', 'impressora', 'numeroVias'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('setorImpressao'),
});

export const terminal = definirRecurso({
  tabela: 'terminal',
  titulo: 'Terminal',
  escopo: 'empresa',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    /** Terminal functions: balcao, mesa, comanda, delivery, caixa, expedicao, saidaMotoboy, portaria, kds. */
    funcoes: json('Funções', {
      opcoes: [
        'balcao',
        'mesa',
        'comanda',
        'delivery',
        'caixa',
        'expedicao',
        'saidaMotoboy',
        'portaria',
        'kds',
      ],
    }),
    configuracoes: json('Configurações', {
      refs: { caixa: 'caixa', setorImpressaoCaixa: 'setorImpressao', setorImpressaoNfce: 'setorImpressao' },
      subcampos: {
        caixa: ref('Caixa', 'caixa'),
        setorImpressaoCaixa: ref('Setor de Impressão do Caixa', 'setorImpressao'),
        setorImpressaoNfce: ref('Setor de Impressão da NFC-e', 'setorImpressao'),
        /** The POS asks who is serving (a user with the 'Garcon' attribution) before launching items. */
        exigirAtendente: booleano('Identificar o Atendente (Garçom) ao Lançar'),
        /** The attendant's identification needs their password (normal or operational). */
        senhaAtendente: booleano('Senha do Atendente Obrigatória'),
        /** The payment methods the till offers (none: every active one of the store). */
        formasPagamento: refs('Formas de Pagamento do Caixa', 'formaPagamento'),
        /** Counter sales: the same product launched again adds to its line unless this is on. */
        produtoRepetidoNovaLinha: booleano('Produto Repetido em Nova Linha (Venda Balcão)'),
      },
    }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('terminal'),
});

export const agrupador = definirRecurso({
  tabela: 'agrupador',
  titulo: 'Agrupador',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 60, busca: true }),
    /** 'categoria' or 'familia' (families carry maximoFracao for pizzas). */
    tipo: texto('Tipo', { obrigatorio: true, max: 20, opcoes: ['categoria', 'familia'] }),
    agrupadorPai: ref('Agrupador Pai', 'agrupador'),
    maximoFracao: inteiro('Máximo de Frações', { min: 1, max: 8 }),
  },
  lista: { colunas: ['descricao', 'tipo', 'agrupadorPai'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('agrupador'),
});

export const produtoGeral = definirRecurso({
  tabela: 'produtoGeral',
  titulo: 'Produto',
  escopo: 'grupo',
  campos: {
    codigoInterno: inteiro('Código Interno', { unico: true, min: 1 }),
    descricao: texto('Descrição', { obrigatorio: true, max: 120, busca: true }),
    gtin: texto('Código de Barras (GTIN)', { validador: 'gtin', busca: true }),
    tipoProduto: catalogo('Tipo de Produto', 'tipoProduto', { obrigatorio: true }),
    /** What the stock screens call it (spec 1 §3 "Product"): Normal, Ingrediente, Adicional. */
    tipoProdutoEstoque: catalogo('Tipo de Produto (Estoque)', 'tipoProdutoEstoque'),
    unidade: ref('Unidade', 'unidadeMedida'),
    unidadeCompra: ref('Unidade de Compra', 'unidadeMedida'),
    preco: decimal('Preço', 2, { min: 0 }),
    custo: decimal('Custo', 6, { min: 0 }),
    categorias: refs('Categorias', 'agrupador'),
    familias: refs('Famílias', 'agrupador'),
    pizzaMestraFamilia: booleano('Pizza Mestra da Família', { padrao: false }),
    rendimentoPadrao: texto('Rendimento Padrão', { max: 10 }),
    rendimentoKg: decimal('Rendimento (kg)', 4, { min: 0 }),
    // 8 digits here and in the browser; the server also checks the official table (issue 15 point 7).
    ncm: texto('NCM', { max: 8, validador: 'ncm' }),
    configuracaoImposto: json('Configuração de Imposto (ICMS)', { subcampos: icmsSubcampos }),
    impostoFederal: json('Imposto Federal', {
      subcampos: {
        PIS: json('PIS', { subcampos: pisCofinsSubcampos }),
        COFINS: json('COFINS', { subcampos: pisCofinsSubcampos }),
        IPI: json('IPI', { subcampos: ipiSubcampos }),
      },
    }),
    /** Uploaded to the storage (`api/uploadS3`), with thumbnails. */
    imagens: json('Imagens', { editor: 'imagens' }),
    // Printed by the scale's label (issue 20): Toledo INFNUTRI.TXT and TXINFO.TXT, optional.
    tabelaNutricional: json('Tabela Nutricional', { subcampos: tabelaNutricionalSubcampos }),
    informacaoExtra: texto('Informação Extra (etiqueta da balança)', { max: 840, longo: true }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['codigoInterno', 'descricao', 'tipoProduto', 'preco', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('produtoGeral'),
  // The list's default order: a page of 20,000 products is read in index order (bench/produtos.bench.ts).
  indices: [['descricao']],
});

export const produtoGeralEmpresa = definirRecurso({
  tabela: 'produtoGeralEmpresa',
  titulo: 'Produto por Empresa',
  escopo: 'empresa',
  campos: {
    produtoGeral: ref('Produto', 'produtoGeral', { obrigatorio: true }),
    preco: decimal('Preço', 2, { min: 0 }),
    ativo: booleano('Ativo', { padrao: true }),
    /** Sale modes where the product is offered (balcao, mesa, comanda, delivery). */
    modosVenda: json('Modos de Venda', { opcoes: ['balcao', 'mesa', 'comanda', 'delivery'] }),
  },
  lista: { colunas: ['produtoGeral', 'preco', 'ativo'] },
  permissoes: permissoesDoRecurso('produtoGeralEmpresa'),
  // The store's row of a product (catalogue join, product screens): 200,000 rows in a chain of 10 stores.
  indices: [['produtoGeral']],
});

export const descontoMotivo = definirRecurso({
  tabela: 'descontoMotivo',
  titulo: 'Motivo de Desconto',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('descontoMotivo'),
});

// Sale-engine registrations (spec 1 section 3 "Promotion", "Combo"; routes produtoPromocao, produtoCombo,
// tabelaVenda, vendaSugestaoProduto, periodoPorHora). The server turns them into the engine's catalogue.
const janelaVenda = {
  dataInicio: data('Data Início'),
  dataFim: data('Data Fim'),
  horaInicio: texto('Hora Início', { max: 5 }),
  horaFim: texto('Hora Fim', { max: 5 }),
  segunda: booleano('Segunda', { padrao: true }),
  terca: booleano('Terça', { padrao: true }),
  quarta: booleano('Quarta', { padrao: true }),
  quinta: booleano('Quinta', { padrao: true }),
  sexta: booleano('Sexta', { padrao: true }),
  sabado: booleano('Sábado', { padrao: true }),
  domingo: booleano('Domingo', { padrao: true }),
  /** Sale types where it applies; empty = all. */
  tipoVenda: catalogo('Tipos de Venda', 'tipoVenda', { multiplo: true }),
} as const;

export const produtoPromocao = definirRecurso({
  tabela: 'produtoPromocao',
  titulo: 'Promoção de Produto',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { max: 100, busca: true }),
    tipoPromocao: catalogo('Tipo de Promoção', 'tipoPromocao', { obrigatorio: true }),
    valor: decimal('Valor', 5, { obrigatorio: true, min: 0 }),
    produto: ref('Produto', 'produtoGeral', { obrigatorio: true }),
    ...janelaVenda,
    habilitado: booleano('Habilitado', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'produto', 'tipoPromocao', 'valor', 'habilitado'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('produtoPromocao'),
  validar: validarJanelaVenda,
});

export const produtoCombo = definirRecurso({
  tabela: 'produtoCombo',
  titulo: 'Combo',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    desconto: decimal('Desconto', 3, { obrigatorio: true, min: 0 }),
    tipoDesconto: catalogo('Tipo de Desconto', 'tipoDescontoCombo', { obrigatorio: true }),
    corPredominanteCombo: texto('Cor Predominante', { max: 30 }),
    /** Stores where the combo applies; empty = all. */
    empresa: refs('Empresas', 'empresa'),
    /** Groups of the combo: the sale must hold `quantidade` products of each group (spec 5 "Combos"). */
    agrupadores: json('Agrupadores', {
      obrigatorio: true,
      lista: true,
      idItens: true,
      subcampos: {
        descricao: texto('Descrição do Grupo', { max: 60 }),
        quantidade: inteiro('Quantidade', { obrigatorio: true, min: 1, max: 99 }),
        produtos: refs('Produtos', 'produtoGeral', { obrigatorio: true }),
      },
    }),
    ...janelaVenda,
    habilitado: booleano('Habilitado', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'tipoDesconto', 'desconto', 'habilitado'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('produtoCombo'),
});

export const tabelaVenda = definirRecurso({
  tabela: 'tabelaVenda',
  titulo: 'Tabela de Venda',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    empresa: refs('Empresas', 'empresa'),
    tipoVenda: catalogo('Tipos de Venda', 'tipoVenda', { multiplo: true, obrigatorio: true }),
    /** The price of each product for these sale types (one line per product). */
    precos: json('Preços', {
      obrigatorio: true,
      lista: true,
      subcampos: {
        produto: ref('Produto', 'produtoGeral', { obrigatorio: true }),
        preco: decimal('Preço', 2, { obrigatorio: true, min: 0 }),
      },
    }),
    ativo: booleano('Ativo', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'tipoVenda', 'ativo'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('tabelaVenda'),
  validar: produtosSemRepeticao,
});

/** A price table names each product once (two prices for one product would be ambiguous). */
function produtosSemRepeticao(valores: Readonly<Record<string, unknown>>): Record<string, string> {
  const erros: Record<string, string> = {};
  const vistos = new Set<unknown>();
  const precos = Array.isArray(valores.precos) ? (valores.precos as { produto?: unknown }[]) : [];
  precos.forEach((linha, i) => {
    if (vistos.has(linha.produto)) erros[`precos.${i}.produto`] = 'Produto repetido na tabela.';
    vistos.add(linha.produto);
  });
  return erros;
}

export const vendaSugestaoProduto = definirRecurso({
  tabela: 'vendaSugestaoProduto',
  titulo: 'Sugestão de Venda de Produto',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { max: 100, busca: true }),
    /** Products whose launch suggests this one (empty = offered on its own). */
    produtosOrigem: refs('Produtos que Sugerem', 'produtoGeral'),
    produto: ref('Produto Sugerido', 'produtoGeral', { obrigatorio: true }),
    /** 'desconto' or 'acrescimo'. */
    tipo: texto('Tipo', { obrigatorio: true, max: 10 }),
    /** 'valor' (per unit) or 'percentual' (of the gross value). */
    modo: texto('Modo', { obrigatorio: true, max: 10 }),
    valor: decimal('Valor', 5, { obrigatorio: true, min: 0 }),
    habilitado: booleano('Habilitado', { padrao: true }),
  },
  lista: { colunas: ['descricao', 'produto', 'tipo', 'modo', 'valor', 'habilitado'], ordem: 'descricao' },
  permissoes: permissoesDoRecurso('vendaSugestaoProduto'),
});

/** Happy hour: a percent discount (or surcharge) on some products (empty = all) in a time window. */
export const periodoPorHora = definirRecurso({
  tabela: 'periodoPorHora',
  titulo: 'Período por Hora (Happy Hour)',
  escopo: 'grupo',
  campos: {
    descricao: texto('Descrição', { obrigatorio: true, max: 100, busca: true }),
    /** 'desconto' or 'acrescimo'. */
    tipo: texto('Tipo', { obrigatorio: true, max: 10 }),
    percentual: decimal('Percentual', 5, { obrigatorio: true, min: 0, max: 100 }),
    produtos: refs('Produtos', 'produtoGeral'),
    empresa: refs('Empresas', 'empresa'),
    ...janelaVenda,
    horaInicio: texto('Hora Início', { obrigatorio: true, max: 5 }),
    horaFim: texto('Hora Fim', { obrigatorio: true, max: 5 }),
    habilitado: booleano('Habilitado', { padrao: true }),
  },
  lista: {
    colunas: ['descricao', 'tipo', 'percentual', 'horaInicio', 'horaFim', 'habilitado'],
    ordem: 'descricao',
  },
  permissoes: permissoesDoRecurso('periodoPorHora'),
});

export const RECURSOS: readonly DefinicaoRecurso[] = [
  grupoEmpresarial,
  empresa,
  acessoSistema,
  usuarios,
  pessoa,
  unidadeMedida,
  tipoPagamentoBandeira,
  formaPagamento,
  operadora,
  caixa,
  impressora,
  setorImpressao,
  terminal,
  agrupador,
  produtoGeral,
  produtoGeralEmpresa,
  descontoMotivo,
  produtoPromocao,
  produtoCombo,
  tabelaVenda,
  vendaSugestaoProduto,
  periodoPorHora,
  ...CADASTROS,
  ...RECURSOS_KDS,
  ...RECURSOS_IMPRESSAO,
  ...RECURSOS_REFERENCIA,
  ...RECURSOS_ESTOQUE,
  ...RECURSOS_FINANCEIRO,
  operadoraRegraRecebimento,
];

const porTabela = new Map(RECURSOS.map((r) => [r.tabela, r]));
export function recursoPorTabela(tabela: string): DefinicaoRecurso | undefined {
  return porTabela.get(tabela);
}
